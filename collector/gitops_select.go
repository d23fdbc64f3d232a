package collector

import (
	"sort"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// gitopsSelection is what collectGitOps keeps while it pages through the
// cluster-wide GitOps lists: the objects in scope, by key (a key seen
// twice, when a forbidden cluster-wide list falls back to the scoped
// namespaces, is kept once), and for every Kustomization listed the key
// of the Kustomization that applied it. Nothing else of a page is kept.
type gitopsSelection struct {
	ks, hr, apps map[nsName]*unstructured.Unstructured
	// appliedBy maps every Kustomization listed to its parent's key
	// (zero when no Kustomization applied it).
	appliedBy map[nsName]nsName
}

func newGitopsSelection() *gitopsSelection {
	return &gitopsSelection{ks: map[nsName]*unstructured.Unstructured{}, hr: map[nsName]*unstructured.Unstructured{},
		apps: map[nsName]*unstructured.Unstructured{}, appliedBy: map[nsName]nsName{}}
}

// kustomization records one listed Kustomization, kept whole when in.
func (s *gitopsSelection) kustomization(u *unstructured.Unstructured, in bool) {
	k := nsName{u.GetNamespace(), u.GetName()}
	s.appliedBy[k] = appliedBy(u)
	if in {
		s.ks[k] = u
	}
}

// appliedBy is the key of the Kustomization whose labels say it applied u.
func appliedBy(u *unstructured.Unstructured) nsName {
	lb := u.GetLabels()
	return nsName{lb[ksNSLabel], lb[ksNameLabel]}
}

// parents returns the Kustomizations, not kept yet, that applied a kept
// Kustomization or HelmRelease, up the chain, among those listed; sorted.
func (s *gitopsSelection) parents() []nsName {
	var out []nsName
	seen := map[nsName]bool{}
	var queue []nsName
	for k := range s.ks {
		queue = append(queue, s.appliedBy[k])
	}
	for _, u := range s.hr {
		queue = append(queue, appliedBy(u))
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		if _, listed := s.appliedBy[p]; !listed || seen[p] || s.ks[p] != nil {
			continue
		}
		seen[p] = true
		out = append(out, p)
		queue = append(queue, s.appliedBy[p])
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].ns != out[j].ns {
			return out[i].ns < out[j].ns
		}
		return out[i].name < out[j].name
	})
	return out
}
