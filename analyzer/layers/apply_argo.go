package layers

import (
	"fmt"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// argoApply reads an Argo CD Application: a running operation, the last
// operation's outcome, the revision its last successful sync applied
// against the revision Git holds, and the sync policy. Automated sync
// applies each revision once: without selfHeal it does not apply a
// revision it already synced again, however OutOfSync the live objects
// are (Argo CD's automated sync policy). An AppProject sync window that
// refuses syncs at capture time holds a pending revision and stops selfHeal
// (syncWindowBlock).
func (a *analysis) argoApply(app *bundle.Object) ApplyState {
	m := app.Object
	op := mapAt(m, "status", "operationState")
	phase := str(op, "phase")
	if phase == "Running" || phase == "Terminating" {
		return ApplyState{State: ApplyApplying, Reason: fmt.Sprintf("sync operation %s at %s: %s", phase, orNone(shortRevision(opRevision(op))), str(op, "message"))}
	}
	target := str(m, "status", "sync", "revision")
	if src := a.g.sourceOf[app]; src != nil && src.Revision != "" {
		target = src.Revision
	}
	if phase == "Failed" || phase == "Error" {
		if att := opRevision(op); target == "" || att == "" || sameRevision(att, target) {
			return ApplyState{State: ApplyFailed, Reason: fmt.Sprintf("sync of %s %s: %s", orNone(shortRevision(att)), phase, str(op, "message"))}
		}
	}
	synced := lastSynced(m)
	auto := mapAt(m, "spec", "syncPolicy", "automated")
	enabled := auto != nil
	if v, ok := auto["enabled"].(bool); ok && !v {
		enabled = false
	}
	if target == "" || synced == "" {
		return ApplyState{State: ApplyUnknown, Reason: "the Application records no synced or target revision"}
	}
	if !sameRevision(synced, target) {
		if enabled {
			if w := a.syncWindowBlock(app); w != nil {
				return ApplyState{State: ApplyHeld, Setting: w.setting(),
					Reason: fmt.Sprintf("automated sync of %s is refused by %s; %s was synced last", shortRevision(target), w.describe(), shortRevision(synced))}
			}
			return ApplyState{State: ApplyApplying, Reason: fmt.Sprintf("automated sync of %s pending; %s was synced last", shortRevision(target), shortRevision(synced))}
		}
		return ApplyState{State: ApplyHeld, Setting: "spec.syncPolicy.automated unset (manual sync)",
			Reason: fmt.Sprintf("%s waits for a manual sync; %s was synced last", shortRevision(target), shortRevision(synced))}
	}
	switch {
	case !enabled:
		return ApplyState{State: ApplyIdle, Setting: "spec.syncPolicy.automated unset (manual sync)",
			Reason: fmt.Sprintf("synced %s; automated sync is off, so Argo CD applies only when someone syncs", shortRevision(synced))}
	case boolAt(auto, "selfHeal"):
		if w := a.syncWindowBlock(app); w != nil {
			return ApplyState{State: ApplyIdle, Setting: w.setting(),
				Reason: fmt.Sprintf("synced %s; selfHeal is refused by %s, so a live change stays until then", shortRevision(synced), w.describe())}
		}
		return ApplyState{State: ApplyCorrecting, Reason: fmt.Sprintf("synced %s; selfHeal re-syncs it when the live objects differ", shortRevision(synced))}
	}
	return ApplyState{State: ApplyIdle, Setting: "spec.syncPolicy.automated.selfHeal: false",
		Reason: fmt.Sprintf("synced %s; automated sync applies a revision once and, without selfHeal, never re-applies it to undo live changes", shortRevision(synced))}
}

// opRevision is the revision an operation synced or tried to sync.
func opRevision(op map[string]any) string {
	if r := str(op, "syncResult", "revision"); r != "" {
		return r
	}
	return str(op, "operation", "sync", "revision")
}

// lastSynced is the revision of the last successful sync: the succeeded
// operation's, else the newest history entry (only successful syncs enter
// the history).
func lastSynced(m map[string]any) string {
	op := mapAt(m, "status", "operationState")
	if str(op, "phase") == "Succeeded" {
		if r := opRevision(op); r != "" {
			return r
		}
	}
	h := maps(sliceAt(m, "status", "history"))
	if len(h) == 0 {
		return ""
	}
	return str(h[len(h)-1], "revision")
}

// helmApply reads a Flux HelmRelease. helm-controller compares the live
// objects with the release only when spec.driftDetection.mode is enabled
// (and then corrects them) or warn (it only reports); by default it does
// neither, so a live change stays until the next upgrade.
func helmApply(hr *bundle.Object) ApplyState {
	m := hr.Object
	attempted := str(m, "status", "lastAttemptedRevision")
	applied := str(m, "status", "lastAppliedRevision")
	if h := maps(sliceAt(m, "status", "history")); len(h) > 0 && str(h[0], "chartVersion") != "" {
		applied = str(h[0], "chartVersion")
	}
	behind := attempted != "" && applied != "" && attempted != applied
	if boolAt(m, "spec", "suspend") {
		if behind {
			return ApplyState{State: ApplyHeld, Setting: "spec.suspend: true", Reason: fmt.Sprintf("suspended at %s; %s was attempted", applied, attempted)}
		}
		return ApplyState{State: ApplyIdle, Setting: "spec.suspend: true", Reason: "suspended: helm-controller upgrades and corrects nothing until it is resumed"}
	}
	if st, ok := fluxConditions(m); ok {
		return st
	}
	if behind {
		return ApplyState{State: ApplyApplying, Reason: fmt.Sprintf("attempting %s; %s is released", attempted, applied)}
	}
	switch mode := str(m, "spec", "driftDetection", "mode"); mode {
	case "enabled":
		return ApplyState{State: ApplyCorrecting, Reason: "spec.driftDetection.mode is enabled: helm-controller corrects live changes at every reconcile"}
	case "warn":
		return ApplyState{State: ApplyIdle, Setting: "spec.driftDetection.mode: warn",
			Reason: "spec.driftDetection.mode is warn: helm-controller reports live changes and leaves them"}
	default:
		return ApplyState{State: ApplyIdle, Setting: "spec.driftDetection.mode: disabled (the default)",
			Reason: "helm-controller does not compare the live objects with the release unless spec.driftDetection.mode is enabled"}
	}
}
