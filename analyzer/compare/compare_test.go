package compare

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
)

// side decodes testdata/file, applies mutate (by Kind/ns/name) and
// analyses it with the real rule engine.
func side(t *testing.T, eng *hypothesis.Engine, file string, mutate func(map[string]*bundle.Object) []*bundle.Object) Side {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	objs, errs := bundle.DecodeDocuments("objects/"+file, data)
	if len(errs) > 0 {
		t.Fatalf("decode: %v", errs)
	}
	m := map[string]*bundle.Object{}
	for _, o := range objs {
		m[o.Ref().String()] = o
	}
	if mutate != nil {
		objs = mutate(m)
	}
	at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	b := bundle.New(bundle.FormatRift, bundle.Meta{CreatedAt: &at}, objs, nil, nil, nil)
	r, err := analyzer.Analyze(context.Background(), b, eng)
	if err != nil {
		t.Fatal(err)
	}
	return Side{Bundle: b, Report: r}
}

func values(m map[string]*bundle.Object) []*bundle.Object {
	var out []*bundle.Object
	for _, o := range m {
		out = append(out, o)
	}
	return out
}

func TestCompare(t *testing.T) {
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	before := side(t, eng, "deployment-rolled-out.yaml", nil)
	tests := []struct {
		name   string
		mutate func(map[string]*bundle.Object) []*bundle.Object
		want   *WorkloadDiff
		objs   ObjectDiff
	}{
		{
			name: "nothing changed",
			objs: ObjectDiff{Appeared: []string{}, Disappeared: []string{}, Recreated: []string{}},
		},
		{
			name: "pod b recreated under its name, pod a restarted twice",
			mutate: func(m map[string]*bundle.Object) []*bundle.Object {
				m["Pod/shop/web-7d9c-b"].SetUID("p-b2")
				cs, _, _ := unstructured.NestedSlice(m["Pod/shop/web-7d9c-a"].Object, "status", "containerStatuses")
				cs[0].(map[string]any)["restartCount"] = int64(2)
				_ = unstructured.SetNestedSlice(m["Pod/shop/web-7d9c-a"].Object, cs, "status", "containerStatuses")
				return values(m)
			},
			want: &WorkloadDiff{Ref: "Deployment/shop/web", Presence: "both", Layers: []LayerChange{}, Stages: []NamedChange{},
				PodsReplaced: []PodReplaced{{Old: Pod{"web-7d9c-b", "7d9c", true}, New: Pod{"web-7d9c-b", "7d9c", true}}},
				PodsRemoved:  []Pod{}, PodsAdded: []Pod{},
				Restarts:            []NamedChange{{"web-7d9c-a", Change{"0", "2"}}},
				DivergencesResolved: []string{}, DivergencesNew: []string{}},
			objs: ObjectDiff{Appeared: []string{}, Disappeared: []string{}, Recreated: []string{"Pod/shop/web-7d9c-b"}},
		},
		{
			name: "pod a gone, a ConfigMap appeared",
			mutate: func(m map[string]*bundle.Object) []*bundle.Object {
				delete(m, "Pod/shop/web-7d9c-a")
				cm := &bundle.Object{Unstructured: &unstructured.Unstructured{Object: map[string]any{
					"apiVersion": "v1", "kind": "ConfigMap", "metadata": map[string]any{"name": "web-config", "namespace": "shop", "uid": "cm-1"}}}}
				cm.Source = bundle.Location{File: "objects/extra.yaml"}
				return append(values(m), cm)
			},
			objs: ObjectDiff{Appeared: []string{"ConfigMap/shop/web-config"}, Disappeared: []string{"Pod/shop/web-7d9c-a"}, Recreated: []string{}},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			after := side(t, eng, "deployment-rolled-out.yaml", tc.mutate)
			d, err := Compare(before, after)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.objs, d.Objects); diff != "" {
				t.Errorf("objects (-want +got):\n%s", diff)
			}
			if tc.want != nil {
				var got *WorkloadDiff
				for i := range d.Workloads {
					if d.Workloads[i].Ref == tc.want.Ref {
						got = &d.Workloads[i]
					}
				}
				if diff := cmp.Diff(tc.want, got); diff != "" {
					t.Errorf("workload (-want +got):\n%s", diff)
				}
			}
			// Every format renders, and twice the same.
			for _, write := range []func(*bytes.Buffer) error{
				func(b *bytes.Buffer) error { return d.WriteText(b) },
				func(b *bytes.Buffer) error { return d.WriteMarkdown(b) },
				func(b *bytes.Buffer) error { return d.WriteJSON(b) },
			} {
				var x, y bytes.Buffer
				if err := write(&x); err != nil {
					t.Fatal(err)
				}
				if err := write(&y); err != nil || x.String() != y.String() || !strings.Contains(x.String(), "2026-01-01T12:00:00Z") {
					t.Errorf("render not deterministic or missing the capture time: %v", err)
				}
			}
		})
	}
}
