package timeline

import (
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestExplanations covers the cause/effect examples, each in a
// testdata bundle named for it: the earliest failure is the cause, and the
// effects are listed as explained by it.
func TestExplanations(t *testing.T) {
	tests := []struct {
		dir      string
		ws       []layers.Workload
		want     picked
		explains []string
	}{
		{
			dir:  "unhealthy-before-backoff",
			ws:   nil,
			want: picked{Object: "Pod/shop/api-7f9c6d5b8-q2m4x", Reason: "Unhealthy", Source: SourceEvent, Count: 24, Workloads: []string{"Pod/shop/api-7f9c6d5b8-q2m4x"}},
			explains: []string{"BackOff Pod/shop/api-7f9c6d5b8-q2m4x", "ContainersNotReady Pod/shop/api-7f9c6d5b8-q2m4x",
				"CrashLoopBackOff Pod/shop/api-7f9c6d5b8-q2m4x", "Error Pod/shop/api-7f9c6d5b8-q2m4x"},
		},
		{
			dir: "secret-sync-before-config-error",
			ws: []layers.Workload{{Ref: ref("v1", "Pod", "shop", "orders-6b8d7c9f5-h7k2p"), Convergence: layers.Failed,
				Pods: []layers.PodState{{Name: "orders-6b8d7c9f5-h7k2p"}}}},
			// The controller's event carries the provider's error; the
			// condition reporting the same failure is a repeat of it.
			want: picked{Object: "ExternalSecret/shop/orders-db", Reason: "UpdateFailed", Source: SourceEvent, Count: 12,
				Workloads: []string{"Pod/shop/orders-6b8d7c9f5-h7k2p"}},
			explains: []string{"CreateContainerConfigError Pod/shop/orders-6b8d7c9f5-h7k2p", "Failed Pod/shop/orders-6b8d7c9f5-h7k2p"},
		},
		{
			dir: "source-fetch-before-stale-revision",
			ws:  []layers.Workload{{Ref: ref("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "flux-system", "apps"), Convergence: layers.Failed}},
			want: picked{Object: "GitRepository/flux-system/apps", Reason: "GitOperationFailed", Source: SourceEvent, Count: 57,
				Workloads: []string{"Kustomization/flux-system/apps"}},
			// The FetchFailed condition repeats the event's failure.
			explains: []string{"GitOperationFailed GitRepository/flux-system/apps", "StaleRevision Kustomization/flux-system/apps"},
		},
		{
			dir: "unschedulable-before-deadline",
			ws:  []layers.Workload{{Ref: ref("apps/v1", "Deployment", "shop", "trainer"), Convergence: layers.Failed}},
			want: picked{Object: "Pod/shop/trainer-58d9f7c6b4-z6wqn", Reason: "FailedScheduling", Source: SourceEvent, Count: 11,
				Workloads: []string{"Deployment/shop/trainer"}},
			explains: []string{"ProgressDeadlineExceeded Deployment/shop/trainer"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.dir, func(t *testing.T) {
			tl := Build(loadDir(t, "testdata/explain/"+tt.dir), tt.ws)
			if diff := cmp.Diff(tt.want, pickedOf(tl.Earliest)); diff != "" {
				t.Fatalf("earliest failure (-want +got):\n%s", diff)
			}
			var got []string
			for _, i := range tl.Earliest.Explains {
				got = append(got, tl.Entries[i].Reason+" "+tl.Entries[i].Object.String())
			}
			got = slices.Compact(slices.Sorted(slices.Values(got)))
			if diff := cmp.Diff(tt.explains, got); diff != "" {
				t.Errorf("explained effects (-want +got):\n%s", diff)
			}
		})
	}
}

// TestExplanationTableExtends shows the extension point: a row added by a
// caller turns an independent failure into an explained one.
func TestExplanationTableExtends(t *testing.T) {
	b := loadDir(t, "testdata/explain/secret-sync-before-config-error")
	ws := []layers.Workload{{Ref: ref("v1", "Pod", "shop", "orders-6b8d7c9f5-h7k2p"), Convergence: layers.Failed}}
	opts := DefaultOptions()
	opts.Explanations = slices.DeleteFunc(opts.Explanations, func(r Explanation) bool {
		return r.Effect == "CreateContainerConfigError" || r.Effect == "Failed"
	})
	before := len(Build(b, ws).Earliest.Explains)
	after := len(BuildWithOptions(b, ws, opts).Earliest.Explains)
	if after >= before {
		t.Errorf("removing rows kept %d explained effects (was %d)", after, before)
	}
	if !slices.ContainsFunc(DefaultExplanations(), func(r Explanation) bool {
		return r.Cause == "FailedScheduling" && r.Effect == "Unschedulable"
	}) {
		t.Error("DefaultExplanations lost the scheduling row")
	}
	if got := len(BuildWithOptions(b, ws, opts).Entries); got != len(Build(b, ws).Entries) {
		t.Errorf("the table changed the entries: %d", got)
	}
}

// TestBuiltinCausality: the embedded table parses, and a user table is
// held to the same shape.
func TestBuiltinCausality(t *testing.T) {
	if n := len(DefaultExplanations()); n < 40 {
		t.Errorf("built-in table has %d rows", n)
	}
	tests := []struct {
		name, yaml, err string
		rows            int
	}{
		{"row", "explanations:\n  - {cause: Foo, effect: Bar, why: because}\n", "", 1},
		{"missing why", "explanations:\n  - {cause: Foo, effect: Bar}\n", "cause, effect and why are required", 0},
		{"misspelt field", "explanations:\n  - {cause: Foo, effect: Bar, why: x, sameObjects: true}\n", "unknown field", 0},
		{"empty", "", "", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := ParseExplanations("causality.yaml", []byte(tt.yaml))
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("error %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil || len(rows) != tt.rows {
				t.Fatalf("rows %v, err %v; want %d rows", rows, err, tt.rows)
			}
		})
	}
}
