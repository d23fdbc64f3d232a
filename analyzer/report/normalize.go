package report

import (
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
)

// Normalized returns a copy of r whose list fields are never nil, and whose
// apiVersion and kind are set, so that the JSON form has `[]` where a list
// is empty rather than `null` and always matches docs/report.schema.json.
// It copies the slices it touches and never modifies r; it runs in time
// linear in the size of the report.
func (r *Report) Normalized() *Report {
	out := *r
	if out.APIVersion == "" {
		out.APIVersion = APIVersion
	}
	if out.Kind == "" {
		out.Kind = Kind
	}
	b := &out.Bundle
	b.NotCollected = nonNil(b.NotCollected)
	b.Sources = nonNil(b.Sources)
	b.LoadErrors = nonNil(b.LoadErrors)
	b.Gaps = nonNil(b.Gaps)
	if b.CaptureTime.IsZero() && b.CaptureUnknown == "" {
		b.CaptureUnknown = bundle.CaptureUnknownReason
	}

	out.Workloads = make([]layers.Workload, len(r.Workloads))
	for i, w := range r.Workloads {
		out.Workloads[i] = normalizeWorkload(w)
	}
	out.Timeline = nonNil(r.Timeline)
	out.Hypotheses = make([]hypothesis.Hypothesis, len(r.Hypotheses))
	for i, h := range r.Hypotheses {
		h.Supporting = nonNil(h.Supporting)
		h.Contradicting = nonNil(h.Contradicting)
		h.Explains = nonNil(h.Explains)
		h.Repair.Preconditions = nonNil(h.Repair.Preconditions)
		h.Repair.StopConditions = nonNil(h.Repair.StopConditions)
		h.Repair.Acceptance = nonNil(h.Repair.Acceptance)
		out.Hypotheses[i] = h
	}
	out.Verification = nonNil(r.Verification)
	out.Residual = nonNil(r.Residual)
	return &out
}

func normalizeWorkload(w layers.Workload) layers.Workload {
	stages := w.Stages
	w.Stages = make([]layers.Stage, len(stages))
	for i, s := range stages {
		s.Evidence = nonNil(s.Evidence)
		w.Stages[i] = s
	}
	lays := w.Layers
	w.Layers = make([]layers.Layer, len(lays))
	for i, l := range lays {
		l.Evidence = nonNil(l.Evidence)
		w.Layers[i] = l
	}
	w.Divergences = nonNil(w.Divergences)
	return w
}

// nonNil returns s, or an empty slice when s is nil.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}
