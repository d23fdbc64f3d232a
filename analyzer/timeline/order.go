package timeline

import (
	"cmp"
	"slices"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// compareEntries orders entries by time; equal times fall back to the
// causal layer order (layers.Order), then the object, then the reason, and
// then every remaining field so that the order is total and the output
// byte-identical across runs.
func compareEntries(a, b *Entry) int {
	return cmp.Or(
		a.Time.Compare(b.Time),
		cmp.Compare(layerRank(a.Layer), layerRank(b.Layer)),
		cmp.Compare(a.Object.String(), b.Object.String()),
		compareRest(a, b),
	)
}

// compareRest orders entries with equal time, layer and object.
func compareRest(a, b *Entry) int {
	return cmp.Or(
		cmp.Compare(a.Reason, b.Reason),
		compareBool(genericError(a.Message), genericError(b.Message)),
		cmp.Compare(a.Object.APIVersion, b.Object.APIVersion),
		cmp.Compare(a.Source, b.Source),
		cmp.Compare(a.Container, b.Container),
		cmp.Compare(a.Type, b.Type),
		cmp.Compare(a.Message, b.Message),
		cmp.Compare(a.UID, b.UID),
		cmp.Compare(a.File, b.File),
		cmp.Compare(a.Revision, b.Revision),
	)
}

// sortEntries sorts es by compareEntries. The comparison is total, so an
// unstable sort is deterministic. It sorts small keys (time, layer rank,
// position) rather than the large entries, with the object names formatted
// once; entries are read only to break ties. Then it moves each entry
// into place.
func sortEntries(es []Entry) {
	objs := make([]string, len(es))
	keys := make([]entryKey, len(es))
	for i := range es {
		objs[i] = es[i].Object.String()
		keys[i] = entryKey{sec: es[i].Time.Unix(), nsec: int32(es[i].Time.Nanosecond()), rank: int32(layerRank(es[i].Layer)), i: i}
	}
	slices.SortFunc(keys, func(x, y entryKey) int {
		if c := cmp.Compare(x.sec, y.sec); c != 0 {
			return c
		}
		if c := cmp.Compare(x.nsec, y.nsec); c != 0 {
			return c
		}
		if c := cmp.Compare(x.rank, y.rank); c != 0 {
			return c
		}
		if c := cmp.Compare(objs[x.i], objs[y.i]); c != 0 {
			return c
		}
		return compareRest(&es[x.i], &es[y.i])
	})
	order := make([]int, len(keys))
	for i, k := range keys {
		order[i] = k.i
	}
	permute(es, order)
}

// entryKey is what sortEntries compares first: the instant (as Time.Compare
// orders times without a monotonic reading) and the layer rank.
type entryKey struct {
	sec        int64
	nsec, rank int32
	i          int
}

// permute rearranges es in place so that es[i] becomes the old
// es[order[i]], following each cycle of the permutation once; order is
// consumed (every position is set to -1). Entries are large, so this
// spares a second copy of the whole timeline.
func permute(es []Entry, order []int) {
	for start := range order {
		if order[start] < 0 {
			continue
		}
		tmp, cur := es[start], start
		for order[cur] != start {
			next := order[cur]
			es[cur], order[cur] = es[next], -1
			cur = next
		}
		es[cur], order[cur] = tmp, -1
	}
}

// genericError matches the kubelet's summary events ("Error: ErrImagePull"),
// which it emits after the specific failure in the same second.
func genericError(m string) bool {
	rest, ok := strings.CutPrefix(m, "Error: ")
	return ok && !strings.ContainsAny(rest, " :")
}

func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case !a:
		return -1
	}
	return 1
}

func sortGaps(g []string) {
	slices.Sort(g)
}

func compareRefs(a, b bundle.Ref) int {
	return cmp.Or(cmp.Compare(a.String(), b.String()), cmp.Compare(a.APIVersion, b.APIVersion))
}

// unionRefs merges two sorted, duplicate-free ref lists.
func unionRefs(a, b []bundle.Ref) []bundle.Ref {
	if len(b) == 0 {
		return a
	}
	out := append(append([]bundle.Ref(nil), a...), b...)
	slices.SortFunc(out, compareRefs)
	return slices.CompactFunc(out, func(x, y bundle.Ref) bool { return compareRefs(x, y) == 0 })
}
