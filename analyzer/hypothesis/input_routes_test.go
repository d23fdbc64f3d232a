package hypothesis

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestServiceRoutesChecks: a failed check on a host a route sends to a
// Service, or on the Service itself, is a failure of its routed path; a
// passing check and a check on an unrouted host are not.
func TestServiceRoutesChecks(t *testing.T) {
	objs, errs := bundle.DecodeDocuments("objects/test.yaml", []byte(`
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: web, namespace: shop}
spec:
  rules: [{host: shop.example.com, http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}]}}]
`))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	checks := []*bundle.Check{
		{Name: "home", Target: "https://shop.example.com/", OK: false, Detail: "HTTP 503", File: "checks/a.yaml"},
		{Name: "svc", Target: "Service/shop/web", OK: false, Detail: "connection refused", File: "checks/a.yaml"},
		{Name: "ok", Target: "https://shop.example.com/cart", OK: true, File: "checks/a.yaml"},
		{Name: "other", Target: "https://other.example.com/", OK: false, File: "checks/a.yaml"},
	}
	b := bundle.New(bundle.FormatRift, bundle.Meta{}, objs, nil, nil, checks)
	doc := serviceRoutes(b, b.Index).(map[string]any)
	var got []string
	for _, f := range doc["shop/web"].(map[string]any)["failures"].([]any) {
		m := f.(map[string]any)
		got = append(got, m["what"].(string)+" "+m["object"].(map[string]any)["kind"].(string)+" "+m["line"].(string))
	}
	want := []string{"check Ingress check home on https://shop.example.com/: HTTP 503", "check Service check svc on Service/shop/web: connection refused"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("failures (-want +got):\n%s", d)
	}
}
