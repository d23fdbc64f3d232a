package layers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/bundle"
)

const lonelyDeployment = `
apiVersion: apps/v1
kind: Deployment
metadata: {name: api, namespace: shop, uid: dep-api, generation: 1}
spec:
  replicas: 1
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec:
      containers:
      - name: api
        image: api:1
        envFrom: [{secretRef: {name: api-env}}]
`

const unreadyPodWithService = `
apiVersion: v1
kind: Pod
metadata: {name: api, namespace: shop, uid: pod-api, labels: {app: api}}
spec:
  nodeName: n1
  containers: [{name: api, image: "api:1"}]
status:
  phase: Running
  podIP: 10.0.0.5
  conditions: [{type: Ready, status: "False"}]
  containerStatuses: [{name: api, ready: false, restartCount: 0, imageID: "api@sha256:01", state: {running: {}}}]
---
apiVersion: v1
kind: Service
metadata: {name: api, namespace: shop}
spec:
  selector: {app: api}
  ports: [{port: 80}]
`

func buildWithMeta(t *testing.T, docs string, nc ...bundle.NotCollected) []Workload {
	t.Helper()
	objs, errs := bundle.DecodeDocuments("objects/test.yaml", []byte(docs))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return Build(bundle.New(bundle.FormatRift, bundle.Meta{NotCollected: nc}, objs, nil, nil, nil))
}

func TestUnknownWhenMissing(t *testing.T) {
	tests := []struct {
		name     string
		docs     string
		nc       []bundle.NotCollected
		workload string
		layers   map[string]string
		stages   map[string]string
	}{
		{
			name: "no status, no pods, no Git, secrets forbidden", docs: lonelyDeployment,
			nc:       []bundle.NotCollected{{Resource: "secrets", Namespace: "shop", Reason: "forbidden"}},
			workload: "Deployment/shop/api",
			layers: map[string]string{LayerDesired: StatusUnknown, LayerRendered: StatusUnknown, LayerGitOps: StatusUnknown,
				LayerController: StatusUnknown, LayerRuntime: StatusUnknown, LayerDependencies: StatusUnknown, LayerExternal: StatusUnknown},
			stages: map[string]string{StageScheduled: StatusUnknown, StagePulled: StatusUnknown, StageStarted: StatusUnknown, StageReady: StatusUnknown},
		},
		{
			name: "pods forbidden", docs: lonelyDeployment,
			nc:       []bundle.NotCollected{{Resource: "pods", Reason: "forbidden"}},
			workload: "Deployment/shop/api",
			layers:   map[string]string{LayerRuntime: StatusUnknown},
			stages:   map[string]string{StageActedOn: StatusUnknown},
		},
		{
			name: "endpointslices and events forbidden", docs: unreadyPodWithService,
			nc:       []bundle.NotCollected{{Resource: "endpointslices.discovery.k8s.io", Reason: "forbidden"}, {Resource: "events", Reason: "forbidden"}},
			workload: "Pod/shop/api",
			layers:   map[string]string{LayerDependencies: StatusUnknown},
			stages:   map[string]string{StageRouted: StatusUnknown, StageReady: StatusProgressing},
		},
		{
			name: "no endpoint objects in the bundle at all", docs: unreadyPodWithService,
			workload: "Service/shop/api",
			stages:   map[string]string{StageRouted: StatusUnknown},
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			w := findWorkload(t, buildWithMeta(t, tc.docs, tc.nc...), tc.workload)
			got := map[string]string{}
			for name := range tc.layers {
				got[name] = layerOf(w, name).Status
			}
			if d := cmp.Diff(tc.layers, got, cmpEmpty()); d != "" {
				t.Errorf("layers (-want +got):\n%s", d)
			}
			got = map[string]string{}
			for name := range tc.stages {
				got[name] = stageOf(w, name).Status
			}
			if d := cmp.Diff(tc.stages, got, cmpEmpty()); d != "" {
				t.Errorf("stages (-want +got):\n%s", d)
			}
			if tc.workload == "Deployment/shop/api" && w.Convergence != Unknown {
				t.Errorf("convergence = %s (%s), want unknown without status", w.Convergence, w.ConvergenceReason)
			}
			for _, l := range w.Layers {
				if l.Status == StatusOK && (l.Name == LayerDesired || l.Name == LayerRendered || l.Name == LayerGitOps) {
					t.Errorf("layer %s is ok without data", l.Name)
				}
			}
		})
	}
}
