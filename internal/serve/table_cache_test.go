package serve

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestTableRowCache checks that a Table page cut from the cached rows is
// the page encoded row by row (what a selective list gets), at every
// page boundary, in one namespace and across all, for each includeObject.
func TestTableRowCache(t *testing.T) {
	var objs []*bundle.Object
	for i := range 2*minTablePage + 7 {
		objs = append(objs, &bundle.Object{Unstructured: &unstructured.Unstructured{Object: map[string]any{
			"apiVersion": "v1", "kind": "Pod",
			"metadata": map[string]any{"name": fmt.Sprintf("p-%05d", i), "namespace": fmt.Sprintf("ns-%d", i%3), "labels": map[string]any{"i": fmt.Sprint(i)}},
			"status":   map[string]any{"phase": "Running"},
		}}})
	}
	b := bundle.New(bundle.FormatRift, bundle.Meta{}, objs, nil, nil, nil)
	b.CaptureTime = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	c := newCatalog("t", b)
	cases := []struct {
		name, path, include string
	}{
		{"all namespaces", "/api/v1/pods", ""},
		{"one namespace", "/api/v1/namespaces/ns-1/pods", ""},
		{"objects", "/api/v1/namespaces/ns-2/pods", "Object"},
		{"no objects", "/api/v1/pods", "None"},
	}
	get := func(t *testing.T, path string, q url.Values) (string, string) {
		req := httptest.NewRequest("GET", path+"?"+q.Encode(), nil)
		req.Header.Set("Accept", "application/json;as=Table;v=v1;g=meta.k8s.io,application/json")
		rec := httptest.NewRecorder()
		c.serveHTTP(rec, req, path, nil)
		var page struct {
			Metadata struct{ Continue string } `json:"metadata"`
		}
		if err := json.Unmarshal(rec.Body.Bytes(), &page); err != nil {
			t.Fatalf("%s: %v: %s", path, err, rec.Body.String())
		}
		return rec.Body.String(), page.Metadata.Continue
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cont, pages := "", 0
			for {
				q := url.Values{"limit": {"500"}, "continue": {cont}}
				if tc.include != "" {
					q.Set("includeObject", tc.include)
				}
				cached, next := get(t, tc.path, q)
				// A selector that selects every object takes the
				// uncached path.
				q.Set("labelSelector", "!absent")
				encoded, _ := get(t, tc.path, q)
				if diff := cmp.Diff(encoded, cached); diff != "" {
					t.Fatalf("page %d (-encoded +cached):\n%s", pages, diff)
				}
				pages++
				if cont = next; cont == "" {
					break
				}
			}
			if pages < 2 && tc.path == "/api/v1/pods" {
				t.Errorf("%d pages, want several", pages)
			}
		})
	}
}
