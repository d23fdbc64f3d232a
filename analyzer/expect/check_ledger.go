package expect

import (
	"slices"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
)

// matchLedger returns, for each wanted hypothesis, itself when the ledger
// holds it, or else what the ledger holds of that cause (subjects with
// their status and explainers), so the diff shows what was found instead.
func matchLedger(want []Held, r *report.Report) []Held {
	var all []hypothesis.Member
	var causes []string
	for i := range r.Hypotheses {
		for _, m := range r.Hypotheses[i].Individuals() {
			all = append(all, m)
			causes = append(causes, r.Hypotheses[i].Cause)
		}
	}
	out := make([]Held, 0, len(want))
	for _, w := range want {
		var near []string
		found := false
		for i, m := range all {
			if causes[i] != w.Cause {
				continue
			}
			subj := m.Subject.String()
			if matchObject(w.Subject, subj) &&
				(w.Status == "" || w.Status == m.Status) &&
				(w.ExplainedBy == "" || slices.ContainsFunc(m.ExplainedBy, func(id string) bool { return matchObject(w.ExplainedBy, id) })) {
				found = true
				break
			}
			n := subj + " " + m.Status
			if len(m.ExplainedBy) > 0 {
				n += " explained by " + strings.Join(m.ExplainedBy, ", ")
			}
			near = append(near, n)
		}
		if found {
			out = append(out, w)
			continue
		}
		sort.Strings(near)
		got := "no " + w.Cause + " hypothesis"
		if len(near) > 0 {
			got = "only " + strings.Join(slices.Compact(near), "; ")
		}
		out = append(out, Held{Cause: w.Cause, Subject: got, Status: w.Status, ExplainedBy: w.ExplainedBy})
	}
	return out
}

// heldOf lists the ledger's hypotheses ("cause Kind/ns/name status") that
// one of absent matches.
func heldOf(absent []Absent, r *report.Report) []string {
	var out []string
	for i := range r.Hypotheses {
		h := &r.Hypotheses[i]
		for _, m := range h.Individuals() {
			subj := m.Subject.String()
			if slices.ContainsFunc(absent, func(a Absent) bool {
				return a.Cause == h.Cause && (a.Subject == "" || matchObject(a.Subject, subj))
			}) {
				out = append(out, h.Cause+" "+subj+" "+m.Status)
			}
		}
	}
	return out
}
