package report

import (
	"fmt"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

func evidenceN(n int) []evidence.Evidence {
	out := make([]evidence.Evidence, n)
	for i := range out {
		out[i] = evidence.Evidence{Message: fmt.Sprint("item ", i)}
	}
	return out
}

// bigReport has n converged workloads, one failed workload with long
// lists, a grouped hypothesis and a timeline of entries entries, every
// tenth a failure.
func bigReport(converged, entries int) *Report {
	r := &Report{APIVersion: APIVersion, Kind: Kind}
	for i := range converged {
		ref := bundle.Ref{Kind: "Deployment", Namespace: "ns", Name: fmt.Sprintf("ok-%04d", i)}
		r.Workloads = append(r.Workloads, layers.Workload{Ref: ref, Convergence: layers.Converged,
			Stages: []layers.Stage{{Name: layers.StageReady, Status: layers.StatusOK, Evidence: evidenceN(1)}},
			Layers: []layers.Layer{{Name: layers.LayerRuntime, Status: layers.StatusOK, Evidence: evidenceN(1)}},
			Pods:   []layers.PodState{{Name: "p"}}})
	}
	bad := bundle.Ref{Kind: "Deployment", Namespace: "ns", Name: "bad"}
	w := layers.Workload{Ref: bad, Convergence: layers.Failed,
		Stages: []layers.Stage{{Name: layers.StageReady, Status: layers.StatusFailed, Evidence: evidenceN(25)}},
		Layers: []layers.Layer{{Name: layers.LayerRuntime, Status: layers.StatusFailed, Evidence: evidenceN(30)}}}
	for i := range 23 {
		w.Divergences = append(w.Divergences, layers.Divergence{Object: bad, Path: fmt.Sprint("spec.f", i)})
	}
	for i := range 60 {
		w.Pods = append(w.Pods, layers.PodState{Name: fmt.Sprint("bad-", i)})
	}
	r.Workloads = append(r.Workloads, w)
	r.Hypotheses = []hypothesis.Hypothesis{{Rank: 1, ID: "crash-loop:Pod/ns/bad-0", Cause: "crash-loop", Status: hypothesis.Supported,
		Supporting: evidenceN(21), Contradicting: evidenceN(3),
		Members: []hypothesis.Member{{ID: "crash-loop:Pod/ns/bad-0", Supporting: evidenceN(1), Explains: []string{"x"}}, {ID: "crash-loop:Pod/ns/bad-1"}}}}
	t0 := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range entries {
		r.Timeline = append(r.Timeline, timeline.Entry{Time: t0.Add(time.Duration(i) * time.Second), Reason: fmt.Sprint(i), Failure: i%10 == 0})
	}
	if entries > 0 {
		last := entries - 1 // not a failure, past every bound: kept because the report points at it
		r.EarliestFailure = &timeline.EarliestFailure{Index: last, Explains: []int{last - 2, 3}, Entry: r.Timeline[last]}
		r.EarliestPerWorkload = map[string]*timeline.EarliestFailure{bad.String(): {Index: last - 1, Explains: []int{last - 3, 20}, Entry: r.Timeline[last-1]}}
	}
	return r
}

func TestBrief(t *testing.T) {
	r := bigReport(briefConverged+7, briefTimeline*3)
	b := Brief(r)

	wantOmitted := Omitted{TimelineEntries: 4000, WorkloadDetails: 7, Evidence: 1 + 5 + 10, Divergences: 3, Pods: 10}
	if d := cmp.Diff(&wantOmitted, b.Omitted); d != "" {
		t.Errorf("omitted (-want +got):\n%s", d)
	}
	h := b.Hypotheses[0]
	if len(h.Supporting) != briefEvidence || h.SupportingOmitted != 1 || len(h.Contradicting) != 3 || h.ContradictingOmitted != 0 {
		t.Errorf("hypothesis evidence: %d (+%d) and %d (+%d)", len(h.Supporting), h.SupportingOmitted, len(h.Contradicting), h.ContradictingOmitted)
	}
	if m := h.Members[0]; m.Supporting != nil || m.Explains != nil {
		t.Errorf("member keeps its own evidence or links in the default report: %+v", m)
	}
	for i, w := range b.Workloads {
		switch {
		case w.Convergence == layers.Converged && i < briefConverged:
			if w.DetailOmitted || len(w.Layers) != 1 {
				t.Errorf("%s: the first converged workloads keep their detail", w.Ref)
			}
		case w.Convergence == layers.Converged:
			if !w.DetailOmitted || len(w.Layers) != 0 || len(w.Stages) != 0 || w.Pods != nil {
				t.Errorf("%s: detail kept past the bound", w.Ref)
			}
		default:
			got := []int{len(w.Stages[0].Evidence), w.Stages[0].EvidenceOmitted, len(w.Layers[0].Evidence), w.Layers[0].EvidenceOmitted,
				len(w.Divergences), w.DivergencesOmitted, len(w.Pods), w.PodsOmitted}
			if d := cmp.Diff([]int{20, 5, 20, 10, 20, 3, 50, 10}, got); d != "" {
				t.Errorf("failed workload's lists (-want +got):\n%s", d)
			}
		}
	}

	if len(b.Timeline) != briefTimeline {
		t.Fatalf("timeline keeps %d entries, want %d", len(b.Timeline), briefTimeline)
	}
	ef := b.EarliestFailure
	if b.Timeline[ef.Index].Reason != r.EarliestFailure.Entry.Reason {
		t.Errorf("earliest failure points at %q", b.Timeline[ef.Index].Reason)
	}
	var explained []string
	for _, i := range ef.Explains {
		explained = append(explained, b.Timeline[i].Reason)
	}
	if d := cmp.Diff([]string{"5997", "3"}, explained); d != "" {
		t.Errorf("what the earliest failure explains (-want +got):\n%s", d)
	}
	pw := b.EarliestPerWorkload["Deployment/ns/bad"]
	if b.Timeline[pw.Index].Reason != "5998" || len(pw.Explains) != 1 || b.Timeline[pw.Explains[0]].Reason != "20" {
		t.Errorf("workload's earliest failure: %q, explains %v", b.Timeline[pw.Index].Reason, pw.Explains)
	}
	fails := 0
	for _, e := range b.Timeline {
		if e.Failure {
			fails++
		}
	}
	if fails != 600 {
		t.Errorf("timeline keeps %d of the 600 failures", fails)
	}

	if len(r.Timeline) != 3*briefTimeline || len(r.Hypotheses[0].Supporting) != 21 || r.Hypotheses[0].Members[0].Supporting == nil ||
		r.Workloads[len(r.Workloads)-1].Layers[0].EvidenceOmitted != 0 || r.EarliestFailure.Index != 3*briefTimeline-1 {
		t.Error("Brief modified its input")
	}
}

// TestBriefWithinBounds: a report within every bound loses only its
// members' own evidence; nothing is counted as left out.
func TestBriefWithinBounds(t *testing.T) {
	r := bigReport(3, 40)
	r.Workloads = r.Workloads[:3]
	r.Hypotheses[0].Supporting = evidenceN(2)
	b := Brief(r)
	if b.Omitted != nil {
		t.Errorf("omitted %+v, want none", b.Omitted)
	}
	want := *r
	want.Hypotheses = []hypothesis.Hypothesis{r.Hypotheses[0]}
	want.Hypotheses[0].Members = []hypothesis.Member{{ID: "crash-loop:Pod/ns/bad-0"}, {ID: "crash-loop:Pod/ns/bad-1"}}
	if d := cmp.Diff(&want, b); d != "" {
		t.Errorf("Brief (-want +got):\n%s", d)
	}
}
