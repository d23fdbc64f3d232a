package cli

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/internal/bundlewrite"
	"github.com/rift-dev/rift/internal/redact"
	"github.com/rift-dev/rift/internal/redact/redacttest"
)

// ranked is what must not change when a bundle is redacted: which causes
// rift ranks, in which order, with which status and score.
type ranked struct {
	Rank    int
	ID      string
	Status  string
	Score   int
	Subject string
}

func analyzeTop(t *testing.T, eng *hypothesis.Engine, path string) []ranked {
	t.Helper()
	b, err := bundle.Load(path, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := analyzer.Analyze(context.Background(), b, eng)
	if err != nil {
		t.Fatal(err)
	}
	var out []ranked
	for _, h := range r.Hypotheses {
		out = append(out, ranked{h.Rank, h.ID, h.Status, h.Score, h.Subject.String()})
	}
	return out
}

// TestRedactionKeepsDiagnosis plants the secret corpus into every recorded
// incident bundle in the analyzer's testdata, redacts it and checks the
// hypothesis ledger is the same before and after.
func TestRedactionKeepsDiagnosis(t *testing.T) {
	dirs, _ := filepath.Glob("../../analyzer/layers/testdata/*")
	dirs = append(dirs, "../../analyzer/bundle/testdata/rift-shop")
	// The recorded incidents are what users will send: they must keep their
	// diagnosis through redaction too.
	recorded, _ := filepath.Glob("../../fixtures/*/bundle")
	dirs = append(dirs, recorded...)
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "objects")); err != nil {
			continue // not a bundle
		}
		n++
		name := filepath.Base(dir)
		if name == "bundle" {
			name = "fixtures/" + filepath.Base(filepath.Dir(dir))
		}
		t.Run(name, func(t *testing.T) {
			in := plant(t, dir)
			out := filepath.Join(t.TempDir(), "out")
			w, err := bundlewrite.NewDir(out)
			if err != nil {
				t.Fatal(err)
			}
			s, err := redact.RedactBundle(in, w, redact.BundleOptions{})
			if err != nil {
				t.Fatal(err)
			}
			before, after := analyzeTop(t, eng, in), analyzeTop(t, eng, out)
			t.Logf("%d hypotheses, %d redaction rules fired", len(before), len(s.Report.Rules))
			if d := cmp.Diff(before, after); d != "" {
				t.Errorf("hypotheses changed by redaction (-before +after):\n%s", d)
			}
		})
	}
	if n < 3+len(recorded) || len(recorded) < 3 {
		t.Errorf("found %d incident bundles (%d recorded), want every recorded fixture and at least 3 more", n, len(recorded))
	}
}

// plant copies the bundle at dir and adds the planted-secret corpus to it.
func plant(t *testing.T, dir string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), "in")
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return writeFile(filepath.Join(dst, rel), data)
	})
	if err != nil {
		t.Fatal(err)
	}
	for p, body := range redacttest.New().Files {
		if err := writeFile(filepath.Join(dst, filepath.FromSlash(p)), []byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	return dst
}

func writeFile(p string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return os.WriteFile(p, data, 0o644)
}
