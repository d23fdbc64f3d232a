package layers

import (
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// routedPath is a Deployment behind Service web, an Ingress and an
// HTTPRoute; relabel moves the pod template off the Service's selector.
func routedPath(t *testing.T, relabel bool, lines ...string) *bundle.Bundle {
	t.Helper()
	tier := "frontend"
	if relabel {
		tier = "web"
	}
	docs := `
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop, uid: d1, generation: 2}
spec:
  replicas: 1
  selector: {matchLabels: {app: web}}
  template: {metadata: {labels: {app: web, tier: ` + tier + `}}, spec: {containers: [{name: web, image: web:2}]}}
status: {observedGeneration: 2, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: web-1
  namespace: shop
  uid: r1
  creationTimestamp: "2026-12-01T10:00:00Z"
  annotations: {deployment.kubernetes.io/revision: "1"}
  ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: web, uid: d1, controller: true}]
spec: {replicas: 0, template: {metadata: {labels: {app: web, tier: frontend}}}}
status: {replicas: 0}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: web-2
  namespace: shop
  uid: r2
  creationTimestamp: "2026-12-01T11:00:05Z"
  annotations: {deployment.kubernetes.io/revision: "2"}
  ownerReferences: [{apiVersion: apps/v1, kind: Deployment, name: web, uid: d1, controller: true}]
spec: {replicas: 1, template: {metadata: {labels: {app: web, tier: ` + tier + `}}}}
status: {replicas: 1, readyReplicas: 1}
---
apiVersion: v1
kind: Pod
metadata:
  name: web-2-a
  namespace: shop
  uid: p1
  labels: {app: web, tier: ` + tier + `}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: web-2, uid: r2, controller: true}]
spec: {nodeName: n1, containers: [{name: web, image: web:2}]}
status: {phase: Running, podIP: 10.1.0.4, conditions: [{type: Ready, status: "True"}]}
---
apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec: {selector: {app: web, tier: frontend}, ports: [{name: http, port: 80}]}
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: web-x, namespace: shop, labels: {kubernetes.io/service-name: web}}
endpoints: []
---
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata: {name: web, namespace: shop}
spec:
  rules: [{host: shop.example.com, http: {paths: [{path: /, pathType: Prefix, backend: {service: {name: web, port: {number: 80}}}}]}}]
`
	if !relabel {
		docs = strings.Replace(docs, "endpoints: []", "endpoints: [{addresses: [10.1.0.4], conditions: {ready: true}, targetRef: {kind: Pod, name: web-2-a}}]", 1)
	}
	objs, errs := bundle.DecodeDocuments("objects/test.yaml", []byte(docs))
	if len(errs) > 0 {
		t.Fatalf("decode: %v", errs)
	}
	t1, t2 := time.Date(2026, 12, 1, 9, 59, 0, 0, time.UTC), time.Date(2026, 12, 1, 11, 0, 0, 0, time.UTC)
	src := &bundle.GitSource{Name: "shop", History: []bundle.Commit{
		{Revision: "c2c2c2c2c2c2c2c2", Time: &t2, Subject: "web: tier label"}, {Revision: "c1c1c1c1c1c1c1c1", Time: &t1, Subject: "web"},
	}}
	var logs []*bundle.Log
	if len(lines) > 0 {
		logs = []*bundle.Log{{Namespace: "ingress-nginx", Pod: "ingress-nginx-controller-1", Container: "controller", File: "logs/ingress-nginx/ingress-nginx-controller-1/controller.log", Lines: lines}}
	}
	if relabel {
		logs = []*bundle.Log{{Namespace: "ingress-nginx", Pod: "ingress-nginx-controller-1", Container: "controller", File: "logs/ingress-nginx/ingress-nginx-controller-1/controller.log", Lines: []string{
			`W1201 11:01:00.000000       7 controller.go:1214] Service "shop/web" does not have any active Endpoint.`,
			`10.0.0.1 - - [01/Dec/2026:11:01:01 +0000] "GET / HTTP/1.1" 503 190 "-" "curl/8.5.0" 76 0.000 [shop-web-80] [] - - - - 9c1f`,
		}}}
	}
	return bundle.New(bundle.FormatRift, bundle.Meta{}, objs, []*bundle.GitSource{src}, logs, nil)
}

func TestRoutedPath(t *testing.T) {
	tests := []struct {
		name            string
		relabel         bool
		lines           []string
		routed, externl string
		has             []string
	}{
		{"routed", false, nil, StatusOK, StatusUnknown, []string{"routed by Ingress shop/web (shop.example.com) → Service web; no recorded check or access log speaks about it"}},
		{"the application's own 500 is routed", false, []string{
			`10.0.0.1 - - [01/Dec/2026:11:01:01 +0000] "GET / HTTP/1.1" 500 190 "-" "curl/8.5.0" 76 0.010 [shop-web-80] [] 10.1.0.4:8080 190 0.010 500 9c1f`,
		}, StatusOK, StatusFailed, []string{"logs a 5xx for upstream shop-web-80"}},
		{"pod labels left the selector", true, nil, StatusFailed, StatusFailed, []string{
			"Service web selects ReplicaSet web-1's pod labels, not those of the current ReplicaSet web-2: it routes to no pod of web (newest commit before web-2: c2c2c2c2c2c2 \"web: tier label\")",
			"ingress-nginx/ingress-nginx-controller-1 (controller) logs a 5xx for upstream shop-web-80: 10.0.0.1",
			"ingress-nginx/ingress-nginx-controller-1 (controller) logs no endpoints for shop/web: W1201",
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := findWorkload(t, Build(routedPath(t, tc.relabel, tc.lines...)), "Deployment/shop/web")
			st, l := stageOf(w, StageRouted), layerOf(w, LayerExternal)
			if d := cmp.Diff([2]string{tc.routed, tc.externl}, [2]string{st.Status, l.Status}); d != "" {
				t.Errorf("routed stage, external layer (-want +got):\n%s\nstage %+v\nlayer %+v", d, st.Evidence, l.Evidence)
			}
			var all []string
			for _, e := range append(st.Evidence, l.Evidence...) {
				all = append(all, e.Message)
			}
			joined := strings.Join(all, "\n")
			for _, h := range tc.has {
				if !strings.Contains(joined, h) {
					t.Errorf("evidence lacks %q:\n%s", h, joined)
				}
			}
		})
	}
}

// TestRoutedServiceWithoutPods: a Service a route sends users to is a
// subject even when it selects no pod, and that is a failure.
func TestRoutedServiceWithoutPods(t *testing.T) {
	w := findWorkload(t, Build(routedPath(t, true)), "Service/shop/web")
	if w.Convergence != Failed || !strings.Contains(w.ConvergenceReason, "Ingress shop/web (shop.example.com)") {
		t.Errorf("convergence = %s (%s), want failed naming the Ingress", w.Convergence, w.ConvergenceReason)
	}
	if l := layerOf(w, LayerExternal); l.Status != StatusFailed {
		t.Errorf("external = %s, want failed: %+v", l.Status, l.Evidence)
	}
}
