package report

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
	"github.com/rift-dev/rift/internal/words"
)

// This file holds what the text and Markdown renderers derive from a report
// in the same way, so the two formats never disagree on content.

// chronologyLimit is how many entries, from the earliest failure on, the
// text and Markdown chronologies show without Details.
const chronologyLimit = 30

// evidenceLimit is how many evidence items per hypothesis the text and
// Markdown formats show without Details.
const evidenceLimit = 3

// ledgerLimit is how many hypotheses the text and Markdown ledgers show
// without Details: a large ledger (a healthy must-gather can yield a hundred
// refuted ones) would bury the few that matter.
const ledgerLimit = 10

// ledger returns the hypotheses the text and Markdown ledgers show, in rank
// order, and how many are left out. Without details a ledger of at most
// ledgerLimit is shown whole; a longer one shows its first ledgerLimit
// hypotheses that are current (neither contradicted nor resolved history).
func ledger(r *Report, details bool) (shown []hypothesis.Hypothesis, hidden int) {
	if details || len(r.Hypotheses) <= ledgerLimit {
		return r.Hypotheses, 0
	}
	for _, h := range r.Hypotheses {
		if h.Status != hypothesis.Contradicted && h.Status != hypothesis.Resolved && len(shown) < ledgerLimit {
			shown = append(shown, h)
		}
	}
	return shown, len(r.Hypotheses) - len(shown)
}

// repairFor returns the hypothesis whose repair contract the report
// states: the top one, and only when the evidence supports it. Otherwise it
// says why no repair is proposed.
func repairFor(r *Report) (hypothesis.Hypothesis, string) {
	h, ok := topHypothesis(r)
	switch {
	case !ok:
		return h, "No hypothesis, so no repair is proposed."
	case h.Status != hypothesis.Supported:
		return h, fmt.Sprintf("The top hypothesis, #%d %s on %s, is %s rather than supported, so no mutation is proposed; next read-only check: %s",
			h.Rank, h.Cause, h.Subject.String(), h.Status, orDash(h.NextCheck))
	}
	return h, ""
}

// focusLine says which workload a focused report shows. The lead's verdict,
// impact and cause stay bundle-wide.
func focusLine(r *Report) string {
	name := "-"
	if len(r.Workloads) > 0 {
		name = r.Workloads[0].Ref.String()
	}
	return name + " only; the verdict, impact and cause above are for the whole bundle"
}

// topHypothesis returns the ledger's first (highest-ranked) hypothesis.
func topHypothesis(r *Report) (hypothesis.Hypothesis, bool) {
	if len(r.Hypotheses) == 0 {
		return hypothesis.Hypothesis{}, false
	}
	return r.Hypotheses[0], true
}

// stateLimit is how many workloads that have not converged the text and
// Markdown state sections show in full without Details, and how many
// converged ones they name.
const stateLimit = 20

// affected splits the workloads into those that are not converged (shown in
// full) and the names of the converged ones (listed). A focused report
// shows its one workload in full whatever its state. Without details each
// list keeps stateLimit and says how many more there are in the line more
// (empty when none).
func affected(r *Report, focused, details bool) (shown []layers.Workload, converged []string, more string) {
	stuck, named := 0, 0
	for _, w := range r.Workloads {
		if focused || w.Convergence != layers.Converged {
			if stuck++; details || stuck <= stateLimit {
				shown = append(shown, w)
			}
			continue
		}
		if named++; details || named <= stateLimit {
			converged = append(converged, w.Ref.String())
		}
	}
	var parts []string
	if n := stuck - len(shown); n > 0 {
		parts = append(parts, words.Count(n, "more workload that has not converged is", "more workloads that have not converged are")+" not shown")
	}
	if n := named - len(converged); n > 0 {
		parts = append(parts, words.Count(n, "more converged workload is", "more converged workloads are")+" not named")
	}
	if len(parts) > 0 {
		more = strings.Join(parts, "; ") + "; --details shows them"
	}
	return shown, converged, more
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

// omittedLine says what the report left out (Brief) and how to get it,
// or "" when it left nothing out.
func omittedLine(r *Report) string {
	o := r.Omitted
	if o == nil {
		return ""
	}
	var parts []string
	add := func(n int, one, many string) {
		if n > 0 {
			parts = append(parts, words.Count(n, one, many))
		}
	}
	add(o.TimelineEntries, "timeline entry", "timeline entries")
	if o.WorkloadDetails > 0 {
		parts = append(parts, "the stages and layers of "+words.Count(o.WorkloadDetails, "converged workload", "converged workloads"))
	}
	add(o.Evidence, "evidence item", "evidence items")
	add(o.Divergences, "divergence", "divergences")
	add(o.Pods, "pod row", "pod rows")
	return strings.Join(parts, ", ") + " (rift analyze -o json --full keeps everything)"
}

// memberLimit is how many members of a group the text and Markdown
// ledgers list without Details.
const memberLimit = 5

// limitMembers returns at most memberLimit members unless details is set,
// and how many were left out.
func limitMembers(ms []hypothesis.Member, details bool) ([]hypothesis.Member, int) {
	if details || len(ms) <= memberLimit {
		return ms, 0
	}
	return ms[:memberLimit], len(ms) - memberLimit
}

// memberLine is one member of a group: its subject and status, and its
// owner workload when it has one.
func memberLine(m hypothesis.Member) string {
	s := m.Subject.String() + " " + m.Status
	if m.Owner != nil {
		s += " (of " + m.Owner.String() + ")"
	}
	return s
}

// entrySubject is what a ledger entry is about: its subject, or for a
// group the extent of its members.
func entrySubject(h hypothesis.Hypothesis) string {
	if len(h.Members) > 0 {
		return h.Extent
	}
	return h.Subject.String()
}

// entrySummary is a ledger entry's summary; a group's is its first
// member's, said as such.
func entrySummary(h hypothesis.Hypothesis) string {
	if len(h.Members) > 0 {
		return "first " + h.Subject.String() + ": " + elide(h.Summary)
	}
	return elide(h.Summary)
}

// moreLine says how many evidence items are not shown: more that
// --details shows, and omitted that the report left out (only --full
// keeps them).
func moreLine(more, omitted int) string {
	switch {
	case more > 0 && omitted > 0:
		return fmt.Sprintf("(%d more; --details shows %d of them, --full all)", more+omitted, more)
	case more > 0:
		return fmt.Sprintf("(%d more; --details shows them)", more)
	case omitted > 0:
		return fmt.Sprintf("(%d more left out of this report; --full keeps them)", omitted)
	}
	return ""
}

// limitEvidence returns at most evidenceLimit items unless details is set,
// and how many were left out.
func limitEvidence(evs []evidence.Evidence, details bool) ([]evidence.Evidence, int) {
	if details || len(evs) <= evidenceLimit {
		return evs, 0
	}
	return evs[:evidenceLimit], len(evs) - evidenceLimit
}
