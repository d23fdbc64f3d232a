package expect

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestReadNamesUnknownKey(t *testing.T) {
	tests := []struct {
		name, yaml, want string
	}{
		{"top level", "verdict: degraded\nverdit: healthy\n",
			`expect.yaml:2: unknown key "verdit" (known keys: convergence, divergences, earliestFailure, ledger, noSupported, notInLedger, notSupported, notTop, question, rationale, top, verdict, within)`},
		{"nested", "top:\n  causes: [x]\n  subject: [y]\n",
			`expect.yaml:3: unknown key "subject" in top (known keys: causes, owner, subjects)`},
		{"in a list", "divergences:\n- object: a\n  pathContains: b\n- object: c\n  path: d\n",
			`expect.yaml:5: unknown key "path" in divergences[1] (known keys: expected, object, pathContains)`},
		{"syntax", "top: [\n", `expect.yaml: error converting YAML to JSON: yaml: line 1: did not find expected node content`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "expect.yaml")
			if err := os.WriteFile(p, []byte(tt.yaml), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := Read(p)
			if err == nil {
				t.Fatal("Read accepted it")
			}
			got := err.Error()[len(filepath.ToSlash(dir))+1:]
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}
