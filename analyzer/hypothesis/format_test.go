package hypothesis

import (
	"testing"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
)

// TestPoliciesFormatted keeps the built-in and example policies in
// `opa fmt` form, as gofmt does for Go.
func TestPoliciesFormatted(t *testing.T) {
	srcs, err := loadSources([]string{examplePolicy}, true)
	if err != nil {
		t.Fatal(err)
	}
	opts := format.Opts{RegoVersion: ast.RegoV1, ParserOptions: &ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1}}
	for _, s := range srcs {
		out, err := format.SourceWithOpts(s.Name, []byte(s.Text), opts)
		if err != nil {
			t.Errorf("%s: %v", s.Name, err)
			continue
		}
		if string(out) != s.Text {
			t.Errorf("%s is not in opa fmt form", s.Name)
		}
	}
}
