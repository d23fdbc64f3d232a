package compare

import (
	"fmt"
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// diffPods pairs a workload's pods by name. The same name with a new UID is
// a replacement (a StatefulSet recreates pods under their ordinal name); a
// name on one side only was removed or added (a Deployment's new
// ReplicaSet names new pods). Restart counts are compared for the same pod
// (same UID) only: a replacement starts again from zero.
func diffPods(wd *WorkloadDiff, b, a *layers.Workload, bb, ab *bundle.Bundle) {
	bp := map[string]layers.PodState{}
	for _, p := range b.Pods {
		bp[p.Name] = p
	}
	seen := map[string]bool{}
	for _, p := range a.Pods {
		seen[p.Name] = true
		old, ok := bp[p.Name]
		if !ok {
			wd.PodsAdded = append(wd.PodsAdded, pod(p))
			continue
		}
		ns := a.Ref.Namespace
		if uid(bb, ns, p.Name) != uid(ab, ns, p.Name) {
			wd.PodsReplaced = append(wd.PodsReplaced, PodReplaced{Old: pod(old), New: pod(p)})
			continue
		}
		if old.Restarts != p.Restarts {
			wd.Restarts = append(wd.Restarts, NamedChange{p.Name, Change{fmt.Sprint(old.Restarts), fmt.Sprint(p.Restarts)}})
		}
	}
	for _, p := range b.Pods {
		if !seen[p.Name] {
			wd.PodsRemoved = append(wd.PodsRemoved, pod(p))
		}
	}
	byName := func(x, y Pod) int { return cmpString(x.Name, y.Name) }
	slices.SortFunc(wd.PodsAdded, byName)
	slices.SortFunc(wd.PodsRemoved, byName)
	slices.SortFunc(wd.PodsReplaced, func(x, y PodReplaced) int { return cmpString(x.New.Name, y.New.Name) })
	slices.SortFunc(wd.Restarts, func(x, y NamedChange) int { return cmpString(x.Name, y.Name) })
}

func pod(p layers.PodState) Pod { return Pod{Name: p.Name, Revision: p.Revision, Ready: p.Ready} }

// uid is a pod's UID in a bundle, "" when the bundle lacks the object.
func uid(b *bundle.Bundle, ns, name string) string {
	if b.Index == nil {
		return ""
	}
	o, ok := b.Index.Get(bundle.Key{Kind: "Pod", Namespace: ns, Name: name})
	if !ok {
		return ""
	}
	return string(o.GetUID())
}
