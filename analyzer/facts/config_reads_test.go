package facts

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

const staleObjects = `
apiVersion: v1
kind: ConfigMap
metadata:
  name: api-config
  namespace: shop
  managedFields:
  - {manager: kubectl-client-side-apply, operation: Update, time: "2026-11-10T14:00:00Z", fieldsV1: {"f:data": {"f:DB_HOST": {}}}}
  - {manager: kustomize-controller, operation: Apply, time: "2026-11-10T15:30:00Z", fieldsV1: {"f:data": {"f:DB_HOST": {}}}}
  - {manager: labeler, operation: Update, time: "2026-11-10T16:00:00Z", fieldsV1: {"f:metadata": {"f:labels": {}}}}
---
apiVersion: v1
kind: Secret
metadata:
  name: api-tls
  namespace: shop
  managedFields:
  - {manager: cert-manager, operation: Update, time: "2026-11-10T15:45:00Z", fieldsV1: {"f:data": {"f:tls.crt": {}}}}
---
apiVersion: v1
kind: ConfigMap
metadata:
  name: undated
  namespace: shop
---
apiVersion: v1
kind: Pod
metadata: {name: api-1, namespace: shop}
spec:
  volumes:
  - {name: tls, secret: {secretName: api-tls}}
  - {name: whole, configMap: {name: api-config}}
  containers:
  - name: api
    envFrom: [{configMapRef: {name: api-config}}, {configMapRef: {name: undated}}]
    volumeMounts: [{name: tls, mountPath: /tls/tls.crt, subPath: tls.crt}, {name: whole, mountPath: /etc/api}]
  - name: sidecar
    env: [{name: DB_HOST, valueFrom: {configMapKeyRef: {name: api-config, key: DB_HOST}}}]
  - name: waiting
    envFrom: [{configMapRef: {name: api-config}}]
status:
  phase: Running
  containerStatuses:
  - {name: api, state: {running: {startedAt: "2026-11-10T15:00:00Z"}}}
  - {name: sidecar, state: {running: {startedAt: "2026-11-10T15:31:00Z"}}}
  - {name: waiting, state: {waiting: {reason: CrashLoopBackOff}}}
`

// TestStaleReads: which running containers started before the data they
// read at start was written, and what is left out.
func TestStaleReads(t *testing.T) {
	objs, errs := bundle.DecodeDocuments("objects.yaml", []byte(staleObjects))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	type row struct{ Container, Config, Via, Started, Written, Writer string }
	var got []row
	for _, r := range StaleReads(bundle.NewIndex(objs, nil)) {
		got = append(got, row{r.Container, r.Config.String(), r.Via, r.Started.Format("15:04"), r.Written.Format("15:04"), r.Writer})
	}
	// The whole-volume mount is updated in place; the sidecar started
	// after the write; the waiting container reads it when it starts;
	// "undated" has no managedFields; the labeler wrote no data.
	want := []row{
		{"api", "ConfigMap/shop/api-config", "envFrom", "15:00", "15:30", "kustomize-controller"},
		{"api", "Secret/shop/api-tls", "subPath", "15:00", "15:45", "cert-manager"},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("stale reads (-want +got):\n%s", diff)
	}
}
