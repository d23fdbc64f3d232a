package health

import (
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
)

// TestConverterIsInterfaceToValue: the converter gives the value
// ast.InterfaceToValue gives, object after object (the key cache carries
// over), and its error where it fails.
func TestConverterIsInterfaceToValue(t *testing.T) {
	objs := corpusObjects(t)
	tests := []struct {
		name string
		in   []any
	}{
		{"the health corpus", func() []any {
			var xs []any
			for _, o := range objs {
				xs = append(xs, o.Object)
			}
			return xs
		}()},
		{"scalars and empties", []any{nil, true, "", "x", int64(-3), 2.5, []any{}, map[string]any{}, []any{nil, []any{map[string]any{}}},
			map[string]any{"a": map[string]string{"b": "c"}, "d": []string{"e"}, "f": int32(4), "g": uint8(1)}}},
		{"a value JSON cannot hold", []any{map[string]any{"ok": "yes", "bad": map[string]any{"f": func() {}}}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			c := newConverter()
			for i, x := range tc.in {
				want, wantErr := ast.InterfaceToValue(x)
				got, err := c.value(x)
				if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
					t.Fatalf("%d: error %v, want %v", i, err, wantErr)
				}
				if err == nil && ast.Compare(got, want) != 0 {
					t.Errorf("%d: converted to\n%v\nwant\n%v", i, got, want)
				}
			}
		})
	}
}
