package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// This file holds what the text and Markdown renderers derive from a report
// in the same way, so the two formats never disagree on content.

// chronologyLimit is how many entries, from the earliest failure on, the
// text and Markdown chronologies show without Details.
const chronologyLimit = 30

// evidenceLimit is how many evidence items per hypothesis the text and
// Markdown formats show without Details.
const evidenceLimit = 3

// topHypothesis returns the ledger's first (highest-ranked) hypothesis.
func topHypothesis(r *Report) (hypothesis.Hypothesis, bool) {
	if len(r.Hypotheses) == 0 {
		return hypothesis.Hypothesis{}, false
	}
	return r.Hypotheses[0], true
}

// affected splits the workloads into those that are not converged (shown in
// full) and the names of the converged ones (listed). A focused report
// shows its one workload in full whatever its state.
func affected(r *Report, focused bool) (shown []layers.Workload, converged []string) {
	for _, w := range r.Workloads {
		if focused || w.Convergence != layers.Converged {
			shown = append(shown, w)
			continue
		}
		converged = append(converged, w.Ref.String())
	}
	return shown, converged
}

// chronology returns the entries from the earliest failure on (all entries
// when there is none), and how many earlier entries were left out. Without
// details it keeps at most chronologyLimit entries and says how many more
// there are.
func chronology(r *Report, details bool) (entries []timeline.Entry, before, after int) {
	start := 0
	if ef := r.EarliestFailure; ef != nil && ef.Index >= 0 && ef.Index < len(r.Timeline) {
		start = ef.Index
	}
	if details {
		start = 0
	}
	entries = r.Timeline[start:]
	if !details && len(entries) > chronologyLimit {
		after = len(entries) - chronologyLimit
		entries = entries[:chronologyLimit]
	}
	return entries, start, after
}

// loopText describes a collapsed retry loop, or returns "" for a single
// occurrence.
func loopText(e timeline.Entry) string {
	if e.Count <= 1 {
		return ""
	}
	s := fmt.Sprintf("×%d", e.Count)
	if e.FirstTime != nil && e.LastTime != nil {
		s += fmt.Sprintf(" from %s to %s", stamp(*e.FirstTime), stamp(*e.LastTime))
	}
	return s
}

// evidenceText formats one citation on one line: object and path, event,
// file, time, then the message.
func evidenceText(e evidence.Evidence) string {
	var where []string
	if e.Object != nil {
		where = append(where, e.Object.String())
	}
	if e.Path != "" {
		where = append(where, e.Path)
	}
	if e.Event != "" {
		where = append(where, "event "+e.Event)
	}
	if e.File != "" {
		where = append(where, "["+e.File+"]")
	}
	if e.Time != nil {
		where = append(where, "@"+stamp(*e.Time))
	}
	if len(where) == 0 {
		return e.Message
	}
	return strings.Join(where, " ") + ": " + e.Message
}

// limitEvidence returns at most evidenceLimit items unless details is set,
// and how many were left out.
func limitEvidence(evs []evidence.Evidence, details bool) ([]evidence.Evidence, int) {
	if details || len(evs) <= evidenceLimit {
		return evs, 0
	}
	return evs[:evidenceLimit], len(evs) - evidenceLimit
}

// ruleLine says which rule proposed h, at which layer, with what score.
func ruleLine(h hypothesis.Hypothesis) string {
	s := "rule " + h.Rule
	if h.Layer != "" {
		s += ", layer " + h.Layer
	}
	return s + fmt.Sprintf(", score %d", h.Score)
}

// earliestLine is the one-line account of the earliest failure, and how
// many later failures of its chain it explains.
func earliestLine(ef *timeline.EarliestFailure) string {
	s := "Earliest failure: " + ef.Entry.Object.String() + " " + ef.Entry.Reason + " at " + stamp(ef.Entry.Time)
	if ef.Workload != "" && ef.Workload != ef.Entry.Object.String() {
		s += ", in the chain of " + ef.Workload
	}
	if n := len(ef.Explains); n > 0 {
		s += fmt.Sprintf("; it explains %d later failure(s)", n)
	}
	return s + "."
}

// stamp formats a time in UTC with second precision, the form every
// non-JSON format uses.
func stamp(t time.Time) string { return t.UTC().Format("2006-01-02T15:04:05Z") }

// yesNo formats mutationNeeded.
func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// orDash returns s, or "-" for an empty value.
func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// compact renders a divergence's expected or observed JSON value on one
// line, "absent" when the field is missing on that side.
func compact(raw []byte) string {
	var b bytes.Buffer
	if err := json.Compact(&b, raw); err != nil {
		// Not JSON (a hand-built report): show it as it is, on one line.
		return strings.Join(strings.Fields(string(raw)), " ")
	}
	if s := b.String(); s != "" && s != "null" {
		return s
	}
	return "absent"
}

// divGroup is one divergence and every object that shows it identically
// (for example the same stale probe on each Pod of a StatefulSet).
type divGroup struct {
	layers.Divergence
	Objects []string
}

// groupDivergences merges divergences that differ only in their object, in
// order of first appearance.
func groupDivergences(ds []layers.Divergence) []divGroup {
	var out []divGroup
	at := make(map[string]int, len(ds))
	for _, d := range ds {
		key := d.Between[0] + "\x00" + d.Between[1] + "\x00" + d.Object.Kind + "\x00" + d.Path + "\x00" +
			compact(d.Expected) + "\x00" + compact(d.Observed) + "\x00" + d.Owner
		if i, ok := at[key]; ok {
			out[i].Objects = append(out[i].Objects, d.Object.String())
			continue
		}
		at[key] = len(out)
		out = append(out, divGroup{Divergence: d, Objects: []string{d.Object.String()}})
	}
	return out
}
