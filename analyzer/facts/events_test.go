package facts

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func eventNames(evs []*Event) []string {
	var out []string
	for _, e := range evs {
		out = append(out, e.Name)
	}
	return out
}

// eventsFixture: a Pod, a Node and a cluster-scoped custom resource its
// CRD declares, with events through both APIs (one without a UID, one
// recorded in namespace default about the Node) and an object of another
// group named Event, which is no Event.
func eventsFixture() []*bundle.Object {
	meta := func(ns, name, uid string) map[string]any {
		return map[string]any{"namespace": ns, "name": name, "uid": uid}
	}
	ev := func(api, ns, name string, ref map[string]any) *bundle.Object {
		field := "involvedObject"
		if api == "events.k8s.io/v1" {
			field = "regarding"
		}
		return object(map[string]any{"apiVersion": api, "kind": "Event", "metadata": meta(ns, name, name),
			field: ref, "reason": "R", "firstTimestamp": "2025-03-01T10:00:00Z"})
	}
	return []*bundle.Object{
		crd("example.com", "Widget", "Cluster"),
		object(map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": meta("shop", "web-a", "pa")}),
		object(map[string]any{"apiVersion": "v1", "kind": "Node", "metadata": meta("", "n1", "n1")}),
		object(map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "metadata": meta("", "w", "w")}),
		ev("v1", "shop", "e1", map[string]any{"kind": "Pod", "name": "web-a", "uid": "pa"}),
		ev("events.k8s.io/v1", "shop", "e2", map[string]any{"kind": "Pod", "namespace": "shop", "name": "web-a"}),
		ev("v1", "default", "e3", map[string]any{"apiVersion": "v1", "kind": "Node", "name": "n1"}),
		ev("v1", "default", "e4", map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "name": "w"}),
		ev("v1", "shop", "e5", nil),
		object(map[string]any{"apiVersion": "example.com/v1", "kind": "Event", "metadata": meta("shop", "not-an-event", "x")}),
	}
}

func TestEvents(t *testing.T) {
	ix := bundle.NewIndex(eventsFixture(), nil)
	evs := Events(ix)
	var got []string
	for _, e := range evs {
		got = append(got, e.Name+" "+e.Involved.String())
	}
	want := []string{"e1 Pod/shop/web-a", "e2 Pod/shop/web-a", "e3 Node/n1", "e4 Widget/w", "e5 /shop/"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("events in bundle order, keyed by the scope rule (-want +got):\n%s", diff)
	}
	if again := Events(ix); len(again) == 0 || &again[0] != &evs[0] {
		t.Errorf("Events built twice for one Index")
	}
}

func TestEventsFor(t *testing.T) {
	objs := eventsFixture()
	ix := bundle.NewIndex(objs, nil)
	get := func(k bundle.Key) *bundle.Object {
		o, ok := ix.Get(k)
		if !ok {
			t.Fatalf("no %v", k)
		}
		return o
	}
	tests := []struct {
		name string
		obj  *bundle.Object
		want []string
	}{
		{"by UID and by key, each once", get(bundle.Key{Kind: "Pod", Namespace: "shop", Name: "web-a"}), []string{"e1", "e2"}},
		{"a Node's event recorded in namespace default", get(bundle.Key{Kind: "Node", Name: "n1"}), []string{"e3"}},
		{"a cluster-scoped custom resource's event", get(bundle.Key{Group: "example.com", Kind: "Widget", Name: "w"}), []string{"e4"}},
		{"an object without events", objs[0], nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, eventNames(EventsFor(ix, tc.obj))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

// TestEventsForManyByUID takes the map path of EventsFor's dedupe.
func TestEventsForManyByUID(t *testing.T) {
	objs := []*bundle.Object{object(map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": map[string]any{"namespace": "ns", "name": "p", "uid": "u"}})}
	var want []string
	for i := range 2*smallSet + 1 {
		ref := map[string]any{"kind": "Pod", "name": "p", "uid": "u"}
		if i%2 == 0 {
			delete(ref, "uid") // found by key only
		}
		name := fmt.Sprintf("e%02d", i)
		objs = append(objs, object(map[string]any{"apiVersion": "v1", "kind": "Event",
			"metadata": map[string]any{"namespace": "ns", "name": name}, "involvedObject": ref}))
		if i%2 == 1 {
			want = append(want, name)
		}
	}
	for i := 0; i < 2*smallSet+1; i += 2 {
		want = append(want, fmt.Sprintf("e%02d", i))
	}
	ix := bundle.NewIndex(objs, nil)
	if diff := cmp.Diff(want, eventNames(EventsFor(ix, objs[0]))); diff != "" {
		t.Errorf("UID matches first, then key-only matches (-want +got):\n%s", diff)
	}
}
