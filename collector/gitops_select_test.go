package collector

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

func ks(ns, name, parentNS, parent string) *unstructured.Unstructured {
	u := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
		"spec": map[string]any{"path": "./" + name}}}
	u.SetNamespace(ns)
	u.SetName(name)
	if parent != "" {
		u.SetLabels(map[string]string{ksNSLabel: parentNS, ksNameLabel: parent})
	}
	return u
}

// TestGitopsSelection: paging through thousands of Kustomizations keeps
// only those in scope whole; of the rest only keys, from which the chain
// of parents to read by name is found.
func TestGitopsSelection(t *testing.T) {
	s := newGitopsSelection()
	// flux-system/root applies flux-system/apps, which applies shop-web
	// (in scope); unrelated/other-N are thousands of others, out of scope.
	pages := [][]*unstructured.Unstructured{
		{ks("flux-system", "root", "", ""), ks("flux-system", "apps", "flux-system", "root")},
		{ks("flux-system", "shop-web", "flux-system", "apps"), ks("flux-system", "orphan", "gone", "missing")},
	}
	for p := 0; p < 20; p++ {
		var page []*unstructured.Unstructured
		for i := 0; i < 500; i++ {
			page = append(page, ks("unrelated", fmt.Sprintf("other-%d-%d", p, i), "flux-system", "root"))
		}
		pages = append(pages, page)
	}
	for _, page := range pages {
		for _, u := range page {
			s.kustomization(u, u.GetName() == "shop-web" || u.GetName() == "orphan")
		}
	}
	// A fallback re-list visits a kept object again: it is kept once.
	s.kustomization(ks("flux-system", "shop-web", "flux-system", "apps"), true)
	hr := &unstructured.Unstructured{Object: map[string]any{}}
	hr.SetNamespace("shop")
	hr.SetName("db")
	hr.SetLabels(map[string]string{ksNSLabel: "flux-system", ksNameLabel: "apps"})
	s.hr[nsName{"shop", "db"}] = hr

	if len(s.ks) != 2 {
		t.Errorf("kept %d Kustomizations whole, want the 2 in scope", len(s.ks))
	}
	want := []nsName{{"flux-system", "apps"}, {"flux-system", "root"}}
	if diff := cmp.Diff(want, s.parents(), cmp.AllowUnexported(nsName{})); diff != "" {
		t.Errorf("parents to read (-want +got):\n%s", diff)
	}
}
