package astconv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"sigs.k8s.io/yaml"
)

// corpus is the objects of Argo CD's health cases, as decoded maps.
func corpus(t *testing.T) []any {
	t.Helper()
	var objs []any
	root := "../../testdata/corpus/argo-cd-health/resource_customizations"
	err := filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(filepath.Dir(p)) != "testdata" || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var m map[string]any
		if yaml.Unmarshal(data, &m) == nil && m != nil {
			objs = append(objs, m)
		}
		return nil
	})
	if err != nil || len(objs) < 900 {
		t.Fatalf("corpus: %d objects, %v", len(objs), err)
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
