package layers

import (
	"fmt"
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// Container waiting reasons that will not clear on their own.
var failingWaits = map[string]bool{
	"CrashLoopBackOff": true, "ImagePullBackOff": true, "ErrImagePull": true, "InvalidImageName": true,
	"CreateContainerConfigError": true, "CreateContainerError": true, "RunContainerError": true,
	"ErrImageNeverPull": true, "PreCreateHookError": true, "PostStartHookError": true,
}

var pullWaits = map[string]bool{"ImagePullBackOff": true, "ErrImagePull": true, "InvalidImageName": true, "ErrImageNeverPull": true}

// Pod state is read through the facts package, so that the layers and the
// rule engine's present state agree on it.

func containerStatuses(p *bundle.Object) []map[string]any { return facts.ContainerStatuses(p) }

func podReady(p *bundle.Object) bool { return facts.PodReady(p) }

func podRestarts(p *bundle.Object) int64 { return facts.Restarts(p) }

// podReason picks the most telling reason a pod is in its state: a current
// waiting reason, then a terminated reason, then the last termination
// (OOMKilled history), then the pod's own reason (Evicted).
func podReason(p *bundle.Object) string {
	css := containerStatuses(p)
	for _, cs := range css {
		if r := str(cs, "state", "waiting", "reason"); r != "" && r != "PodInitializing" {
			return r
		}
	}
	for _, cs := range css {
		if r := str(cs, "state", "terminated", "reason"); r != "" && r != "Completed" {
			return r
		}
	}
	for _, cs := range css {
		if r := str(cs, "lastState", "terminated", "reason"); r != "" && r != "Completed" {
			return r
		}
	}
	if r := str(p.Object, "status", "reason"); r != "" {
		return r
	}
	if c, ok := statusCond(p.Object, "PodScheduled"); ok && c.Status == "False" {
		return c.Reason
	}
	return ""
}

// podFailing returns the reason a pod cannot make progress by itself, or "".
func podFailing(p *bundle.Object) string {
	if str(p.Object, "status", "phase") == "Failed" {
		if r := podReason(p); r != "" {
			return r
		}
		return "Failed"
	}
	for _, cs := range containerStatuses(p) {
		if r := str(cs, "state", "waiting", "reason"); failingWaits[r] {
			return r
		}
	}
	// A container of a running pod that exited with an error is crashing
	// between two restarts, or done for good under restartPolicy Never.
	phase := str(p.Object, "status", "phase")
	if phase == "Running" || phase == "Pending" {
		for _, cs := range containerStatuses(p) {
			t := mapAt(cs, "state", "terminated")
			// In a Pending pod only a repeated failure counts: an init
			// container may fail once while a dependency comes up.
			if t != nil && numOr(t, 0, "exitCode") != 0 && (phase == "Running" || numOr(cs, 0, "restartCount") > 0) {
				return fmt.Sprintf("container %s terminated: %s (exit code %d)", str(cs, "name"), orNone(str(t, "reason")), numOr(t, 0, "exitCode"))
			}
		}
	}
	return ""
}

func podStates(ps podSet) []PodState {
	out := make([]PodState, 0, len(ps.pods))
	for _, p := range ps.pods {
		out = append(out, PodState{
			Name: p.GetName(), Revision: ps.rev(p), Current: ps.isCurrent(p),
			Phase: str(p.Object, "status", "phase"), Ready: podReady(p), Restarts: podRestarts(p),
			Node: str(p.Object, "spec", "nodeName"), Reason: podReason(p),
		})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// eventsWithReason returns o's events with one of the reasons, in bundle
// order.
func eventsWithReason(ix *bundle.Index, o *bundle.Object, reasons ...string) []*bundle.Object {
	var out []*bundle.Object
	for _, e := range facts.EventsFor(ix, o) {
		for _, want := range reasons {
			if e.Reason == want {
				out = append(out, e.Object)
				break
			}
		}
	}
	return out
}

// eventTime is the most recent time an event records.
func eventTime(e *bundle.Object) string {
	for _, f := range [][]string{{"lastTimestamp"}, {"eventTime"}, {"series", "lastObservedTime"}, {"firstTimestamp"}, {"deprecatedLastTimestamp"}, {"metadata", "creationTimestamp"}} {
		if s := str(e.Object, f...); s != "" {
			return s
		}
	}
	return ""
}

func eventNote(e *bundle.Object) string {
	if m := str(e.Object, "message"); m != "" {
		return m
	}
	return str(e.Object, "note")
}

// dominantEvent returns, among o's events with one of the reasons, the one
// repeated most (the persistent cause rather than its generic echo; the
// latest on a tie), and how many times such events occurred in all.
func dominantEvent(ix *bundle.Index, o *bundle.Object, reasons ...string) (*bundle.Object, int64) {
	var best *bundle.Object
	var bestN, total int64
	for _, e := range eventsWithReason(ix, o, reasons...) {
		c := numOr(e.Object, 1, "count")
		if sc, ok := num(e.Object, "series", "count"); ok && sc > c {
			c = sc
		}
		total += c
		if best == nil || c > bestN || (c == bestN && eventTime(e) >= eventTime(best)) {
			best, bestN = e, c
		}
	}
	return best, total
}
