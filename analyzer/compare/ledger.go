package compare

import (
	"fmt"
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
)

// hypotheses compares the ledgers by hypothesis ID, member by member of
// grouped entries (a group's members differ between bundles as pods come
// and go). A contradicted or resolved (history) hypothesis is not
// standing, so one that became either counts as resolved.
func hypotheses(b, a *report.Report) HypothesisDiff {
	type standingHypothesis struct {
		Cause, Status string
		Subject       bundle.Ref
	}
	standing := func(r *report.Report) map[string]standingHypothesis {
		m := map[string]standingHypothesis{}
		for i := range r.Hypotheses {
			h := &r.Hypotheses[i]
			for _, x := range h.Individuals() {
				if x.Status != hypothesis.Contradicted && x.Status != hypothesis.Resolved {
					m[x.ID] = standingHypothesis{Cause: h.Cause, Status: x.Status, Subject: x.Subject}
				}
			}
		}
		return m
	}
	bm, am := standing(b), standing(a)
	d := HypothesisDiff{Resolved: []string{}, Persisting: []string{}, New: []string{}}
	for id, h := range bm {
		if ah, ok := am[id]; ok {
			d.Persisting = append(d.Persisting, fmt.Sprintf("%s on %s (%s → %s)", ah.Cause, ah.Subject, h.Status, ah.Status))
		} else {
			d.Resolved = append(d.Resolved, fmt.Sprintf("%s on %s (was %s)", h.Cause, h.Subject, h.Status))
		}
	}
	for id, h := range am {
		if _, ok := bm[id]; !ok {
			d.New = append(d.New, fmt.Sprintf("%s on %s (%s)", h.Cause, h.Subject, h.Status))
		}
	}
	slices.Sort(d.Resolved)
	slices.Sort(d.Persisting)
	slices.Sort(d.New)
	return d
}

// objects lists objects by identity (Events left out). An object on both
// sides with a different UID was recreated.
func objects(b, a *bundle.Bundle) ObjectDiff {
	uids := func(bd *bundle.Bundle) map[bundle.Key]string {
		m := make(map[bundle.Key]string, len(bd.Objects))
		for _, o := range bd.Objects {
			if !bundle.IsEvent(o) {
				m[o.Key()] = string(o.GetUID())
			}
		}
		return m
	}
	bm, am := uids(b), uids(a)
	d := ObjectDiff{Appeared: []string{}, Disappeared: []string{}, Recreated: []string{}}
	for k, u := range am {
		bu, ok := bm[k]
		switch {
		case !ok:
			d.Appeared = append(d.Appeared, k.String())
		case bu != u && bu != "" && u != "":
			d.Recreated = append(d.Recreated, k.String())
		}
	}
	for k := range bm {
		if _, ok := am[k]; !ok {
			d.Disappeared = append(d.Disappeared, k.String())
		}
	}
	slices.Sort(d.Appeared)
	slices.Sort(d.Disappeared)
	slices.Sort(d.Recreated)
	return d
}
