package astconv

import (
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/internal/testcorpus"
)

// corpus is the objects of Argo CD's health cases, as decoded maps.
func corpus(t *testing.T) []any {
	t.Helper()
	ms, err := testcorpus.ArgoHealthObjects("../..")
	if err != nil {
		t.Fatal(err)
	}
	objs := make([]any, len(ms))
	for i, m := range ms {
		objs[i] = m
	}
	return objs
}

// TestValueIsInterfaceToValue: a converter, sharing or not, gives the
// value ast.InterfaceToValue gives, value after value (its caches carry
// over), and its error where it fails.
func TestValueIsInterfaceToValue(t *testing.T) {
	shared := map[string]any{"app": "web"}
	tests := []struct {
		name string
		in   []any
	}{
		{"the health corpus", corpus(t)},
		{"scalars and empties", []any{nil, true, "", "x", int64(-3), 2.5, []any{}, map[string]any{}, []any{nil, []any{map[string]any{}}},
			map[string]any{"a": map[string]string{"b": "c"}, "d": []string{"e"}, "f": int32(4), "g": uint8(1)}}},
		{"one container twice", []any{map[string]any{"labels": shared}, map[string]any{"selector": shared, "n": int64(1000000)}, map[string]any{"n": float64(1000000)}}},
		{"a value JSON cannot hold", []any{map[string]any{"ok": "yes", "bad": map[string]any{"f": func() {}}}}},
	}
	for _, share := range []bool{false, true} {
		for _, tc := range tests {
			t.Run(tc.name+map[bool]string{true: ", shared"}[share], func(t *testing.T) {
				c := New(Options{Share: share})
				for i, x := range tc.in {
					want, wantErr := ast.InterfaceToValue(x)
					got, err := c.Value(x)
					if (err == nil) != (wantErr == nil) || (err != nil && err.Error() != wantErr.Error()) {
						t.Fatalf("%d: error %v, want %v", i, err, wantErr)
					}
					if err == nil && (ast.Compare(got, want) != 0 || got.String() != want.String()) {
						t.Errorf("%d: converted to\n%v\nwant\n%v", i, got, want)
					}
				}
			})
		}
	}
}
