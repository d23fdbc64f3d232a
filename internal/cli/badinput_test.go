package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// badInputDir lays out the bad inputs of TestBadInput in a temporary
// directory and returns it.
func badInputDir(t *testing.T) string {
	t.Helper()
	d := t.TempDir()
	write := func(p, s string) {
		t.Helper()
		p = filepath.Join(d, p)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("empty.yaml", "")
	write("empty.tar.gz", "")
	write("list.yaml", "apiVersion: v1\nkind: List\nitems: []\n")
	if err := os.Mkdir(filepath.Join(d, "emptydir"), 0o755); err != nil {
		t.Fatal(err)
	}
	write("notes/readme.md", "# not a bundle\n")
	write("notes/values.yaml", "replicas: 3\nimage: web:1.2\n")
	write("notes.txt", "just some text, not an archive\n")
	// A folder of two recorded incidents, as fixtures/ is.
	for _, f := range []string{"two/a", "two/b"} {
		write(f+"/expect.yaml", "verdict: healthy\n")
		write(f+"/bundle/bundle.yaml", "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n")
	}
	write("nofixture/readme.md", "nothing here\n")
	write("badexpect/x/expect.yaml", "verdict: healthy\ntop:\n  causes: [crash-loop]\n  subject: [Deployment/shop/web]\n")
	write("badexpect/x/bundle/bundle.yaml", "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n")
	write("goodexpect/x/expect.yaml", "verdict: healthy\n")
	write("goodexpect/x/bundle/bundle.yaml", "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n")
	return d
}

// TestBadInput runs every command on each bad input it can be given and
// checks the exit code and the first line of the message: the line a
// pipeline's log shows.
func TestBadInput(t *testing.T) {
	d := badInputDir(t)
	p := func(s string) string { return filepath.Join(d, s) }
	nothing := func(path, format string) string {
		return "rift: " + path + ": no Kubernetes objects found (read as " + format + ")"
	}
	several := "rift: " + p("two") + ": a folder of 2 bundles, not one bundle"
	tests := []struct {
		name      string
		args      []string
		wantCode  int
		wantFirst string // the first line of standard error
		wantOut   string // a substring of standard output, or "" for none at all
	}{
		{"analyze: empty file", []string{"analyze", p("empty.yaml")}, ExitUsage, "rift: " + p("empty.yaml") + ": empty file", ""},
		{"inspect: empty archive", []string{"inspect", p("empty.tar.gz")}, ExitUsage, "rift: " + p("empty.tar.gz") + ": empty file", ""},
		{"analyze: empty directory", []string{"analyze", p("emptydir")}, ExitUsage, "rift: " + p("emptydir") + ": empty bundle: no file to read", ""},
		{"analyze: only an empty list", []string{"analyze", p("list.yaml")}, ExitUsage, nothing(p("list.yaml"), "directory"), ""},
		{"analyze: a directory without objects", []string{"analyze", p("notes")}, ExitUsage, nothing(p("notes"), "directory"), ""},
		{"timeline: a directory without objects", []string{"timeline", p("notes")}, ExitUsage, nothing(p("notes"), "directory"), ""},
		{"verify: a directory without objects", []string{"verify", p("notes")}, ExitUsage, nothing(p("notes"), "directory"), ""},
		{"analyze: not a bundle", []string{"analyze", p("notes.txt")}, ExitUsage, "rift: " + p("notes.txt") + ": not a directory or a supported archive (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip): no formats matched", ""},

		{"analyze: a folder of bundles", []string{"analyze", p("two")}, ExitUsage, several, ""},
		{"inspect: a folder of bundles", []string{"inspect", p("two")}, ExitUsage, several, ""},
		{"timeline: a folder of bundles", []string{"timeline", p("two")}, ExitUsage, several, ""},
		{"verify: a folder of bundles", []string{"verify", p("two")}, ExitUsage, several, ""},
		{"diff: a folder of bundles", []string{"diff", p("two"), p("two/a")}, ExitUsage, several, ""},

		{"test: no fixture", []string{"test", p("nofixture")}, ExitUsage, "rift: " + p("nofixture") + ": no fixture found (a directory holding expect.yaml and a bundle)", ""},
		{"test: unknown key in expect.yaml", []string{"test", p("badexpect")}, ExitUsage,
			"rift: " + filepath.ToSlash(p("badexpect/x/expect.yaml")) + `:4: unknown key "subject" in top (known keys: causes, owner, subjects)`, ""},
		{"test: unwritable --junit", []string{"test", "--junit", p("no-such-dir/junit.xml"), p("goodexpect")}, ExitUsage,
			"rift: --junit: open " + p("no-such-dir/junit.xml") + ": no such file or directory", ""},

		{"verify: short --revision", []string{"verify", kafkaAfter, "--revision", "abc12"}, ExitUsage, `rift: --revision "abc12": want a Git commit of 7 to 40 hex digits`, ""},
		{"analyze: object not in the bundle", []string{"analyze", kafkaBundle, "--workload", "sts/kafka/kafak"}, ExitUsage,
			"rift: --workload sts/kafka/kafak: no StatefulSet named kafak in namespace kafka in this bundle; near matches: StatefulSet/kafka/kafka", ""},
		{"analyze: unknown kind", []string{"analyze", kafkaBundle, "--workload", "statefulsett/kafka/kafka"}, ExitUsage,
			`rift: --workload statefulsett/kafka/kafka: no kind "statefulsett" in this bundle; near matches: StatefulSet`, ""},
		{"analyze: unsupported format", []string{"analyze", kafkaBundle, "-o", "yaml"}, ExitUsage,
			"rift: -o yaml: this command does not write yaml; valid formats: text, json, markdown, html", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Execute(tt.args, &out, &errOut)
			first, _, _ := strings.Cut(errOut.String(), "\n")
			if code != tt.wantCode || first != tt.wantFirst {
				t.Errorf("exit %d, first line\n  %q\nwant exit %d,\n  %q\nstderr:\n%s", code, first, tt.wantCode, tt.wantFirst, errOut.String())
			}
			if tt.wantOut == "" && out.Len() > 0 {
				t.Errorf("standard output not empty: %.300q", out.String())
			}
		})
	}
}

// TestNothingReadSaysWhatRiftReads: the second line of a refusal to read
// the input says what rift looks for.
func TestNothingReadSaysWhatRiftReads(t *testing.T) {
	d := badInputDir(t)
	for _, p := range []string{"empty.yaml", "emptydir", "notes", "notes.txt"} {
		var errOut bytes.Buffer
		Execute([]string{"inspect", filepath.Join(d, p)}, &bytes.Buffer{}, &errOut)
		if lines := strings.Split(errOut.String(), "\n"); len(lines) < 2 || !strings.HasPrefix(lines[1], "  rift reads a rift bundle (bundle.yaml), a troubleshoot support bundle") {
			t.Errorf("%s: stderr\n%s", p, errOut.String())
		}
	}
}

// TestFolderOfBundlesHint: the second line of the refusal says what to do
// instead: rift test for recorded incidents, or name one bundle.
func TestFolderOfBundlesHint(t *testing.T) {
	d := badInputDir(t)
	var errOut bytes.Buffer
	Execute([]string{"analyze", filepath.Join(d, "two")}, &bytes.Buffer{}, &errOut)
	want := "  run them all with rift test " + filepath.Join(d, "two") + ", or name one of them, e.g. " + filepath.Join(d, "two", "a")
	if lines := strings.Split(errOut.String(), "\n"); len(lines) < 2 || lines[1] != want {
		t.Errorf("stderr:\n%s\nwant second line %q", errOut.String(), want)
	}
}

// TestFixtureFolderStandsForItsBundle: a recorded-incident folder is read
// as its bundle/ (not refused as a folder of bundles).
func TestFixtureFolderStandsForItsBundle(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Execute([]string{"inspect", "../../fixtures/kafka-stale-probe", "-o", "json"}, &out, &errOut); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), `"format": "rift.dev/v1alpha1"`) {
		t.Errorf("not read as its rift bundle: %.300s", out.String())
	}
}

// TestDiffExitAndWarnings: the same bundle twice exits 0, different
// bundles exit 1, and "after" captured before "before" is warned about.
func TestDiffExitAndWarnings(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Execute([]string{"diff", kafkaBefore, kafkaBefore}, &out, &errOut); code != ExitOK || errOut.Len() > 0 {
		t.Errorf("same bundle: exit %d, stderr %q; want 0 and no warning", code, errOut.String())
	}
	errOut.Reset()
	code := Execute([]string{"diff", kafkaAfter, kafkaBefore}, &out, &errOut)
	first, _, _ := strings.Cut(errOut.String(), "\n")
	if code != ExitFindings || !strings.HasPrefix(first, "rift: warning: AFTER was captured at ") || !strings.HasSuffix(first, ": are the arguments reversed?") {
		t.Errorf("reversed: exit %d, first line %q", code, first)
	}
}
