package serve

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestAppendJSONMatchesEncodingJSON holds the fast encoder to
// encoding/json (without HTML escaping) on the values a decoded object
// holds.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	tests := []struct {
		name string
		v    any
	}{
		{"scalars", []any{nil, true, false, int64(-42), int64(math.MaxInt64), "plain"}},
		{"floats", []any{0.0, 1.5, -2.25, 1e21, 1e20, 1e-6, 1e-7, 123456789.125, 3e-9, -0.0}},
		{"escapes", []any{"q\"b\\s", "ctl\n\r\t\b\f\x00\x1f", "uni é 日本", "sep \u2028\u2029", "bad \xff\xfe utf8", "<html>&"}},
		{"nested", map[string]any{"z": []any{map[string]any{"b": int64(1), "a": "x"}}, "a": map[string]any{}, "m": []any{}}},
		{"other types", map[string]any{"i32": int32(7), "strs": []string{"a"}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var want []byte
			enc := &jsonBuf{}
			e := json.NewEncoder(enc)
			e.SetEscapeHTML(false)
			if err := e.Encode(tc.v); err != nil {
				t.Fatal(err)
			}
			want = enc.b[:len(enc.b)-1]
			got := appendJSON(nil, tc.v)
			if diff := cmp.Diff(string(want), string(got)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

type jsonBuf struct{ b []byte }

func (j *jsonBuf) Write(p []byte) (int, error) { j.b = append(j.b, p...); return len(p), nil }
