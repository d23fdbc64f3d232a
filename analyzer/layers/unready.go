package layers

import (
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// UnreadyAfter is how long a pod that shows no failure may stay not Ready
// before the layers call its workload blocked rather than starting: the
// default progressDeadlineSeconds, after which the Deployment controller
// itself would report a rollout stalled. Outside a rollout no controller
// reports it (a Deployment stays Progressing=True NewReplicaSetAvailable
// with Available=False), and events that said why may have expired: a pod
// initialising for half an hour is not in flight.
const UnreadyAfter = 10 * time.Minute

// unreadyStall reports a pod that has not been Ready for longer than
// deadline at now: since its Ready condition's last transition, or its
// creation when it has none. It names the init container still running,
// the usual way a pod waits forever (an init container that loops until a
// dependency answers). A zero now (capture time unknown) judges nothing.
func unreadyStall(p *bundle.Object, now time.Time, deadline time.Duration) (string, bool) {
	if now.IsZero() {
		return "", false
	}
	since := p.GetCreationTimestamp().Time
	if c, ok := statusCond(p.Object, "Ready"); ok {
		if c.Status == "True" {
			return "", false
		}
		if c.Time != nil {
			since = *c.Time
		}
	}
	if since.IsZero() || now.Sub(since) <= deadline {
		return "", false
	}
	r := fmt.Sprintf("Pod %s/%s has not been Ready for %s (since %s), longer than the %s a rollout may take",
		p.GetNamespace(), p.GetName(), now.Sub(since).Round(time.Second), since.UTC().Format(time.RFC3339), deadline)
	if c, start, ok := runningInit(p); ok {
		r += fmt.Sprintf("; init container %s has been running since %s and has not finished", c, start)
	}
	return r, true
}

// runningInit is the init container of p that is running, and since when.
func runningInit(p *bundle.Object) (name, since string, ok bool) {
	for _, cs := range maps(sliceAt(p.Object, "status", "initContainerStatuses")) {
		if t := str(cs, "state", "running", "startedAt"); t != "" {
			return str(cs, "name"), t, true
		}
	}
	return "", "", false
}

// deadlineOf is a workload's progressDeadlineSeconds, or UnreadyAfter
// for the kinds that have none.
func deadlineOf(o *bundle.Object) time.Duration {
	if n, ok := num(o.Object, "spec", "progressDeadlineSeconds"); ok && n > 0 {
		return time.Duration(n) * time.Second
	}
	return UnreadyAfter
}

// TerminatingAfter is how far past its grace period a deleted pod may
// still exist before the layers name it as what holds a rollout: the
// kubelet kills the containers when the grace period ends and the pod
// object goes within seconds, unless a finalizer keeps it or its node
// stopped reporting.
const TerminatingAfter = time.Minute

// stuckTerminating names a pod of ps deleted more than TerminatingAfter
// past its grace period at now and not yet in a terminal phase (a
// Succeeded or Failed pod no longer runs, whatever keeps its object),
// with the finalizers that keep it and the node whose kubelet stopped
// reporting: the usual reason a deleted pod never stops, since only its
// kubelet can confirm the containers are gone.
func stuckTerminating(ix *bundle.Index, ps podSet, now time.Time) (string, bool) {
	if now.IsZero() {
		return "", false
	}
	for _, p := range ps.pods {
		dt := p.GetDeletionTimestamp()
		if dt == nil || facts.Finished(p) {
			continue
		}
		// deletionTimestamp is when the grace period ends.
		if late := now.Sub(dt.Time); late > TerminatingAfter {
			r := fmt.Sprintf("Pod %s/%s has been terminating for %s past its grace period (deletionTimestamp %s)",
				p.GetNamespace(), p.GetName(), late.Round(time.Second), dt.UTC().Format(time.RFC3339))
			if fs := p.GetFinalizers(); len(fs) > 0 {
				r += fmt.Sprintf(", held by finalizer %s", strings.Join(fs, ", "))
			}
			if n := str(p.Object, "spec", "nodeName"); n != "" {
				if node, ok := ix.Get(bundle.Key{Kind: "Node", Name: n}); ok {
					if c, ok := statusCond(node.Object, "Ready"); ok && c.Status != "True" {
						r += fmt.Sprintf(", on node %s (Ready=%s %s)", n, c.Status, c.Reason)
					}
				}
			}
			return r, true
		}
	}
	return "", false
}
