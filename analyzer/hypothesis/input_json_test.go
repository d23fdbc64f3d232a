package hypothesis

import (
	"encoding/json"
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
)

// TestJSONValue: the direct JSON conversion gives what json.Unmarshal then
// ast.InterfaceToValue give, escapes and number forms included, and
// refuses broken text.
func TestJSONValue(t *testing.T) {
	tests := []struct {
		name, text string
	}{
		{"scalars", `[true,false,null,"",0,-1,1.5,1e21,12345678901234567890,-0.000001]`},
		{"escapes", `{"a\"b":"line\nnext\ttab \\ \/ \u00e9 \u2028 \ud83d\ude00","é":"ünï"}`},
		{"nested", `{"a":{},"b":[],"c":[{"d":[[]]}],"e":{"f":{"g":null}}}`},
		{"spaces", " { \"a\" : [ 1 , 2 ] , \"b\" : { } } "},
		{"html", `{"x":"\u003cb\u003e \u0026"}`},
		{"shared", `[{"k":"}]\"{"},{"k":"}]\"{"},["a","b"],["a","b"],{"k":"}]\"{"},{"k":"other"},[],[],{},{}]`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var plain any
			if err := json.Unmarshal([]byte(tt.text), &plain); err != nil {
				t.Fatal(err)
			}
			want, err := ast.InterfaceToValue(plain)
			if err != nil {
				t.Fatal(err)
			}
			got, err := newConverter().jsonValue([]byte(tt.text))
			if err != nil {
				t.Fatal(err)
			}
			if ast.Compare(want, got) != 0 || want.String() != got.String() {
				t.Errorf("want %v, got %v", want, got)
			}
		})
	}
	for _, bad := range []string{``, `{`, `[1,`, `{"a" 1}`, `"open`, `tru`, `[1] x`, `{"a":1,}`, `-`} {
		if v, err := newConverter().jsonValue([]byte(bad)); err == nil {
			t.Errorf("jsonValue(%q) = %v, want an error", bad, v)
		}
	}
}
