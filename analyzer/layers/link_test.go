package layers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/bundle"
)

func TestParseRevision(t *testing.T) {
	tests := []struct {
		in   string
		want gitRevision
	}{
		{"main@sha1:9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3", gitRevision{"main", "9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3"}},
		{"refs/heads/main@sha1:abcdef1", gitRevision{"refs/heads/main", "abcdef1"}},
		{"main/9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3", gitRevision{"main", "9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3"}},
		{"release/v1/9f2c41d", gitRevision{"release/v1", "9f2c41d"}},
		{"sha1:9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3", gitRevision{"", "9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3"}},
		{"9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3", gitRevision{"", "9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3"}},
		{"v1.2.3@sha256:0123456789abcdef", gitRevision{"v1.2.3", "0123456789abcdef"}},
		{"", gitRevision{}},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			if d := cmp.Diff(tc.want, parseRevision(tc.in)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	same := []struct {
		a, b string
		want bool
	}{
		{"main@sha1:9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3", "main/9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3", true},
		{"main@sha1:9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3", "9f2c41d", true},
		{"main@sha1:9f2c41d7e8a3b6c5d4e3f2a1b0c9d8e7f6a5b4c3", "main@sha1:1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d", false},
		{"", "", false},
	}
	for _, tc := range same {
		t.Run(tc.a+"="+tc.b, func(t *testing.T) {
			if got := sameRevision(tc.a, tc.b); got != tc.want {
				t.Errorf("sameRevision = %t, want %t", got, tc.want)
			}
		})
	}
	if got := commitOf("1.10.3+4e5d6c7b8a9f"); got != "4e5d6c7b8a9f" {
		t.Errorf("commitOf(chart version) = %q", got)
	}
	if got := commitOf("1.10.3"); got != "" {
		t.Errorf("commitOf(plain chart version) = %q, want none", got)
	}
}

func TestArgoLinking(t *testing.T) {
	ws := Build(loadFixture(t, "testdata/argo-destination-namespace"))
	tests := []struct {
		workload string
		owners   []string
		rendered string
	}{
		{"Deployment/shop/web", []string{"Application/argocd/shop"}, StatusOK},
		// Listed in status.resources, but the Git revision no longer
		// renders it: the rendered layer is missing, not unknown.
		{"Deployment/shop/api", []string{"Application/argocd/shop"}, StatusFailed},
		{"Deployment/shop/copied", nil, StatusUnknown},
		{"Deployment/other/shop", nil, StatusUnknown},
	}
	for _, tc := range tests {
		t.Run(tc.workload, func(t *testing.T) {
			w := findWorkload(t, ws, tc.workload)
			var got []string
			for _, o := range w.Owners {
				got = append(got, o.String())
			}
			if d := cmp.Diff(tc.owners, got); d != "" {
				t.Errorf("owners (-want +got):\n%s", d)
			}
			if l := layerOf(w, LayerRendered); l.Status != tc.rendered {
				t.Errorf("rendered layer = %s, want %s: %+v", l.Status, tc.rendered, l.Evidence)
			}
		})
	}
	web := findWorkload(t, ws, "Deployment/shop/web")
	if d := cmp.Diff([]Divergence{}, web.Divergences); d != "" {
		t.Errorf("divergences (-want +got):\n%s", d)
	}
	g := layerOf(web, LayerGitOps)
	if g.Status != StatusOK || g.Revision != "53e28ff20cc530b9ada2173fbbd64d48338583ba" {
		t.Errorf("gitops layer = %s at %q", g.Status, g.Revision)
	}
	if d := layerOf(web, LayerDesired); d.Status != StatusOK {
		t.Errorf("desired layer = %s: %+v", d.Status, d.Evidence)
	}
}

func TestFluxInventoryLinking(t *testing.T) {
	ws := Build(fromYAML(t, `
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata: {name: apps, namespace: flux-system, generation: 1}
spec: {path: ./apps, sourceRef: {kind: GitRepository, name: platform}}
status:
  observedGeneration: 1
  conditions: [{type: Ready, status: "True", reason: ReconciliationSucceeded, message: Applied}]
  inventory:
    entries:
    - {id: shop_web_apps_Deployment, v: v1}
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop, uid: dep-web, generation: 1}
spec:
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: "web:1"}]}
status: {observedGeneration: 1, replicas: 1, updatedReplicas: 1, readyReplicas: 1, availableReplicas: 1}
`))
	w := findWorkload(t, ws, "Deployment/shop/web")
	if len(w.Owners) != 1 || w.Owners[0].String() != "Kustomization/flux-system/apps" {
		t.Fatalf("owners = %v, want the Kustomization that lists it in its inventory", w.Owners)
	}
	if l := layerOf(w, LayerGitOps); l.Status != StatusOK {
		t.Errorf("gitops layer = %s: %+v", l.Status, l.Evidence)
	}
}

// A multi-source Application (a Helm chart plus a values repository) is
// tied to whichever of its sources the bundle recorded.
func TestMultiSourceApplication(t *testing.T) {
	live, errs := bundle.DecodeDocuments("objects/app.yaml", []byte(`
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: shop, namespace: argocd}
spec:
  destination: {namespace: shop, server: "https://kubernetes.default.svc"}
  sources:
  - {repoURL: "https://charts.example.com", chart: shop, targetRevision: 1.2.0}
  - {repoURL: "https://github.com/example/shop-config.git", path: envs/prod, targetRevision: main}
status:
  health: {status: Healthy}
  sync: {status: Synced, revision: 0123456789abcdef0123456789abcdef01234567}
`))
	rendered, errs2 := bundle.DecodeDocuments("git/config/rendered/cm.yaml", []byte(`
apiVersion: v1
kind: ConfigMap
metadata: {name: shop}
data: {mode: prod}
`))
	if len(errs) > 0 || len(errs2) > 0 {
		t.Fatal(errs, errs2)
	}
	src := &bundle.GitSource{Name: "config", URL: "git@github.com:example/shop-config.git", Path: "envs/prod",
		Revision: "0123456789abcdef0123456789abcdef01234567", Rendered: rendered}
	w := findWorkload(t, Build(bundle.New(bundle.FormatRift, bundle.Meta{}, live, []*bundle.GitSource{src}, nil, nil)), "Application/argocd/shop")
	if l := layerOf(w, LayerDesired); l.Status != StatusOK || l.Revision != src.Revision {
		t.Errorf("desired layer = %s at %q: %+v", l.Status, l.Revision, l.Evidence)
	}
	if l := layerOf(w, LayerRendered); l.Status != StatusOK {
		t.Errorf("rendered layer = %s: %+v", l.Status, l.Evidence)
	}
}

// Pods are reported through the workload that owns them; a pod owned by
// something rift does not analyse (a Node for a static pod, an operator's
// custom resource) is a subject of its own rather than lost.
func TestSubjectsFollowOwnership(t *testing.T) {
	ws := Build(fromYAML(t, `
apiVersion: v1
kind: Node
metadata: {name: n1, uid: node-n1}
---
apiVersion: v1
kind: Pod
metadata:
  name: etcd-n1
  namespace: kube-system
  ownerReferences: [{apiVersion: v1, kind: Node, name: n1, uid: node-n1, controller: true}]
spec: {nodeName: n1, containers: [{name: etcd, image: "etcd:3.5"}]}
status: {phase: Running, conditions: [{type: Ready, status: "True"}]}
---
apiVersion: core.strimzi.io/v1beta2
kind: StrimziPodSet
metadata: {name: kafka, namespace: kafka, uid: sps-kafka}
---
apiVersion: v1
kind: Pod
metadata:
  name: kafka-0
  namespace: kafka
  ownerReferences: [{apiVersion: core.strimzi.io/v1beta2, kind: StrimziPodSet, name: kafka, uid: sps-kafka, controller: true}]
spec: {nodeName: n1, containers: [{name: kafka, image: "kafka:3.7"}]}
status: {phase: Running, conditions: [{type: Ready, status: "True"}]}
---
apiVersion: apps/v1
kind: ReplicaSet
metadata: {name: api-1, namespace: shop, uid: rs-api, generation: 1}
spec:
  replicas: 1
  selector: {matchLabels: {app: api}}
  template:
    metadata: {labels: {app: api}}
    spec: {containers: [{name: api, image: "api:1"}]}
status: {observedGeneration: 1, replicas: 1, readyReplicas: 1}
---
apiVersion: v1
kind: Pod
metadata:
  name: api-1-x
  namespace: shop
  labels: {app: api}
  ownerReferences: [{apiVersion: apps/v1, kind: ReplicaSet, name: api-1, uid: rs-api, controller: true}]
spec: {nodeName: n1, containers: [{name: api, image: "api:1"}]}
status: {phase: Running, conditions: [{type: Ready, status: "True"}]}
`))
	var got []string
	for _, w := range ws {
		got = append(got, w.Ref.String())
	}
	want := []string{"Pod/kafka/kafka-0", "Pod/kube-system/etcd-n1", "ReplicaSet/shop/api-1"}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("subjects (-want +got):\n%s", d)
	}
}
