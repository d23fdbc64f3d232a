package health

import (
	"fmt"

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
// Available conditions; after those, the conditions and fields that say
// the same in other words (Failed, Degraded or Error True; Synced or
// Healthy False; a boolean status.ready or status.readyToUse; a
// status.phase, status.state or status.status of a well-known word;
// Healthy, Complete or Succeeded True), and the per-parent conditions of
// the Gateway API (routes and attached policies). Ready (or Available)
// False is failed when its reason names a failure, when another condition
// is False for a failure, or when the controller has observed the current
// generation and names no wait (no Reconciling, no reason of inProgress);
// else it is on its way. ok is false when the
// object carries none of them: then nothing is known of its health,
// which is unknown, never converged.
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
		case c.Status == "":
			// The loader drops a status that is not True, False or
			// Unknown: the condition no longer says anything.
			return res(Unknown, "the "+t+" condition carries no status", f)
		case c.Status == "False" && failure(c):
			return res(Failed, c.say(t), f)
		case c.Status == "False":
			// Ready=False often only sums up: the condition beside it
			// names the failure (cert-manager's Issuing=False Failed
			// under Ready=False DoesNotExist).
			if other, ok := conds.failing(); ok {
				return res(Failed, c.say(t)+"; "+conds[other].say(other), f, "status.conditions[type="+other+"]")
			}
			// The controller has seen the current spec, says no
			// Reconciling and names no wait: it is done, and not ready.
			if okG && (okO && obs == gen || c.ObservedGeneration == gen) && !c.waiting() {
				return res(Failed, c.say(t), f, "metadata.generation")
			}
			return res(Progressing, c.say(t), f)
		default:
			// Unknown (or a word no API writes): not ready yet.
			return res(Progressing, c.say(t), f)
		}
	}
	if r, ok := readiness(m); ok {
		return r, true
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
	if r, ok := attachments(m); ok {
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
