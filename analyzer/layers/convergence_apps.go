package layers

import (
	"fmt"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

func deploymentVerdict(ix *bundle.Index, o *bundle.Object, ps podSet, now time.Time) verdict {
	m := o.Object
	want := numOr(m, 1, "spec", "replicas")
	conds := conditions(m, "status", "conditions")
	// Past progressDeadlineSeconds the controller reports the rollout
	// stalled and takes no other action: nothing moves without a change.
	if c, ok := findCond(conds, "Progressing"); ok && c.Status == "False" && c.Reason == "ProgressDeadlineExceeded" {
		r := fmt.Sprintf("ProgressDeadlineExceeded: no progress for progressDeadlineSeconds=%d: %s", numOr(m, 600, "spec", "progressDeadlineSeconds"), c.Message)
		blocker := ""
		if f, ok := firstFailing(ps, true); ok {
			r += "; " + f
		} else if f, ok := facts.PodClaimBlocked(ix, ps.pods); ok {
			r += "; " + f
		} else if f, ok := stuckTerminating(ix, ps, now); ok && str(m, "spec", "strategy", "type") == "Recreate" {
			// The Recreate strategy scales the new ReplicaSet up only once
			// no old pod runs, and a pod being deleted still runs.
			r += "; " + f + "; the Recreate strategy creates no new pod until every old one is gone"
			blocker = BlockerTerminating
		}
		return verdict{Blocked, r, blocker}
	}
	if c, ok := findCond(conds, "ReplicaFailure"); ok && c.Status == "True" {
		return verdict{Failed, fmt.Sprintf("ReplicaFailure %s: %s", c.Reason, c.Message), ""}
	}
	if r, ok := facts.PodClaimBlocked(ix, ps.pods); ok {
		return verdict{Blocked, r, ""}
	}
	updated := numOr(m, 0, "status", "updatedReplicas")
	total := numOr(m, 0, "status", "replicas")
	avail := numOr(m, 0, "status", "availableReplicas")
	old := oldPods(ps)
	rolling := updated < want || total > updated || len(old) > 0
	if rolling && boolAt(m, "spec", "paused") {
		return verdict{Blocked, fmt.Sprintf("paused (spec.paused=true) with %d of %d replicas on the current template%s", updated, want, onOld(old, ps)), BlockerPaused}
	}
	if rolling {
		if f, ok := firstFailing(ps, true); ok {
			return verdict{Failed, "rollout cannot finish: " + f, ""}
		}
		if str(m, "spec", "strategy", "type") != "Recreate" {
			maxU := scaledValue(mapAt(m, "spec", "strategy", "rollingUpdate")["maxUnavailable"], want, "25%", false)
			maxS := scaledValue(mapAt(m, "spec", "strategy", "rollingUpdate")["maxSurge"], want, "25%", true)
			if want-avail >= maxU && total >= want+maxS {
				if p := firstUnready(ps, true); p != nil && stuck(ix, p) {
					return verdict{Blocked, fmt.Sprintf("maxUnavailable=%d and maxSurge=%d are used up: new Pod %s/%s is not Ready (%s), so no old pod can be replaced%s",
						maxU, maxS, p.GetNamespace(), p.GetName(), unreadyWhy(ix, p), onOld(old, ps)), ""}

				} else if p != nil {
					return verdict{Progressing, fmt.Sprintf("waiting for new Pod %s/%s to become Ready (maxUnavailable=%d and maxSurge=%d are used up)%s",
						p.GetNamespace(), p.GetName(), maxU, maxS, onOld(old, ps)), ""}

				}
			}
		}
		if updated >= want && total <= updated {
			return verdict{Progressing, fmt.Sprintf("all %d replicas are updated, but old pods are still running%s", want, onOld(old, ps)), ""}
		}
		return verdict{Progressing, fmt.Sprintf("rolling update: %d of %d replicas on the current template%s", updated, want, onOld(old, ps)), ""}
	}
	if avail < want {
		return readiness(ix, ps, avail, want, "replicas available and", now, deadlineOf(o))
	}
	return settled(ps, fmt.Sprintf("%d of %d replicas updated and available%s", avail, want, atRevision(ps)))
}

func statefulSetVerdict(ix *bundle.Index, o *bundle.Object, ps podSet, now time.Time) verdict {
	if r, ok := facts.PodClaimBlocked(ix, ps.pods); ok {
		return verdict{Blocked, r, ""}
	}
	m := o.Object
	want := numOr(m, 1, "spec", "replicas")
	upd, cur := str(m, "status", "updateRevision"), str(m, "status", "currentRevision")
	ready := numOr(m, 0, "status", "readyReplicas")
	old := oldPods(ps)
	if (upd != "" && cur != "" && upd != cur) || len(old) > 0 {
		return statefulSetUpdate(ix, o, ps, old)
	}
	if ready < want {
		return readiness(ix, ps, ready, want, "replicas", now, deadlineOf(o))
	}
	return settled(ps, fmt.Sprintf("%d of %d replicas ready%s", ready, want, atRevision(ps)))
}

// statefulSetUpdate explains a StatefulSet whose pods are not all on
// updateRevision. The rolling update replaces pods from the highest ordinal
// down, one at a time, and waits for every pod to be Running and Ready
// first; a pod that cannot become Ready on the old revision is therefore
// never replaced (kubernetes/kubernetes#67250, the "forced rollback" case
// in the StatefulSet documentation).
func statefulSetUpdate(ix *bundle.Index, o *bundle.Object, ps podSet, old []*bundle.Object) verdict {
	m := o.Object
	upd, cur := str(m, "status", "updateRevision"), str(m, "status", "currentRevision")
	revs := fmt.Sprintf("updateRevision %s, currentRevision %s", orNone(upd), orNone(cur))
	if str(m, "spec", "updateStrategy", "type") == "OnDelete" {
		return verdict{Blocked, fmt.Sprintf("updateStrategy OnDelete: %s; the controller replaces a pod only after it is deleted%s", revs, onOld(old, ps)), BlockerOnDelete}
	}
	part := numOr(m, 0, "spec", "updateStrategy", "rollingUpdate", "partition")
	if part > 0 && allBelowOrdinal(old, o.GetName(), part) {
		return verdict{Blocked, fmt.Sprintf("partition=%d holds ordinals below %d on the old revision (%s)%s", part, part, revs, onOld(old, ps)), BlockerPartition}
	}
	// With spec.updateStrategy.rollingUpdate.maxUnavailable (Kubernetes
	// 1.24+, feature MaxUnavailableStatefulSet) the update goes on while
	// fewer pods than that are unavailable.
	maxU := scaledValue(mapAt(m, "spec", "updateStrategy", "rollingUpdate")["maxUnavailable"], numOr(m, 1, "spec", "replicas"), "1", false)
	// An unready pod of the old revision is never replaced; one of the new
	// revision blocks only when it shows it will not become Ready (the
	// "forced rollback" case), otherwise it is simply starting.
	if p := firstUnready(ps, false); p != nil && unreadyCount(ps) >= max(maxU, 1) && (!ps.isCurrent(p) || stuck(ix, p)) {
		policy := str(m, "spec", "podManagementPolicy")
		if policy == "" {
			policy = "OrderedReady"
		}
		// An old pod that holds the update is the controller's doing (the
		// fix cannot reach it); a new one that will not start is its own
		// failure's, and the rules about that failure explain the block.
		blocker := ""
		if !ps.isCurrent(p) {
			blocker = BlockerOrderedReady
		}
		return verdict{Blocked, fmt.Sprintf("Pod %s/%s (revision %s) is not Ready (%s); the %s rolling update waits for every pod to be Running and Ready and will not replace it (%s; kubernetes/kubernetes#67250)",
			p.GetNamespace(), p.GetName(), orNone(ps.rev(p)), unreadyWhy(ix, p), policy, revs), blocker}

	}
	updated := numOr(m, 0, "status", "updatedReplicas")
	want := numOr(m, 1, "spec", "replicas")
	if len(ps.pods) == 0 && numOr(m, 0, "status", "readyReplicas") < want {
		return verdict{Blocked, fmt.Sprintf("%d of %d replicas not Ready while %s; the rolling update waits for them (pods not in the bundle)", want-numOr(m, 0, "status", "readyReplicas"), want, revs), ""}
	}
	return verdict{Progressing, fmt.Sprintf("rolling update: %d of %d replicas on updateRevision (%s)%s", updated, want, revs, onOld(old, ps)), ""}
}

func daemonSetVerdict(ix *bundle.Index, o *bundle.Object, ps podSet, now time.Time) verdict {
	m := o.Object
	desired := numOr(m, 0, "status", "desiredNumberScheduled")
	ready := numOr(m, 0, "status", "numberReady")
	updated, hasUpd := num(m, "status", "updatedNumberScheduled")
	old := oldPods(ps)
	if (hasUpd && updated < desired) || len(old) > 0 {
		if str(m, "spec", "updateStrategy", "type") == "OnDelete" {
			return verdict{Blocked, fmt.Sprintf("updateStrategy OnDelete: %d of %d pods updated; the controller replaces a pod only after it is deleted%s", updated, desired, onOld(old, ps)), BlockerOnDelete}
		}
		maxU := scaledValue(mapAt(m, "spec", "updateStrategy", "rollingUpdate")["maxUnavailable"], desired, "1", false)
		if numOr(m, 0, "status", "numberUnavailable") >= maxU {
			// The DaemonSet controller replaces unavailable old pods first;
			// only a new pod that will not become Ready holds the update.
			if p := firstUnready(ps, true); p != nil && stuck(ix, p) {
				return verdict{Blocked, fmt.Sprintf("maxUnavailable=%d is used up: Pod %s/%s is not Ready (%s), so the rolling update cannot take down another pod%s", maxU, p.GetNamespace(), p.GetName(), unreadyWhy(ix, p), onOld(old, ps)), ""}
			}
		}
		return verdict{Progressing, fmt.Sprintf("rolling update: %d of %d pods updated%s", updated, desired, onOld(old, ps)), ""}
	}
	if ready < desired {
		return readiness(ix, ps, ready, desired, "pods", now, deadlineOf(o))
	}
	if mis := numOr(m, 0, "status", "numberMisscheduled"); mis > 0 {
		return verdict{Progressing, fmt.Sprintf("%d pods run on nodes they should not", mis), ""}
	}
	return settled(ps, fmt.Sprintf("%d of %d pods ready%s", ready, desired, atRevision(ps)))
}

func replicaSetVerdict(ix *bundle.Index, o *bundle.Object, ps podSet, now time.Time) verdict {
	m := o.Object
	if c, ok := statusCond(m, "ReplicaFailure"); ok && c.Status == "True" {
		return verdict{Failed, fmt.Sprintf("ReplicaFailure %s: %s", c.Reason, c.Message), ""}
	}
	want := numOr(m, 1, "spec", "replicas")
	ready := numOr(m, 0, "status", "readyReplicas")
	if ready < want {
		return readiness(ix, ps, ready, want, "replicas", now, deadlineOf(o))
	}
	return verdict{Converged, fmt.Sprintf("%d of %d replicas ready", ready, want), ""}
}
