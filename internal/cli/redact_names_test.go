package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/internal/redact"
)

// TestRedactCheckQuotesNames checks that file names from a bundle cannot
// forge --check output: a name holding a newline and a fake finding, or a
// terminal escape, is printed quoted in text, and escaped in JSON and YAML.
func TestRedactCheckQuotesNames(t *testing.T) {
	pw := "password=Zx9kLm2Qw8vBn4Tr\n"
	forged := "logs/ns/p/x.log\nobjects/fake.yaml:1: jwt"
	escape := "logs/ns/p/\x1b[2J\x1b[31mred.log"
	binary := "logs/ns/p/core\n.dump"
	in := writeTestDir(t, map[string]string{
		"bundle.yaml": riftMeta,
		forged:        pw,
		escape:        pw,
		binary:        "\x00\x01\x02\x03\x04\x05\x06\x07",
	})
	t.Run("text", func(t *testing.T) {
		code, stdout, stderr := run("redact", "--check", in)
		if code != ExitFindings {
			t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
		}
		want := []string{
			`"logs/ns/p/\x1b[2J\x1b[31mred.log":1: generic-secret`,
			`"logs/ns/p/x.log\nobjects/fake.yaml:1: jwt":1: generic-secret`,
			`not scanned: "logs/ns/p/core\n.dump": binary content, not text, compressed text or an archive rift can open; not scanned`,
		}
		if d := cmp.Diff(want, strings.Split(strings.TrimSuffix(stdout, "\n"), "\n")); d != "" {
			t.Errorf("check output lines (-want +got):\n%s", d)
		}
	})
	t.Run("redact stderr", func(t *testing.T) {
		code, stdout, stderr := run("redact", in, t.TempDir()+"/out")
		if code != ExitOK {
			t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
		}
		if strings.Contains(stderr, "\x1b") || !strings.Contains(stderr, `not in output: "logs/ns/p/core\n.dump": binary`) {
			t.Errorf("redact lists names unquoted:\n%q", stderr)
		}
	})
	for _, format := range []string{"json", "yaml"} {
		t.Run(format, func(t *testing.T) {
			code, stdout, _ := run("redact", "--check", "-o", format, in)
			if code != ExitFindings || strings.ContainsAny(stdout, "\x1b") {
				t.Fatalf("exit %d, raw escape in output:\n%q", code, stdout)
			}
			var res checkResult
			var err error
			if format == "json" {
				err = json.Unmarshal([]byte(stdout), &res)
			} else {
				err = yaml.Unmarshal([]byte(stdout), &res)
			}
			if err != nil {
				t.Fatal(err)
			}
			want := []string{escape, forged}
			var got []string
			for _, f := range res.Findings {
				got = append(got, f.File)
			}
			if d := cmp.Diff(want, got); d != "" {
				t.Errorf("names (-want +got):\n%s", d)
			}
			if d := cmp.Diff([]redact.Skipped{{File: binary, Reason: "binary content, not text, compressed text or an archive rift can open; not scanned"}}, res.Unread); d != "" {
				t.Errorf("unread (-want +got):\n%s", d)
			}
		})
	}
}
