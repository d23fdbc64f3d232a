package hypothesis

import (
	"bufio"
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// causeBundle builds the bundle of testdata/causes/<name>: <name>.yaml holds
// the live objects, an optional <name>.rendered.yaml the Git source's
// rendered manifests, and an optional <name>.log a container log whose
// first line is namespace/pod/container.
func causeBundle(t *testing.T, name string) *bundle.Bundle {
	t.Helper()
	dir := filepath.Join("testdata", "causes")
	decode := func(file string) []*bundle.Object {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		objs, errs := bundle.DecodeDocuments(file, data)
		if len(errs) > 0 {
			t.Fatalf("decode %s: %v", file, errs)
		}
		return objs
	}
	objs := decode(filepath.Join(dir, name+".yaml"))
	var sources []*bundle.GitSource
	if rendered := filepath.Join(dir, name+".rendered.yaml"); exists(t, rendered) {
		sources = append(sources, &bundle.GitSource{Name: "shop", URL: "https://git.example/shop.git", Revision: "main@sha1:2222222222222222222222222222222222222222", Path: "./deploy", Renderer: "kustomize", Rendered: decode(rendered)})
	}
	var logs []*bundle.Log
	if file := filepath.Join(dir, name+".log"); exists(t, file) {
		data, _ := os.ReadFile(file)
		sc := bufio.NewScanner(bytes.NewReader(data))
		sc.Scan()
		id := strings.Split(sc.Text(), "/")
		l := &bundle.Log{Namespace: id[0], Pod: id[1], Container: id[2], File: "logs/" + sc.Text() + ".log"}
		for sc.Scan() {
			l.Lines = append(l.Lines, sc.Text())
		}
		logs = append(logs, l)
	}
	at := time.Date(2026, 11, 11, 0, 0, 0, 0, time.UTC)
	meta := bundle.Meta{APIVersion: bundle.APIVersion, Kind: "Bundle", CreatedAt: &at}
	return bundle.New(bundle.FormatDirectory, meta, objs, sources, logs, nil)
}

func exists(t *testing.T, file string) bool {
	_, err := os.Stat(file)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return err == nil
}

// TestCauseFixtures: every cause of the taxonomy has a fixture that shows
// it, analysed through the real pipeline (layers, timeline, rules). want is
// the hypothesis the fixture is about, at the rank and status an expert
// would give it.
func TestCauseFixtures(t *testing.T) {
	tests := []struct {
		fixture, want, status string
		rank                  int
	}{
		{"source-unavailable", "source-unavailable:GitRepository/flux-system/shop", Supported, 1},
		{"render-failed", "render-failed:Kustomization/flux-system/infra", Supported, 1},
		{"render-failed", "dependency-not-ready:Kustomization/flux-system/apps", Supported, 2},
		{"reconcile-suspended", "reconcile-suspended:Kustomization/flux-system/apps", Supported, 1},
		{"reconcile-stale", "reconcile-stale:Kustomization/flux-system/apps", Supported, 1},
		{"apply-rejected", "apply-rejected:Kustomization/flux-system/apps", Supported, 1},
		{"drift", "drift:Deployment/shop/web", Supported, 1},
		{"controller-stalled", "controller-stalled:Deployment/shop/web", Supported, 1},
		{"rollout-blocked", "rollout-blocked:StatefulSet/kafka/kafka", Supported, 1},
		{"probe-failing", "probe-failing:Pod/kafka/kafka-0", Supported, 2},
		{"quota-exceeded", "quota-exceeded:ReplicaSet/shop/web-6b7f", Supported, 1},
		{"pod-create-denied", "pod-create-denied:ReplicaSet/shop/web-6b7f", Supported, 1},
		{"unschedulable", "unschedulable:ReplicaSet/shop/web-7f9c", Supported, 1},
		{"volume-unavailable", "volume-unavailable:PersistentVolumeClaim/db/data-db-0", Supported, 1},
		{"volume-unavailable", "unschedulable:StatefulSet/db/db", Supported, 2},
		{"image-pull-failed", "image-pull-failed:Pod/shop/web-1", Supported, 1},
		{"config-missing", "config-missing:ConfigMap/shop/api-config", Supported, 1},
		{"config-missing", "config-missing:Pod/shop/api-1", Supported, 2},
		{"crash-loop", "crash-loop:Pod/shop/api-1", Supported, 1},
		{"oom-killed", "oom-killed:Pod/batch/worker-1", Supported, 1},
		{"oom-killed", "crash-loop:Pod/batch/worker-1", Supported, 2},
		{"no-endpoints", "no-endpoints:Service/shop/api", Supported, 1},
		{"dependency-unavailable", "no-endpoints:Service/shop/redis", Supported, 1},
		{"dependency-unavailable", "dependency-unavailable:Service/shop/redis", Supported, 2},
		{"network-policy-denied", "network-policy-denied:NetworkPolicy/shop/default-deny", Supported, 1},
		{"network-policy-denied", "dependency-unavailable:Service/shop/redis", Supported, 2},
		{"dns-resolution-failed", "dns-resolution-failed:Host/vault.internal.example", Supported, 1},
		{"external-secret-failed", "external-secret-failed:ExternalSecret/shop/db-creds", Supported, 1},
		{"certificate-not-ready", "certificate-not-ready:Certificate/shop/shop-tls", Supported, 1},
		{"node-unhealthy", "node-unhealthy:Node/node-b", Supported, 1},
		{"image-digest-mismatch", "image-digest-mismatch:Deployment/shop/web", Supported, 1},
	}
	e := builtinEngine(t)
	for _, tt := range tests {
		t.Run(tt.fixture+"/"+tt.want, func(t *testing.T) {
			b := causeBundle(t, tt.fixture)
			ws := layers.Build(b)
			l := evaluate(t, e, Input{Bundle: b, Workloads: ws, Timeline: timeline.Build(b, ws)})
			h := find(l, tt.want)
			if h == nil {
				t.Fatalf("no %s in %v", tt.want, ids(l))
			}
			if h.Status != tt.status || (tt.rank > 0 && h.Rank != tt.rank) {
				t.Errorf("%s: rank %d %s, want rank %d %s; ledger %v", tt.want, h.Rank, h.Status, tt.rank, tt.status, ids(l))
			}
			if h.NextCheck == "" || h.Summary == "" || len(h.Supporting) == 0 {
				t.Errorf("%s lacks nextCheck, summary or evidence: %+v", tt.want, h)
			}
		})
	}
}
