package layers

import (
	"fmt"
	"regexp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Apply states: what a workload's reconcilers say, in their own records,
// about the next apply of the revision Git holds. They are part of the
// report contract.
const (
	// ApplyApplying: a revision the object does not have yet is being
	// applied, or will be without anyone acting (automated sync pending, a
	// new source artifact, a reconcile under way).
	ApplyApplying = "applying"
	// ApplyFailed: the last attempt to apply failed; the object keeps what
	// was applied before.
	ApplyFailed = "failed"
	// ApplyHeld: a newer revision waits for a person or a time (a
	// suspended reconciler, a manual sync policy, an Argo CD sync window).
	ApplyHeld = "held"
	// ApplyCorrecting: the reconciler applied the revision Git holds and
	// re-applies it by itself (a Flux Kustomization at every interval, Argo
	// CD selfHeal, HelmRelease drift correction): a live change is drift it
	// will undo.
	ApplyCorrecting = "correcting"
	// ApplyIdle: the reconciler applied the revision Git holds and will not
	// apply it again by itself: a live change stays. Setting names why.
	ApplyIdle = "idle"
	// ApplyUnknown: the reconciler's records do not say.
	ApplyUnknown = "unknown"
)

// ApplyState is the judgement "is an apply in flight?" for one workload,
// made once here from the reconcilers' own records (Argo CD's
// operationState, sync revision and sync policy; Flux's applied and
// attempted revisions, conditions, suspend, drift detection mode and the
// per-object annotations), never from OutOfSync alone.
type ApplyState struct {
	// State is one of the Apply* constants.
	State string `json:"state"`
	// By is the reconciler the state is read from.
	By     bundle.Ref `json:"by"`
	Reason string     `json:"reason"`
	// Setting, for ApplyIdle and ApplyHeld, names the setting that keeps
	// the reconciler from applying (spec.syncPolicy.automated.selfHeal,
	// spec.driftDetection.mode, spec.suspend, a
	// kustomize.toolkit.fluxcd.io/reconcile annotation on the object).
	Setting string `json:"setting,omitempty"`
}

// applyRank orders the states by how much of a live difference they
// explain: with several reconcilers, the one whose apply is failing or
// pending speaks for the workload.
var applyRank = map[string]int{ApplyUnknown: 0, ApplyIdle: 1, ApplyCorrecting: 2, ApplyHeld: 3, ApplyApplying: 4, ApplyFailed: 5}

// applyState reads the apply state of a subject from its reconcilers; nil
// when no reconciler in the bundle manages it.
func (a *analysis) applyState(s *subject) *ApplyState {
	var best *ApplyState
	for _, r := range s.owners {
		st := a.applyBy(r, s.obj)
		st.By = r.Ref()
		if best == nil || applyRank[st.State] > applyRank[best.State] {
			best = &st
		}
	}
	return best
}

func (a *analysis) applyBy(r, obj *bundle.Object) ApplyState {
	switch r.GetKind() {
	case "Application":
		return a.argoApply(r)
	case "Kustomization":
		return a.fluxApply(r, obj)
	case "HelmRelease":
		return helmApply(r)
	}
	return ApplyState{State: ApplyUnknown, Reason: "no apply records for " + r.GetKind()}
}

// fluxAnnotations are the per-object settings with which kustomize-controller
// leaves an object in the cluster as it is (Flux 2.x).
var fluxAnnotations = []struct{ key, value, why string }{
	{"kustomize.toolkit.fluxcd.io/reconcile", "disabled", "kustomize-controller neither applies nor prunes the object"},
	{"kustomize.toolkit.fluxcd.io/ssa", "Ignore", "kustomize-controller skips the object when applying"},
	{"kustomize.toolkit.fluxcd.io/ssa", "IfNotPresent", "kustomize-controller applies the object only when it does not exist"},
}

var immutableField = regexp.MustCompile(`(?i)field is immutable|updates to statefulset spec for fields other than`)

// fluxApply reads a Kustomization: the object's own annotations first (they
// hold whatever the Kustomization does), then suspend, failure, a reconcile
// under way, and the applied revision against the source's.
func (a *analysis) fluxApply(k, obj *bundle.Object) ApplyState {
	for _, f := range fluxAnnotations {
		if annotation(obj, f.key) == f.value {
			return ApplyState{State: ApplyIdle, Setting: fmt.Sprintf("%s: %s on %s", f.key, f.value, obj.Ref()),
				Reason: fmt.Sprintf("%s carries %s: %s, so %s", obj.Ref(), f.key, f.value, f.why)}
		}
	}
	m := k.Object
	applied := str(m, "status", "lastAppliedRevision")
	// The revision lag is the Kustomization's convergence judgement's
	// (revisionLag): its source artifact, and the bundle's Git checkout
	// that the source has not fetched yet.
	lag := a.revisionLag(k)
	if boolAt(m, "spec", "suspend") {
		if lag != "" {
			return ApplyState{State: ApplyHeld, Setting: "spec.suspend: true", Reason: "suspended: " + lag}
		}
		return ApplyState{State: ApplyIdle, Setting: "spec.suspend: true",
			Reason: fmt.Sprintf("suspended after applying %s: kustomize-controller applies nothing until it is resumed", orNone(shortRevision(applied)))}
	}
	if st, ok := fluxConditions(m); ok {
		if st.State == ApplyFailed && immutableField.MatchString(st.Reason) && !boolAt(m, "spec", "force") {
			st.Setting = "spec.force: false"
			st.Reason += " (spec.force is off: an immutable field is not recreated)"
		}
		return st
	}
	if lag != "" {
		// A source that cannot fetch fails the apply of the new revision
		// before kustomize-controller sees it: the live object keeps the
		// old one, which is no drift.
		if v := a.converge(&subject{obj: k}); v.status == Blocked {
			return ApplyState{State: ApplyFailed, Reason: v.reason}
		}
		return ApplyState{State: ApplyApplying, Reason: lag}
	}
	if att := str(m, "status", "lastAttemptedRevision"); att != "" && applied != "" && !sameRevision(att, applied) {
		return ApplyState{State: ApplyApplying, Reason: fmt.Sprintf("attempting %s; lastAppliedRevision is %s", shortRevision(att), shortRevision(applied))}
	}
	if applied == "" {
		return ApplyState{State: ApplyUnknown, Reason: "no lastAppliedRevision in the status"}
	}
	return ApplyState{State: ApplyCorrecting, Reason: fmt.Sprintf("applied %s; kustomize-controller re-applies it with server-side apply every %s, undoing live changes to the fields it manages",
		shortRevision(applied), orNone(str(m, "spec", "interval")))}
}

// fluxConditions reads the Ready, Stalled and Reconciling conditions of a
// Flux object: a failure, or a reconcile under way.
func fluxConditions(m map[string]any) (ApplyState, bool) {
	conds := conditions(m, "status", "conditions")
	if c, ok := findCond(conds, "Stalled"); ok && c.Status == "True" {
		return ApplyState{State: ApplyFailed, Reason: fmt.Sprintf("Stalled %s: %s", c.Reason, c.Message)}, true
	}
	if c, ok := findCond(conds, "Ready"); ok {
		switch {
		case c.Status == "False" && !progressingReasons[c.Reason]:
			return ApplyState{State: ApplyFailed, Reason: fmt.Sprintf("Ready=False %s: %s", c.Reason, c.Message)}, true
		case c.Status != "True":
			return ApplyState{State: ApplyApplying, Reason: fmt.Sprintf("Ready=%s %s: %s", c.Status, c.Reason, c.Message)}, true
		}
	}
	if c, ok := findCond(conds, "Reconciling"); ok && c.Status == "True" {
		return ApplyState{State: ApplyApplying, Reason: fmt.Sprintf("Reconciling %s: %s", c.Reason, c.Message)}, true
	}
	return ApplyState{}, false
}
