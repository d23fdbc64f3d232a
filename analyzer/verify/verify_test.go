package verify

import (
	"context"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
)

var (
	engOnce sync.Once
	eng     *hypothesis.Engine
	engErr  error
)

// load decodes a testdata file into a bundle (after mutate) and analyses it
// with the real rule engine.
func load(t *testing.T, file string, nc []bundle.NotCollected, mutate func(map[string]*bundle.Object)) (*bundle.Bundle, *report.Report) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	objs, errs := bundle.DecodeDocuments("objects/"+file, data)
	if len(errs) > 0 {
		t.Fatalf("decode: %v", errs)
	}
	byName := map[string]*bundle.Object{}
	for _, o := range objs {
		byName[o.Ref().String()] = o
	}
	if mutate != nil {
		mutate(byName)
	}
	at := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	b := bundle.New(bundle.FormatRift, bundle.Meta{CreatedAt: &at, NotCollected: nc}, objs, nil, nil, nil)
	engOnce.Do(func() { eng, engErr = hypothesis.NewEngine(hypothesis.EngineOptions{}) })
	if engErr != nil {
		t.Fatal(engErr)
	}
	r, err := analyzer.Analyze(context.Background(), b, eng)
	if err != nil {
		t.Fatal(err)
	}
	return b, r
}

func set(o *bundle.Object, v any, path ...string) {
	if err := unstructured.SetNestedField(o.Object, v, path...); err != nil {
		panic(err)
	}
}

const digest = "sha256:1111111111111111111111111111111111111111111111111111111111111111"

func TestVerify(t *testing.T) {
	baseline, _ := load(t, "deployment-rolled-out.yaml", nil, nil)
	tests := []struct {
		name   string
		cfg    Config
		nc     []bundle.NotCollected
		mutate func(map[string]*bundle.Object)
		// want maps "check subject" to status; unlisted checks must pass or
		// be skipped.
		want    map[string]Status
		overall Status
	}{
		{
			name:    "rolled out, restarts counted from the baseline",
			cfg:     Config{Revision: "abc1234", Image: "registry.example.com/shop/web@" + digest, Before: baseline},
			overall: Pass,
		},
		{
			name:    "no baseline and no rollout start recorded: the earlier restart counts",
			cfg:     Config{Revision: "abc1234"},
			want:    map[string]Status{"no-new-restarts Deployment/shop/web": Fail},
			overall: Fail,
		},
		{
			name:    "another revision was asked for",
			cfg:     Config{Revision: "0123456789", Before: baseline},
			want:    map[string]Status{"revision Kustomization/flux-system/apps": Fail},
			overall: Fail,
		},
		{
			name:    "another digest was promoted",
			cfg:     Config{Revision: "abc1234", Image: "registry.example.com/shop/web:2.0@sha256:" + string(make64('2')), Before: baseline},
			want:    map[string]Status{"image-digest Deployment/shop/web": Fail},
			overall: Fail,
		},
		{
			name: "controller has not observed the spec",
			cfg:  Config{Revision: "abc1234", Before: baseline},
			mutate: func(m map[string]*bundle.Object) {
				set(m["Deployment/shop/web"], int64(2), "status", "observedGeneration")
			},
			want:    map[string]Status{"generation Deployment/shop/web": Fail},
			overall: Fail,
		},
		{
			name: "a pod is not Ready and the slice does not route to it",
			cfg:  Config{Revision: "abc1234", Before: baseline},
			mutate: func(m map[string]*bundle.Object) {
				set(m["Pod/shop/web-7d9c-b"], []any{map[string]any{"type": "Ready", "status": "False"}}, "status", "conditions")
				set(m["EndpointSlice/shop/web-x1"], []any{map[string]any{
					"addresses": []any{"10.0.0.1"}, "conditions": map[string]any{"ready": true},
					"targetRef": map[string]any{"kind": "Pod", "name": "web-7d9c-a", "namespace": "shop"}}}, "endpoints")
			},
			want:    map[string]Status{"pods-ready Deployment/shop/web": Fail, "endpoints Deployment/shop/web": Fail},
			overall: Fail,
		},
		{
			name:    "events not collected: unknown, not fine",
			cfg:     Config{Revision: "abc1234", Before: baseline},
			nc:      []bundle.NotCollected{{Resource: "events", Namespace: "shop", Reason: "forbidden"}},
			want:    map[string]Status{"collected bundle": Unknown},
			overall: Unknown,
		},
		{
			name:    "no --revision and no Git source: the revision is unknown",
			cfg:     Config{Before: baseline},
			want:    map[string]Status{"revision Kustomization/flux-system/apps": Unknown},
			overall: Unknown,
		},
		{
			name:    "a named workload that is not there",
			cfg:     Config{Before: baseline, Workloads: []bundle.Ref{{Kind: "Deployment", Namespace: "shop", Name: "cart"}}},
			want:    map[string]Status{"workload-present Deployment/shop/cart": Fail, "revision bundle": Unknown},
			overall: Fail,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, r := load(t, "deployment-rolled-out.yaml", tc.nc, tc.mutate)
			res, err := Verify(b, r, tc.cfg)
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]Status{}
			for _, c := range res.Checks {
				if c.Status != Pass && c.Status != Skipped {
					got[c.Name+" "+c.Subject] = c.Status
				}
			}
			want := tc.want
			if want == nil {
				want = map[string]Status{}
			}
			if diff := cmp.Diff(want, got); diff != "" {
				t.Errorf("checks not passing (-want +got):\n%s\n%+v", diff, res.Checks)
			}
			if res.Status != tc.overall {
				t.Errorf("overall %s, want %s", res.Status, tc.overall)
			}
		})
	}
}

func make64(c byte) []byte {
	b := make([]byte, 64)
	for i := range b {
		b[i] = c
	}
	return b
}

func TestParseImage(t *testing.T) {
	for _, bad := range []string{"nginx:1.27", "nginx@sha256:abc", "@sha256:" + string(make64('a'))} {
		t.Run(bad, func(t *testing.T) {
			if _, err := parseImage(bad); err == nil {
				t.Errorf("parseImage(%q): no error", bad)
			}
		})
	}
	got, err := parseImage("docker.io/library/nginx:1.27@" + digest)
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(image{repo: "nginx", digest: digest}, *got, cmp.AllowUnexported(image{})); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestSameRevision(t *testing.T) {
	tests := []struct {
		got, want string
		same      bool
	}{
		{"main@sha1:abc1234def", "abc1234", true},
		{"main/abc1234def", "ABC1234DEF", true},
		{"abc1234def", "abc1235", false},
		{"abc", "abcdef0", false},
	}
	for _, tc := range tests {
		t.Run(tc.got+"="+tc.want, func(t *testing.T) {
			if s := sameRevision(tc.got, tc.want); s != tc.same {
				t.Errorf("sameRevision = %v, want %v", s, tc.same)
			}
		})
	}
}
