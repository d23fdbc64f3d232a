package layers

import (
	"fmt"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func jobVerdict(o *bundle.Object, ps podSet) verdict {
	conds := conditions(o.Object, "status", "conditions")
	// FailureTarget (Kubernetes 1.31+) marks a Job already judged failed
	// while its pods terminate; Failed follows.
	for _, t := range []string{"Failed", "FailureTarget"} {
		if c, ok := findCond(conds, t); ok && c.Status == "True" {
			return verdict{Failed, fmt.Sprintf("Job failed: %s: %s", c.Reason, c.Message), ""}
		}
	}
	for _, t := range []string{"Complete", "SuccessCriteriaMet"} {
		if c, ok := findCond(conds, t); ok && c.Status == "True" {
			return verdict{Converged, fmt.Sprintf("Job complete (%d succeeded)", numOr(o.Object, 0, "status", "succeeded")), ""}
		}
	}
	if boolAt(o.Object, "spec", "suspend") {
		return verdict{Blocked, "suspended (spec.suspend=true)", ""}
	}
	r := fmt.Sprintf("Job running: %d active, %d succeeded, %d failed", numOr(o.Object, 0, "status", "active"),
		numOr(o.Object, 0, "status", "succeeded"), numOr(o.Object, 0, "status", "failed"))
	if f, ok := firstFailing(ps, false); ok {
		r += "; " + f
	}
	return verdict{Progressing, r, ""}
}

func cronJobVerdict(ix *bundle.Index, o *bundle.Object, ps podSet) verdict {
	if boolAt(o.Object, "spec", "suspend") {
		return verdict{Blocked, "suspended (spec.suspend=true)", ""}
	}
	if j := latestJob(childrenOfKind(ix, o, "Job")); j != nil {
		v := jobVerdict(j, ps)
		v.reason = "latest Job " + j.GetName() + ": " + v.reason
		return v
	}
	if v, ok := lastRunVerdict(o); ok {
		return v
	}
	return verdict{Converged, "scheduled (" + str(o.Object, "spec", "schedule") + "); no Job in the bundle", ""}
}

// lastRunVerdict reads what a CronJob's status says of its last run when
// the Job itself is not in the bundle: with no Job active, a last
// successful time older than the last schedule time means the last run
// ended without success (Argo CD's CronJob check reads it the same way).
// A run still active, or a CronJob that never succeeded (a cluster too
// old to report lastSuccessfulTime looks the same), says nothing.
func lastRunVerdict(o *bundle.Object) (verdict, bool) {
	if len(sliceAt(o.Object, "status", "active")) > 0 {
		return verdict{}, false
	}
	sched, err1 := time.Parse(time.RFC3339, str(o.Object, "status", "lastScheduleTime"))
	ok, err2 := time.Parse(time.RFC3339, str(o.Object, "status", "lastSuccessfulTime"))
	if err1 != nil || err2 != nil || !ok.Before(sched) {
		return verdict{}, false
	}
	return verdict{Failed, fmt.Sprintf("the last run, scheduled at %s, did not succeed (last success %s) and no Job is active; that Job is not in the bundle",
		sched.UTC().Format(time.RFC3339), ok.UTC().Format(time.RFC3339)), ""}, true
}

var podPhases = map[string]bool{"Pending": true, "Running": true, "Succeeded": true, "Failed": true, "Unknown": true}

func podVerdict(a *analysis, p *bundle.Object) verdict {
	m := p.Object
	if dt := p.GetDeletionTimestamp(); dt != nil {
		if !a.now.IsZero() && a.now.After(dt.Time.Add(gracePeriodSlack)) {
			return verdict{Blocked, fmt.Sprintf("terminating: deletion was due at %s and the pod is still there (finalizers %v, node %s)",
				dt.UTC().Format("2006-01-02T15:04:05Z"), p.GetFinalizers(), orNone(str(m, "spec", "nodeName"))), ""}

		}
		return verdict{Progressing, "terminating", ""}
	}
	phase := str(m, "status", "phase")
	if phase == "" {
		return verdict{Unknown, "the Pod has no status.phase in the bundle", ""}
	}
	if !podPhases[phase] {
		return verdict{Unknown, fmt.Sprintf("status.phase %q is not a Pod phase", phase), ""}
	}
	switch phase {
	case "Succeeded":
		return verdict{Converged, "Succeeded", ""}
	case "Failed":
		return verdict{Failed, "Failed: " + orNone(podReason(p)) + " " + str(m, "status", "message"), ""}
	case "Unknown":
		return verdict{Unknown, "the kubelet's state is unknown (node unreachable?)", ""}
	}
	if r := podFailing(p); r != "" {
		return verdict{Failed, r, ""}
	}
	if c, ok := statusCond(m, "PodScheduled"); ok && c.Status == "False" {
		return verdict{Blocked, fmt.Sprintf("not scheduled: %s: %s", c.Reason, c.Message), ""}
	}
	if phase == "Pending" {
		if e, n := dominantEvent(a.ix, p, "FailedMount", "FailedAttachVolume", "FailedCreatePodSandBox"); e != nil {
			return verdict{Blocked, fmt.Sprintf("Pending: %s (%d times): %s", str(e.Object, "reason"), n, eventNote(e)), ""}
		}
		return verdict{Progressing, "Pending: " + orNone(podReason(p)), ""}
	}
	if !podReady(p) {
		return verdict{Progressing, "Running, not Ready: " + unreadyWhy(a.ix, p), ""}
	}
	if rp := str(m, "spec", "restartPolicy"); rp == "Never" || rp == "OnFailure" {
		// A run-to-completion pod has converged when it has Succeeded.
		return verdict{Progressing, "Running to completion (restartPolicy " + rp + ")", ""}
	}
	return verdict{Converged, "Running and Ready", ""}
}

// applicationVerdict reads an Application's operation, health and sync
// status; an OutOfSync one is judged by its apply state (argoApply): at
// the revision it already synced, without selfHeal or without automated
// sync, Argo CD applies nothing by itself, so it is blocked, not pending.
func (a *analysis) applicationVerdict(o *bundle.Object) verdict {
	m := o.Object
	if mapAt(m, "status") == nil {
		return verdict{Unknown, "the Application has no status in the bundle", ""}
	}
	health, sync := str(m, "status", "health", "status"), str(m, "status", "sync", "status")
	rev := shortRevision(str(m, "status", "sync", "revision"))
	if ph := str(m, "status", "operationState", "phase"); ph == "Failed" || ph == "Error" {
		return verdict{Failed, fmt.Sprintf("sync operation %s: %s", ph, str(m, "status", "operationState", "message")), ""}
	}
	switch health {
	case "Degraded", "Missing":
		return verdict{Failed, fmt.Sprintf("health %s, sync %s at %s", health, sync, orNone(rev)), ""}
	case "Suspended":
		return verdict{Blocked, "health Suspended", ""}
	case "Progressing":
		return verdict{Progressing, fmt.Sprintf("health Progressing, sync %s at %s", sync, orNone(rev)), ""}
	}
	if sync == "OutOfSync" {
		switch st := a.argoApply(o); st.State {
		case ApplyIdle:
			return verdict{Blocked, "OutOfSync, and nothing will sync it: " + st.Reason, ""}
		case ApplyCorrecting:
			return verdict{Progressing, "OutOfSync; " + st.Reason, ""}
		case ApplyHeld:
			if mapAt(m, "spec", "syncPolicy", "automated") != nil {
				return verdict{Blocked, "OutOfSync, and its automated sync is held: " + st.Reason, ""}
			}
		}
		if mapAt(m, "spec", "syncPolicy", "automated") == nil {
			return verdict{Blocked, "OutOfSync and automated sync is off: it waits for a manual sync", ""}
		}
		return verdict{Progressing, "OutOfSync; automated sync pending", ""}
	}
	if health == "Healthy" && sync == "Synced" {
		return verdict{Converged, "Synced and Healthy at " + orNone(rev), ""}
	}
	return verdict{Unknown, fmt.Sprintf("health %q, sync %q", health, sync), ""}
}
