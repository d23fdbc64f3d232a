package astconv

import (
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
)

// TestDedupKeepsSpelling: containers are shared only when written the same
// way, so a number keeps the form its own object gave it.
func TestDedupKeepsSpelling(t *testing.T) {
	tests := []struct {
		name string
		a, b any
		same bool
	}{
		{"equal maps", map[string]any{"a": "x", "n": int64(3)}, map[string]any{"n": int64(3), "a": "x"}, true},
		{"equal lists", []any{"a", map[string]any{"b": true}}, []any{"a", map[string]any{"b": true}}, true},
		{"int and float spelling", map[string]any{"m": int64(1000000)}, map[string]any{"m": float64(1000000)}, false},
		{"list order", []any{"a", "b"}, []any{"b", "a"}, false},
		{"extra key", map[string]any{"a": "x"}, map[string]any{"a": "x", "b": nil}, false},
		{"nested value", map[string]any{"a": []any{int64(1)}}, map[string]any{"a": []any{int64(2)}}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := New(Options{Share: true})
			a, err := c.Value(tt.a)
			if err != nil {
				t.Fatal(err)
			}
			b, err := c.Value(tt.b)
			if err != nil {
				t.Fatal(err)
			}
			want, _ := ast.InterfaceToValue(tt.b)
			if got := b.String(); got != want.String() {
				t.Errorf("second value %s, want %s", got, want)
			}
			if same := a == b; same != tt.same {
				t.Errorf("shared = %v, want %v", same, tt.same)
			}
		})
	}
}
