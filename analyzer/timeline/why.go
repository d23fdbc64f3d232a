package timeline

import (
	"fmt"
	"slices"
	"strings"

	"github.com/rift-dev/rift/internal/words"
)

func describeChain(es []Entry, w chainWalk, ef *EarliestFailure) string {
	var b strings.Builder
	fmt.Fprintf(&b, "first failure in %s that no earlier failure explains", ef.Workload)
	if n := len(ef.Explains); n > 0 {
		reasons := map[string]bool{}
		var rs []string
		for _, i := range ef.Explains {
			if r := es[i].Reason; !reasons[r] {
				reasons[r] = true
				rs = append(rs, r)
			}
		}
		slices.Sort(rs)
		fmt.Fprintf(&b, "; %s %s its repeats or effects (%s)", words.Count(n, "later failure", "later failures"), words.Pick(n, "is", "are"), listSome(rs, 5))
	}
	if n := len(w.unexplain); n > 0 {
		fmt.Fprintf(&b, "; %s not explained by it and may be independent (first: %s %s)",
			words.Count(n, "later failure is", "later failures are"), es[w.unexplain[0]].Reason, es[w.unexplain[0]].Object)
	}
	return b.String()
}

// earlierEffects notes effects on the chosen object that precede it (an
// unready condition, a back-off loop): the failure began before its first
// recorded occurrence, which has expired.
func earlierEffects(es []Entry, idx []int, root int, ex explainer) string {
	for _, i := range idx {
		if i >= root {
			break
		}
		if e := &es[i]; ex.pureEffect(e.Reason) && sameObject(e, &es[root]) {
			return fmt.Sprintf("; its effect %s was recorded earlier (%s), so the failure began before its first recorded occurrence",
				reasonCount(*e), e.Time.UTC().Format("2006-01-02T15:04:05Z"))
		}
	}
	return ""
}

func listSome(xs []string, n int) string {
	if len(xs) <= n {
		return strings.Join(xs, ", ")
	}
	return strings.Join(xs[:n], ", ") + fmt.Sprintf(" and %d more", len(xs)-n)
}
