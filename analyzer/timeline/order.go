package timeline

import (
	"cmp"
	"slices"

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
		cmp.Compare(a.Reason, b.Reason),
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

func sortEntries(es []Entry) {
	slices.SortStableFunc(es, func(a, b Entry) int { return compareEntries(&a, &b) })
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
