package objref

import (
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
	"github.com/rift-dev/rift/internal/kinds"
)

// aliases maps every lower-case name of a kind (kind, plural, short
// names, a CRD's singular) to the group/kinds of the bundle it names.
type aliases map[string][]gk

type aliasesKey struct{}

// kindsOf reads the kind names of the bundle once per Index: the built-in
// table, the bundle's CRDs (spec.names), and every kind that has objects.
func kindsOf(ix *bundle.Index) aliases {
	return ix.Derived(aliasesKey{}, func() any { return readAliases(ix) }).(aliases)
}

func readAliases(ix *bundle.Index) aliases {
	a := aliases{}
	add := func(k gk, ns ...string) {
		for _, n := range ns {
			n = strings.ToLower(n)
			if n != "" && !containsGK(a[n], k) {
				a[n] = append(a[n], k)
			}
		}
	}
	for k, r := range kinds.Builtin {
		g := gk{k.Group, k.Kind}
		add(g, k.Kind, r.Plural)
		add(g, r.Short...)
	}
	for _, o := range ix.OfKind("CustomResourceDefinition") {
		spec := facts.Map(o.Object, "spec")
		k := gk{facts.String(spec, "group"), facts.String(spec, "names", "kind")}
		if k.kind == "" {
			continue
		}
		add(k, k.kind, facts.String(spec, "names", "plural"), facts.String(spec, "names", "singular"))
		for _, s := range facts.Slice(spec, "names", "shortNames") {
			if s, ok := s.(string); ok {
				add(k, s)
			}
		}
	}
	for _, kind := range ix.Kinds() {
		groups := map[string]bool{}
		for _, o := range ix.OfKind(kind) {
			groups[bundle.APIGroup(o.GetAPIVersion())] = true
		}
		for g := range groups {
			add(gk{g, kind}, kind, plural(strings.ToLower(kind)))
		}
	}
	for _, ks := range a {
		sort.Slice(ks, func(i, j int) bool {
			if ks[i].kind != ks[j].kind {
				return ks[i].kind < ks[j].kind
			}
			return ks[i].group < ks[j].group
		})
	}
	return a
}

func containsGK(ks []gk, k gk) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// match returns the group/kinds that kind (any case) names, within group
// when one is given. A group matches by prefix, as kubectl lets
// `deployments.apps` stand for apps and `ks.kustomize` for
// kustomize.toolkit.fluxcd.io.
func (a aliases) match(kind, group string) []gk {
	var out []gk
	for _, k := range a[strings.ToLower(kind)] {
		if group == "" || k.group == group || strings.HasPrefix(k.group, group+".") {
			out = append(out, k)
		}
	}
	return out
}

// nearKinds lists the kinds of the bundle closest to an unknown kind name.
func nearKinds(ix *bundle.Index, kind string) []string {
	var c candidates
	for _, k := range ix.Kinds() {
		if d := distance(strings.ToLower(kind), strings.ToLower(k)); d <= 2 || strings.Contains(strings.ToLower(k), strings.ToLower(kind)) {
			c.add(k, d)
		}
	}
	return c.best()
}

// near lists the objects closest to a name nothing answered to: the same
// name under another kind or namespace, and names of the kind within a
// small edit distance. It reads every object once.
func near(ix *bundle.Index, n Name, kinds []gk) []string {
	var c candidates
	want := map[string]bool{}
	for _, k := range kinds {
		want[k.kind] = true
	}
	for _, kind := range ix.Kinds() {
		for _, o := range ix.OfKind(kind) {
			if bundle.IsEvent(o) {
				continue
			}
			name := o.GetName()
			switch {
			case name == n.Name:
				c.add(o.Ref().String(), 0)
			case want[kind]:
				if d := distance(n.Name, name); d <= 3 || strings.Contains(name, n.Name) {
					c.add(o.Ref().String(), d)
				}
			}
		}
	}
	return c.best()
}

// candidates keeps the closest matches, at most five.
type candidates struct {
	names []string
	dist  []int
}

func (c *candidates) add(s string, d int) { c.names = append(c.names, s); c.dist = append(c.dist, d) }

func (c *candidates) best() []string {
	idx := make([]int, len(c.names))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool {
		if c.dist[idx[i]] != c.dist[idx[j]] {
			return c.dist[idx[i]] < c.dist[idx[j]]
		}
		return c.names[idx[i]] < c.names[idx[j]]
	})
	var out []string
	for _, i := range idx {
		if len(out) == 5 {
			break
		}
		if len(out) == 0 || out[len(out)-1] != c.names[i] {
			out = append(out, c.names[i])
		}
	}
	return out
}

// distance is the Levenshtein distance between a and b, in bytes.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
