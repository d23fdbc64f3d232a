package hypothesis

import (
	"sort"
)

// merge folds candidates with the same ID (same rule and subject, for
// example one per pending pod of a ReplicaSet) into one, unions their
// evidence and links, and decides each status. The result is sorted by ID.
func merge(cs []candidate) []candidate {
	byID := make(map[string]int, len(cs))
	var out []candidate
	// Rule results arrive sorted by value from OPA, but rules are
	// evaluated in parallel: sort first so the first summary wins the same
	// way every run.
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].h.ID < cs[j].h.ID })
	for _, c := range cs {
		i, ok := byID[c.h.ID]
		if !ok {
			byID[c.h.ID] = len(out)
			out = append(out, c)
			continue
		}
		m := &out[i]
		m.h.Supporting = append(m.h.Supporting, c.h.Supporting...)
		m.h.Contradicting = append(m.h.Contradicting, c.h.Contradicting...)
		m.links = append(m.links, c.links...)
		if c.explicit && (!m.explicit || statusOrder(c.h.Status) < statusOrder(m.h.Status)) {
			m.h.Status, m.explicit = c.h.Status, true
		}
	}
	for i := range out {
		h := &out[i].h
		h.Supporting = sortEvidence(h.Supporting)
		h.Contradicting = sortEvidence(h.Contradicting)
		if !out[i].explicit {
			h.Status = statusFromEvidence(len(h.Supporting), len(h.Contradicting))
		}
	}
	return out
}

// statusFromEvidence decides the status of a hypothesis whose rule left it
// open to Go: contradicted when contradicting evidence is at least as
// strong as supporting evidence, open when there is some of both (or none
// at all), supported when only supporting evidence was found.
func statusFromEvidence(sup, con int) string {
	switch {
	case con > 0 && con >= sup:
		return Contradicted
	case con > 0 || sup == 0:
		return Open
	}
	return Supported
}

// statusOrder sorts supported before open before contradicted.
func statusOrder(s string) int {
	switch s {
	case Supported:
		return 0
	case Open:
		return 1
	}
	return 2
}
