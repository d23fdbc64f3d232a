package hypothesis

import (
	"time"

	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// Score terms. The score is an integer shown with each hypothesis; the rank
// order is decided by the documented sort (see rank), of which the score is
// the fourth key.
const (
	scoreSupported     = 300
	scoreOpen          = 100
	scorePerSupporting = 10 // per supporting item, up to 10 items
	scorePerContra     = 20 // per contradicting item, up to 5 items
	scorePerExplained  = 5  // per hypothesis this one explains, up to 10
)

// before is the priority of keys 2 to 5 of rank.
func before(a, b *Hypothesis, weights map[string]int) bool {
	if sa, sb := statusOrder(a.Status), statusOrder(b.Status); sa != sb {
		return sa < sb
	}
	if (a.FirstFailure == nil) != (b.FirstFailure == nil) {
		return a.FirstFailure != nil
	}
	if a.FirstFailure != nil && !a.FirstFailure.Equal(*b.FirstFailure) {
		return a.FirstFailure.Before(*b.FirstFailure)
	}
	if a.Score != b.Score {
		return a.Score > b.Score
	}
	if wa, wb := weights[a.Rule], weights[b.Rule]; wa != wb {
		return wa > wb
	}
	if sa, sb := a.Subject.String(), b.Subject.String(); sa != sb {
		return sa < sb
	}
	if a.Cause != b.Cause {
		return a.Cause < b.Cause
	}
	return a.ID < b.ID
}

// score is the rule weight plus a status term plus evidence strength:
// supported +300, open +100; +10 per supporting item (up to 10), -20 per
// contradicting item (up to 5), +5 per explained hypothesis (up to 10).
func score(h *Hypothesis, weight int) int {
	s := weight
	switch h.Status {
	case Supported:
		s += scoreSupported
	case Open:
		s += scoreOpen
	}
	s += scorePerSupporting * min(countCited(h.Supporting), 10)
	s -= scorePerContra * min(countCited(h.Contradicting), 5)
	s += scorePerExplained * min(len(h.Explains), 10)
	return s
}

// countCited counts evidence items, not the "left out" note sortEvidence adds.
func countCited(l []evidence.Evidence) int {
	n := 0
	for _, e := range l {
		if e.Object != nil || e.Event != "" || e.File != "" || e.Path != "" {
			n++
		}
	}
	return n
}

// firstFailure is the earliest supporting evidence time, or else the
// subject's earliest failure on the timeline.
func firstFailure(h *Hypothesis, tl *timeline.Timeline) *time.Time {
	var t *time.Time
	for _, e := range h.Supporting {
		if e.Time != nil && (t == nil || e.Time.Before(*t)) {
			t = e.Time
		}
	}
	if t == nil && tl != nil {
		if ef := tl.PerWorkload[h.Subject.String()]; ef != nil && !ef.Entry.Time.IsZero() {
			x := ef.Entry.Time.UTC()
			t = &x
		}
	}
	return t
}
