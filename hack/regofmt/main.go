// Command regofmt rewrites Rego files in `opa fmt` form (Rego v1, with
// METADATA annotations), the form TestPoliciesFormatted requires:
// go run ./hack/regofmt policies/*.rego.
//
// A file is written only when its formatted form parses to the same
// module: OPA's formatter (v1.22) garbles else-chains whose bodies are
// written on one line (`f(x) := "a" if g(x)` then `else := ...`), and a
// silently rewritten rule is worse than an unformatted one.
package main

import (
	"fmt"
	"os"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
)

func main() {
	failed := false
	for _, name := range os.Args[1:] {
		if err := formatFile(name); err != nil {
			fmt.Fprintf(os.Stderr, "regofmt: %s: %v\n", name, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

var parse = ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1}

func formatFile(name string) error {
	src, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	out, err := format.SourceWithOpts(name, src, format.Opts{RegoVersion: ast.RegoV1, ParserOptions: &parse})
	if err != nil || string(out) == string(src) {
		return err
	}
	before, err := ast.ParseModuleWithOpts(name, string(src), parse)
	if err != nil {
		return err
	}
	after, err := ast.ParseModuleWithOpts(name, string(out), parse)
	if err != nil {
		return fmt.Errorf("the formatter's output does not parse (%v); file left as it is: write the rule's bodies in braces", err)
	}
	if !before.Equal(after) {
		return fmt.Errorf("the formatter changed the rules' meaning; file left as it is: write the rule's bodies in braces")
	}
	return os.WriteFile(name, out, 0o644)
}
