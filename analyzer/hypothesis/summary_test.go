package hypothesis

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

func TestSummarize(t *testing.T) {
	objs := &bundle.Bundle{Objects: []*bundle.Object{{}}}
	withCheck := &bundle.Bundle{Objects: objs.Objects, Checks: []*bundle.Check{{Name: "checkout", Target: "https://shop.example", OK: false}, {Name: "home", OK: true}}}
	noPods := &bundle.Bundle{Objects: objs.Objects, Meta: bundle.Meta{NotCollected: []bundle.NotCollected{{Resource: "pods", Reason: "forbidden"}}}}
	blocked := []layers.Workload{{Ref: bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}, Convergence: layers.Blocked}}
	supported := Hypothesis{Cause: "rollout-blocked", Subject: bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}, Status: Supported, Summary: "pods not replaced", Repair: Repair{Owner: OwnerControllerAction}}
	explained := Hypothesis{Cause: "no-endpoints", Status: Supported, Summary: "s", Repair: Repair{Owner: OwnerNone}}
	open := Hypothesis{Cause: "probe-failing", Status: Open}
	tests := []struct {
		name       string
		hs         []Hypothesis
		in         Input
		ruleFailed bool
		want       Summary
	}{
		{"degraded", []Hypothesis{open, supported}, Input{Bundle: objs, Workloads: blocked}, false, Summary{
			Verdict: VerdictDegraded, Impact: "not converged: StatefulSet/kafka/kafka blocked",
			EarliestCause: "rollout-blocked on StatefulSet/kafka/kafka: pods not replaced", MutationNeeded: true}},
		{"failed check leads the impact", []Hypothesis{supported}, Input{Bundle: withCheck, Workloads: blocked}, false, Summary{
			Verdict: VerdictDegraded, Impact: "user-visible checks failed: checkout https://shop.example",
			EarliestCause: "rollout-blocked on StatefulSet/kafka/kafka: pods not replaced", MutationNeeded: true}},
		{"no mutation when the owner is none", []Hypothesis{explained}, Input{Bundle: objs}, false, Summary{
			Verdict: VerdictDegraded, Impact: "s", EarliestCause: "no-endpoints on /: s"}},
		{"healthy with open only", []Hypothesis{open}, Input{Bundle: objs}, false, Summary{
			Verdict: VerdictHealthy, Impact: "no user-visible impact found in the bundle"}},
		{"unexplained stuck workload", nil, Input{Bundle: objs, Workloads: blocked}, false, Summary{
			Verdict: VerdictUnknown, Impact: "not converged: StatefulSet/kafka/kafka blocked"}},
		{"unexplained failed check", nil, Input{Bundle: withCheck}, false, Summary{
			Verdict: VerdictUnknown, Impact: "user-visible checks failed: checkout https://shop.example"}},
		{"pods not collected", nil, Input{Bundle: noPods}, false, Summary{Verdict: VerdictUnknown, Impact: "no user-visible impact found in the bundle"}},
		{"a rule failed", nil, Input{Bundle: objs}, true, Summary{Verdict: VerdictUnknown, Impact: "no user-visible impact found in the bundle"}},
		{"no bundle", nil, Input{}, false, Summary{Verdict: VerdictUnknown, Impact: "no user-visible impact found in the bundle"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, summarize(tt.hs, factsOf(tt.in), tt.ruleFailed)); diff != "" {
				t.Errorf("summary (-want +got):\n%s", diff)
			}
		})
	}
}
