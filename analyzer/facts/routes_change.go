package facts

import (
	"strconv"
	"time"

	"k8s.io/apimachinery/pkg/labels"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// LabelChange is a workload whose pod template no longer carries labels a
// Service selects, while an older revision of it did: the change that left
// the Service without pods. It is read from the ReplicaSets the Deployment
// controller keeps, so it needs no event and no managedFields.
type LabelChange struct {
	// Workload is the Deployment; Old and Current its ReplicaSets of the
	// last revision the Service selected and of the current one.
	Workload, Old, Current *bundle.Object
	// At is when the current revision was created: when the change was
	// applied.
	At time.Time
	// Commit is the newest commit of a Git source that renders the
	// workload at or before At, when the bundle's history has one.
	Commit *bundle.Commit
	// Source is the name of that Git source.
	Source string
}

type labelChangesKey struct{}

// PodLabelChange finds, for a Service that selects no pod, the Deployment
// in its namespace whose older ReplicaSet's template the selector matches
// and whose current one it does not. ok is false when no such Deployment
// is in the bundle (the selector itself changed, or never matched).
func PodLabelChange(ix *bundle.Index, sources []*bundle.GitSource, svc *bundle.Object) (LabelChange, bool) {
	c, ok := LabelChanges(ix, sources)[svc]
	return c, ok
}

// LabelChanges is PodLabelChange for every core Service with a selector
// that selects no pod, built once and memoised on ix. Its cost is the
// ReplicaSets' template labels and the pod-less Services that share a
// selector pair with them (podlessIndex).
func LabelChanges(ix *bundle.Index, sources []*bundle.GitSource) map[*bundle.Object]LabelChange {
	return ix.Derived(labelChangesKey{}, func() any { return labelChanges(ix, sources) }).(map[*bundle.Object]LabelChange)
}

func labelChanges(ix *bundle.Index, sources []*bundle.GitSource) map[*bundle.Object]LabelChange {
	sel := ServicePods(ix)
	out := map[*bundle.Object]LabelChange{}
	podless := podlessServices(sel)
	for _, rs := range ix.OfKind("ReplicaSet") {
		if !podless.inNS[rs.GetNamespace()] {
			continue
		}
		svcs := podless.selecting(sel, rs.GetNamespace(), templateLabels(rs))
		if len(svcs) == 0 {
			continue
		}
		d, ok := ix.Owner(rs)
		if !ok || d.GetKind() != "Deployment" {
			continue
		}
		cur := currentReplicaSet(ix, d)
		if cur == nil || cur == rs {
			continue
		}
		for _, svc := range svcs {
			if sel.Selects(svc, labels.Set(templateLabels(cur))) {
				continue
			}
			c := LabelChange{Workload: d, Old: rs, Current: cur, At: cur.GetCreationTimestamp().Time}
			best, seen := out[svc]
			if !seen || c.At.After(best.At) || (c.At.Equal(best.At) && rsRevision(rs) > rsRevision(best.Old)) {
				out[svc] = c
			}
		}
	}
	for svc, c := range out {
		c.Source, c.Commit = commitAt(sources, c.Workload, c.At)
		out[svc] = c
	}
	return out
}

// templateLabels are the labels of a workload's pod template.
func templateLabels(w *bundle.Object) map[string]string {
	return stringMap(Map(w.Object, "spec", "template", "metadata", "labels"))
}

// currentReplicaSet is the Deployment's ReplicaSet of the highest
// deployment.kubernetes.io/revision.
func currentReplicaSet(ix *bundle.Index, d *bundle.Object) *bundle.Object {
	var cur *bundle.Object
	for _, c := range ix.Children(d.GetUID()) {
		if c.GetKind() == "ReplicaSet" && (cur == nil || rsRevision(c) > rsRevision(cur)) {
			cur = c
		}
	}
	return cur
}

func rsRevision(rs *bundle.Object) int64 {
	n, _ := strconv.ParseInt(rs.GetAnnotations()["deployment.kubernetes.io/revision"], 10, 64)
	return n
}

// commitAt returns the newest commit at or before at in the history of
// the Git source that renders o (or the only source, when none renders
// it).
func commitAt(sources []*bundle.GitSource, o *bundle.Object, at time.Time) (string, *bundle.Commit) {
	var src *bundle.GitSource
	for _, s := range sources {
		for _, r := range s.Rendered {
			if r.GetKind() == o.GetKind() && r.GetName() == o.GetName() && (r.GetNamespace() == "" || r.GetNamespace() == o.GetNamespace()) {
				src = s
			}
		}
	}
	if src == nil && len(sources) == 1 {
		src = sources[0]
	}
	if src == nil {
		return "", nil
	}
	for i := range src.History { // newest first
		if c := &src.History[i]; c.Time != nil && !c.Time.After(at) {
			return src.Name, c
		}
	}
	return "", nil
}
