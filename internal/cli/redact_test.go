package cli

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/redact/redacttest"
)

// writeCorpus writes the planted-secret corpus as a rift bundle directory
// and a --redact-config listing its user literal.
func writeCorpus(t *testing.T, c *redacttest.Corpus) (dir, cfg string) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "in")
	files := map[string]string{"bundle.yaml": "apiVersion: rift.dev/v1alpha1\nkind: Bundle\ncreatedAt: \"2026-03-04T05:10:00Z\"\n"}
	for p, body := range c.Files {
		files[p] = body
	}
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cfg = filepath.Join(t.TempDir(), "redact.yaml")
	var b strings.Builder
	b.WriteString("literals:\n")
	for _, l := range c.UserLiterals() {
		b.WriteString("- " + l + "\n")
	}
	if err := os.WriteFile(cfg, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir, cfg
}

func run(args ...string) (code int, out, errOut string) {
	var o, e bytes.Buffer
	code = Execute(args, &o, &e)
	return code, o.String(), e.String()
}

// readTarGz returns the files of a .tar.gz in order.
func readTarGz(t *testing.T, p string) (names []string, files map[string]string) {
	t.Helper()
	f, err := os.Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	gz, err := gzip.NewReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(gz)
	files = map[string]string{}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names, files
		}
		if err != nil {
			t.Fatal(err)
		}
		if h.Typeflag == tar.TypeReg {
			body, _ := io.ReadAll(tr)
			names = append(names, h.Name)
			files[h.Name] = string(body)
		}
	}
}

func TestRedactCorpusEndToEnd(t *testing.T) {
	c := redacttest.New()
	in, cfg := writeCorpus(t, c)
	out := filepath.Join(t.TempDir(), "out.tar.gz")
	code, stdout, stderr := run("redact", "--redact-config", cfg, in, out)
	if code != ExitOK {
		t.Fatalf("redact exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
	names, files := readTarGz(t, out)
	if names[len(names)-1] != "bundle.yaml" || files["redaction.yaml"] == "" {
		t.Errorf("bundle.yaml not last or redaction.yaml missing: %v", names)
	}
	for _, s := range c.Secrets {
		for name, body := range files {
			for _, enc := range redacttest.Encodings(s.Value) {
				if strings.Contains(body, enc) {
					t.Errorf("%s planted in %s leaked into %s", s.Kind, s.File, name)
				}
			}
		}
	}
	kept := 0
	for _, n := range c.NonSecrets {
		if strings.Contains(files[n.File], n.Value) {
			kept++
		} else {
			t.Logf("lost %s %q in %s", n.Kind, n.Value, n.File)
		}
	}
	if kept*100 < 99*len(c.NonSecrets) {
		t.Errorf("%d of %d non-secrets survived, want 99%%", kept, len(c.NonSecrets))
	}
	b, err := bundle.Load(out, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Format != bundle.FormatRift || b.CaptureTime.Format("2006-01-02T15:04:05Z") != "2026-03-04T05:10:00Z" || b.Redaction == nil {
		t.Errorf("output bundle: format %s, capture %v, redaction %v", b.Format, b.CaptureTime, b.Redaction)
	}
	if code, stdout, _ := run("redact", "--check", out); code != ExitOK {
		t.Errorf("check of redacted output: exit %d\n%s", code, stdout)
	}
}

func TestRedactCheckFindsPlanted(t *testing.T) {
	c := redacttest.New()
	in, _ := writeCorpus(t, c)
	code, stdout, stderr := run("redact", "--check", in)
	if code != ExitFindings {
		t.Fatalf("check exit %d, want %d\n%s%s", code, ExitFindings, stdout, stderr)
	}
	for _, s := range c.Secrets {
		if !strings.Contains(stdout, strconv.Quote(s.File)+":") {
			t.Errorf("no finding listed for %s (a %s)", s.File, s.Kind)
		}
		if strings.Contains(stdout+stderr, s.Value) {
			t.Errorf("check printed the value of a %s", s.Kind)
		}
	}
}

func TestRedactCheckJSON(t *testing.T) {
	c := redacttest.New()
	in, _ := writeCorpus(t, c)
	code, stdout, _ := run("redact", "--check", in, "-o", "json")
	if code != ExitFindings {
		t.Fatalf("exit %d", code)
	}
	var res struct {
		Findings []map[string]any `json:"findings"`
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Findings) < len(c.Secrets)/2 {
		t.Errorf("%d findings for %d planted secrets", len(res.Findings), len(c.Secrets))
	}
	for _, f := range res.Findings {
		keys := slices.Sorted(maps.Keys(f))
		if d := cmp.Diff([]string{"file", "line", "rule"}, keys); d != "" {
			t.Fatalf("finding fields (-want +got):\n%s", d)
		}
	}
}

func TestRedactImported(t *testing.T) {
	in := "../../testdata/corpus/troubleshoot/test/baselines/supportbundle/baseline.tar.gz"
	out := filepath.Join(t.TempDir(), "out")
	if code, stdout, stderr := run("redact", "--secret-keys", in, out); code != ExitOK {
		t.Fatalf("redact exit %d\n%s%s", code, stdout, stderr)
	}
	before, err := bundle.Load(in, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	after, err := bundle.Load(out, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	sb, sa := bundle.Summarize(before), bundle.Summarize(after)
	if after.Format != bundle.FormatRift || !sa.CaptureTime.Equal(sb.CaptureTime) {
		t.Errorf("after: format %s capture %v, before capture %v", after.Format, sa.CaptureTime, sb.CaptureTime)
	}
	if d := cmp.Diff(sb.Kinds, sa.Kinds); d != "" {
		t.Errorf("object kinds changed by redaction (-before +after):\n%s", d)
	}
	if len(sa.Logs) != len(sb.Logs) || sa.Events.Count != sb.Events.Count {
		t.Errorf("logs %d→%d, events %d→%d", len(sb.Logs), len(sa.Logs), sb.Events.Count, sa.Events.Count)
	}
}

func TestRedactUsage(t *testing.T) {
	in, dir := t.TempDir(), t.TempDir()
	exists := filepath.Join(dir, "x.tar.gz")
	os.WriteFile(exists, nil, 0o644)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"one arg", []string{"redact", in}, "IN and OUT"},
		{"check two args", []string{"redact", "--check", in, dir}, "exactly one BUNDLE"},
		{"bad output", []string{"redact", "--check", in, "-o", "wide"}, "unknown output format"},
		{"existing archive", []string{"redact", in, exists}, "already exists"},
		{"output inside input", []string{"redact", in, filepath.Join(in, "sub")}, "inside the input"},
		{"missing config", []string{"redact", "--redact-config", filepath.Join(dir, "nope.yaml"), in, filepath.Join(dir, "o")}, "--redact-config"},
		{"missing input", []string{"redact", filepath.Join(dir, "nope"), filepath.Join(dir, "o2")}, "nope"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, _, stderr := run(tc.args...)
			if code != ExitUsage || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q", code, stderr, ExitUsage, tc.want)
			}
		})
	}
}
