package timeline

import (
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestBadInput feeds shapes real bundles contain when a capture is partial or
// hand-edited: Build must neither panic nor invent entries.
func TestBadInput(t *testing.T) {
	tests := []struct {
		name, yaml string
		entries    int
	}{
		{"conditions not a list", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","namespace":"x"},"status":{"conditions":"Ready"}}`, 0},
		{"condition not a map", `{"apiVersion":"v1","kind":"Pod","metadata":{"name":"a","namespace":"x"},"status":{"conditions":["Ready"],"containerStatuses":[7,{"name":"c"}]}}`, 0},
		{"event without involved object or time", `{"apiVersion":"v1","kind":"Event","metadata":{"name":"e","namespace":"x"},"reason":"BackOff","type":"Warning"}`, 0},
		{"event.k8s.io without regarding", `{"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"e","namespace":"x"},"eventTime":"2024-01-01T00:00:00.000001Z","reason":"Failed"}`, 1},
		{"history entries of the wrong type", `{"apiVersion":"kustomize.toolkit.fluxcd.io/v1","kind":"Kustomization","metadata":{"name":"k","namespace":"x"},"status":{"history":[1,"x",{"firstReconciled":5}]}}`, 0},
		{"argo operation state empty", `{"apiVersion":"argoproj.io/v1alpha1","kind":"Application","metadata":{"name":"a","namespace":"argocd"},"status":{"operationState":{},"history":[{}]}}`, 0},
		{"self-owned object", `{"apiVersion":"apps/v1","kind":"ReplicaSet","metadata":{"name":"r","namespace":"x","uid":"u1","creationTimestamp":"2024-01-01T00:00:00Z","ownerReferences":[{"apiVersion":"apps/v1","kind":"ReplicaSet","name":"r","uid":"u1","controller":true}]}}`, 1},
		{"secret data never read", `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"s","namespace":"x"},"data":{"password":"aHVudGVyMg=="},"status":{"conditions":[{"type":"Ready","status":"False","lastTransitionTime":"2024-01-01T00:00:00Z","message":"hunter2"}]}}`, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			objs, errs := bundle.DecodeDocuments("bad.json", []byte(tt.yaml))
			if len(objs) == 0 {
				t.Fatalf("decoder dropped the object: %v", errs)
			}
			b := bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil)
			ws := []layers.Workload{{Ref: bundle.Ref{Kind: "ReplicaSet", Namespace: "x", Name: "r"}, Convergence: layers.Unknown}}
			tl := Build(b, ws)
			if len(tl.Entries) != tt.entries {
				t.Errorf("%d entries, want %d: %+v", len(tl.Entries), tt.entries, tl.Entries)
			}
			for _, e := range tl.Entries {
				if e.Message == "hunter2" {
					t.Error("a Secret's content reached the timeline")
				}
			}
		})
	}
	if tl := Build(nil, nil); tl == nil || tl.Entries == nil {
		t.Error("Build(nil) must return an empty timeline")
	}
	empty := Build(&bundle.Bundle{}, nil)
	if len(empty.Entries) != 0 || empty.Earliest != nil {
		t.Errorf("empty bundle: %+v", empty)
	}
}
