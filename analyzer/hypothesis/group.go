package hypothesis

import (
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/evidence"
	"github.com/rift-dev/rift/internal/words"
)

// group folds the ranked hypotheses hs into ledger entries, one per group
// of hypotheses that tell one story, and ranks each group once: at the
// place of its best-ranked member. Two hypotheses are of one group when
// they are of the same rule and cause, of the same standing (current,
// resolved or contradicted), and
//
//   - what explains them falls in the same groups (a crash-loop on 504
//     pods that one unavailable dependency explains; a crash-loop on each
//     pod of a DaemonSet that an OOM kill of the same pod explains), or
//   - neither is explained and their subjects share an owner workload (the
//     pods and ReplicaSets of one Deployment), a subject no workload owns
//     being its own owner.
//
// The key is built from the ledger's own data (rule, cause, status,
// ExplainedBy) and the bundle's ownership, never from a rule's name, so a
// user's rule groups the same way. Members whose explainers share groups
// keep causes before effects: every member has an explainer in each of
// those groups, so each of them ranks above the first member, and the
// group order is a valid ranking too. Explainers rank before what they
// explain, so their groups are known when it is keyed.
//
// A group of one is the hypothesis as it was. A larger group is its first
// member (ID, subject, summary, next check, repair, score) with the
// others folded in: Members lists them all with their own subject and
// status, Extent says what they span, the status is the best of theirs,
// the evidence and links are their union and FirstFailure the earliest.
func group(hs []Hypothesis, owners ownerFacts) []Hypothesis {
	at := make(map[string]int, len(hs))
	of := make(map[string]int, len(hs)) // hypothesis ID -> its group
	var groups [][]int
	for i := range hs {
		k := groupKey(&hs[i], owners, of)
		g, ok := at[k]
		if !ok {
			g = len(groups)
			at[k] = g
			groups = append(groups, nil)
		}
		groups[g] = append(groups[g], i)
		of[hs[i].ID] = g
	}
	out := make([]Hypothesis, len(groups))
	for g, ms := range groups {
		out[g] = fold(hs, ms, owners)
		out[g].Rank = g + 1
	}
	return out
}

// groupKey is what the members of one group share (see group); of maps
// the hypotheses grouped so far to their group.
func groupKey(h *Hypothesis, owners ownerFacts, of map[string]int) string {
	standing := h.Status
	if standing == Supported || standing == Open {
		standing = "current"
	}
	anchor := "owner\x00" + owners.of(h.Subject).String()
	if len(h.ExplainedBy) > 0 {
		by := make(map[string]bool, len(h.ExplainedBy))
		for _, id := range h.ExplainedBy {
			if g, ok := of[id]; ok {
				by[strconv.Itoa(g)] = true
			} else {
				by["id "+id] = true // an explains cycle: ranked after it
			}
		}
		anchor = "explainedBy\x00" + strings.Join(sortedSet(by), "\x00")
	}
	return h.Rule + "\x00" + h.Cause + "\x00" + standing + "\x00" + anchor
}

// fold makes one ledger entry of the hypotheses hs[ms...], in rank order.
func fold(hs []Hypothesis, ms []int, owners ownerFacts) Hypothesis {
	h := hs[ms[0]]
	if len(ms) == 1 {
		return h
	}
	h.Members = make([]Member, len(ms))
	var sup, con []evidence.Evidence
	explains, explainedBy := map[string]bool{}, map[string]bool{}
	for j, i := range ms {
		m := &hs[i]
		h.Members[j] = m.Individuals()[0]
		if o, ok := owners[m.Subject.Key()]; ok {
			h.Members[j].Owner = &o
		}
		sup = append(sup, m.Supporting...)
		con = append(con, m.Contradicting...)
		for _, id := range m.Explains {
			explains[id] = true
		}
		for _, id := range m.ExplainedBy {
			explainedBy[id] = true
		}
		if statusOrder(m.Status) < statusOrder(h.Status) {
			h.Status = m.Status
		}
		h.FirstFailure = earlier(h.FirstFailure, m.FirstFailure)
		if m.ResolvedAt != nil && (h.ResolvedAt == nil || m.ResolvedAt.After(*h.ResolvedAt)) {
			h.ResolvedAt = m.ResolvedAt
		}
	}
	h.Supporting, h.Contradicting = sortEvidence(sup), sortEvidence(con)
	h.Explains, h.ExplainedBy = sortedSet(explains), sortedSet(explainedBy)
	if len(h.ExplainedBy) == 0 {
		h.ExplainedBy = nil
	}
	h.Extent = extent(h.Members)
	return h
}

// extent says what members span: "504 pods in 120 workloads", "3 pods of
// Deployment/shop/web", "22 applications".
func extent(ms []Member) string {
	count := map[string]int{}
	var kinds []string
	owners := map[string]bool{}
	owned := false
	for _, m := range ms {
		k := m.Subject.Kind
		if count[k] == 0 {
			kinds = append(kinds, k)
		}
		count[k]++
		o := m.Subject
		if m.Owner != nil {
			o, owned = *m.Owner, true
		}
		owners[o.String()] = true
	}
	sort.SliceStable(kinds, func(i, j int) bool { return count[kinds[i]] > count[kinds[j]] })
	parts := make([]string, len(kinds))
	for i, k := range kinds {
		parts[i] = words.Count(count[k], strings.ToLower(k), plural(strings.ToLower(k)))
	}
	s := strings.Join(parts, " and ")
	switch {
	case !owned:
		return s
	case len(owners) == 1:
		for o := range owners {
			return s + " of " + o
		}
	}
	return s + " in " + words.Count(len(owners), "workload", "workloads")
}

// plural is the English plural of a lower-case kind.
func plural(k string) string {
	switch {
	case strings.HasSuffix(k, "s"), strings.HasSuffix(k, "x"), strings.HasSuffix(k, "ch"):
		return k + "es"
	case strings.HasSuffix(k, "y") && !strings.ContainsAny(k[len(k)-2:len(k)-1], "aeiou"):
		return k[:len(k)-1] + "ies"
	}
	return k + "s"
}

func earlier(a, b *time.Time) *time.Time {
	if b != nil && (a == nil || b.Before(*a)) {
		return b
	}
	return a
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// ownerFacts maps an object to the workload that owns it through
// controller references (a Pod or a ReplicaSet to its Deployment, a Job
// to its CronJob), for what the layers' workloads own up to three levels
// down. An object no workload owns, a top workload included, is absent:
// it is its own owner.
type ownerFacts map[bundle.Key]bundle.Ref

// of is r's owner workload, or r itself.
func (of ownerFacts) of(r bundle.Ref) bundle.Ref {
	if o, ok := of[r.Key()]; ok {
		return o
	}
	return r
}
