package timeline

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// GitSourceKind is the Kind of the Ref that names a bundle's Git source on
// the timeline (the source has no Kubernetes object of its own).
const GitSourceKind = "GitSource"

// gitEntries adds each source's commits: the revision it was recorded at
// and its history. Commit times come from the committer's clock.
func (bd *builder) gitEntries() {
	for _, s := range bd.b.Sources {
		ref := bundle.Ref{APIVersion: bundle.APIVersion, Kind: GitSourceKind, Name: s.Name}
		file := "git/" + s.Name + "/source.yaml"
		seen := map[string]bool{}
		add := func(rev, subject string, t any) {
			if seen[rev] {
				return
			}
			tm, prec, ok := parseTime(t)
			if !ok {
				return
			}
			seen[rev] = true
			msg := shortRev(rev)
			if subject != "" {
				msg += " " + subject
			}
			if rev == s.Revision {
				msg += " (recorded revision)"
			}
			bd.add(Entry{Time: tm, Precision: prec, Object: ref, Layer: layers.LayerDesired,
				Type: TypeChange, Reason: "Commit", Message: msg, Source: SourceGit,
				File: file, Revision: rev, Clock: ClockGit})
		}
		for _, c := range s.History {
			if c.Time != nil {
				add(c.Revision, c.Subject, c.Time.UTC().Format("2006-01-02T15:04:05Z07:00"))
			}
		}
		if s.CommitTime != nil {
			add(s.Revision, "", s.CommitTime.UTC().Format("2006-01-02T15:04:05Z07:00"))
		}
	}
}

func shortRev(r string) string {
	if i := strings.LastIndexAny(r, ":/"); i >= 0 {
		r = r[i+1:]
	}
	if len(r) > 12 {
		return r[:12]
	}
	return r
}

// reconcilerEntries reads the reconcile and apply history of Flux
// Kustomizations and HelmReleases and Argo CD Applications.
func (bd *builder) reconcilerEntries(o *bundle.Object) {
	m := o.Object
	base := Entry{Object: o.Ref(), UID: string(o.GetUID()), Source: SourceReconciler,
		File: o.Source.File, Type: TypeChange, Layer: layers.LayerGitOps}
	at := func(e Entry, t any) {
		var ok bool
		if e.Time, e.Precision, ok = parseTime(t); ok {
			bd.add(e)
		}
	}
	switch o.GetKind() {
	case "Kustomization":
		e := base
		e.Reason, e.Message = "ReconcileRequested", "reconcile requested (reconcile.fluxcd.io/requestedAt handled)"
		at(e, field(m, "status", "lastHandledReconcileAt"))
		for _, h := range list(m, "status", "history") {
			hm, _ := h.(map[string]any)
			e := base
			e.Revision = str(hm, "metadata", "revision")
			e.Reason = str(hm, "lastReconciledStatus")
			e.Failure = strings.Contains(e.Reason, "Failed")
			e.Message = fmt.Sprintf("reconciled revision %s: %s (%d times, last %s)",
				e.Revision, e.Reason, num(hm, "totalReconciliations"), str(hm, "lastReconciled"))
			at(e, hm["firstReconciled"])
		}
	case "HelmRelease":
		for i, h := range list(m, "status", "history") {
			hm, _ := h.(map[string]any)
			e := base
			status := str(hm, "status")
			e.Revision = fmt.Sprint(num(hm, "version"))
			e.Reason = "Release"
			e.Failure = status == "failed"
			e.Message = fmt.Sprintf("release v%s of chart %s@%s: %s", e.Revision, str(hm, "chartName"), str(hm, "chartVersion"), status)
			at(e, releaseTime(m, hm, i == 0 && e.Failure))
		}
	case "Application":
		bd.argoEntries(o, base)
	}
}

func (bd *builder) argoEntries(o *bundle.Object, base Entry) {
	m := o.Object
	add := func(e Entry, t any) {
		var ok bool
		if e.Time, e.Precision, ok = parseTime(t); ok {
			bd.add(e)
		}
	}
	e := base
	e.Reason, e.Message = "Reconciled", "application last compared with its source"
	add(e, field(m, "status", "reconciledAt"))
	if op := mapAt(m, "status", "operationState"); op != nil {
		phase := str(op, "phase")
		rev := str(op, "syncResult", "revision")
		e := base
		e.Revision, e.Reason, e.Message = rev, "SyncStarted", "sync of revision "+shortRev(rev)+" started"
		add(e, op["startedAt"])
		e.Reason = "Sync" + phase
		e.Message = "sync of revision " + shortRev(rev) + " " + strings.ToLower(phase)
		if msg := str(op, "message"); msg != "" {
			e.Message += ": " + msg
		}
		e.Failure = phase == "Failed" || phase == "Error"
		add(e, op["finishedAt"])
	}
	for _, h := range list(m, "status", "history") {
		hm, _ := h.(map[string]any)
		e := base
		e.Revision, e.Reason = str(hm, "revision"), "Deployed"
		e.Message = fmt.Sprintf("history id %d: revision %s deployed", num(hm, "id"), shortRev(e.Revision))
		add(e, hm["deployedAt"])
	}
}

// releaseTime is when a Helm release history entry happened. Helm stamps
// lastDeployed when the action starts (firstDeployed is the release
// name's first install, the same for every revision), and a release fails
// when the action ends: for the newest entry, failed, that is when
// helm-controller turned Released (or Ready) False, never earlier than the
// start. Dating the failure at the start put it before the pods whose
// failure made Helm's --wait run out.
func releaseTime(m, entry map[string]any, failedNewest bool) any {
	start := entry["lastDeployed"]
	if start == nil {
		start = entry["firstDeployed"]
	}
	if !failedNewest {
		return start
	}
	from, _, ok := parseTime(start)
	for _, t := range []string{"Released", "Ready"} {
		for _, c := range list(m, "status", "conditions") {
			cm, _ := c.(map[string]any)
			if str(cm, "type") != t || str(cm, "status") != "False" {
				continue
			}
			if end, _, endOK := parseTime(cm["lastTransitionTime"]); endOK && (!ok || !end.Before(from)) {
				return cm["lastTransitionTime"]
			}
		}
	}
	return start
}
