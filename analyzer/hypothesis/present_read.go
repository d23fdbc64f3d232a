package hypothesis

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// condition is the part of a status condition the present state reads.
type condition struct {
	status string
	at     time.Time // lastTransitionTime; zero when absent or unreadable
}

// since is the time the condition's present state began, when that state
// is the one asked for.
func (c condition) since(ok bool) time.Time {
	if !ok {
		return time.Time{}
	}
	return c.at
}

// readyCondition is the first of readyConditions that o reports.
func readyCondition(o *bundle.Object) (condition, bool) {
	conds := conditionsOf(o)
	for _, t := range readyConditions {
		if c, ok := conds[t]; ok {
			return c, true
		}
	}
	return condition{}, false
}

// readySince is the latest transition to True among o's ready conditions,
// or, for a pod that ran to completion, when its last container finished.
func readySince(o *bundle.Object) time.Time {
	var t time.Time
	for ct, c := range conditionsOf(o) {
		if c.status == "True" && isReadyType(ct) {
			t = later(t, c.at)
		}
	}
	if o.GetKind() == "Pod" && str(o.Object, "status", "phase") == "Succeeded" {
		for _, s := range facts.Slice(o.Object, "status", "containerStatuses") {
			m, _ := s.(map[string]any)
			t = later(t, parseTime(str(m, "state", "terminated", "finishedAt")))
		}
	}
	return t
}

func isReadyType(t string) bool {
	for _, r := range readyConditions {
		if r == t {
			return true
		}
	}
	return false
}

// finished: o ran to completion and will not run again (a Succeeded pod).
func finished(o *bundle.Object) bool {
	return o.GetKind() == "Pod" && str(o.Object, "status", "phase") == "Succeeded"
}

// podReady: a pod serves (Running with Ready=True) or ran to completion.
func podReady(p *bundle.Object) bool {
	switch str(p.Object, "status", "phase") {
	case "Succeeded":
		return true
	case "Running":
		c, ok := conditionsOf(p)["Ready"]
		return ok && c.status == "True"
	}
	return false
}

// conditionsOf reads status.conditions by type; the first of a type wins,
// as in the rules' lib.condition.
func conditionsOf(o *bundle.Object) map[string]condition {
	list := facts.Slice(o.Object, "status", "conditions")
	if len(list) == 0 {
		return nil
	}
	out := make(map[string]condition, len(list))
	for _, c := range list {
		m, _ := c.(map[string]any)
		t := str(m, "type")
		if _, dup := out[t]; t == "" || dup {
			continue
		}
		out[t] = condition{status: str(m, "status"), at: parseTime(str(m, "lastTransitionTime"))}
	}
	return out
}

func parseTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339Nano, s)
	if err != nil {
		return time.Time{}
	}
	return t
}
