package serve

import (
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// TestLedgerSchema checks the schema kubectl explain hypotheses reads:
// every field of the Hypothesis kind and of the ledger types it refers
// to has a description, every reference resolves, and no schema name
// holds a "/" (a $ref is a JSON pointer: it would name a nested path).
func TestLedgerSchema(t *testing.T) {
	c := newCatalog("t", bundle.New(bundle.FormatRift, bundle.Meta{}, nil, nil, nil, nil))
	ts := &typeSchemas{defs: map[string]any{}}
	root := c.kindSchema(ts, c.byGVR[gvr{GroupVersion.Group, GroupVersion.Version, "hypotheses"}])
	var undescribed, unresolved, slashed []string
	seen := map[string]bool{}
	var walk func(name string)
	walk = func(name string) {
		if seen[name] || strings.HasPrefix(name, "io.k8s.") { // k8s.io's are described by SwaggerDoc
			return
		}
		seen[name] = true
		if strings.Contains(name, "/") {
			slashed = append(slashed, name)
		}
		def, ok := ts.defs[name].(map[string]any)
		if !ok {
			unresolved = append(unresolved, name)
			return
		}
		if d, _ := def["description"].(string); d == "" {
			undescribed = append(undescribed, name)
		}
		props, _ := def["properties"].(map[string]any)
		for field, p := range props {
			ps := p.(map[string]any)
			if d, _ := ps["description"].(string); d == "" {
				undescribed = append(undescribed, name+"."+field)
			}
			for _, ref := range refsIn(ps) {
				walk(strings.TrimPrefix(ref, schemaRefPrefix))
			}
		}
	}
	walk(strings.TrimPrefix(root["$ref"].(string), schemaRefPrefix))
	if len(seen) < 6 {
		t.Errorf("walked %d schemas, want the Hypothesis and the ledger types it refers to", len(seen))
	}
	for what, got := range map[string][]string{"without a description": undescribed, "not in the document": unresolved, "with a / in the name": slashed} {
		sort.Strings(got)
		if diff := cmp.Diff([]string(nil), got); diff != "" {
			t.Errorf("schemas or fields %s (-want +got):\n%s", what, diff)
		}
	}
}

// refsIn returns the $refs in a property's schema: its own, its allOf's,
// its items' and its additionalProperties'.
func refsIn(s map[string]any) []string {
	var out []string
	if r, ok := s["$ref"].(string); ok {
		out = append(out, r)
	}
	all, _ := s["allOf"].([]any)
	for _, a := range all {
		out = append(out, refsIn(a.(map[string]any))...)
	}
	for _, k := range []string{"items", "additionalProperties"} {
		if sub, ok := s[k].(map[string]any); ok {
			out = append(out, refsIn(sub)...)
		}
	}
	return out
}
