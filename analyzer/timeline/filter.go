package timeline

import (
	"fmt"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Filter narrows a timeline for display. The zero Filter keeps everything.
type Filter struct {
	// Object keeps the entries about this object (Kind/namespace/name, the
	// kind compared case-insensitively, apiVersion ignored) and the entries
	// linked to it as a workload.
	Object *bundle.Ref
	// Since keeps the entries at or after this time; a collapsed loop that
	// is still going on at Since is kept.
	Since time.Time
}

// ParseSince reads a --since value: an RFC 3339 time, or a duration such
// as 30m or 2h counted back from the capture time.
func ParseSince(s string, capture time.Time) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t.UTC(), nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < 0 {
		return time.Time{}, fmt.Errorf("%q: want an RFC 3339 time (2024-05-01T10:00:00Z) or a positive duration before capture (30m, 2h)", s)
	}
	return capture.Add(-d), nil
}

func (f Filter) keep(e *Entry) bool {
	if !f.Since.IsZero() {
		_, last := span(*e)
		if last.Before(f.Since) {
			return false
		}
	}
	if f.Object == nil {
		return true
	}
	if sameRef(e.Object, *f.Object) {
		return true
	}
	for _, w := range e.Workloads {
		if sameRef(w, *f.Object) {
			return true
		}
	}
	return false
}

func sameRef(a, b bundle.Ref) bool {
	return strings.EqualFold(a.Kind, b.Kind) && a.Namespace == b.Namespace && a.Name == b.Name
}

// Select returns the entries of tl that f keeps, with the earliest failures
// re-pointed at the kept entries. With an Object filter the earliest failure
// is that object's own (as a workload) when it has one. Gaps are kept: what
// the bundle cannot show does not depend on the filter.
func Select(tl *Timeline, f Filter) *Timeline {
	out := &Timeline{Entries: []Entry{}, Gaps: tl.Gaps}
	remap := make(map[int]int, len(tl.Entries))
	for i := range tl.Entries {
		if f.keep(&tl.Entries[i]) {
			remap[i] = len(out.Entries)
			out.Entries = append(out.Entries, tl.Entries[i])
		}
	}
	move := func(ef *EarliestFailure) *EarliestFailure {
		if ef == nil {
			return nil
		}
		i, ok := remap[ef.Index]
		if !ok {
			return nil
		}
		c := *ef
		c.Index, c.Explains = i, nil
		for _, x := range ef.Explains {
			if j, ok := remap[x]; ok {
				c.Explains = append(c.Explains, j)
			}
		}
		return &c
	}
	for k, ef := range tl.PerWorkload {
		if m := move(ef); m != nil {
			if out.PerWorkload == nil {
				out.PerWorkload = map[string]*EarliestFailure{}
			}
			out.PerWorkload[k] = m
		}
	}
	out.Earliest = move(tl.Earliest)
	if f.Object != nil {
		for k, ef := range out.PerWorkload {
			if r, err := bundle.ParseRef(k); err == nil && sameRef(r, *f.Object) {
				out.Earliest = ef
			}
		}
	}
	return out
}
