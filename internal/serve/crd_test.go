package serve

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// crdBundle is a CRD with printer columns and n objects of its kind,
// labelled by parity.
func crdBundle(n int) *bundle.Bundle {
	obj := func(m map[string]any) *bundle.Object {
		return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
	}
	objs := []*bundle.Object{obj(map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": "widgets.example.com"},
		"spec": map[string]any{
			"group": "example.com", "scope": "Namespaced",
			"names": map[string]any{"kind": "Widget", "plural": "widgets"},
			"versions": []any{map[string]any{
				"name": "v1", "served": true,
				"additionalPrinterColumns": []any{
					// A range template: its evaluation keeps state in the
					// parsed JSONPath and consumes its parse tree.
					map[string]any{"name": "Ready", "type": "string", "jsonPath": `range .status.conditions[?(@.type=="Ready")]}{.status}{end`},
					map[string]any{"name": "Size", "type": "integer", "jsonPath": ".spec.size"},
					map[string]any{"name": "Age", "type": "date", "jsonPath": ".metadata.creationTimestamp"},
				},
			}},
		},
	})}
	for i := range n {
		objs = append(objs, obj(map[string]any{
			"apiVersion": "example.com/v1", "kind": "Widget",
			"metadata": map[string]any{
				"name": fmt.Sprintf("w-%04d", i), "namespace": "ns", "creationTimestamp": "2025-12-31T00:00:00Z",
				"labels": map[string]any{"parity": fmt.Sprint(i % 2)},
			},
			"spec":   map[string]any{"size": int64(i)},
			"status": map[string]any{"conditions": []any{map[string]any{"type": "Ready", "status": fmt.Sprint(i%3 == 0)}}},
		}))
	}
	b := bundle.New(bundle.FormatRift, bundle.Meta{}, objs, nil, nil, nil)
	b.CaptureTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	return b
}

// TestCRDTableConcurrent lists and gets custom resources as Tables from
// many goroutines at once, on the paths that evaluate printer columns per
// request (a selective list, a get) and on the cached one, and checks
// every answer is the one a lone request gets. Run it with -race: a
// parsed JSONPath keeps state while it evaluates.
func TestCRDTableConcurrent(t *testing.T) {
	c := newCatalog("t", crdBundle(300))
	get := func(path string, q url.Values) string {
		req := httptest.NewRequest("GET", path+"?"+q.Encode(), nil)
		req.Header.Set("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io,application/json")
		rec := httptest.NewRecorder()
		c.serveHTTP(rec, req, path, nil)
		return rec.Body.String()
	}
	cases := []struct {
		name, path string
		q          url.Values
	}{
		{"selective list", "/apis/example.com/v1/widgets", url.Values{"labelSelector": {"parity=1"}}},
		{"field-selected list", "/apis/example.com/v1/namespaces/ns/widgets", url.Values{"fieldSelector": {"metadata.name!=w-0001"}}},
		{"whole list", "/apis/example.com/v1/widgets", url.Values{}},
		{"get", "/apis/example.com/v1/namespaces/ns/widgets/w-0003", url.Values{}},
	}
	want := map[string]string{}
	for _, tc := range cases {
		want[tc.name] = get(tc.path, tc.q)
		var tbl struct {
			Rows []struct{ Cells []any } `json:"rows"`
		}
		if err := json.Unmarshal([]byte(want[tc.name]), &tbl); err != nil || len(tbl.Rows) == 0 {
			t.Fatalf("%s: %v: want rows, got %.300s", tc.name, err, want[tc.name])
		}
		for _, row := range tbl.Rows {
			var i int
			name, _ := row.Cells[0].(string)
			fmt.Sscanf(name, "w-%d", &i)
			wantCells := []any{name, fmt.Sprint(i%3 == 0), float64(i), "24h"}
			if diff := cmp.Diff(wantCells, row.Cells); diff != "" {
				t.Fatalf("%s: row %s (-want +got):\n%s", tc.name, name, diff)
			}
		}
	}
	// A fresh catalog: the cached rows are encoded under the load too.
	c = newCatalog("t", crdBundle(300))
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var wg sync.WaitGroup
			got := make([]string, 8)
			for i := range got {
				wg.Go(func() { got[i] = get(tc.path, tc.q) })
			}
			wg.Wait()
			for i, g := range got {
				if diff := cmp.Diff(want[tc.name], g); diff != "" {
					t.Errorf("request %d (-alone +concurrent):\n%s", i, diff)
				}
			}
		})
	}
}

// TestCellOf: a printer column's value in each column type, as the CRD
// API server's table convertor prints it: converted to the column's
// type, nil when it is not of that type.
func TestCellOf(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	cases := []struct {
		typ   string
		value any
		want  any
	}{
		{"string", "Ready", "Ready"},
		{"string", int64(3), "3"},
		{"string", true, "true"},
		{"string", map[string]any{"a": "b"}, `{"a":"b"}`},
		{"string", []any{"x", int64(1)}, `["x",1]`},
		{"integer", int64(3), int64(3)},
		{"integer", float64(3), int64(3)},
		{"integer", "3", nil},
		{"number", int64(3), float64(3)},
		{"number", 2.5, 2.5},
		{"number", "2.5", nil},
		{"boolean", true, true},
		{"boolean", "true", nil},
		{"date", "2025-12-31T00:00:00Z", "24h"},
		{"date", "yesterday", "<invalid>"},
		{"date", "", "<unknown>"},
		{"date", int64(1), nil},
		{"object", map[string]any{}, nil},
		{"string", nil, nil},
	}
	for _, tc := range cases {
		t.Run(fmt.Sprintf("%s %v", tc.typ, tc.value), func(t *testing.T) {
			if diff := cmp.Diff(tc.want, cellOf(tc.typ, tc.value, now)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
