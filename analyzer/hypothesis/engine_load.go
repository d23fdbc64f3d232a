package hypothesis

import (
	"fmt"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/policies"
)

// source is one Rego file (policies.Source).
type source = policies.Source

// isTestFile reports whether a Rego file holds unit tests, which are loaded
// by `rift policy test` but never evaluated against a bundle.
func isTestFile(name string) bool { return strings.HasSuffix(name, "_test.rego") }

// builtinSources returns the embedded policies, sorted by name.
func builtinSources() ([]source, error) { return policies.Embedded(".") }

// dirSources returns the .rego files under dir (recursively), sorted; a
// dir without any is an error, since it was named to add rules.
func dirSources(dir string) ([]source, error) {
	out, err := policies.Dir(dir)
	if err == nil && len(out) == 0 {
		return nil, fmt.Errorf("policy dir %s: no .rego files", dir)
	}
	return out, err
}

// parseSources parses every source as Rego v1 with annotations. Parse
// errors name the file and line.
func parseSources(srcs []source) (map[string]*ast.Module, error) {
	mods := make(map[string]*ast.Module, len(srcs))
	var errs ast.Errors
	for _, s := range srcs {
		if _, dup := mods[s.Name]; dup {
			return nil, fmt.Errorf("%s: loaded twice", s.Name)
		}
		m, err := ast.ParseModuleWithOpts(s.Name, s.Text, ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1})
		if err != nil {
			if e, ok := err.(ast.Errors); ok {
				errs = append(errs, e...)
				continue
			}
			return nil, fmt.Errorf("%s: %w", s.Name, err)
		}
		mods[s.Name] = m
	}
	if len(errs) > 0 {
		return nil, fmt.Errorf("parse policies: %w", errs)
	}
	return mods, nil
}

// compile compiles modules strictly; errors name file and line.
func compile(mods map[string]*ast.Module) (*ast.Compiler, error) {
	c := ast.NewCompiler().WithStrict(true).WithEnablePrintStatements(false).
		WithDefaultRegoVersion(ast.RegoV1)
	if c.Compile(mods); c.Failed() {
		return nil, fmt.Errorf("compile policies: %w", c.Errors)
	}
	return c, nil
}

// loadSources gathers the built-in policies (unless skipped) and the user
// policy dirs, in that order.
func loadSources(dirs []string, withBuiltin bool) ([]source, error) {
	var all []source
	if withBuiltin {
		b, err := builtinSources()
		if err != nil {
			return nil, err
		}
		all = b
	}
	for _, d := range dirs {
		s, err := dirSources(d)
		if err != nil {
			return nil, err
		}
		all = append(all, s...)
	}
	return all, nil
}
