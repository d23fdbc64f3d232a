package layers

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func orNone(s string) string {
	if s == "" {
		return "unknown"
	}
	return s
}

func onOld(old []*bundle.Object, ps podSet) string {
	if len(old) == 0 {
		return ""
	}
	return fmt.Sprintf("; pods on an older %s than %s: %s", ps.revLabel, ps.current, podNames(old))
}

func atRevision(ps podSet) string {
	if ps.current == "" {
		return ""
	}
	return fmt.Sprintf(" on %s %s", ps.revLabel, ps.current)
}

// firstUnready returns the unready pod that holds a rollout: for a
// StatefulSet the highest ordinal first, since updates go downwards.
func firstUnready(ps podSet, onlyCurrent bool) *bundle.Object {
	var best *bundle.Object
	for _, p := range ps.pods {
		if podReady(p) || (onlyCurrent && !ps.isCurrent(p)) || p.GetDeletionTimestamp() != nil {
			continue
		}
		if best == nil || ordinal(p.GetName()) > ordinal(best.GetName()) {
			best = p
		}
	}
	return best
}

func ordinal(name string) int64 {
	i := strings.LastIndex(name, "-")
	n, err := strconv.ParseInt(name[i+1:], 10, 64)
	if err != nil {
		return -1
	}
	return n
}

func allBelowOrdinal(pods []*bundle.Object, set string, part int64) bool {
	for _, p := range pods {
		if !strings.HasPrefix(p.GetName(), set+"-") || ordinal(p.GetName()) >= part {
			return false
		}
	}
	return true
}

// unreadyWhy says why a pod is not Ready: a container reason, else the
// latest readiness probe failure from its events.
func unreadyWhy(ix *bundle.Index, p *bundle.Object) string {
	if c, ok := statusCond(p.Object, "PodScheduled"); ok && c.Status == "False" {
		return "not scheduled: " + c.Reason + ": " + c.Message
	}
	if e, n := dominantEvent(ix, p, "FailedMount", "FailedAttachVolume", "FailedCreatePodSandBox"); e != nil && str(p.Object, "status", "phase") == "Pending" {
		return fmt.Sprintf("%s (%d times): %s", str(e.Object, "reason"), n, eventNote(e))
	}
	if r := podReason(p); r != "" {
		for _, cs := range containerStatuses(p) {
			if lr := str(cs, "lastState", "terminated", "reason"); lr != "" && lr != r {
				return fmt.Sprintf("%s, last terminated %s with exit code %d, %d restarts", r, lr, numOr(cs, -1, "lastState", "terminated", "exitCode"), numOr(cs, 0, "restartCount"))
			}
		}
		return r
	}
	var last *bundle.Object
	for _, e := range eventsWithReason(ix, p, "Unhealthy") {
		if last == nil || eventTime(e) >= eventTime(last) {
			last = e
		}
	}
	if last != nil {
		return "Unhealthy: " + eventNote(last)
	}
	if c, ok := statusCond(p.Object, "Ready"); ok && c.Reason != "" {
		return c.Reason
	}
	return "Ready condition is not True"
}

func unreadyCount(ps podSet) int64 {
	var n int64
	for _, p := range ps.pods {
		if !podReady(p) && p.GetDeletionTimestamp() == nil {
			n++
		}
	}
	return n
}

// verdictStatus maps a convergence verdict onto a layer or stage status:
// blocked is a failure to make progress.
func verdictStatus(v string) string {
	switch v {
	case Converged:
		return StatusOK
	case Progressing:
		return StatusProgressing
	case Blocked, Failed, Suspended:
		// Suspended makes no progress either, on purpose: the
		// evidence says so.
		return StatusFailed
	}
	return StatusUnknown
}

// stuck reports whether an unready pod shows that it will not become Ready
// by itself: a container that cannot recover, or failing probes. A pod
// that is merely starting shows neither.
func stuck(ix *bundle.Index, p *bundle.Object) bool {
	if podFailing(p) != "" || len(eventsWithReason(ix, p, "Unhealthy")) > 0 {
		return true
	}
	if c, ok := statusCond(p.Object, "PodScheduled"); ok && c.Status == "False" && c.Reason == "Unschedulable" {
		return true
	}
	e, _ := dominantEvent(ix, p, "FailedMount", "FailedAttachVolume", "FailedCreatePodSandBox")
	return e != nil && str(p.Object, "status", "phase") == "Pending"
}
