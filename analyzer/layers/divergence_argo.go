package layers

import (
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// ignores is what an Argo CD Application's spec.ignoreDifferences exempts
// from comparison for one object.
type ignores struct {
	pointers [][]string
	managers map[string]bool
}

// path reports whether p lies under an ignored JSON pointer. Pointers that
// index into a list (/spec/containers/0/image) are not matched, since
// rift's paths pick elements by merge key rather than position.
func (ig ignores) path(p fieldPath) bool {
	for _, ptr := range ig.pointers {
		if len(ptr) > len(p) {
			continue
		}
		match := true
		for i, k := range ptr {
			if p[i].key != k {
				match = false
				break
			}
		}
		if match {
			return true
		}
	}
	return false
}

// argoIgnores collects the ignoreDifferences entries of the Applications
// among owners that select o by group, kind, and optionally name and
// namespace. Argo CD leaves those fields out of its own comparison, so they
// are not declared intent.
func argoIgnores(owners []*bundle.Object, o *bundle.Object) ignores {
	ig := ignores{managers: map[string]bool{}}
	k := o.Key()
	for _, app := range owners {
		if app.GetKind() != "Application" {
			continue
		}
		for _, r := range maps(sliceAt(app.Object, "spec", "ignoreDifferences")) {
			if str(r, "group") != k.Group || str(r, "kind") != k.Kind ||
				(str(r, "name") != "" && str(r, "name") != k.Name) ||
				(str(r, "namespace") != "" && str(r, "namespace") != k.Namespace) {
				continue
			}
			for _, p := range sliceAt(r, "jsonPointers") {
				if ps, ok := p.(string); ok && strings.HasPrefix(ps, "/") {
					ig.pointers = append(ig.pointers, pointerKeys(ps))
				}
			}
			for _, m := range sliceAt(r, "managedFieldsManagers") {
				if ms, ok := m.(string); ok {
					ig.managers[ms] = true
				}
			}
		}
	}
	return ig
}

// pointerKeys splits a JSON pointer (RFC 6901) into unescaped keys.
func pointerKeys(ptr string) []string {
	parts := strings.Split(ptr[1:], "/")
	for i, p := range parts {
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")
	}
	return parts
}
