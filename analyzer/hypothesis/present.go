package hypothesis

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"github.com/rift-dev/rift/analyzer/layers"
)

// presentState is what the bundle says of one subject at capture time.
type presentState struct {
	// converged: the subject, and every workload that owns it, has
	// converged (the layers' verdict; for an object the layers do not
	// judge, its own Ready condition or pod readiness).
	converged bool
	// since is when the converged state began: the latest transition to
	// ready among the subject's own conditions and its pods. Zero when the
	// bundle does not say, and then no failure can be shown to predate it.
	since time.Time
	// final: the subject ran to completion (a Succeeded pod). Nothing
	// about it can fail any more, so every failure cited about it is
	// history, even one the kubelet reports after it finished (a volume
	// that no longer mounts for a pod that has stopped).
	final bool
}

// presentFacts maps a subject to its present state, by key (no strings
// are built: at 100k objects they would be most of its cost). Subjects
// the bundle holds no state for (a Host, a ConfigMap) are absent.
type presentFacts map[bundle.Key]presentState

// presentOf builds the present state of every workload the layers judged,
// of every pod, and of every other object that reports a ready condition.
// It reads the layers' convergence verdicts and never judges convergence
// itself: a workload the layers call anything but converged is not, and
// neither is any pod it owns.
func presentOf(b *bundle.Bundle, ws []layers.Workload) presentFacts {
	pf := make(presentFacts, len(ws))
	if b == nil || b.Index == nil {
		return pf // nothing to read times from: every hypothesis stays as the rules said
	}
	ix := b.Index
	verdicts := make(map[bundle.Key]string, len(ws))
	for i := range ws {
		verdicts[ws[i].Ref.Key()] = ws[i].Convergence
	}
	for i := range ws {
		w := &ws[i]
		st := presentState{converged: w.Convergence == layers.Converged}
		if o, ok := ix.Get(w.Ref.Key()); ok {
			st.since, st.final = facts.ReadySince(o), facts.Finished(o)
		}
		for _, p := range w.Pods {
			if po, ok := ix.Get(bundle.Key{Kind: "Pod", Namespace: w.Ref.Namespace, Name: p.Name}); ok {
				st.since = later(st.since, facts.ReadySince(po))
			}
		}
		pf[w.Ref.Key()] = st
	}
	for _, p := range ix.OfKind("Pod") {
		k := p.Key()
		if _, ok := pf[k]; ok {
			continue // a bare pod the layers judged
		}
		pf[k] = presentState{converged: facts.PodServing(p) && ownersConverged(ix, p, verdicts), since: facts.ReadySince(p), final: facts.Finished(p)}
	}
	ownersOfPods(ix, pf, verdicts)
	for _, kind := range ix.Kinds() {
		if kind == "Pod" || kind == "Event" {
			continue
		}
		for _, o := range ix.OfKind(kind) {
			ready, since, ok := readyState(o)
			if !ok {
				continue
			}
			k := o.Key()
			if _, judged := pf[k]; !judged {
				pf[k] = presentState{converged: ready && ownersConverged(ix, o, verdicts), since: since}
			}
		}
	}
	return pf
}

// ownersOfPods gives a pod's controller that neither the layers judge
// nor reports a ready condition (a Deployment's ReplicaSet, a Job's
// controller) the state of its pods: converged when every pod it owns is,
// and its own owners are, since the last of them became ready.
func ownersOfPods(ix *bundle.Index, pf presentFacts, verdicts map[bundle.Key]string) {
	owners := map[bundle.Key]*bundle.Object{}
	states := map[bundle.Key]presentState{}
	for _, p := range ix.OfKind("Pod") {
		o, ok := ix.Owner(p)
		if !ok {
			continue
		}
		k := o.Key()
		if _, judged := pf[k]; judged {
			continue
		}
		if _, ok := facts.ReadyCondition(o); ok {
			continue // judged by its own condition below
		}
		ps := pf[p.Key()]
		st, seen := states[k]
		if !seen {
			owners[k], st.converged = o, true
		}
		st.converged = st.converged && ps.converged
		st.since = later(st.since, facts.ReadySince(p))
		states[k] = st
	}
	for k, st := range states {
		st.converged = st.converged && ownersConverged(ix, owners[k], verdicts)
		pf[k] = st
	}
}

// ownersConverged walks o's controller owners up to the top and reports
// false when the layers judged any of them other than converged. An owner
// the layers did not judge does not count against it.
func ownersConverged(ix *bundle.Index, o *bundle.Object, verdicts map[bundle.Key]string) bool {
	for _, owner := range facts.OwnerChain(ix, o) {
		if v, judged := verdicts[owner.Key()]; judged && v != layers.Converged {
			return false
		}
	}
	return true
}

func later(a, b time.Time) time.Time {
	if b.After(a) {
		return b
	}
	return a
}
