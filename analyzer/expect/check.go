package expect

import (
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
)

// Mismatch is one expectation the report does not meet.
type Mismatch struct {
	// Field names the expectation, e.g. "top" or "convergence".
	Field string
	// Diff is a go-cmp diff of expected and actual, (-want +got).
	Diff string
}

// Check compares r with e and returns every unmet expectation, in the order
// the fields are declared. An empty result means the report passes.
func Check(e *Expectation, r *report.Report) []Mismatch {
	var out []Mismatch
	add := func(field string, want, got any) {
		if d := cmp.Diff(want, got); d != "" {
			out = append(out, Mismatch{Field: field, Diff: d})
		}
	}
	var top *hypothesis.Hypothesis
	if len(r.Hypotheses) > 0 {
		top = &r.Hypotheses[0]
	}
	// A rule that fails drops its hypotheses without a word in the
	// expectations: a recorded incident is a regression test of every
	// rule that runs on it, whatever the expectation names.
	add("ruleErrors", []string(nil), r.RuleErrors)
	if e.Verdict != "" {
		add("verdict", e.Verdict, r.Summary.Verdict)
	}
	if e.Top != nil {
		got := "none"
		subj := ""
		var subjects []string
		if top != nil {
			got, subj = top.Cause, top.Subject.String()
			for _, m := range top.Individuals() {
				subjects = append(subjects, m.Subject.String())
			}
		}
		want := got
		if !slices.Contains(e.Top.Causes, got) {
			want = "one of " + strings.Join(e.Top.Causes, ", ")
		}
		add("top.causes", want, got)
		if e.Top.Owner != "" {
			owner := ""
			if top != nil {
				owner = top.Repair.Owner
			}
			add("top.owner", e.Top.Owner, owner)
		}
		if len(e.Top.Subjects) > 0 {
			// A grouped entry meets the expectation when one of its
			// members' subjects does: the group is one cause on all of
			// them.
			want := subj
			i := slices.IndexFunc(subjects, func(s string) bool {
				return slices.ContainsFunc(e.Top.Subjects, func(p string) bool { return matchObject(p, s) })
			})
			if i < 0 {
				want = "one of " + strings.Join(e.Top.Subjects, ", ")
			} else {
				subj, want = subjects[i], subjects[i]
			}
			add("top.subjects", want, subj)
		}
	}
	for _, n := range withinRanks(e.Within) {
		var got []string
		for _, h := range r.Hypotheses {
			if h.Rank <= n {
				got = append(got, h.Cause)
			}
		}
		var missing []string
		for _, c := range e.Within[strconv.Itoa(n)] {
			if !slices.Contains(got, c) {
				missing = append(missing, c)
			}
		}
		add("within."+strconv.Itoa(n), []string(nil), missing)
	}
	if len(e.NotTop) > 0 && top != nil && slices.Contains(e.NotTop, top.Cause) {
		add("notTop", "not "+strings.Join(e.NotTop, ", "), top.Cause)
	}
	if e.NoSupported {
		var sup []string
		for _, h := range r.Hypotheses {
			for _, m := range h.Individuals() {
				if m.Status == hypothesis.Supported {
					sup = append(sup, h.Cause+" "+m.Subject.String())
				}
			}
		}
		add("noSupported", []string(nil), sup)
	}
	if len(e.NotSupported) > 0 {
		var sup []string
		for _, h := range r.Hypotheses {
			if !slices.Contains(e.NotSupported, h.Cause) {
				continue
			}
			for _, m := range h.Individuals() {
				if m.Status == hypothesis.Supported {
					sup = append(sup, h.Cause+" "+m.Subject.String())
				}
			}
		}
		add("notSupported", []string(nil), sup)
	}
	if len(e.Ledger) > 0 {
		add("ledger", e.Ledger, matchLedger(e.Ledger, r))
	}
	if len(e.NotInLedger) > 0 {
		add("notInLedger", []string(nil), heldOf(e.NotInLedger, r))
	}
	if len(e.Divergences) > 0 {
		add("divergences", e.Divergences, matchDivergences(e.Divergences, r))
	}
	if len(e.Convergence) > 0 {
		got := map[string]string{}
		for _, w := range r.Workloads {
			if _, ok := e.Convergence[w.Ref.String()]; ok {
				got[w.Ref.String()] = w.Convergence
			}
		}
		add("convergence", e.Convergence, got)
	}
	if e.EarliestFailure != nil {
		var got *Failure
		if r.EarliestFailure != nil {
			got = &Failure{Object: r.EarliestFailure.Entry.Object.String(), Reason: r.EarliestFailure.Entry.Reason}
			if matchObject(e.EarliestFailure.Object, got.Object) {
				got.Object = e.EarliestFailure.Object
			}
		}
		add("earliestFailure", e.EarliestFailure, got)
	}
	return out
}

// matchDivergences returns, for each wanted divergence, itself when matched
// or the closest reported paths on that object otherwise, so the diff shows
// what was found instead.
func matchDivergences(want []Divergence, r *report.Report) []Divergence {
	byObject := map[string][]Divergence{}
	for _, w := range r.Workloads {
		for _, d := range w.Divergences {
			k := d.Object.String()
			exp := string(d.Expected)
			if d.Removed {
				exp = "absent"
			}
			byObject[k] = append(byObject[k], Divergence{PathContains: d.Path, Expected: exp})
		}
	}
	out := make([]Divergence, 0, len(want))
	for _, d := range want {
		var cands []Divergence
		for obj, ds := range byObject {
			if matchObject(d.Object, obj) {
				cands = append(cands, ds...)
			}
		}
		found := false
		for _, c := range cands {
			if strings.Contains(c.PathContains, d.PathContains) && (d.Expected == "" || d.Expected == c.Expected) {
				found = true
				break
			}
		}
		if found {
			out = append(out, d)
			continue
		}
		var paths []string
		for _, c := range cands {
			p := c.PathContains
			if d.Expected != "" {
				p += " (expected " + c.Expected + ")"
			}
			paths = append(paths, p)
		}
		sort.Strings(paths)
		got := "no divergence"
		if len(paths) > 0 {
			got = strings.Join(slices.Compact(paths), "; ")
		}
		out = append(out, Divergence{Object: d.Object, PathContains: got, Expected: d.Expected})
	}
	return out
}

// matchObject matches a reported object (Kind/namespace/name) against a
// pattern from expect.yaml. Patterns use path.Match syntax, so generated
// names can be written Pod/shop/web-65c886bfc4-* and a re-recorded fixture
// (new random pod suffixes) still passes.
func matchObject(pattern, obj string) bool {
	if pattern == obj {
		return true
	}
	ok, err := path.Match(pattern, obj)
	return err == nil && ok
}
