package layers

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite testdata/golden/*.json")

// TestGoldenWorkloads locks the whole Build output of every recorded
// bundle in testdata (go test -update rewrites it after a reviewed change).
func TestGoldenWorkloads(t *testing.T) {
	dirs, err := filepath.Glob("testdata/*/bundle.yaml")
	if err != nil || len(dirs) < 4 {
		t.Fatalf("fixture bundles: %v %v", dirs, err)
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			got, err := json.MarshalIndent(Build(loadFixture(t, dir)), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := filepath.Join("testdata", "golden", filepath.Base(dir)+".json")
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test -update)", err)
			}
			if !bytes.Equal(want, got) {
				t.Errorf("%s (-want +got):\n%s", golden, cmp.Diff(string(want), string(got)))
			}
		})
	}
}
