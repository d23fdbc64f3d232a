package hypothesis

import (
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/evidence"
)

// convertEvidence turns rule evidence into report evidence; a time that is
// not RFC 3339 is dropped (the item stays).
func convertEvidence(raw []rawEvidence) []evidence.Evidence {
	out := make([]evidence.Evidence, 0, len(raw))
	for _, e := range raw {
		ev := evidence.Evidence{Object: e.Object, Path: e.Path, Event: e.Event, File: e.File, Message: e.Message}
		if t, err := time.Parse(time.RFC3339, e.Time); err == nil {
			t = t.UTC()
			ev.Time = &t
		}
		out = append(out, ev)
	}
	return out
}

// sortEvidence orders evidence by time (untimed last), then by what it
// cites, and drops exact duplicates. It keeps every item: the ledger is
// whole, and the default report bounds what it shows (report.Brief).
func sortEvidence(l []evidence.Evidence) []evidence.Evidence {
	key := func(e evidence.Evidence) string {
		o := ""
		if e.Object != nil {
			o = e.Object.String()
		}
		return strings.Join([]string{o, e.Path, e.Event, e.File, e.Message}, "\x00")
	}
	sort.SliceStable(l, func(i, j int) bool {
		a, b := l[i], l[j]
		if (a.Time == nil) != (b.Time == nil) {
			return a.Time != nil
		}
		if a.Time != nil && !a.Time.Equal(*b.Time) {
			return a.Time.Before(*b.Time)
		}
		return key(a) < key(b)
	})
	l = slices.CompactFunc(l, func(a, b evidence.Evidence) bool {
		return key(a) == key(b) && (a.Time == nil) == (b.Time == nil) && (a.Time == nil || a.Time.Equal(*b.Time))
	})
	return l
}
