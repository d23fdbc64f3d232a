package health

import (
	"maps"
	"slices"
	"strings"
)

// nativeFunc is a Go body of a built-in Rego rule for one kind. It returns
// what the rule returns (ok false: health undefined), or sure false when
// the object is one it does not promise to read exactly as the rule does
// (a value of an unusual type): then the rule is evaluated.
type nativeFunc func(m map[string]any) (res Result, ok, sure bool)

// native holds Go bodies of built-in Rego rules, by rule id and kind, for
// kinds common enough that evaluating Rego on each of their objects costs
// an analysis seconds: a Go body judges an object in about 2 µs, a Rego
// evaluation in 55 to 100 (docs/performance.md). The Rego rule stays the
// rule: it is listed and tested as before, a user rule for the kind
// replaces it (and then the user's rule is evaluated), and
// TestNativeIsRego holds each Go body to its rule on Argo CD's cases of
// the kind, rift's generated objects of it and edge cases.
var native = map[string]map[GroupKind]nativeFunc{
	"health-cert-manager": {
		{Group: "cert-manager.io", Kind: "Certificate"}: certManager, {Group: "cert-manager.io", Kind: "CertificateRequest"}: certManager,
		{Group: "cert-manager.io", Kind: "Issuer"}: certManager, {Group: "cert-manager.io", Kind: "ClusterIssuer"}: certManager,
	},
	"health-keda": {{Group: "keda.sh", Kind: "ScaledObject"}: keda, {Group: "keda.sh", Kind: "ScaledJob"}: keda},
	"health-strimzi": {
		{Group: "kafka.strimzi.io", Kind: "Kafka"}: strimzi, {Group: "kafka.strimzi.io", Kind: "KafkaTopic"}: strimzi,
		{Group: "kafka.strimzi.io", Kind: "KafkaUser"}: strimzi, {Group: "kafka.strimzi.io", Kind: "KafkaNodePool"}: strimzi,
	},
}

// nativeFor returns the Go body of rule for gk, if it has one: only a
// built-in rule has.
func nativeFor(rule *Rule, gk GroupKind) nativeFunc {
	if rule == nil || rule.Origin != OriginBuiltin {
		return nil
	}
	return native[rule.ID][gk]
}

// certManager is policies/health/cert_manager.rego for the kinds of
// cert-manager.io (GKE's ManagedCertificate, which it also claims, has a
// branch of its own): no status yet progressing; Issuing True and Ready
// not True progressing; else undefined (the fallback reads Ready).
func certManager(m map[string]any) (Result, bool, bool) {
	if noStatus(m) {
		return waiting(), true, true
	}
	issuing := condition(m, "Issuing")
	if issuing == nil || issuing["status"] != "True" {
		return Result{}, false, true
	}
	if ready := condition(m, "Ready"); ready != nil && ready["status"] == "True" {
		return Result{}, false, true
	}
	say, ok := sayCondition(issuing)
	if !ok {
		return Result{}, false, false
	}
	return Result{Status: Progressing, Reason: say, Fields: []string{"status.conditions[type=Issuing]"}}, true, true
}

// keda is policies/health/keda.rego: no status yet progressing; Paused
// True suspended; Fallback True failed; Ready False, or Unknown for an
// Error reason, failed; Ready True converged; else progressing.
func keda(m map[string]any) (Result, bool, bool) {
	if noStatus(m) {
		return waiting(), true, true
	}
	res := func(status, reason, field string) (Result, bool, bool) {
		return Result{Status: status, Reason: reason, Fields: []string{"status.conditions[type=" + field + "]"}}, true, true
	}
	if c := condition(m, "Paused"); c != nil && c["status"] == "True" {
		return res(Suspended, firstText(c["message"], "paused"), "Paused")
	}
	if c := condition(m, "Fallback"); c != nil && c["status"] == "True" {
		return res(Failed, firstText(c["message"], "a trigger falls back"), "Fallback")
	}
	if ready := condition(m, "Ready"); ready != nil {
		reason, there := ready["reason"]
		if _, ok := reason.(string); there && !ok {
			return Result{}, false, false // contains() of a non-string
		}
		r, _ := reason.(string)
		st := ready["status"]
		if st == "False" || st == "True" || (st == "Unknown" && strings.Contains(r, "Error")) {
			say, ok := sayCondition(ready)
			if !ok {
				return Result{}, false, false
			}
			if st == "True" {
				return res(Converged, say, "Ready")
			}
			return res(Failed, say, "Ready")
		}
	}
	var running any
	if c := condition(m, "Running"); c != nil {
		running = c["message"]
	}
	return res(Progressing, firstText(running, "waiting for the scaler to be ready"), "Ready")
}

// strimzi is policies/health/strimzi.rego: NotReady True failed with the
// operator's message (else its reason); Ready True converged; no status
// yet progressing; else undefined.
func strimzi(m map[string]any) (Result, bool, bool) {
	if c := condition(m, "NotReady"); c != nil && c["status"] == "True" {
		reason := firstText(c["reason"], "NotReady")
		if s, ok := c["message"].(string); ok && s != "" {
			reason = s
		}
		return Result{Status: Failed, Reason: reason, Fields: []string{"status.conditions[type=NotReady]"}}, true, true
	}
	if c := condition(m, "Ready"); c != nil && c["status"] == "True" {
		return Result{Status: Converged, Reason: "Ready=True", Fields: []string{"status.conditions[type=Ready]"}}, true, true
	}
	if noStatus(m) {
		return waiting(), true, true
	}
	return Result{}, false, true
}

// firstText is lib.text([v, def]) for a default that is not empty: v if
// it is a string other than "", else def.
func firstText(v any, def string) string {
	if s, ok := v.(string); ok && s != "" {
		return s
	}
	return def
}

// waiting is lib.waiting.
func waiting() Result {
	return Result{Status: Progressing, Reason: "no status yet: waiting for the controller to report on it", Fields: []string{"status"}}
}

// noStatus is lib.no_status: status holds no value but null, "", [], {}
// and 0 (a status that is not an object or array holds none).
func noStatus(m map[string]any) bool {
	var vs []any
	switch s := m["status"].(type) {
	case map[string]any:
		for _, v := range s {
			vs = append(vs, v)
		}
	case []any:
		vs = s
	}
	for _, v := range vs {
		if !emptyValue(v) {
			return false
		}
	}
	return true
}

// emptyValue is lib.empty.
func emptyValue(v any) bool {
	switch v := v.(type) {
	case nil:
		return true
	case string:
		return v == ""
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	case int64:
		return v == 0
	case int:
		return v == 0
	case float64:
		return v == 0
	}
	return false
}

// condition is lib.condition: the first object of status.conditions (a
// list, or an object's values in key order) whose type is t.
func condition(m map[string]any, t string) map[string]any {
	st, _ := m["status"].(map[string]any)
	var cs []any
	switch l := st["conditions"].(type) {
	case []any:
		cs = l
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(l)) {
			cs = append(cs, l[k])
		}
	}
	for _, x := range cs {
		if c, ok := x.(map[string]any); ok && c["type"] == t {
			return c
		}
	}
	return nil
}

// sayCondition is lib.say for a condition whose type and status are
// strings; ok is false when its reason or message is there and not a
// string, which sprintf would write in Rego's own way.
func sayCondition(c map[string]any) (string, bool) {
	get := func(k string) (string, bool) {
		v, there := c[k]
		s, ok := v.(string)
		return s, ok || !there
	}
	typ, ok1 := c["type"].(string)
	status, ok2 := c["status"].(string)
	reason, ok3 := get("reason")
	message, ok4 := get("message")
	if !ok1 || !ok2 || !ok3 || !ok4 {
		return "", false
	}
	if message != "" {
		message = ": " + message
	}
	return strings.TrimSpace(typ + "=" + status + " " + reason + message), true
}
