package report

import (
	"maps"
	"slices"

	"github.com/rift-dev/rift/analyzer/timeline"
)

// briefTimelineOf bounds out's timeline (copied from r's): it keeps every
// entry the report points at (the earliest failure and the failures it
// explains, each workload's earliest failure), then failures and then the
// other entries in timeline order until briefTimeline are kept, and drops
// the rest, counted in om. The kept entries stay in order and every
// earliest failure is moved to its entry's new position; a workload's
// earliest failure keeps, of what it explains, what the report kept.
func briefTimelineOf(r *Report, out *Report, om *Omitted) {
	n := len(r.Timeline)
	if n <= briefTimeline {
		return
	}
	keep := make([]bool, n)
	kept := 0
	mark := func(i int) {
		if i >= 0 && i < n && !keep[i] {
			keep[i] = true
			kept++
		}
	}
	if ef := r.EarliestFailure; ef != nil {
		mark(ef.Index)
		for _, i := range ef.Explains {
			mark(i)
		}
	}
	for _, k := range slices.Sorted(maps.Keys(r.EarliestPerWorkload)) {
		if ef := r.EarliestPerWorkload[k]; ef != nil {
			mark(ef.Index)
		}
	}
	for _, failures := range []bool{true, false} {
		for i := 0; i < n && kept < briefTimeline; i++ {
			if r.Timeline[i].Failure == failures {
				mark(i)
			}
		}
	}
	newIndex := make(map[int]int, kept)
	out.Timeline = make([]timeline.Entry, 0, kept)
	for i, e := range r.Timeline {
		if keep[i] {
			newIndex[i] = len(out.Timeline)
			out.Timeline = append(out.Timeline, e)
		}
	}
	om.TimelineEntries = n - kept
	if r.EarliestFailure != nil {
		out.EarliestFailure = reindex(r.EarliestFailure, newIndex)
	}
	if r.EarliestPerWorkload != nil {
		out.EarliestPerWorkload = make(map[string]*timeline.EarliestFailure, len(r.EarliestPerWorkload))
		for k, ef := range r.EarliestPerWorkload {
			if ef != nil {
				out.EarliestPerWorkload[k] = reindex(ef, newIndex)
			}
		}
	}
}

// reindex moves ef to its entry's position in a filtered timeline, where
// newIndex maps old positions to new ones, and keeps of what it explains
// the entries the filter kept; it returns nil when ef's own entry was
// filtered out.
func reindex(ef *timeline.EarliestFailure, newIndex map[int]int) *timeline.EarliestFailure {
	i, ok := newIndex[ef.Index]
	if !ok {
		return nil
	}
	c := *ef
	c.Index = i
	c.Explains = nil
	for _, x := range ef.Explains {
		if j, ok := newIndex[x]; ok {
			c.Explains = append(c.Explains, j)
		}
	}
	return &c
}
