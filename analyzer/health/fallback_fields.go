package health

import "fmt"

// readiness reads the boolean readiness fields many controllers write
// instead of a Ready condition: status.ready, and status.readyToUse
// (VolumeSnapshot and the storage kinds that copy it). True converged;
// false failed when status.error names the error, progressing otherwise
// (not ready is on its way until the controller names a failure).
func readiness(m map[string]any) (Result, bool) {
	for _, f := range []string{"ready", "readyToUse"} {
		b, ok := dig(m, "status", f).(bool)
		if !ok {
			continue
		}
		field := "status." + f
		if b {
			return Result{Status: Converged, Reason: field + " is true", Fields: []string{field}, Rule: FallbackID}, true
		}
		if msg := errorMessage(dig(m, "status", "error")); msg != "" {
			return Result{Status: Failed, Reason: field + " is false: " + msg, Fields: []string{field, "status.error"}, Rule: FallbackID}, true
		}
		return Result{Status: Progressing, Reason: field + " is false", Fields: []string{field}, Rule: FallbackID}, true
	}
	return Result{}, false
}

// errorMessage reads status.error as a string or as {message}.
func errorMessage(v any) string {
	switch e := v.(type) {
	case string:
		return e
	case map[string]any:
		s, _ := e["message"].(string)
		return s
	}
	return ""
}

// attachments reads the Gateway API convention for objects attached to
// parents: a route's status.parents[] and an attached policy's
// status.ancestors[], each with the conditions one controller reports
// for one parent. The API requires Accepted in each: Accepted or
// ResolvedRefs False anywhere, or an entry that leaves Accepted out,
// failed; Accepted Unknown progressing; every entry Accepted converged.
// Entries without conditions say nothing.
func attachments(m map[string]any) (Result, bool) {
	type entry struct {
		name  string
		conds ConditionSet
	}
	var es []entry
	var field string
	for _, l := range []struct{ list, ref string }{{"parents", "parentRef"}, {"ancestors", "ancestorRef"}} {
		xs, _ := dig(m, "status", l.list).([]any)
		for _, x := range xs {
			e, ok := x.(map[string]any)
			if !ok {
				continue
			}
			cs := Conditions(map[string]any{"status": e})
			if len(cs) == 0 {
				continue
			}
			name, _ := dig(e, l.ref, "name").(string)
			es = append(es, entry{name, cs})
			field = "status." + l.list + "[].conditions"
		}
	}
	if len(es) == 0 {
		return Result{}, false
	}
	res := func(st, reason string) (Result, bool) {
		return Result{Status: st, Reason: reason, Fields: []string{field}, Rule: FallbackID}, true
	}
	for _, e := range es {
		for _, t := range []string{"Accepted", "ResolvedRefs"} {
			if c, ok := e.conds[t]; ok && c.Status == "False" {
				return res(Failed, fmt.Sprintf("%s: %s", e.name, c.say(t)))
			}
		}
	}
	for _, e := range es {
		if _, ok := e.conds["Accepted"]; !ok {
			return res(Failed, fmt.Sprintf("%s: not accepted: its conditions (%s) leave Accepted out", e.name, e.conds.types()))
		}
	}
	for _, e := range es {
		if c := e.conds["Accepted"]; c.Status != "True" {
			return res(Progressing, fmt.Sprintf("%s: %s", e.name, c.say("Accepted")))
		}
	}
	return res(Converged, fmt.Sprintf("accepted by every parent (%d)", len(es)))
}
