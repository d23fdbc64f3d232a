package objref

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// Name is an object name as a user typed it: a kind as singular, plural
// or short name, in any case, optionally qualified by its API group
// (`deployments.apps`), a namespace (empty when none was given) and a
// name.
type Name struct {
	Kind, Group, Namespace, Name string
}

func (n Name) String() string {
	k := n.Kind
	if n.Group != "" {
		k += "." + n.Group
	}
	if n.Namespace == "" {
		return k + "/" + n.Name
	}
	return k + "/" + n.Namespace + "/" + n.Name
}

// Parse reads kind/name or kind/namespace/name. namespace is the -n value
// ("" when not given); a kind/namespace/name that names another namespace
// than -n is refused rather than guessed.
func Parse(s, namespace string) (Name, error) {
	parts := strings.Split(s, "/")
	for _, p := range parts {
		if strings.TrimSpace(p) == "" || len(parts) < 2 || len(parts) > 3 {
			return Name{}, fmt.Errorf("%q: want kind/name (with -n NAMESPACE) or kind/namespace/name", s)
		}
	}
	n := Name{Kind: parts[0], Namespace: namespace, Name: parts[len(parts)-1]}
	if i := strings.IndexByte(n.Kind, '.'); i > 0 {
		n.Kind, n.Group = n.Kind[:i], strings.ToLower(n.Kind[i+1:])
	}
	if len(parts) == 3 {
		if namespace != "" && namespace != parts[1] {
			return Name{}, fmt.Errorf("%q: names namespace %s, but -n is %s", s, parts[1], namespace)
		}
		n.Namespace = parts[1]
	}
	return n, nil
}

// NotFoundError is a name no object of the bundle answers to. Near lists
// the objects whose name or kind comes closest, as Kind/namespace/name.
type NotFoundError struct {
	Name Name
	// Why says what was missing: the kind, or an object of that kind.
	Why  string
	Near []string
}

func (e *NotFoundError) Error() string {
	s := e.Name.String() + ": " + e.Why
	if len(e.Near) > 0 {
		s += "; near matches: " + strings.Join(e.Near, ", ")
	}
	return s
}

// AmbiguousError is a kind/name without a namespace that several
// namespaces of the bundle hold.
type AmbiguousError struct {
	Name    Name
	Matches []string
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("%s: %d objects match; name the namespace with -n or as kind/namespace/name: %s",
		e.Name, len(e.Matches), strings.Join(e.Matches, ", "))
}

// IsNotFound reports whether err is a name that resolved to nothing or to
// more than one object.
func IsNotFound(err error) bool {
	var nf *NotFoundError
	var am *AmbiguousError
	return errors.As(err, &nf) || errors.As(err, &am)
}

// Resolve returns the one object of ix that n names, as a Ref with the
// object's own kind, namespace, name and apiVersion. A namespace is
// ignored for a cluster-scoped kind, as kubectl ignores it. Without a
// namespace, a namespaced kind/name resolves when exactly one namespace
// of the bundle holds it (a bundle has no current namespace to default
// to); several are an *AmbiguousError. Nothing is a *NotFoundError with
// the near matches.
func Resolve(ix *bundle.Index, n Name) (bundle.Ref, error) {
	kinds := kindsOf(ix).match(n.Kind, n.Group)
	if len(kinds) == 0 {
		return bundle.Ref{}, &NotFoundError{Name: n, Why: fmt.Sprintf("no kind %q in this bundle", n.Kind), Near: nearKinds(ix, n.Kind)}
	}
	var found []bundle.Ref
	seen := map[bundle.Ref]bool{}
	for _, k := range kinds {
		cluster := facts.ClusterScoped(ix, k.kind, k.group)
		for _, o := range ix.OfKind(k.kind) {
			if bundle.APIGroup(o.GetAPIVersion()) != k.group || o.GetName() != n.Name {
				continue
			}
			if !cluster && n.Namespace != "" && o.GetNamespace() != n.Namespace {
				continue
			}
			r := o.Ref()
			key := bundle.Ref{Kind: r.Kind, Namespace: r.Namespace, Name: r.Name}
			if !seen[key] {
				seen[key] = true
				found = append(found, r)
			}
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		what := fmt.Sprintf("no %s named %s", kinds[0].kind, n.Name)
		if n.Namespace != "" {
			what += " in namespace " + n.Namespace
		}
		return bundle.Ref{}, &NotFoundError{Name: n, Why: what + " in this bundle", Near: near(ix, n, kinds)}
	}
	out := make([]string, len(found))
	for i, r := range found {
		out[i] = r.String()
	}
	sort.Strings(out)
	return bundle.Ref{}, &AmbiguousError{Name: n, Matches: out}
}

// ResolveString parses s with the -n value namespace and resolves it.
func ResolveString(ix *bundle.Index, s, namespace string) (bundle.Ref, error) {
	n, err := Parse(s, namespace)
	if err != nil {
		return bundle.Ref{}, err
	}
	return Resolve(ix, n)
}
