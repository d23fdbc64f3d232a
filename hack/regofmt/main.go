// Command regofmt rewrites Rego files in `opa fmt` form (Rego v1, with
// METADATA annotations), the form TestPoliciesFormatted requires:
// go run ./hack/regofmt policies/*.rego.
package main

import (
	"fmt"
	"os"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/format"
)

func main() {
	opts := format.Opts{RegoVersion: ast.RegoV1, ParserOptions: &ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1}}
	failed := false
	for _, name := range os.Args[1:] {
		src, err := os.ReadFile(name)
		if err == nil {
			var out []byte
			if out, err = format.SourceWithOpts(name, src, opts); err == nil && string(out) != string(src) {
				err = os.WriteFile(name, out, 0o644)
			}
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "regofmt: %s: %v\n", name, err)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}
