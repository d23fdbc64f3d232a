package bundle

import (
	"sort"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRefLess: kind first, then namespace (cluster-scoped first), name and
// apiVersion, so that one object read through two versions sorts stably.
func TestRefLess(t *testing.T) {
	got := []Ref{
		{APIVersion: "v1", Kind: "Pod", Namespace: "shop", Name: "web-1"},
		{APIVersion: "apps/v1", Kind: "Deployment", Namespace: "shop", Name: "web"},
		{APIVersion: "v1", Kind: "Node", Name: "n1"},
		{APIVersion: "v1", Kind: "Pod", Namespace: "billing", Name: "api-1"},
		{APIVersion: "extensions/v1beta1", Kind: "Deployment", Namespace: "shop", Name: "web"},
		{APIVersion: "v1", Kind: "Pod", Namespace: "shop", Name: "web-0"},
	}
	want := []Ref{got[1], got[4], got[2], got[3], got[5], got[0]}
	sort.Slice(got, func(i, j int) bool { return got[i].Less(got[j]) })
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("order (-want +got):\n%s", d)
	}
}
