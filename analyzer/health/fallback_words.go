package health

import "strings"

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
// or under way, or whose meaning depends on the kind: Running is done for
// a server and under way for a job, as for phases; Partially and Waiting
// say the work is not done.
func problem(t string) bool {
	for _, p := range []string{"Not", "Fail", "Degraded", "Error", "Stalled", "Reconciling", "Progress", "Terminating", "Invalid", "Pending", "Paused", "Disrupt", "Unhealthy", "Missing", "Conflict", "Running", "Partial", "Waiting"} {
		if strings.Contains(t, p) {
			return true
		}
	}
	return false
}

// waiting reports a condition that says its controller is still at
// work: a reason of inProgress, or Cluster API's Info or Warning
// severity.
func (c Condition) waiting() bool {
	return inProgress[c.Reason] || c.Severity == "Info" || c.Severity == "Warning"
}

// failing returns the first condition, by type, other than Ready and
// Available, that is False and names a failure.
func (cs ConditionSet) failing() (string, bool) {
	for _, t := range strings.Split(cs.types(), ", ") {
		if c := cs[t]; t != "Ready" && t != "Available" && c.Status == "False" && failure(c) {
			return t, true
		}
	}
	return "", false
}

// failure reports a condition whose reason names a failure rather than a
// state on the way.
func failure(c Condition) bool {
	if c.waiting() {
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
