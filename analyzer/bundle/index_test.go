package bundle

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

func TestIndexAPIGroupMatchesParseGroupVersion(t *testing.T) {
	for _, av := range []string{"", "v1", "/", "apps/v1", "events.k8s.io/v1", "a/", "/v1", "a/b/c", "//"} {
		t.Run(av, func(t *testing.T) {
			want := ""
			if gv, err := schema.ParseGroupVersion(av); err == nil {
				want = gv.Group
			}
			if diff := cmp.Diff(want, APIGroup(av)); diff != "" {
				t.Errorf("APIGroup(%q) (-want +got):\n%s", av, diff)
			}
		})
	}
}

func obj(m map[string]any) *Object {
	return &Object{Unstructured: &unstructured.Unstructured{Object: m}}
}

func TestIndexIsEvent(t *testing.T) {
	tests := []struct {
		apiVersion, kind string
		want             bool
	}{
		{"v1", "Event", true},
		{"events.k8s.io/v1", "Event", true},
		{"a/b/c", "Event", true}, // malformed: read as the core group, as GroupVersionKind does
		{"example.com/v1", "Event", false},
		{"v1", "Pod", false},
	}
	for _, tc := range tests {
		t.Run(tc.apiVersion+"/"+tc.kind, func(t *testing.T) {
			o := obj(map[string]any{"apiVersion": tc.apiVersion, "kind": tc.kind})
			if diff := cmp.Diff(tc.want, IsEvent(o)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// indexFixture: two pods (one on a node), a duplicate of the first, a
// ReplicaSet owning both, and events through both APIs, one without a UID
// (the facts package looks events up: facts.EventsFor).
func indexFixture() []*Object {
	meta := func(ns, name, uid string, extra map[string]any) map[string]any {
		m := map[string]any{"namespace": ns, "name": name, "uid": uid}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	owner := []any{map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web", "uid": "rs"}}
	return []*Object{
		obj(map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": meta("shop", "web", "rs", nil)}),
		obj(map[string]any{"apiVersion": "v1", "kind": "Pod", "spec": map[string]any{"nodeName": "n1"},
			"metadata": meta("shop", "web-a", "pa", map[string]any{"labels": map[string]any{"app": "web", "tier": "fe"}, "ownerReferences": owner})}),
		obj(map[string]any{"apiVersion": "v1", "kind": "Pod",
			"metadata": meta("shop", "web-b", "pb", map[string]any{"labels": map[string]any{"app": "web"}, "ownerReferences": owner})}),
		obj(map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": meta("shop", "web-a", "dup", nil)}),
		obj(map[string]any{"apiVersion": "v1", "kind": "Event", "metadata": meta("shop", "e1", "e1", nil),
			"involvedObject": map[string]any{"kind": "Pod", "name": "web-a", "uid": "pa"}}),
		obj(map[string]any{"apiVersion": "events.k8s.io/v1", "kind": "Event", "metadata": meta("shop", "e2", "e2", nil),
			"regarding": map[string]any{"kind": "Pod", "namespace": "shop", "name": "web-a"}}),
	}
}

func names(objs []*Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.GetName())
	}
	return out
}

func TestIndexLookups(t *testing.T) {
	objs := indexFixture()
	ix := NewIndex(objs, nil)
	pod, ok := ix.Get(Key{Kind: "Pod", Namespace: "shop", Name: "web-a"})
	if !ok || pod.GetUID() != "pa" {
		t.Fatalf("Get: got %v, want the first web-a (uid pa)", pod)
	}
	sel := func(s string) labels.Selector { l, _ := labels.Parse(s); return l }
	tests := []struct {
		name string
		got  []*Object
		want []string
	}{
		{"children of the ReplicaSet", ix.Children("rs"), []string{"web-a", "web-b"}},
		{"pods in shop, duplicate ignored", ix.PodsInNamespace("shop"), []string{"web-a", "web-b"}},
		{"pods on n1", ix.PodsOnNode("n1"), []string{"web-a"}},
		{"select app=web", ix.SelectPods("shop", sel("app=web")), []string{"web-a", "web-b"}},
		{"select app=web,tier=fe", ix.SelectPods("shop", sel("app=web,tier=fe")), []string{"web-a"}},
		{"select app in (web)", ix.SelectPods("shop", sel("app in (web)")), []string{"web-a", "web-b"}},
		{"select app!=web", ix.SelectPods("shop", sel("app!=web")), nil},
		{"select in another namespace", ix.SelectPods("other", sel("app=web")), nil},
		{"empty selector selects nothing", ix.SelectPods("shop", labels.Everything()), nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, names(tc.got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestIndexChildrenMatchesGetOwnerReferences files children under the
// UIDs GetOwnerReferences reads, malformed references included.
func TestIndexChildrenMatchesGetOwnerReferences(t *testing.T) {
	tests := []struct {
		name string
		refs any
	}{
		{"two owners", []any{map[string]any{"uid": "a"}, map[string]any{"uid": "b"}}},
		{"owner without uid", []any{map[string]any{"kind": "ReplicaSet"}}},
		{"one reference not an object", []any{map[string]any{"uid": "a"}, "b"}},
		{"not a list", map[string]any{"uid": "a"}},
		{"null", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := obj(map[string]any{"apiVersion": "v1", "kind": "Pod",
				"metadata": map[string]any{"name": "p", "ownerReferences": tc.refs}})
			ix := NewIndex([]*Object{o}, nil)
			var want, got []string
			for _, r := range o.GetOwnerReferences() {
				want = append(want, string(r.UID))
			}
			for _, uid := range []string{"", "a", "b"} {
				if len(ix.Children(types.UID(uid))) > 0 {
					got = append(got, uid)
				}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("owner UIDs (-want +got):\n%s", diff)
			}
		})
	}
}

func BenchmarkNewIndex(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		var objs []*Object
		for i := range n {
			objs = append(objs, indexFixture()...)
			for _, o := range objs[len(objs)-6:] {
				o.SetNamespace(fmt.Sprintf("ns%d", i))
			}
		}
		b.Run(fmt.Sprintf("objects=%d", len(objs)), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				NewIndex(objs, nil)
			}
		})
	}
}
