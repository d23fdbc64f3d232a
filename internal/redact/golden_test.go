package redact

import (
	"flag"
	"maps"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/internal/redact/redacttest"
)

var update = flag.Bool("update", false, "rewrite golden files in testdata/")

// TestCorpusGolden pins the whole redacted corpus, so a rule change shows
// up as a reviewable diff. Refresh with go test -run TestCorpusGolden -update.
func TestCorpusGolden(t *testing.T) {
	out := redactCorpus(t, redacttest.New())
	var b strings.Builder
	for _, name := range slices.Sorted(maps.Keys(out)) {
		b.WriteString("===== " + name + "\n" + out[name])
	}
	golden := "testdata/corpus-redacted.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(string(want), b.String()); d != "" {
		t.Errorf("redacted corpus (-want +got):\n%s", d)
	}
}
