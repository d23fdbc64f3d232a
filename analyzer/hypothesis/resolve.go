package hypothesis

import (
	"fmt"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// resolve marks history. Each failure fact a hypothesis cites (supporting
// evidence with a time: an event, a log line, a past container state, a
// condition) is current when the object it was read from (or, when the
// bundle holds no state for that object, the hypothesis's subject) has
// not converged, or when the failure was seen again after that object's
// converged state began; otherwise the fact is resolved. A hypothesis the
// rules found supported or open becomes Resolved when its subject is not
// known to be failing now, it cites at least one failure fact, and every
// failure fact it cites is resolved. A hypothesis that cites no failure
// time is about the present state (a divergence, a setting, a selector
// that matches nothing), which no recovery makes history, and stays as
// the rule said.
//
// It runs once, after the rules and before the ranking, for every rule
// and every kind, so that no rule tells history from the present itself.
// A resolved hypothesis states when its failure stopped (ResolvedAt) and
// cites the recovery as contradicting evidence.
func resolve(cs []candidate, pf presentFacts, tl *timeline.Timeline) {
	var last map[string]time.Time // event occurrences' last times, built on first need
	for i := range cs {
		h := &cs[i].h
		if h.Status != Supported && h.Status != Open {
			continue
		}
		subject, known := pf[h.Subject.Key()]
		if known && !subject.converged {
			continue
		}
		if last == nil {
			last = lastOccurrences(tl)
		}
		stopped, latest, ok := allResolved(h, pf, last)
		if !ok {
			continue
		}
		h.Status, h.ResolvedAt = Resolved, &stopped
		ref := h.Subject
		h.Contradicting = sortEvidence(append(h.Contradicting, evidence.Evidence{
			Object: &ref, Time: &stopped,
			Message: fmt.Sprintf("history: every failure cited ended by %s (the latest at %s), when what it was read from had converged; it still is at capture time",
				stopped.UTC().Format(time.RFC3339), latest.UTC().Format(time.RFC3339)),
		}))
	}
}

// allResolved reports whether h cites at least one failure fact and all
// of them are resolved; stopped is the latest recovery among the objects
// they were read from, latest the latest failure.
func allResolved(h *Hypothesis, pf presentFacts, last map[string]time.Time) (stopped, latest time.Time, ok bool) {
	for _, e := range h.Supporting {
		t, timed := failureTime(e, last)
		if !timed {
			continue
		}
		st, known := presentState{}, false
		if e.Object != nil {
			st, known = pf[e.Object.Key()]
		}
		if !known {
			st, known = pf[h.Subject.Key()]
		}
		switch {
		case known && st.final:
			if st.since.IsZero() {
				st.since = t
			}
		case !known || !st.converged || st.since.IsZero() || t.After(st.since):
			return time.Time{}, time.Time{}, false
		}
		stopped, latest, ok = later(stopped, st.since), later(latest, t), true
	}
	return stopped, latest, ok
}

// failureTime is when a cited fact was last seen failing: its own time; for
// an event cited at its first occurrence, its last one, which the timeline
// knows; for a log line cited without a time, the time the line was
// written.
func failureTime(e evidence.Evidence, last map[string]time.Time) (time.Time, bool) {
	switch {
	case e.Time != nil && !e.Time.IsZero():
		t := *e.Time
		if e.Event != "" && e.Object != nil {
			t = later(t, last[occurrenceKey(*e.Object, e.Event)])
		}
		return t, true
	case e.File != "":
		return timeline.LogLineTime(e.Message)
	}
	return time.Time{}, false
}

func occurrenceKey(r bundle.Ref, reason string) string { return r.String() + "\x00" + reason }

// lastOccurrences maps an event's object and reason to the last time the
// timeline saw it, collapsed repeats included.
func lastOccurrences(tl *timeline.Timeline) map[string]time.Time {
	m := map[string]time.Time{}
	if tl == nil {
		return m
	}
	for i := range tl.Entries {
		e := &tl.Entries[i]
		if e.Source != timeline.SourceEvent {
			continue
		}
		t := e.Time
		if e.LastTime != nil {
			t = later(t, *e.LastTime)
		}
		k := occurrenceKey(e.Object, e.Reason)
		m[k] = later(m[k], t)
	}
	return m
}
