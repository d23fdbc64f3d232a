package bundle

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// checkGolden compares got with testdata/<name>, or rewrites it with -update.
func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs (-want +got):\n%s", path, cmp.Diff(string(want), string(got)))
	}
}

// corpus returns the shared corpus of real public data (see its
// SOURCES.md). A copy lives in testdata/corpus; RIFT_CORPUS overrides.
func corpus(t *testing.T, rel string) string {
	t.Helper()
	dir := os.Getenv("RIFT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "testdata", "corpus")
	}
	p := filepath.Join(dir, rel)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("corpus data missing: %v (testdata/corpus is part of the repository)", err)
	}
	return p
}

// summaryText renders Summarize(b) as rift inspect prints it.
func summaryText(t *testing.T, b *Bundle) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Summarize(b).WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
