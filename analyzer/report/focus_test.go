package report

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func TestFocus(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	tests := []struct {
		name          string
		ref           bundle.Ref
		wantErr       string
		wantWorkloads []string
		wantEarliest  string
	}{
		{"statefulset", bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}, "", []string{"StatefulSet/kafka/kafka"}, "Unhealthy"},
		{"api version ignored", bundle.Ref{APIVersion: "apps/v2", Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}, "", []string{"StatefulSet/kafka/kafka"}, "Unhealthy"},
		{"kustomization without its own earliest", bundle.Ref{Kind: "Kustomization", Namespace: "flux-system", Name: "kafka"}, "", []string{"Kustomization/flux-system/kafka"}, ""},
		{"unknown workload", bundle.Ref{Kind: "Deployment", Namespace: "kafka", Name: "nope"}, "Deployment/kafka/nope: not a workload of this report", nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Focus(r, tt.ref)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, w := range got.Workloads {
				names = append(names, w.Ref.String())
			}
			if diff := cmp.Diff(tt.wantWorkloads, names); diff != "" {
				t.Errorf("workloads (-want +got):\n%s", diff)
			}
			for _, e := range got.Timeline {
				if !entryConcerns(e, tt.ref) {
					t.Errorf("entry %s %s does not concern %s", e.Object, e.Reason, tt.ref)
				}
			}
			gotEarliest := ""
			if ef := got.EarliestFailure; ef != nil {
				gotEarliest = got.Timeline[ef.Index].Reason
			}
			if gotEarliest != tt.wantEarliest {
				t.Errorf("earliest failure = %q, want %q", gotEarliest, tt.wantEarliest)
			}
		})
	}
	if len(r.Workloads) != 3 {
		t.Error("Focus modified its input")
	}
}

func TestFocusVerification(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	tests := []struct {
		name string
		ref  bundle.Ref
		want int // acceptance checks
	}{
		{"top hypothesis kept", bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}, len(r.Verification)},
		{"top hypothesis is another supported one", bundle.Ref{Kind: "Deployment", Namespace: "kafka", Name: "orders-consumer"}, 1},
		{"top hypothesis kept through its evidence", bundle.Ref{Kind: "Kustomization", Namespace: "flux-system", Name: "kafka"}, len(r.Verification)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Focus(r, tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Verification) != tt.want {
				t.Errorf("verification has %d checks, want %d (hypotheses %d)", len(got.Verification), tt.want, len(got.Hypotheses))
			}
		})
	}
	t.Run("no hypothesis left", func(t *testing.T) {
		r := ledgerReport(t, 0) // one open hypothesis on Pod/a/p1
		r.Verification = r.Hypotheses[0].Repair.Acceptance
		got, err := Focus(r, bundle.Ref{Kind: "Deployment", Namespace: "podinfo", Name: "podinfo"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Hypotheses) != 0 || len(got.Verification) != 0 {
			t.Errorf("hypotheses %d, verification %d; want none", len(got.Hypotheses), len(got.Verification))
		}
	})
}
