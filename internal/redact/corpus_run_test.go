package redact

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/internal/redact/redacttest"
)

// redactCorpus redacts every corpus file and returns the output files,
// redaction.yaml included.
func redactCorpus(t *testing.T, c *redacttest.Corpus) map[string]string {
	t.Helper()
	r, err := New(Options{Salt: []byte("test-salt"), Config: &Config{Literals: c.UserLiterals()}})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, name := range slices.Sorted(maps.Keys(c.Files)) {
		data, keep := r.File(name, []byte(c.Files[name]))
		if keep {
			out[name] = string(data)
		}
	}
	rep, err := yaml.Marshal(r.Report())
	if err != nil {
		t.Fatal(err)
	}
	out["redaction.yaml"] = string(rep)
	return out
}

func TestCorpusSize(t *testing.T) {
	c := redacttest.New()
	places := map[string]bool{}
	for _, s := range c.Secrets {
		places[s.File] = true
	}
	kinds := map[string]bool{}
	for _, s := range c.Secrets {
		kinds[s.Kind] = true
	}
	t.Logf("%d secrets of %d kinds in %d files, %d non-secrets", len(c.Secrets), len(kinds), len(places), len(c.NonSecrets))
	if len(kinds) < 20 {
		t.Errorf("corpus plants %d kinds of secret, want at least 20", len(kinds))
	}
	if len(c.Secrets) < 60 {
		t.Errorf("corpus plants %d secrets, want at least 60", len(c.Secrets))
	}
	if len(places) < 8 {
		t.Errorf("corpus spreads secrets over %d files, want at least 8", len(places))
	}
}

func TestCorpusNoLeaks(t *testing.T) {
	c := redacttest.New()
	out := redactCorpus(t, c)
	var rep Report
	if err := yaml.Unmarshal([]byte(out["redaction.yaml"]), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Rules) < 20 {
		t.Errorf("redaction.yaml names %d rules, want at least 20 kinds of secret", len(rep.Rules))
	}
	for _, s := range c.Secrets {
		for name, body := range out {
			for _, enc := range redacttest.Encodings(s.Value) {
				if strings.Contains(body, enc) {
					t.Errorf("%s (planted in %s) leaked into %s", s.Kind, s.File, name)
				}
			}
		}
	}
}

func TestCorpusNonSecretsSurvive(t *testing.T) {
	c := redacttest.New()
	out := redactCorpus(t, c)
	survived := 0
	for _, n := range c.NonSecrets {
		if strings.Contains(out[n.File], n.Value) {
			survived++
		} else {
			t.Logf("%s %q did not survive in %s", n.Kind, n.Value, n.File)
		}
	}
	if ratio := float64(survived) / float64(len(c.NonSecrets)); ratio < 0.99 {
		t.Errorf("%d of %d non-secrets survived (%.1f%%), want at least 99%%", survived, len(c.NonSecrets), 100*ratio)
	}
}

func TestCorpusCheck(t *testing.T) {
	c := redacttest.New()
	perFile := map[string][]Finding{}
	for name, body := range c.Files {
		perFile[name] = Check(name, []byte(body))
	}
	for _, s := range c.Secrets {
		if len(perFile[s.File]) == 0 {
			t.Errorf("Check found nothing in %s, which holds a %s", s.File, s.Kind)
		}
	}
	for _, s := range c.Secrets {
		data := []byte(c.Files[s.File])
		line := lineOf(data, lineStarts(data), s.Value)
		if line == 0 {
			continue // planted only in encoded form
		}
		found := false
		for _, f := range perFile[s.File] {
			// Blocks (PEM keys, blobs) are reported at their first line.
			found = found || f.Line <= line && f.Line >= line-12
		}
		if !found {
			t.Errorf("Check has no finding at or just above %s:%d, which holds a %s", s.File, line, s.Kind)
		}
	}
	for name, fs := range perFile {
		for _, f := range fs {
			if f.File != name || f.Rule == "" {
				t.Errorf("bad finding %+v in %s", f, name)
			}
		}
	}
	for name, body := range redactCorpus(t, c) {
		if fs := Check(name, []byte(body)); len(fs) > 0 {
			t.Errorf("Check finds %d leftovers in redacted %s: %+v", len(fs), name, fs)
		}
	}
}
