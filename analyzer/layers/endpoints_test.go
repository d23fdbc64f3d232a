package layers

import (
	"strings"
	"testing"
)

// An EndpointSlice that lists a Service's pods with no port (the API
// writes "ports": null when a named targetPort resolves on none of them)
// routes nothing: the Service is failed, and says why. A slice trimmed of
// its ports field says nothing about them.
func TestPortlessEndpoints(t *testing.T) {
	base := `apiVersion: v1
kind: Service
metadata: {name: web, namespace: shop}
spec: {selector: {app: web}, ports: [{name: http, port: 80, targetPort: http}]}
---
apiVersion: v1
kind: Pod
metadata: {name: web-1, namespace: shop, labels: {app: web}}
spec: {containers: [{name: web, image: web:1, ports: [{name: web, containerPort: 8080}]}]}
status: {phase: Running, podIP: 10.0.0.5, conditions: [{type: Ready, status: "True"}]}
---
apiVersion: discovery.k8s.io/v1
kind: EndpointSlice
metadata: {name: web-x, namespace: shop, labels: {kubernetes.io/service-name: web}}
addressType: IPv4
endpoints: [{addresses: [10.0.0.5], conditions: {ready: true}, targetRef: {kind: Pod, name: web-1, namespace: shop}}]
`
	for _, tc := range []struct {
		name, ports, want, reason string
	}{
		{"ports null", "ports: null\n", Failed, "without a port"},
		{"ports empty", "ports: []\n", Failed, "without a port"},
		{"ports resolved", "ports: [{name: http, port: 8080, protocol: TCP}]\n", Converged, "1 of 1"},
		{"ports trimmed", "", Converged, "1 of 1"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			w := findWorkload(t, Build(fromYAML(t, base+tc.ports)), "Service/shop/web")
			if w.Convergence != tc.want || !strings.Contains(w.ConvergenceReason, tc.reason) {
				t.Errorf("Service/shop/web %s (%s), want %s with %q", w.Convergence, w.ConvergenceReason, tc.want, tc.reason)
			}
		})
	}
}
