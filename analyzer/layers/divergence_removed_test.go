package layers

import (
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// The walk over managedFields and last-applied-configuration; the
// recorded fixtures removed-limit-denied and removed-env-client-side hold
// both as the real API server writes them.
func TestRemovedFields(t *testing.T) {
	rendered := mustYAML(t, `
apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: shop}
spec:
  template:
    spec:
      containers:
      - name: api
        image: api:2
        env: [{name: KEEP, value: "1"}]
        resources: {limits: {cpu: "2"}}
`)
	live := `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
  annotations: %s
  managedFields:
  - manager: kustomize-controller
    operation: Apply
    fieldsV1:
      f:metadata: {f:labels: {f:team: {}}}
      f:spec:
        f:template:
          f:spec:
            f:containers:
              k:{"name":"api"}:
                .: {}
                f:image: {}
                f:env:
                  k:{"name":"KEEP"}: {.: {}, f:name: {}, f:value: {}}
                  k:{"name":"OLD"}: {.: {}, f:name: {}, f:value: {}}
                f:resources: {f:limits: {f:cpu: {}, f:memory: {}}}
  - manager: kubectl-client-side-apply
    operation: Update
    fieldsV1: {f:spec: {f:progressDeadlineSeconds: {}}}
  - manager: kubectl-set
    operation: Update
    fieldsV1:
      f:spec:
        f:template:
          f:spec:
            f:containers:
              k:{"name":"api"}:
                f:env:
                  k:{"name":"DEBUG"}: {.: {}, f:name: {}, f:value: {}}
  labels: {team: a}
spec:
  progressDeadlineSeconds: 600
  template:
    spec:
      containers:
      - name: api
        image: api:2
        env: [{name: KEEP, value: "1"}, {name: OLD, value: "x"}, {name: DEBUG, value: "1"}]
        resources: {limits: {cpu: "2", memory: 512Mi}}
`
	csa := `{"kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"apps/v1\",\"kind\":\"Deployment\",\"metadata\":{\"name\":\"api\"},\"spec\":{\"template\":{\"spec\":{\"containers\":[{\"name\":\"api\",\"env\":[{\"name\":\"KEEP\",\"value\":\"1\"},{\"name\":\"LEGACY\",\"value\":\"y\"}]}]}}}}"}`
	tests := []struct {
		name, annotations, live string
		want                    []flatDivergence
	}{
		{"server-side apply", "{}", live, []flatDivergence{
			{Between: [2]string{LayerRendered, LayerApplied}, Object: "Deployment/shop/api", Path: "spec.template.spec.containers[name=api].env[name=OLD]", Expected: "null", Observed: `{"name":"OLD","value":"x"}`, Owner: "kustomize-controller", Removed: true},
			{Between: [2]string{LayerRendered, LayerApplied}, Object: "Deployment/shop/api", Path: "spec.template.spec.containers[name=api].resources.limits.memory", Expected: "null", Observed: `"512Mi"`, Owner: "kustomize-controller", Removed: true},
		}},
		{"client-side apply", csa, `
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  namespace: shop
  annotations: %s
  managedFields:
  - manager: argocd-controller
    operation: Update
    fieldsV1:
      f:spec:
        f:template:
          f:spec:
            f:containers:
              k:{"name":"api"}:
                f:env:
                  k:{"name":"LEGACY"}: {.: {}, f:name: {}, f:value: {}}
spec:
  template:
    spec:
      containers:
      - name: api
        env: [{name: KEEP, value: "1"}, {name: LEGACY, value: "y"}]
`, []flatDivergence{
			{Between: [2]string{LayerRendered, LayerApplied}, Object: "Deployment/shop/api", Path: "spec.template.spec.containers[name=api].env[name=LEGACY]", Expected: "null", Observed: `{"name":"LEGACY","value":"y"}`, Owner: "argocd-controller", Removed: true},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			obj := objectOf(mustYAML(t, fmt.Sprintf(tt.live, tt.annotations)))
			got := flatten(removedFields(obj, rendered, nil))
			if d := cmp.Diff(tt.want, got, cmpEmpty()); d != "" {
				t.Errorf("removed fields (-want +got):\n%s", d)
			}
		})
	}
}

func TestPartialRenderSkipsRemovedFields(t *testing.T) {
	tests := []struct {
		name string
		spec string
		want bool
	}{
		{"plain Kustomization", `{kind: Kustomization, spec: {path: ./apps}}`, false},
		{"Kustomization with patches", `{kind: Kustomization, spec: {patches: [{patch: x}]}}`, true},
		{"Kustomization with components", `{kind: Kustomization, spec: {components: [../ha]}}`, true},
		{"Application with Helm values", `{kind: Application, spec: {source: {helm: {values: x}}}}`, true},
		{"Application of a directory", `{kind: Application, spec: {source: {path: apps}}}`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := partialRender([]*bundle.Object{objectOf(mustYAML(t, tt.spec))}); got != tt.want {
				t.Errorf("partialRender = %v, want %v", got, tt.want)
			}
		})
	}
}
