package health

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

const userRule = `# METADATA
# title: Widgets
# custom:
#   id: user-widgets
#   group: example.com
#   kinds: [Widget]
package rift.health.user_widgets

import data.rift.health.lib

health := lib.converged("spinning", ["status.spin"]) if input.status.spin == true
`

const userOverride = `# METADATA
# title: My Kafka
# custom:
#   id: my-kafka
#   group: kafka.strimzi.io
#   kinds: [Kafka]
package rift.health.my_kafka

health := {"status": "converged", "reason": "always", "fields": []}
`

func writeDir(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for n, s := range files {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLookupAndOverride(t *testing.T) {
	dir := writeDir(t, map[string]string{"widgets.rego": userRule, "kafka.rego": userOverride})
	reg, err := Load(Options{PolicyDirs: []string{dir}, Go: []GoRule{{ID: "go-deploy", Kinds: []GroupKind{{"apps", "Deployment"}}}}})
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		gk         GroupKind
		rule, from string
	}{
		{GroupKind{"apps", "Deployment"}, "go-deploy", OriginGo},
		{GroupKind{"apps.kruise.io", "StatefulSet"}, "health-kruise", OriginBuiltin},
		{GroupKind{"example.com", "Widget"}, "user-widgets", OriginUser},
		{GroupKind{"kafka.strimzi.io", "Kafka"}, "my-kafka", OriginUser},
		{GroupKind{"s3.aws.upbound.io", "Bucket"}, "health-crossplane", OriginBuiltin},
		{GroupKind{"example.com", "Gadget"}, "", ""},
	}
	for _, tc := range tests {
		t.Run(tc.gk.String(), func(t *testing.T) {
			got, from := "", ""
			if r := reg.Lookup(tc.gk); r != nil {
				got, from = r.ID, r.Origin
			}
			if diff := cmp.Diff(tc.rule+" "+tc.from, got+" "+from); diff != "" {
				t.Errorf("Lookup (-want +got):\n%s", diff)
			}
		})
	}
	var overridden []string
	for _, b := range reg.Bindings() {
		if b.Kind == (GroupKind{"kafka.strimzi.io", "Kafka"}) {
			overridden = b.Overridden
		}
	}
	if diff := cmp.Diff([]string{"health-strimzi"}, overridden); diff != "" {
		t.Errorf("Bindings overridden (-want +got):\n%s", diff)
	}
}

func TestEvalUserRule(t *testing.T) {
	reg, err := Load(Options{PolicyDirs: []string{writeDir(t, map[string]string{"widgets.rego": userRule})}})
	if err != nil {
		t.Fatal(err)
	}
	o := obj(map[string]any{"apiVersion": "example.com/v1", "kind": "Widget", "status": map[string]any{"spin": true}})
	got, _, ok := reg.Judge(o)
	want := Result{Status: Converged, Reason: "spinning", Fields: []string{"status.spin"}, Rule: "user-widgets"}
	if diff := cmp.Diff(want, got); diff != "" || !ok {
		t.Errorf("Judge (-want +got):\n%s", diff)
	}
	// Undefined for this object: the fallback judges, or nothing does.
	if _, _, ok := reg.Judge(obj(map[string]any{"apiVersion": "example.com/v1", "kind": "Widget"})); ok {
		t.Error("a Widget with no status and no rule outcome got a judgement")
	}
}

func TestLoadRefuses(t *testing.T) {
	tests := []struct{ name, text, want string }{
		{"no kinds", "# METADATA\n# title: X\n# custom:\n#   id: x\n#   group: a.io\npackage rift.health.x\n\nhealth := 1\n", "missing custom.kinds"},
		{"two user rules for one kind", "", "claimed by rules"},
		{"user rule that does not compile", "# METADATA\n# title: X\n# custom:\n#   id: x\n#   group: a.io\n#   kinds: [A]\npackage rift.health.x\n\nhealth := undefined_fn(input)\n", "x.rego: health rule x: compile"},
		{"no health rule", "# METADATA\n# title: X\n# custom:\n#   id: x\n#   group: a.io\n#   kinds: [A]\npackage rift.health.x\n\nfoo := 1\n", "defines `health`"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			files := map[string]string{"x.rego": tc.text}
			if tc.text == "" {
				files = map[string]string{"a.rego": userRule, "b.rego": `# METADATA
# title: Widgets again
# custom:
#   id: widgets-2
#   group: example.com
#   kinds: [Widget]
package rift.health.widgets_two

health := {"status": "unknown", "reason": "", "fields": []}
`}
			}
			_, err := Load(Options{PolicyDirs: []string{writeDir(t, files)}})
			if err == nil || !contains(err.Error(), tc.want) {
				t.Errorf("Load error = %v, want one containing %q", err, tc.want)
			}
		})
	}
}

func contains(s, sub string) bool { return strings.Contains(s, sub) }

// TestEmbeddedRulesCompile compiles every embedded rule, which Load leaves
// to the first object of each rule's kinds.
func TestEmbeddedRulesCompile(t *testing.T) {
	reg, err := Load(Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := reg.Prepare(); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, r := range reg.rules {
		if r.query != nil {
			n++
		}
	}
	if n < 38 {
		t.Errorf("%d embedded Rego rules compiled, want every one of policies/health (38 or more)", n)
	}
}
