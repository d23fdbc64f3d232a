package hypothesis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/layers"
)

// RulePackagePrefix is the package path every rule package lives under;
// other packages (helpers such as rift.lib) need no metadata and are not
// evaluated directly.
const RulePackagePrefix = "rift.rules."

// StageNone is the stage of a rule whose cause lies before any rollout stage
// (a Git source, a render, a reconciler).
const StageNone = "none"

// Rule is the metadata of one loaded rule package, from its # METADATA block.
type Rule struct {
	// ID is custom.id: unique, used by --disable and in hypothesis IDs.
	ID string `json:"id"`
	// Package is the Rego package path, e.g. rift.rules.crash_loop.
	Package string `json:"package"`
	// Title and Description are the annotation's title and description.
	Title       string `json:"title"`
	Description string `json:"description"`
	// Cause is custom.cause: the taxonomy id every hypothesis of the rule has.
	Cause string `json:"cause"`
	// Layer is custom.layer, one of layers.Order.
	Layer string `json:"layer"`
	// Stage is custom.stage, one of layers.StageOrder or "none".
	Stage string `json:"stage"`
	// Weight is custom.weight, 0..100: the rule's prior, used in scores.
	Weight int `json:"weight"`
	// File is where the package's metadata was read (embedded files are
	// prefixed "policies/").
	File string `json:"file"`
	// Builtin is true for rules shipped in the binary.
	Builtin bool `json:"builtin"`
}

// ruleFromModule reads the package-scoped # METADATA of a rule module and
// refuses it when a field is missing or out of range.
func ruleFromModule(file string, m *ast.Module) (*Rule, error) {
	pkg := strings.TrimPrefix(m.Package.Path.String(), "data.")
	var a *ast.Annotations
	for _, x := range m.Annotations {
		if x.Scope == "package" {
			a = x
			break
		}
	}
	if a == nil {
		return nil, fmt.Errorf("%s: package %s: missing # METADATA block (title, description, custom: id, cause, layer, stage, weight)", file, pkg)
	}
	r := &Rule{Package: pkg, Title: a.Title, Description: a.Description, File: file}
	str := func(k string) string { s, _ := a.Custom[k].(string); return strings.TrimSpace(s) }
	r.ID, r.Cause, r.Layer, r.Stage = str("id"), str("cause"), str("layer"), str("stage")
	var missing []string
	for _, f := range []struct{ name, v string }{
		{"title", r.Title}, {"description", r.Description}, {"custom.id", r.ID},
		{"custom.cause", r.Cause}, {"custom.layer", r.Layer}, {"custom.stage", r.Stage},
	} {
		if strings.TrimSpace(f.v) == "" {
			missing = append(missing, f.name)
		}
	}
	w, ok := weightOf(a.Custom["weight"])
	if !ok {
		missing = append(missing, "custom.weight")
	}
	loc := file
	if a.Location != nil {
		loc = fmt.Sprintf("%s:%d", file, a.Location.Row)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s: package %s: incomplete metadata: missing %s", loc, pkg, strings.Join(missing, ", "))
	}
	r.Weight = w
	switch {
	case w < 0 || w > 100:
		return nil, fmt.Errorf("%s: package %s: custom.weight %d: want 0..100", loc, pkg, w)
	case !slices.Contains(layers.Order, r.Layer):
		return nil, fmt.Errorf("%s: package %s: custom.layer %q: want one of %v", loc, pkg, r.Layer, layers.Order)
	case r.Stage != StageNone && !slices.Contains(layers.StageOrder, r.Stage):
		return nil, fmt.Errorf("%s: package %s: custom.stage %q: want one of %v or %q", loc, pkg, r.Stage, layers.StageOrder, StageNone)
	}
	return r, nil
}

// weightOf accepts the integer forms YAML metadata decodes to.
func weightOf(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		if n == float64(int(n)) {
			return int(n), true
		}
	case uint64:
		return int(n), true
	}
	return 0, false
}
