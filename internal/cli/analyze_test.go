package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// kafkaBundle is the recorded Kafka stale-probe bundle of the layers tests.
const kafkaBundle = "../../analyzer/layers/testdata/kafka-stale-probe"

func TestAnalyzeCommand(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  string // substring of stdout
		wantErr  string // substring of stderr
		wantFile string // file that must exist afterwards, with wantOut in it
	}{
		{"text report exits 1 on a degraded verdict", []string{kafkaBundle}, ExitFindings, "STATE RECONCILIATION", "", ""},
		{"json", []string{kafkaBundle, "-o", "json"}, ExitFindings, `"kind": "Report"`, "", ""},
		{"markdown", []string{kafkaBundle, "-o", "markdown"}, ExitFindings, "## Hypothesis ledger", "", ""},
		{"html to a file", []string{kafkaBundle, "-o", "HTML", "--output-file", filepath.Join(dir, "r.html")}, ExitFindings, `id="report-data"`, "", filepath.Join(dir, "r.html")},
		{"focused on a workload", []string{kafkaBundle, "--workload", "StatefulSet/kafka/kafka", "--details"}, ExitFindings, "StatefulSet/kafka/kafka", "", ""},
		{"focused, kubectl-style", []string{kafkaBundle, "--workload", "sts/kafka", "-n", "kafka"}, ExitFindings, "StatefulSet/kafka/kafka", "", ""},
		{"unsupported format", []string{kafkaBundle, "-o", "yaml"}, ExitUsage, "", "rift: -o yaml: this command does not write yaml; valid formats: text, json, markdown, html", ""},
		{"format given to --output-file", []string{kafkaBundle, "--output-file", "json"}, ExitUsage, "", "--output-file takes a FILE", ""},
		{"bad workload ref", []string{kafkaBundle, "--workload", "kafka"}, ExitUsage, "", "--workload", ""},
		{"workload not in the bundle", []string{kafkaBundle, "--workload", "Deployment/x/y"}, ExitUsage, "", "rift: --workload Deployment/x/y: no Deployment named y in namespace x in this bundle", ""},
		{"unknown rule to disable", []string{kafkaBundle, "--disable", "no-such-rule"}, ExitUsage, "", "no-such-rule", ""},
		{"missing bundle", []string{filepath.Join(dir, "nope.tar.gz")}, ExitUsage, "", "nope.tar.gz", ""},
		{"no bundle", nil, ExitUsage, "", "exactly one BUNDLE", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Execute(append([]string{"analyze"}, tt.args...), &out, &errOut)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.wantCode, errOut.String())
			}
			got := out.String()
			if tt.wantFile != "" {
				data, err := os.ReadFile(tt.wantFile)
				if err != nil {
					t.Fatal(err)
				}
				got = string(data)
				if out.Len() != 0 {
					t.Errorf("stdout not empty when writing to --output: %q", out.String())
				}
			}
			if !strings.Contains(got, tt.wantOut) {
				t.Errorf("output lacks %q:\n%.400s", tt.wantOut, got)
			}
			if !strings.Contains(errOut.String(), tt.wantErr) {
				t.Errorf("stderr %q lacks %q", errOut.String(), tt.wantErr)
			}
			if tt.wantCode != ExitUsage && strings.Contains(got, "\x1b[") {
				t.Error("colour codes written to a non-terminal")
			}
		})
	}
}

func TestAnalyzeJSONIsStable(t *testing.T) {
	var a, b bytes.Buffer
	Execute([]string{"analyze", kafkaBundle, "-o", "json"}, &a, &bytes.Buffer{})
	Execute([]string{"analyze", kafkaBundle, "-o", "json"}, &b, &bytes.Buffer{})
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Fatal("two runs of analyze -o json differ")
	}
	var doc map[string]any
	if err := json.Unmarshal(a.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"apiVersion", "kind", "bundle", "summary", "workloads", "timeline", "earliestFailure", "hypotheses"} {
		if _, ok := doc[k]; !ok {
			t.Errorf("top level lacks %q", k)
		}
	}
}

// TestAnalyzeFull: the default JSON lists a group's members without their
// own evidence; --full keeps it, and everything else the default holds.
func TestAnalyzeFull(t *testing.T) {
	const grouped = "../../fixtures/tempo-oom-limit/bundle" // two Services one crash-loop explains
	members := func(args ...string) []map[string]any {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := Execute(append([]string{"analyze", grouped, "-o", "json"}, args...), &out, &errOut); code != ExitFindings {
			t.Fatalf("exit %d; stderr: %s", code, errOut.String())
		}
		var doc struct {
			Hypotheses []struct {
				Members []map[string]any `json:"members"`
			} `json:"hypotheses"`
		}
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		var ms []map[string]any
		for _, h := range doc.Hypotheses {
			ms = append(ms, h.Members...)
		}
		if len(ms) == 0 {
			t.Fatal("no grouped entry in the ledger")
		}
		return ms
	}
	for _, m := range members() {
		if _, ok := m["supporting"]; ok {
			t.Errorf("default report: member %v carries its own evidence", m["id"])
		}
	}
	for _, m := range members("--full") {
		if _, ok := m["supporting"]; !ok {
			t.Errorf("--full: member %v lacks its own evidence", m["id"])
		}
	}
}
