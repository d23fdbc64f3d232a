package bundle

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestLoadUnfinishedWrite: rift's writers (collect, redact) write
// redaction.yaml and then bundle.yaml, last. A bundle holding the first
// without the second is an unfinished write, or a copy that lost its
// manifest: incomplete, so it never analyses as healthy. A hand-made
// bundle, without either, only states that its completeness is unknown.
func TestLoadUnfinishedWrite(t *testing.T) {
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string
	}{
		{"redaction.yaml without bundle.yaml", map[string]string{
			"objects/shop/a.yaml": cm("a"),
			"redaction.yaml":      "rules: {}\n",
		}, []string{"bundle.yaml: incomplete: missing: the bundle holds redaction.yaml, which rift writes just before bundle.yaml; an unfinished write?"}},
		{"hand-made", map[string]string{"objects/shop/a.yaml": cm("a")}, []string{}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			for p, body := range tc.files {
				full := filepath.Join(dir, filepath.FromSlash(p))
				os.MkdirAll(filepath.Dir(full), 0o755)
				if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			b, err := Load(dir, LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, errorLines(b)); diff != "" {
				t.Errorf("load errors (-want +got):\n%s", diff)
			}
			for _, e := range b.Errors {
				if !e.Incomplete() {
					t.Errorf("%v is not incomplete", e)
				}
			}
		})
	}
}
