package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestRedactChecksInFirst: an unreadable IN is refused before anything is
// created, and an OUT whose directory is missing is refused, not made.
func TestRedactChecksInFirst(t *testing.T) {
	good := t.TempDir()
	os.WriteFile(filepath.Join(good, "a.yaml"), []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n"), 0o644)
	for _, tc := range []struct{ name, in, out, want string }{
		{"missing IN, directory OUT", "missing", "x/y/out", "missing: no such file or directory"},
		{"missing IN, archive OUT", "missing", "x/out.tgz", "missing: no such file or directory"},
		{"missing OUT directory", good, "x/y/out", "x/y: no such file or directory"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			in := tc.in
			if !filepath.IsAbs(in) {
				in = filepath.Join(dir, in)
			}
			code, _, errOut := run("redact", in, filepath.Join(dir, tc.out))
			if code != ExitUsage || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d naming %q", code, errOut, ExitUsage, tc.want)
			}
			if diff := cmp.Diff([]string{"."}, listTree(t, dir)); diff != "" {
				t.Errorf("created (-want +got):\n%s", diff)
			}
		})
	}
}
