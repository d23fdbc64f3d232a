package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

func runPolicy(args ...string) (code int, out, errOut string) {
	var o, e bytes.Buffer
	code = Execute(args, &o, &e)
	return code, o.String(), e.String()
}

func TestPolicyCommands(t *testing.T) {
	const example = "../../docs/examples/user-policy"
	tests := []struct {
		name     string
		args     []string
		wantCode int
		wantOut  []string // substrings of stdout
		wantErr  string   // substring of stderr
		lastLine string   // prefix/suffix check of stdout's last line
	}{
		{name: "list text", args: []string{"policy", "list"}, wantOut: []string{"ID ", "CAUSE", "rollout-blocked", "built-in"}},
		{name: "list with user dir", args: []string{"policy", "list", "--policy", example}, wantOut: []string{"example-hpa-limited", "hpa-limited", "user"}},
		{name: "list unsupported output", args: []string{"policy", "list", "-o", "html"}, wantCode: ExitUsage, wantErr: "rift: -o html: this command does not write html; valid formats: text, json, yaml"},
		{name: "list bad dir", args: []string{"policy", "list", "--policy", "testdata/no-such-dir"}, wantCode: ExitUsage, wantErr: "policy dir testdata/no-such-dir"},
		{name: "doc", args: []string{"policy", "doc"}, wantOut: []string{"# rift rules", "## crash-loop", "| [dns-resolution-failed](#dns-resolution-failed) |"}},
		{name: "test builtin and user", args: []string{"policy", "test", example}, wantOut: []string{"% of built-in rule lines", "% of user rule lines"}, lastLine: " passed, 0 failed"},
		{name: "test with a compile error", args: []string{"policy", "test", "testdata/policies/compile-error"}, wantCode: ExitUsage,
			wantErr: "testdata/policies/compile-error/rule_test.rego:4: rego_type_error: undefined function no_such_function"},
		{name: "test with a failing user test", args: []string{"policy", "test", "testdata/policies/failing-test"}, wantCode: ExitFindings,
			wantOut: []string{"FAIL rift.user.always_test.test_fails"}, lastLine: " passed, 1 failed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := runPolicy(tt.args...)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr %s", code, tt.wantCode, errOut)
			}
			for _, w := range tt.wantOut {
				if !strings.Contains(out, w) {
					t.Errorf("stdout lacks %q:\n%s", w, out)
				}
			}
			if tt.wantErr != "" && !strings.Contains(errOut, tt.wantErr) {
				t.Errorf("stderr %q lacks %q", errOut, tt.wantErr)
			}
			if tt.lastLine != "" {
				lines := strings.Split(strings.TrimSpace(out), "\n")
				if last := lines[len(lines)-1]; !strings.HasSuffix(last, tt.lastLine) {
					t.Errorf("last line %q, want suffix %q", last, tt.lastLine)
				}
			}
		})
	}
}

func TestPolicyListJSON(t *testing.T) {
	code, out, errOut := runPolicy("policy", "list", "-o", "json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rules []struct {
		ID, Cause, Layer, Stage string
		Weight                  int
		Builtin                 bool
	}
	if err := json.Unmarshal([]byte(out), &rules); err != nil {
		t.Fatal(err)
	}
	if len(rules) < 25 {
		t.Errorf("%d rules, want at least the 25 causes", len(rules))
	}
	for _, r := range rules {
		if r.ID == "" || r.Cause == "" || r.Layer == "" || r.Stage == "" || !r.Builtin {
			t.Errorf("incomplete rule %+v", r)
		}
	}
}
