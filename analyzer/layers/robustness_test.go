package layers

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/yaml"
)

// TestMalformedObjects feeds fields of the wrong type everywhere Build
// looks: it must not panic, and what it cannot read is unknown, not ok.
func TestMalformedObjects(t *testing.T) {
	docs := `
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: bad, namespace: x, uid: sts-bad, generation: "two"}
spec:
  replicas: many
  updateStrategy: OnDelete
  template:
    metadata: {labels: [a, b]}
    spec:
      containers: {name: c}
status: {updateRevision: 7, currentRevision: [x], readyReplicas: "1", conditions: {type: Ready}}
---
apiVersion: v1
kind: Pod
metadata:
  name: bad-0
  namespace: x
  labels: {controller-revision-hash: r1}
  ownerReferences: [{apiVersion: apps/v1, kind: StatefulSet, name: bad, uid: sts-bad, controller: true}]
spec:
  containers: [{name: c, readinessProbe: "tcp"}, "not-a-container"]
  volumes: [{name: v, secret: {secretName: s, optional: "yes"}}]
status:
  phase: 3
  conditions: [{type: Ready, status: true}, "x"]
  containerStatuses: [{name: c, state: "running", restartCount: "lots", lastState: {terminated: 1}}]
---
apiVersion: kustomize.toolkit.fluxcd.io/v1
kind: Kustomization
metadata: {name: k, namespace: flux-system, generation: 1}
spec: {sourceRef: "platform", suspend: "no"}
status:
  inventory: {entries: [{id: "no-underscores"}, {id: 5}, "x"]}
  conditions: [{type: Ready, status: "False"}]
---
apiVersion: argoproj.io/v1alpha1
kind: Application
metadata: {name: a, namespace: argocd}
spec: {destination: "x", source: [1, 2]}
status: {health: "Healthy", sync: {status: 1}, resources: "all"}
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: d
  namespace: x
  uid: dep-d
  annotations: {argocd.argoproj.io/tracking-id: "a:::"}
  managedFields: [{manager: m, fieldsV1: "f:spec"}, "x"]
spec: {paused: "true", strategy: {rollingUpdate: {maxUnavailable: "x%"}}, template: "tmpl"}
status: {observedGeneration: -1}
`
	// The bundle decoder would drop some of these fields; Build must also
	// survive objects that never went through it.
	var objs []*bundle.Object
	for i, d := range strings.Split(docs, "\n---\n") {
		var m map[string]any
		if err := yaml.Unmarshal([]byte(d), &m); err != nil {
			t.Fatal(err)
		}
		objs = append(objs, &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}, Source: bundle.Location{File: "raw.yaml", Doc: i}})
	}
	ws := Build(&bundle.Bundle{Objects: objs})
	if len(ws) == 0 {
		t.Fatal("no subjects")
	}
	for _, w := range ws {
		for _, l := range w.Layers {
			if l.Name == LayerRuntime && w.Ref.Kind == "StatefulSet" && l.Status == StatusOK {
				t.Errorf("%s runtime ok from a pod with no readable status", w.Ref)
			}
		}
		if len(w.Layers) != len(Order) || len(w.Stages) != len(StageOrder) {
			t.Errorf("%s: %d layers, %d stages", w.Ref, len(w.Layers), len(w.Stages))
		}
	}
}

// TestCorpusNoPanicDeterministic runs Build over every single-file capture
// of the public corpus, twice, and compares the JSON.
func TestCorpusNoPanicDeterministic(t *testing.T) {
	var files []string
	for _, dir := range []string{"gitops-engine-health", "is-healthy", "argo-cd-flux-health", "troubleshoot/pkg/analyze/files"} {
		filepath.WalkDir(filepath.Join(corpusRoot, dir), func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".json")) {
				files = append(files, p)
			}
			return nil
		})
	}
	if len(files) < 150 {
		t.Fatalf("found only %d corpus files", len(files))
	}
	subjects := 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		objs, _ := bundle.DecodeDocuments(filepath.Base(f), data)
		build := func() []byte {
			ws := Build(bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil))
			subjects += len(ws)
			out, err := json.Marshal(ws)
			if err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			return out
		}
		a, b := build(), build()
		if string(a) != string(b) {
			t.Errorf("%s: output differs between two runs", f)
		}
		// The report schema requires these arrays.
		for _, null := range []string{`"evidence":null`, `"stages":null`, `"layers":null`, `"divergences":null`} {
			if strings.Contains(string(a), null) {
				t.Errorf("%s: %s in the JSON", f, null)
			}
		}
	}
	t.Logf("%d files, %d subjects", len(files), subjects/2)
}
