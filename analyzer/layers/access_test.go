package layers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/bundle"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestLabelMatchesGetLabels checks label and annotation against the
// accessors they stand in for, on well-formed and malformed metadata.
func TestLabelMatchesGetLabels(t *testing.T) {
	tests := []struct {
		name string
		meta any
	}{
		{"strings", map[string]any{"labels": map[string]any{"k": "v", "o": "w"}, "annotations": map[string]any{"k": "a"}}},
		{"null value", map[string]any{"labels": map[string]any{"k": nil, "o": "w"}, "annotations": map[string]any{"k": nil}}},
		{"non-string value hides all", map[string]any{"labels": map[string]any{"k": "v", "o": int64(1)}, "annotations": map[string]any{"k": "a", "o": true}}},
		{"labels not a map", map[string]any{"labels": "k=v", "annotations": []any{"k"}}},
		{"no labels", map[string]any{}},
		{"metadata not a map", "x"},
		{"no metadata", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m := map[string]any{"apiVersion": "v1", "kind": "Pod"}
			if tc.meta != nil {
				m["metadata"] = tc.meta
			}
			o := &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
			for _, k := range []string{"k", "o", "absent"} {
				want := [2]string{o.GetLabels()[k], o.GetAnnotations()[k]}
				got := [2]string{label(o, k), annotation(o, k)}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("key %s: [label annotation] (-want +got):\n%s", k, diff)
				}
			}
		})
	}
}
