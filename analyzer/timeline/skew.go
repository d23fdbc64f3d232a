package timeline

import (
	"fmt"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

type bundleRef = bundle.Ref

// skewNote says when the chosen failure's place depends on clocks: another
// candidate read from a different clock lies within the tolerance, or the
// entry is later than the capture time.
func skewNote(es []Entry, ef *EarliestFailure, w chainWalk, chains map[string][]int, names []string, lk *linker, opts Options) string {
	e := ef.Entry
	var cands []int
	cands = append(cands, w.unexplain...)
	for _, n := range names {
		if n != ef.Workload && lk.affected(n) {
			cands = append(cands, chains[n]...)
		}
	}
	for _, i := range cands {
		c := es[i]
		if c.Clock == e.Clock || i == ef.Index {
			continue
		}
		if d := c.Time.Sub(e.Time).Abs(); d <= opts.SkewTolerance {
			return fmt.Sprintf("%s %s (%s clock) is %s from the chosen failure (%s clock): their order depends on clock skew",
				c.Reason, c.Object, c.Clock, d.Round(time.Millisecond), e.Clock)
		}
	}
	return ""
}

// skewGaps states clock disagreements the data shows: entries later than
// the capture time, and revisions applied before they were committed.
func skewGaps(b *bundle.Bundle, es []Entry) []string {
	var out []string
	if !b.CaptureTime.IsZero() {
		late := map[string]int{}
		for _, e := range es {
			if e.Time.After(b.CaptureTime.Add(time.Second)) {
				late[e.Clock]++
			}
		}
		for _, c := range []string{ClockCluster, ClockGit, ClockLog, ClockCheck} {
			if n := late[c]; n > 0 {
				out = append(out, fmt.Sprintf("clock skew: %d entries from the %s clock are later than the capture time %s; not corrected",
					n, c, b.CaptureTime.Format(time.RFC3339)))
			}
		}
	}
	commits := map[string]time.Time{}
	for _, e := range es {
		if e.Source == SourceGit {
			commits[shortRev(e.Revision)] = e.Time
		}
	}
	for _, e := range es {
		if e.Source != SourceReconciler || e.Revision == "" {
			continue
		}
		if ct, ok := commits[shortRev(e.Revision)]; ok && e.Time.Before(ct) {
			out = append(out, fmt.Sprintf("clock skew: %s reports revision %s at %s, %s before its commit time; Git and cluster clocks disagree, not corrected",
				e.Object, shortRev(e.Revision), e.Time.Format(time.RFC3339), ct.Sub(e.Time).Round(time.Second)))
		}
	}
	return out
}
