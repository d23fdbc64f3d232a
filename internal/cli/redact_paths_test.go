package cli

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// listTree returns the paths under dir.
func listTree(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, _ fs.DirEntry, err error) error {
		if err == nil {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	slices.Sort(out)
	return out
}

// TestRedactOutputThroughSymlink checks that an OUT that reaches into IN
// through a symlink is refused like one spelled inside it, so that redact
// never reads its own output, and that a link elsewhere is still fine.
func TestRedactOutputThroughSymlink(t *testing.T) {
	root := t.TempDir()
	in := filepath.Join(root, "in")
	for p, body := range map[string]string{"bundle.yaml": riftMeta, "logs/ns/p/c.log": "started\n"} {
		os.MkdirAll(filepath.Join(in, filepath.Dir(p)), 0o755)
		os.WriteFile(filepath.Join(in, p), []byte(body), 0o644)
	}
	elsewhere := filepath.Join(root, "elsewhere")
	os.Mkdir(elsewhere, 0o755)
	links := map[string]string{
		"to-in":       in,
		"to-root":     root,
		"dangling":    filepath.Join(in, "not-yet"),
		"to-else":     elsewhere,
		"rel-to-logs": filepath.Join("in", "logs"),
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, name)); err != nil {
			t.Fatalf("symlink %s: %v", name, err)
		}
	}
	before := listTree(t, in)
	for _, tc := range []struct {
		name, in, out string
		refused       bool
	}{
		{"OUT under a link to IN", in, filepath.Join(root, "to-in", "out"), true},
		{"OUT several levels under a link to IN", in, filepath.Join(root, "to-in", "a", "b", "out"), true},
		{"OUT archive under a link to IN", in, filepath.Join(root, "to-in", "out.tar.gz"), true},
		{"OUT under a relative link into IN", in, filepath.Join(root, "rel-to-logs", "out"), true},
		{"OUT through a link to IN's parent", in, filepath.Join(root, "to-root", "in", "out"), true},
		{"OUT a dangling link into IN", in, filepath.Join(root, "dangling"), true},
		{"IN through a link, OUT spelled inside it", filepath.Join(root, "to-in"), filepath.Join(in, "out"), true},
		{"OUT under a link elsewhere", in, filepath.Join(root, "to-else", "out"), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := run("redact", tc.in, tc.out)
			refused := code == ExitUsage && strings.Contains(stderr, "inside the input")
			if refused != tc.refused {
				t.Errorf("refused %v, want %v: exit %d\n%s%s", refused, tc.refused, code, stdout, stderr)
			}
			if !tc.refused && code != ExitOK {
				t.Errorf("exit %d\n%s%s", code, stdout, stderr)
			}
			if d := cmp.Diff(before, listTree(t, in)); d != "" {
				t.Errorf("redact wrote into IN (-want +got):\n%s", d)
			}
		})
	}
}
