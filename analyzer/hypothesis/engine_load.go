package hypothesis

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/policies"
)

// source is one Rego file: its display name, its text and whether it ships
// in the binary.
type source struct {
	name    string
	text    string
	builtin bool
}

// isTestFile reports whether a Rego file holds unit tests, which are loaded
// by `rift policy test` but never evaluated against a bundle.
func isTestFile(name string) bool { return strings.HasSuffix(name, "_test.rego") }

// builtinSources returns the embedded policies, sorted by name.
func builtinSources() ([]source, error) {
	var out []source
	err := fs.WalkDir(policies.FS, ".", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		b, err := fs.ReadFile(policies.FS, p)
		if err != nil {
			return fmt.Errorf("policies/%s: %w", p, err)
		}
		out = append(out, source{name: "policies/" + p, text: string(b), builtin: true})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, err
}

// dirSources returns the .rego files under dir (recursively), sorted.
func dirSources(dir string) ([]source, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("policy dir %s: %w", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("policy dir %s: not a directory", dir)
	}
	var out []source
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, source{name: filepath.ToSlash(p), text: string(b)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("policy dir %s: no .rego files", dir)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out, nil
}

// parseSources parses every source as Rego v1 with annotations. Parse
// errors name the file and line.
func parseSources(srcs []source) (map[string]*ast.Module, error) {
	mods := make(map[string]*ast.Module, len(srcs))
	var errs ast.Errors
	for _, s := range srcs {
		if _, dup := mods[s.name]; dup {
			return nil, fmt.Errorf("%s: loaded twice", s.name)
		}
		m, err := ast.ParseModuleWithOpts(s.name, s.text, ast.ParserOptions{ProcessAnnotation: true, RegoVersion: ast.RegoV1})
		if err != nil {
			if e, ok := err.(ast.Errors); ok {
				errs = append(errs, e...)
				continue
			}
			return nil, fmt.Errorf("%s: %w", s.name, err)
		}
		mods[s.name] = m
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
