package health

import (
	"fmt"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// inProgress are Ready=False reasons that mean "still working", as
// controllers that follow the kstatus conventions spell them.
var inProgress = map[string]bool{
	"Progressing": true, "Reconciling": true, "Pending": true, "Creating": true, "Provisioning": true,
	"InProgress": true, "Initializing": true, "Waiting": true, "DependencyNotReady": true, "Deploying": true,
	"Updating": true, "Installing": true, "Upgrading": true, "Starting": true, "Scheduling": true,
}

// Fallback judges an object by the conventions most controllers follow
// (kstatus): spec.suspend or spec.paused, status.observedGeneration
// against metadata.generation, and the Stalled, Reconciling, Ready and
// Available conditions; after those, the conditions and phases that say
// the same in other words (Failed, Degraded or Error True; Synced or
// Healthy False; a status.phase, status.state or status.status of a
// well-known word;
// Healthy, Complete or Succeeded True). ok is false when the object
// carries none of them: then nothing is known of its health, which is
// unknown, never converged.
func Fallback(o *bundle.Object) (Result, bool) {
	m := o.Object
	res := func(st, reason string, fields ...string) (Result, bool) {
		return Result{Status: st, Reason: reason, Fields: fields, Rule: FallbackID}, true
	}
	for _, f := range []string{"suspend", "paused"} {
		if b, _ := dig(m, "spec", f).(bool); b {
			return res(Suspended, "spec."+f+" is true", "spec."+f)
		}
	}
	gen, okG := num(dig(m, "metadata", "generation"))
	obs, okO := num(dig(m, "status", "observedGeneration"))
	if okG && okO && obs < gen {
		return res(Progressing, fmt.Sprintf("the controller has observed generation %d of %d", obs, gen), "metadata.generation", "status.observedGeneration")
	}
	if ts, _ := dig(m, "metadata", "deletionTimestamp").(string); ts != "" {
		return res(Progressing, "being deleted since "+ts, "metadata.deletionTimestamp")
	}
	for _, f := range []string{"failureMessage", "failureReason"} {
		if msg, _ := dig(m, "status", f).(string); msg != "" {
			return res(Failed, msg, "status."+f)
		}
	}
	conds := Conditions(m)
	if c, ok := conds["Ready"]; ok && okG && c.ObservedGeneration > 0 && c.ObservedGeneration < gen {
		return res(Progressing, fmt.Sprintf("the Ready condition describes generation %d of %d", c.ObservedGeneration, gen), "metadata.generation", "status.conditions[type=Ready].observedGeneration")
	}
	if c, ok := conds["Stalled"]; ok && c.Status == "True" {
		return res(Failed, c.say("Stalled"), "status.conditions[type=Stalled]")
	}
	if c, ok := conds["Reconciling"]; ok && c.Status == "True" {
		return res(Progressing, c.say("Reconciling"), "status.conditions[type=Reconciling]")
	}
	if c, ok := conds["Paused"]; ok && c.Status == "True" {
		return res(Suspended, c.say("Paused"), "status.conditions[type=Paused]")
	}
	if c, ok := conds["Synced"]; ok && c.Status == "False" && c.Reason == "ReconcilePaused" {
		return res(Suspended, c.say("Synced"), "status.conditions[type=Synced]")
	}
	for _, t := range []string{"Failed", "Degraded", "Error", "HasErrors"} {
		if c, ok := conds[t]; ok && c.Status == "True" {
			return res(Failed, c.say(t), "status.conditions[type="+t+"]")
		}
	}
	for _, t := range []string{"Synced", "Healthy"} {
		if c, ok := conds[t]; ok && c.Status == "False" && !inProgress[c.Reason] {
			return res(Failed, c.say(t), "status.conditions[type="+t+"]")
		}
	}
	for _, t := range []string{"Ready", "Available"} {
		c, ok := conds[t]
		if !ok {
			continue
		}
		f := "status.conditions[type=" + t + "]"
		switch {
		case c.Status == "True":
			return res(Converged, c.say(t), f)
		case c.Status == "False" && failure(c):
			return res(Failed, c.say(t), f)
		default:
			// kstatus: not Ready is in progress until the controller
			// names a failure (or says Stalled).
			return res(Progressing, c.say(t), f)
		}
	}
	if h, ok := dig(m, "status", "healthy").(bool); ok {
		if h {
			return res(Converged, "status.healthy is true", "status.healthy")
		}
		return res(Failed, "status.healthy is false", "status.healthy")
	}
	if r, ok := phaseOf(m); ok {
		return r, true
	}
	for _, t := range []string{"Healthy", "Complete", "Completed", "Succeeded", "Established"} {
		if c, ok := conds[t]; ok && c.Status == "True" {
			return res(Converged, c.say(t), "status.conditions[type="+t+"]")
		}
	}
	if r, ok := conds.outcome(); ok {
		return r, true
	}
	if okG && okO {
		if len(conds) > 0 {
			return res(Unknown, fmt.Sprintf("the controller has observed generation %d; its conditions (%s) follow no convention rift reads", obs, conds.types()),
				"status.observedGeneration", "status.conditions")
		}
		return res(Converged, fmt.Sprintf("the controller has observed generation %d and reports no condition", obs), "metadata.generation", "status.observedGeneration")
	}
	return Result{}, false
}

// Condition is one entry of status.conditions.
type Condition struct {
	Type, Status, Reason, Message string
	// Severity is Cluster API's: Error, Warning or Info.
	Severity string
	// ObservedGeneration is the generation the condition describes (0
	// when the controller does not say).
	ObservedGeneration int64
}

func (c Condition) say(t string) string {
	s := t + "=" + c.Status
	if c.Reason != "" {
		s += " " + c.Reason
	}
	if c.Message != "" {
		s += ": " + c.Message
	}
	return s
}

// ConditionSet is status.conditions by type.
type ConditionSet map[string]Condition

func (cs ConditionSet) types() string {
	var out []string
	for t := range cs {
		out = append(out, t)
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// Conditions reads status.conditions; the first entry of a type wins.
func Conditions(m map[string]any) ConditionSet {
	l, _ := dig(m, "status", "conditions").([]any)
	out := make(ConditionSet, len(l))
	for _, x := range l {
		c, ok := x.(map[string]any)
		if !ok {
			continue
		}
		s := func(k string) string {
			if b, ok := c[k].(bool); ok { // status: True, unquoted in YAML
				return map[bool]string{true: "True", false: "False"}[b]
			}
			v, _ := c[k].(string)
			return v
		}
		if _, dup := out[s("type")]; !dup && s("type") != "" {
			g, _ := num(c["observedGeneration"])
			out[s("type")] = Condition{Type: s("type"), Status: s("status"), Reason: s("reason"), Message: s("message"), Severity: s("severity"), ObservedGeneration: g}
		}
	}
	return out
}

func dig(m map[string]any, path ...string) any {
	var v any = m
	for _, p := range path {
		mm, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = mm[p]
	}
	return v
}

func num(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case int:
		return int64(n), true
	case float64:
		return int64(n), n == float64(int64(n))
	}
	return 0, false
}

// phases maps the lower-cased words controllers put in status.phase or
// status.state onto statuses. Words whose meaning depends on the kind
// ("Running" is done for a server and under way for a job) are left to
// kind rules.
var phases = map[string]string{
	"ready": Converged, "succeeded": Converged, "success": Converged, "successful": Converged,
	"available": Converged, "bound": Converged, "complete": Converged, "completed": Converged,
	"healthy": Converged, "deployed": Converged, "established": Converged, "provisioned": Converged,
	"synced": Converged, "online": Converged, "reconciled": Converged, "installed": Converged,
	"failed": Failed, "failure": Failed, "error": Failed, "errored": Failed, "degraded": Failed,
	"unhealthy": Failed, "invalid": Failed, "rejected": Failed,
	"pending": Progressing, "creating": Progressing, "provisioning": Progressing, "progressing": Progressing,
	"inprogress": Progressing, "in_progress": Progressing, "initializing": Progressing, "deploying": Progressing,
	"updating": Progressing, "installing": Progressing, "upgrading": Progressing, "starting": Progressing,
	"reconciling": Progressing, "waiting": Progressing,
	"paused": Suspended, "suspended": Suspended,
}

func phaseOf(m map[string]any) (Result, bool) {
	for _, f := range []string{"phase", "state", "status"} {
		v, _ := dig(m, "status", f).(string)
		if st, ok := phases[strings.ToLower(strings.ReplaceAll(v, " ", ""))]; ok {
			return Result{Status: st, Reason: "status." + f + " is " + v, Fields: []string{"status." + f}, Rule: FallbackID}, true
		}
	}
	return Result{}, false
}

// outcome reads conditions of other names by what they say: one that is
// False for a reason or with a message naming a failure failed; all of
// them True, none naming a problem, converged.
func (cs ConditionSet) outcome() (Result, bool) {
	ts := strings.Split(cs.types(), ", ")
	if len(cs) == 0 {
		return Result{}, false
	}
	for _, t := range ts {
		c := cs[t]
		if c.Status == "False" && failure(c) {
			return Result{Status: Failed, Reason: c.say(t), Fields: []string{"status.conditions[type=" + t + "]"}, Rule: FallbackID}, true
		}
	}
	for _, t := range ts {
		c := cs[t]
		if c.Status != "True" || problem(t) {
			return Result{}, false
		}
	}
	return Result{Status: Converged, Reason: "conditions " + cs.types() + " are True", Fields: []string{"status.conditions"}, Rule: FallbackID}, true
}

// problem reports a condition type whose True means something is wrong
// or under way.
func problem(t string) bool {
	for _, p := range []string{"Not", "Fail", "Degraded", "Error", "Stalled", "Reconciling", "Progressing", "Terminating", "Invalid", "Pending", "Paused", "Disrupt", "Unhealthy", "Missing", "Conflict"} {
		if strings.Contains(t, p) {
			return true
		}
	}
	return false
}

// failure reports a condition whose reason names a failure rather than a
// state on the way.
func failure(c Condition) bool {
	if inProgress[c.Reason] || c.Severity == "Info" || c.Severity == "Warning" {
		return false
	}
	if c.Severity == "Error" {
		return true
	}
	if m := strings.ToLower(c.Message); strings.Contains(m, "fail") || strings.Contains(m, "error") {
		return true
	}
	if r := c.Reason; len(r) > 2 && strings.HasPrefix(r, "No") && r[2] >= 'A' && r[2] <= 'Z' {
		return true // NoPodReady, NoEndpointsAvailable: nothing serves
	}
	for _, w := range []string{"Fail", "Err", "Invalid", "Denied", "Forbidden", "Timeout", "Exceeded", "BackOff", "Backoff", "Crash", "Missing", "NotFound", "Conflict", "Rejected", "Degraded", "Unhealthy"} {
		if strings.Contains(c.Reason, w) {
			return true
		}
	}
	return false
}
