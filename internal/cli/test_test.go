package cli

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestTestCommandRecordedIncidents runs `rift test` on the recorded
// incidents as CI does: every fixture passes, the closing line counts them,
// and the JUnit file is valid XML with one testcase per fixture.
func TestTestCommandRecordedIncidents(t *testing.T) {
	junit := filepath.Join(t.TempDir(), "junit.xml")
	var out, errOut bytes.Buffer
	code := Execute([]string{"test", "--junit", junit, "../../fixtures"}, &out, &errOut)
	if code != ExitOK {
		t.Fatalf("exit %d\n%s%s", code, out.String(), errOut.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	last := lines[len(lines)-1]
	passes := strings.Count(out.String(), "PASS ")
	if passes < 30 || last != strconv.Itoa(passes)+" passed, 0 failed" {
		t.Errorf("want at least 30 passing fixtures and a closing count, got %d and %q", passes, last)
	}
	data, err := os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Suites []struct {
			Tests    int `xml:"tests,attr"`
			Failures int `xml:"failures,attr"`
			Cases    []struct {
				Name string `xml:"name,attr"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("invalid JUnit XML: %v", err)
	}
	if len(doc.Suites) != 1 || doc.Suites[0].Tests != passes || len(doc.Suites[0].Cases) != passes || doc.Suites[0].Failures != 0 {
		t.Errorf("JUnit suites %+v, want one suite of %d passing cases", doc.Suites, passes)
	}
}

// TestTestCommandFailureDiff: an expectation the report does not meet fails
// the fixture with a (-want +got) diff and exit 1.
func TestTestCommandFailureDiff(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(filepath.Join(dir, "bundle"), os.DirFS("../../fixtures/kafka-stale-probe/bundle")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "expect.yaml"), []byte("verdict: healthy\ntop: {causes: [crash-loop]}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	code := Execute([]string{"test", dir}, &out, &bytes.Buffer{})
	s := out.String()
	if code != ExitFindings || !strings.Contains(s, "FAIL") || !strings.Contains(s, "(-want +got)") ||
		!strings.Contains(s, "rollout-blocked") || !strings.HasSuffix(strings.TrimSpace(s), "0 passed, 1 failed") {
		t.Errorf("exit %d, output:\n%s", code, s)
	}
}
