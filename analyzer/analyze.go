// Package analyzer runs rift's analysis of one loaded bundle: the state
// layers, the timeline and the rule engine's ledger, assembled into the
// report that every output format renders.
package analyzer

import (
	"context"
	"errors"
	"fmt"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/report"
	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/memory"
)

// Analyze rebuilds the layers of every workload (layers.Build), merges the
// chronology (timeline.Build), evaluates the rules (eng.Evaluate) and
// returns the report: bundle scope, summary, workloads, timeline, earliest
// failure, ranked hypotheses, the verification checks of the top hypothesis
// and the residual risks the bundle leaves open. It does no I/O, never reads
// the wall clock (the bundle's capture time is "now") and gives the same
// report for the same bundle and policies. Its lists are never nil.
func Analyze(ctx context.Context, b *bundle.Bundle, eng *hypothesis.Engine) (*report.Report, error) {
	if b == nil {
		return nil, errors.New("analyze: nil bundle")
	}
	if eng == nil {
		return nil, errors.New("analyze: nil rule engine")
	}
	if b.Index == nil {
		// Stages share one index; build it here rather than once per stage.
		cp := *b
		cp.Index = bundle.NewIndex(b.Objects, b.Logs)
		b = &cp
	}
	ws, err := layers.BuildWith(b, eng.Health())
	if err != nil {
		return nil, fmt.Errorf("analyze: %w", err)
	}
	// The chronology skips effects by the one causality table: the
	// built-in rows and the user's, which the engine loaded beside the
	// rules.
	topts := timeline.DefaultOptions()
	topts.Explanations = eng.Explanations()
	tl := timeline.BuildWithOptions(b, ws, topts)
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("analyze: %w", err)
	}
	// What the report needs of the bundle itself is read now: past this
	// point only the rules' input is, so the collection after it can free
	// the decoded objects (a quarter of the heap at 100k objects) for the
	// rules to reuse, if the caller holds no other reference to them. The
	// checkpoints collect only under the batch policy of rift's analysing
	// commands (internal/memory); they never change the report.
	info := bundleInfo(b, tl)
	gaps := bundleGaps(b, ws, tl)
	in := hypothesis.Input{Bundle: b, Workloads: ws, Timeline: tl}
	b = nil
	memory.Checkpoint()
	ledger, err := eng.EvaluateStages(ctx, in, func(stage string) {
		if stage == hypothesis.StageInput {
			memory.Checkpoint()
		}
	})
	if err != nil {
		return nil, fmt.Errorf("analyze: evaluate rules: %w", err)
	}
	r := &report.Report{
		APIVersion:          report.APIVersion,
		Kind:                report.Kind,
		Bundle:              info,
		Summary:             ledger.Summary,
		Workloads:           ws,
		Timeline:            tl.Entries,
		EarliestFailure:     tl.Earliest,
		EarliestPerWorkload: tl.PerWorkload,
		Hypotheses:          ledger.Hypotheses,
		Verification:        verification(ledger.Hypotheses),
		Residual:            append(append(ruleFailures(ledger.RuleErrors), gaps...), openHypotheses(ledger.Hypotheses)...),
		RuleErrors:          ledger.RuleErrors,
	}
	return r.Normalized(), nil
}

// bundleInfo is the scope and identity section.
func bundleInfo(b *bundle.Bundle, tl *timeline.Timeline) report.BundleInfo {
	info := report.BundleInfo{
		Format:       b.Format,
		CaptureTime:  b.CaptureTime,
		Inferred:     b.CaptureTimeInferred,
		Scope:        b.Meta.Scope,
		Collector:    b.Meta.Collector,
		NotCollected: b.Meta.NotCollected,
		Objects:      len(b.Objects),
		LoadErrors:   b.Errors,
		Gaps:         tl.Gaps,
	}
	if b.CaptureTime.IsZero() {
		info.CaptureUnknown = bundle.CaptureUnknownReason
	}
	for _, s := range b.Sources {
		info.Sources = append(info.Sources, report.SourceInfo{
			Name: s.Name, URL: s.URL, Revision: s.Revision, Commit: s.CommitTime, Path: s.Path,
		})
	}
	return info
}

// verification returns the acceptance checks of the top hypothesis when the
// evidence supports it. An open or refuted cause proposes no repair, so
// there is nothing to verify yet (the report's repair section says why).
func verification(hs []hypothesis.Hypothesis) []hypothesis.Acceptance {
	if len(hs) == 0 || hs[0].Status != hypothesis.Supported {
		return nil
	}
	return hs[0].Repair.Acceptance
}

// bundleGaps and then openHypotheses list the residual risk, in a fixed
// order: what the bundle could not show (data the collector did not read,
// timeline gaps such as expired events, missing Git sources, unreadable
// files, an inferred capture time), then the hypotheses that stay open
// for want of evidence. bundleGaps reads the bundle, so it runs before
// the rules.
func bundleGaps(b *bundle.Bundle, ws []layers.Workload, tl *timeline.Timeline) []string {
	var out []string
	for _, nc := range b.Meta.NotCollected {
		where := nc.Resource
		if nc.Namespace != "" {
			where += " in " + nc.Namespace
		}
		out = append(out, fmt.Sprintf("%s not collected (%s): rift treats it as unknown, not as fine", where, nc.Reason))
	}
	out = append(out, tl.Gaps...)
	out = append(out, missingSources(b, ws)...)
	if n := len(b.Errors); n > 0 {
		out = append(out, fmt.Sprintf("%d part(s) of the bundle could not be loaded (listed under scope): facts in them are missing", n))
	}
	if b.CaptureTimeInferred {
		out = append(out, "the capture time was not recorded and is inferred from the latest timestamp in the data")
	}
	return out
}

// ruleFailures says which rules failed on this bundle: their hypotheses
// are missing from the ledger, which is why the verdict is not healthy,
// and a reader must see that before the gaps of the bundle itself.
func ruleFailures(errs []string) []string {
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		out = append(out, "rule failed, so its hypotheses are missing: "+e)
	}
	return out
}

// openHypotheses is the part of the residual risk the ledger decides.
// A ledger entry that groups hypotheses says so once: what its members
// span when all stay open, else how many of them do.
func openHypotheses(hs []hypothesis.Hypothesis) []string {
	var out []string
	for _, h := range hs {
		var open []hypothesis.Member
		for _, m := range h.Individuals() {
			if m.Status == hypothesis.Open {
				open = append(open, m)
			}
		}
		switch {
		case len(open) == 0:
		case len(h.Members) == 0:
			out = append(out, fmt.Sprintf("hypothesis #%d %s on %s stays open: %s", h.Rank, h.Cause, h.Subject, h.NextCheck))
		case len(open) == len(h.Members):
			out = append(out, fmt.Sprintf("hypothesis #%d %s on %s stays open: %s", h.Rank, h.Cause, h.Extent, h.NextCheck))
		default:
			out = append(out, fmt.Sprintf("hypothesis #%d %s: %d of its %d members stay open, the first %s: %s",
				h.Rank, h.Cause, len(open), len(h.Members), open[0].Subject, open[0].NextCheck))
		}
	}
	return out
}

// missingSources names the GitOps-managed workloads whose desired state the
// bundle cannot show, or says once that the bundle has no Git source.
func missingSources(b *bundle.Bundle, ws []layers.Workload) []string {
	if len(b.Sources) == 0 {
		return []string{"the bundle holds no Git source: desired and rendered state are unknown"}
	}
	var out []string
	for _, w := range ws {
		if len(w.Owners) == 0 {
			continue
		}
		for _, l := range w.Layers {
			if l.Name == layers.LayerDesired && l.Status == layers.StatusUnknown {
				out = append(out, fmt.Sprintf("%s: its Git source is not in the bundle, so its desired state is unknown", w.Ref))
			}
		}
	}
	return out
}
