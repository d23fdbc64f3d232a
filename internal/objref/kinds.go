// Package objref resolves object names typed the kubectl way (kind/name
// with a namespace, or kind/namespace/name; kinds by singular, plural or
// short name, in any case) against a bundle. Every command that takes an
// object name resolves it here, so `sts`, `statefulsets` and `StatefulSet`
// mean the same everywhere.
package objref

import "strings"

// gk names a kind within its API group.
type gk struct{ group, kind string }

// plural is the regular English plural of a lower-case kind, the one a
// CustomResourceDefinition without names would most likely declare.
func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}
