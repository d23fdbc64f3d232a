package health

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

// Origins of a rule.
const (
	OriginGo      = "go"       // a Go judgement built into rift (analyzer/layers)
	OriginBuiltin = "built-in" // a Rego rule embedded from policies/health
	OriginUser    = "user"     // a Rego rule from a --policy directory
)

// FallbackID is the Rule of a Result the generic fallback made.
const FallbackID = "kstatus"

// Rule is one health rule: a Go judgement or a Rego package, and the
// groups and kinds it judges.
type Rule struct {
	// ID is custom.id (for Go rules, the name layers gives it).
	ID          string `json:"id"`
	Title       string `json:"title"`
	Description string `json:"description,omitempty"`
	// Kinds are the group/kind patterns the rule claims. A group may
	// start with "*." (any group under that domain) and a kind may be "*"
	// (every kind of the group).
	Kinds  []GroupKind `json:"kinds"`
	Origin string      `json:"origin"`
	// File and Package locate a Rego rule; empty for Go rules.
	File    string `json:"file,omitempty"`
	Package string `json:"package,omitempty"`

	query *lazyQuery // nil for Go rules
}

// GoRule declares a Go judgement to the registry: the layers package
// evaluates it, the registry only decides whether it wins.
type GoRule struct {
	ID, Title string
	Kinds     []GroupKind
}

// Binding is one group/kind pattern with the rule that won it and the
// rules it overrides, for `rift policy list`.
type Binding struct {
	Kind       GroupKind `json:"kind"`
	Rule       string    `json:"rule"`
	Origin     string    `json:"origin"`
	File       string    `json:"file,omitempty"`
	Overridden []string  `json:"overridden,omitempty"`
}

// Registry maps group/kind to the one rule that judges it. It is read-only
// after Load and safe for concurrent use.
type Registry struct {
	rules    []*Rule
	exact    map[GroupKind]*Rule // group and kind exact, or kind "*"
	wildcard []patternRule       // groups "*.domain", longest domain first
	bindings []Binding
}

type patternRule struct {
	suffix, kind string // suffix ".domain"; kind or "*"
	rule         *Rule
}

// Lookup returns the rule that judges gk, or nil when none does (the
// fallback judges). An exact group and kind wins over "group/*", which
// wins over "*.domain/Kind", then "*.domain/*".
func (r *Registry) Lookup(gk GroupKind) *Rule {
	if r == nil {
		return nil
	}
	if x, ok := r.exact[gk]; ok {
		return x
	}
	if x, ok := r.exact[GroupKind{gk.Group, "*"}]; ok {
		return x
	}
	for _, star := range []bool{false, true} {
		for _, p := range r.wildcard {
			if (p.kind == "*") == star && (star || p.kind == gk.Kind) && strings.HasSuffix(gk.Group, p.suffix) {
				return p.rule
			}
		}
	}
	return nil
}

// Rules returns every loaded rule, winners and overridden ones, sorted by
// id.
func (r *Registry) Rules() []Rule {
	out := make([]Rule, len(r.rules))
	for i, x := range r.rules {
		out[i] = *x
		out[i].query = nil
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// Bindings lists every claimed group/kind pattern with the winning rule,
// sorted by group and kind.
func (r *Registry) Bindings() []Binding { return append([]Binding(nil), r.bindings...) }

// bind resolves the claims of all rules: a user rule replaces a built-in
// one (Go or Rego); two built-in rules or two user rules claiming the same
// pattern are an error, since neither would be the obvious winner.
func (r *Registry) bind() error {
	type claim struct{ win, builtin, user []*Rule }
	claims := map[GroupKind]*claim{}
	for _, x := range r.rules {
		for _, gk := range x.Kinds {
			c := claims[gk]
			if c == nil {
				c = &claim{}
				claims[gk] = c
			}
			if x.Origin == OriginUser {
				c.user = append(c.user, x)
			} else {
				c.builtin = append(c.builtin, x)
			}
		}
	}
	r.exact = map[GroupKind]*Rule{}
	for gk, c := range claims {
		for _, set := range [][]*Rule{c.builtin, c.user} {
			if len(set) > 1 {
				return fmt.Errorf("%s: claimed by rules %s and %s (%s): give each kind one rule", gk, set[0].ID, set[1].ID, where(set[1]))
			}
		}
		win, b := c.builtin, Binding{Kind: gk}
		if len(c.user) > 0 {
			win = c.user
			for _, o := range c.builtin {
				b.Overridden = append(b.Overridden, o.ID)
			}
		}
		w := win[0]
		b.Rule, b.Origin, b.File = w.ID, w.Origin, w.File
		r.bindings = append(r.bindings, b)
		if s, ok := strings.CutPrefix(gk.Group, "*"); ok {
			r.wildcard = append(r.wildcard, patternRule{suffix: s, kind: gk.Kind, rule: w})
		} else {
			r.exact[gk] = w
		}
	}
	sort.Slice(r.bindings, func(i, j int) bool {
		a, b := r.bindings[i].Kind, r.bindings[j].Kind
		if a.Group != b.Group {
			return a.Group < b.Group
		}
		return a.Kind < b.Kind
	})
	sort.Slice(r.wildcard, func(i, j int) bool {
		a, b := r.wildcard[i], r.wildcard[j]
		if len(a.suffix) != len(b.suffix) {
			return len(a.suffix) > len(b.suffix)
		}
		return a.suffix+"/"+a.kind < b.suffix+"/"+b.kind
	})
	return nil
}

func where(x *Rule) string {
	if x.File != "" {
		return x.File
	}
	return x.Origin
}

// Prepare compiles and prepares every Rego rule now rather than on first
// use, and returns their errors joined. rift's tests call it on the
// embedded rules; a command that lists or checks rules without judging
// objects calls it to report every broken rule.
func (r *Registry) Prepare() error {
	var errs []error
	for _, x := range r.rules {
		if x.query != nil {
			errs = append(errs, x.query.prepare(x))
		}
	}
	return errors.Join(errs...)
}
