package astconv

import (
	"github.com/open-policy-agent/opa/v1/ast"
)

// identical reports whether a and b are the same value written the same
// way. ast.Compare is not enough to share one for the other: it finds 1e+06
// and 1000000 equal, and a rule that prints the number would then print
// whichever was converted first.
func identical(a, b ast.Value) bool {
	switch a := a.(type) {
	case ast.String, ast.Number, ast.Boolean, ast.Null:
		return a == b
	case *ast.Array:
		bb, ok := b.(*ast.Array)
		if !ok || a.Len() != bb.Len() {
			return false
		}
		for i := range a.Len() {
			if !identical(a.Elem(i).Value, bb.Elem(i).Value) {
				return false
			}
		}
		return true
	case ast.Object:
		bb, ok := b.(ast.Object)
		if !ok || a.Len() != bb.Len() {
			return false
		}
		return !a.Until(func(k, v *ast.Term) bool {
			w := bb.Get(k)
			return w == nil || !identical(v.Value, w.Value)
		})
	}
	return false
}
