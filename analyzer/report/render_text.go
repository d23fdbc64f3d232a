package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// renderText writes the terminal report: the eight sections in the order
// of docs/report.md, wrapped to opts.Width, coloured only when opts.Color.
func renderText(w io.Writer, r *Report, opts RenderOptions) error {
	t := &textOut{w: w, width: opts.Width, color: opts.Color}
	textLead(t, r, opts)
	textScope(t, r)
	textState(t, r, opts)
	textChronology(t, r, opts.Details)
	textLedger(t, r, opts.Details)
	textRepair(t, r)
	textVerification(t, r)
	textResidual(t, r)
	return t.err
}

func textLead(t *textOut, r *Report, opts RenderOptions) {
	s := r.Summary
	t.printf("%s %s\n", t.paint(styleBold, "rift report"), t.paint(styleDim, "· "+captureStamp(r.Bundle.CaptureTime)))
	t.blank()
	t.kv(0, 9, "Verdict", verdictStyle(s.Verdict)+";"+styleBold, strings.ToUpper(orDash(s.Verdict)))
	t.kv(0, 9, "Impact", styleNone, orDash(s.Impact))
	t.kv(0, 9, "Cause", styleNone, orDash(elide(s.EarliestCause)))
	mut := yesNo(s.MutationNeeded)
	if h, ok := topHypothesis(r); ok && s.MutationNeeded {
		mut += " (owner: " + h.Repair.Owner + ")"
	}
	t.kv(0, 9, "Mutation", styleNone, mut)
	if opts.Workload != nil {
		t.kv(0, 9, "Focus", styleBold, focusLine(r))
	}
	t.blank()
}

func textScope(t *textOut, r *Report) {
	b := r.Bundle
	t.heading("Scope and identity")
	const k = 13
	t.kv(2, k, "context", styleNone, orDash(b.Scope.Context))
	t.kv(2, k, "cluster", styleNone, strings.TrimSpace(orDash(b.Scope.Cluster)+" "+b.Scope.Server))
	id := orDash(b.Scope.Identity.Username)
	if len(b.Scope.Identity.Groups) > 0 {
		id += " (" + strings.Join(b.Scope.Identity.Groups, ", ") + ")"
	}
	t.kv(2, k, "identity", styleNone, id)
	ns := "all"
	if len(b.Scope.Namespaces) > 0 {
		ns = strings.Join(b.Scope.Namespaces, ", ")
	}
	t.kv(2, k, "namespaces", styleNone, ns)
	t.kv(2, k, "captured", styleNone, bundle.CaptureText(b.CaptureTime, b.Inferred))
	t.kv(2, k, "bundle", styleNone, bundleLine(r))
	for _, s := range b.Sources {
		t.kv(2, k, "source", styleNone, sourceLine(s))
	}
	for _, nc := range b.NotCollected {
		t.kv(2, k, "not collected", styleAmber, notCollectedLine(nc.Resource, nc.Namespace, nc.Reason))
	}
	for _, e := range b.LoadErrors {
		t.kv(2, k, "load error", styleRed, e.Error())
	}
	if s := omittedLine(r); s != "" {
		t.kv(2, k, "left out", styleNone, s)
	}
	t.blank()
}

func bundleLine(r *Report) string {
	b := r.Bundle
	s := fmt.Sprintf("%s, %d objects", orDash(string(b.Format)), b.Objects)
	if b.Collector.Name != "" {
		s += ", collected by " + strings.TrimSpace(b.Collector.Name+" "+b.Collector.Version)
	}
	return s
}

func sourceLine(s SourceInfo) string {
	out := s.Name
	if s.URL != "" {
		out += " " + s.URL
	}
	if s.Revision != "" {
		out += " @ " + s.Revision
	}
	if s.Path != "" {
		out += " path " + s.Path
	}
	if s.Commit != nil {
		out += " (committed " + stamp(*s.Commit) + ")"
	}
	return out
}

func notCollectedLine(resource, ns, reason string) string {
	if ns != "" {
		resource += " in " + ns
	}
	return resource + ": " + reason
}

func verdictStyle(v string) string {
	switch v {
	case "healthy":
		return styleGreen
	case "degraded":
		return styleRed
	}
	return styleAmber
}

// statusStyle colours layer, stage and convergence statuses alike.
func statusStyle(s string) string {
	switch s {
	case layers.StatusOK, layers.Converged:
		return styleGreen
	case layers.StatusFailed, layers.Blocked:
		return styleRed
	case layers.StatusProgressing, layers.Suspended:
		return styleAmber
	}
	return styleDim
}

// statusMark is the one-character form of a status, readable without
// colour.
func statusMark(s string) string {
	switch s {
	case layers.StatusOK:
		return "✓"
	case layers.StatusFailed:
		return "✗"
	case layers.StatusProgressing:
		return "…"
	case layers.StatusNotApplicable:
		return "-"
	case layers.Suspended:
		return "‖"
	}
	return "?"
}
