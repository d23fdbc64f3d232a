package hypothesis

import (
	"context"
	"io/fs"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/open-policy-agent/opa/v1/rego"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/policies"
)

// TestNodeEventKeyedWithoutNamespace is the regression test of issue 17:
// the kubelet records a Node's events in namespace default, and the input
// listed them under Node/default/n1, where lib.events(node), which looks
// up key(ref(node)) = Node/n1, never found them. A cluster-scoped object
// has no namespace, whatever the Event's says.
func TestNodeEventKeyedWithoutNamespace(t *testing.T) {
	obj := func(m map[string]any) *bundle.Object {
		return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
	}
	b := bundle.New(bundle.FormatDirectory, bundle.Meta{}, []*bundle.Object{
		obj(map[string]any{"apiVersion": "v1", "kind": "Node", "metadata": map[string]any{"name": "n1", "uid": "node-n1"}}),
		obj(map[string]any{"apiVersion": "v1", "kind": "Event",
			"metadata":       map[string]any{"name": "n1.17f0", "namespace": "default"},
			"involvedObject": map[string]any{"apiVersion": "v1", "kind": "Node", "name": "n1", "uid": "node-n1"},
			"reason":         "NodeNotReady", "type": "Normal", "message": "Node n1 status is now: NodeNotReady",
			"firstTimestamp": "2025-03-01T10:00:00Z", "count": int64(1)}),
	}, nil, nil, nil)
	v, err := Input{Bundle: b}.value(nil)
	if err != nil {
		t.Fatal(err)
	}

	tests := []struct {
		name, query string
		want        any
	}{
		{"events_by_object is keyed Node/n1", `[e.reason | some e in input.events_by_object["Node/n1"]]`, []any{"NodeNotReady"}},
		{"no key names the Event's namespace", `[k | some k, _ in input.events_by_object; contains(k, "default")]`, []any{}},
		{"the involved object has no namespace", `input.events_by_object["Node/n1"][0].object.namespace`, ""},
		{"the event keeps its own namespace", `input.events_by_object["Node/n1"][0].namespace`, "default"},
		{"lib.events finds it", `[e.reason | some e in data.rift.lib.events(input.objects.Node[""].n1)]`, []any{"NodeNotReady"}},
	}
	// The helpers of package rift.lib, as the engine loads them.
	libs, err := fs.Glob(policies.FS, "lib*.rego")
	if err != nil || len(libs) == 0 {
		t.Fatalf("no lib*.rego: %v", err)
	}
	opts := []func(*rego.Rego){rego.ParsedInput(v)}
	for _, name := range libs {
		src, err := fs.ReadFile(policies.FS, name)
		if err != nil {
			t.Fatal(err)
		}
		opts = append(opts, rego.Module(name, string(src)))
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			rs, err := rego.New(append(opts, rego.Query(tc.query))...).Eval(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			var got any
			if len(rs) == 1 && len(rs[0].Expressions) == 1 {
				got = rs[0].Expressions[0].Value
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", tc.query, diff)
			}
		})
	}
}
