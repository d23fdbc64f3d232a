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
	podsAbsent := &bundle.Bundle{Objects: objs.Objects, Meta: bundle.Meta{NotCollected: []bundle.NotCollected{
		{Resource: "pods", Reason: "absent: the support bundle holds no cluster-resources/pods/<namespace>.json"}}}}
	noPodsInShop := &bundle.Bundle{Objects: objs.Objects, Meta: bundle.Meta{NotCollected: []bundle.NotCollected{{Resource: "pods", Namespace: "shop", Reason: "forbidden"}}}}
	// Load errors as the loader reports them: a truncated archive and a
	// file of the manifest missing leave data unread; a malformed document
	// and a file the manifest does not list do not.
	cut := bundle.LoadError{Doc: -1, Reason: "incomplete: archive truncated at byte 48213 after 12 members: unexpected EOF; the rest is not read"}
	gone := bundle.LoadError{File: "objects/shop/pods.json", Doc: -1, Reason: "incomplete: listed in bundle.yaml files but missing or unreadable"}
	malformed := bundle.LoadError{File: "objects/shop/cm.yaml", Doc: 0, Reason: "malformed YAML: yaml: line 2: mapping values are not allowed in this context"}
	added := bundle.LoadError{File: "objects/notes.yaml", Doc: -1, Reason: "not listed in bundle.yaml files: added after collection?"}
	incomplete := &bundle.Bundle{Objects: objs.Objects, Errors: []bundle.LoadError{cut, gone, malformed}}
	incompleteNoPods := &bundle.Bundle{Objects: objs.Objects, Meta: noPods.Meta, Errors: []bundle.LoadError{cut, gone}}
	readErrors := &bundle.Bundle{Objects: objs.Objects, Errors: []bundle.LoadError{malformed, added}}
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
		{"pods not collected", nil, Input{Bundle: noPods}, false, Summary{
			Verdict: VerdictUnknown, Impact: "could not judge the runtime layer: pods not collected (forbidden)"}},
		{"pods absent from an imported layout", nil, Input{Bundle: podsAbsent}, false, Summary{
			Verdict: VerdictUnknown, Impact: "could not judge the runtime layer: pods not collected (absent: the support bundle holds no cluster-resources/pods/<namespace>.json)"}},
		{"pods not collected in one namespace only", nil, Input{Bundle: noPodsInShop}, false, Summary{
			Verdict: VerdictHealthy, Impact: "no user-visible impact found in the bundle"}},
		{"incomplete bundle", []Hypothesis{open}, Input{Bundle: incomplete}, false, Summary{
			Verdict: VerdictUnknown, Impact: "could not judge any layer: the bundle is incomplete (2 load errors leave data unread)"}},
		{"incomplete and pods absent", nil, Input{Bundle: incompleteNoPods}, false, Summary{
			Verdict: VerdictUnknown, Impact: "could not judge any layer: the bundle is incomplete (2 load errors leave data unread); the runtime layer: pods not collected (forbidden)"}},
		{"load errors that leave nothing unread", nil, Input{Bundle: readErrors}, false, Summary{
			Verdict: VerdictHealthy, Impact: "no user-visible impact found in the bundle"}},
		{"incomplete but a cause is supported", []Hypothesis{supported}, Input{Bundle: incomplete, Workloads: blocked}, false, Summary{
			Verdict: VerdictDegraded, Impact: "not converged: StatefulSet/kafka/kafka blocked",
			EarliestCause: "rollout-blocked on StatefulSet/kafka/kafka: pods not replaced", MutationNeeded: true}},
		{"incomplete with an unexplained stuck workload", nil, Input{Bundle: incomplete, Workloads: blocked}, false, Summary{
			Verdict: VerdictUnknown, Impact: "not converged: StatefulSet/kafka/kafka blocked"}},
		{"a rule failed", nil, Input{Bundle: objs}, true, Summary{Verdict: VerdictUnknown, Impact: "no user-visible impact found in the bundle"}},
		{"no objects", nil, Input{Bundle: &bundle.Bundle{}}, false, Summary{Verdict: VerdictUnknown, Impact: "could not judge any layer: the bundle holds no objects"}},
		{"no bundle", nil, Input{}, false, Summary{Verdict: VerdictUnknown, Impact: "could not judge any layer: no bundle"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if diff := cmp.Diff(tt.want, summarize(tt.hs, factsOf(tt.in), tt.ruleFailed)); diff != "" {
				t.Errorf("summary (-want +got):\n%s", diff)
			}
		})
	}
}
