package hypothesis

import (
	"context"
	"github.com/rift-dev/rift/analyzer/layers"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const examplePolicy = "../../docs/examples/user-policy"

// TestNewEngineRefuses checks that bad user policies are refused at load
// with an error that names the file (and line where there is one).
func TestNewEngineRefuses(t *testing.T) {
	tests := []struct {
		dir     string
		disable []string
		want    []string // substrings of the error
	}{
		{dir: "missing-metadata", want: []string{"missing-metadata/rule.rego", "missing # METADATA", "rift.rules.no_metadata"}},
		{dir: "incomplete-metadata", want: []string{"incomplete-metadata/rule.rego:1: package rift.rules.no_weight: incomplete metadata: missing custom.weight"}},
		{dir: "bad-layer", want: []string{"bad-layer/rule.rego:1", `custom.layer "network"`}},
		{dir: "syntax-error", want: []string{"syntax-error/rule.rego:15: rego_parse_error"}},
		{dir: "type-error", want: []string{"type-error/rule.rego:14: rego_type_error: undefined function no_such_function"}},
		{dir: "no-hypothesis", want: []string{"no-hypothesis/rule.rego: package rift.rules.no_hypothesis: defines no `hypothesis contains ...` set rule"}},
		{dir: "duplicate-id", want: []string{`rule id "crash-loop" already used`}},
		{dir: "no-such-dir", want: []string{"policy dir", "no such file"}},
		{disable: []string{"no-such-rule"}, want: []string{"--disable no-such-rule: no loaded rule has this id"}},
	}
	for _, tt := range tests {
		t.Run(tt.dir+strings.Join(tt.disable, ","), func(t *testing.T) {
			opts := EngineOptions{Disable: tt.disable}
			if tt.dir != "" {
				opts.PolicyDirs = []string{filepath.Join("testdata", "policies", tt.dir)}
			}
			_, err := NewEngine(opts)
			if err == nil {
				t.Fatal("NewEngine succeeded, want an error")
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not contain %q", err, w)
				}
			}
		})
	}
}

// TestBuiltinRulesCoverTaxonomy checks every cause of the report contract
// has a built-in rule with complete metadata.
func TestBuiltinRulesCoverTaxonomy(t *testing.T) {
	taxonomy := []string{"source-unavailable", "render-failed", "reconcile-suspended", "reconcile-stale",
		"dependency-not-ready", "apply-rejected", "drift", "controller-stalled", "rollout-blocked",
		"quota-exceeded", "pod-create-denied", "unschedulable", "volume-unavailable", "image-pull-failed",
		"config-missing", "crash-loop", "oom-killed", "probe-failing", "no-endpoints",
		"dependency-unavailable", "dns-resolution-failed", "external-secret-failed",
		"certificate-not-ready", "node-unhealthy", "image-digest-mismatch"}
	causes := map[string]bool{}
	for _, r := range builtinEngine(t).Rules() {
		if !r.Builtin || r.Title == "" || r.Description == "" || r.File == "" {
			t.Errorf("rule %s: incomplete %+v", r.ID, r)
		}
		causes[r.Cause] = true
	}
	for _, c := range taxonomy {
		if !causes[c] {
			t.Errorf("no built-in rule for cause %s", c)
		}
	}
}

// TestUserPolicyEndToEnd loads the documented example directory, lists its
// rule, runs its Rego tests and evaluates it on an input.
func TestUserPolicyEndToEnd(t *testing.T) {
	e, err := NewEngine(EngineOptions{PolicyDirs: []string{examplePolicy}})
	if err != nil {
		t.Fatal(err)
	}
	i := slices.IndexFunc(e.Rules(), func(r Rule) bool { return r.ID == "example-hpa-limited" })
	if i < 0 || e.Rules()[i].Builtin || e.Rules()[i].Cause != "hpa-limited" {
		t.Fatalf("user rule not loaded as user rule: %+v", e.Rules())
	}
	b := fixture(t, "hpa-limited", "2026-11-07T10:00:00Z")
	l := evaluate(t, e, Input{Bundle: b})
	if len(l.Hypotheses) != 1 || l.Hypotheses[0].ID != "example-hpa-limited:HorizontalPodAutoscaler/shop/web" || l.Hypotheses[0].Status != Supported {
		t.Fatalf("ledger %v", ids(l))
	}
	rep, err := RunPolicyTests(context.Background(), []string{examplePolicy})
	if err != nil {
		t.Fatal(err)
	}
	var user int
	for _, r := range rep.Results {
		if strings.HasPrefix(r.Name, "rift.rules.example_hpa_limited_test.") {
			user++
		}
	}
	if user != 2 || rep.Failed != 0 || rep.UserCoverage < 90 {
		t.Errorf("user tests %d, failed %d, user coverage %.1f", user, rep.Failed, rep.UserCoverage)
	}
}

// TestDisable turns a rule off: its hypotheses disappear, the rest stay.
func TestDisable(t *testing.T) {
	e, err := NewEngine(EngineOptions{Disable: []string{"probe-failing"}})
	if err != nil {
		t.Fatal(err)
	}
	b := fixture(t, "kafka-stale-probe", "2026-11-02T10:45:00Z")
	l := evaluate(t, e, Input{Bundle: b, Workloads: layers.Build(b)})
	if got := ids(l); !slices.Equal(got, []string{"rollout-blocked:StatefulSet/kafka/kafka supported"}) {
		t.Errorf("ledger %v", got)
	}
	if len(e.Rules()) != len(builtinEngine(t).Rules()) {
		t.Errorf("a disabled rule is still listed: want %d rules, got %d", len(builtinEngine(t).Rules()), len(e.Rules()))
	}
}

// TestBuiltinPolicyTests runs the built-in Rego tests as rift policy test
// does and holds the coverage floor of the acceptance list.
func TestBuiltinPolicyTests(t *testing.T) {
	rep, err := RunPolicyTests(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rep.Results {
		if !r.Pass {
			t.Errorf("%s (%s:%d): %s", r.Name, r.File, r.Line, r.Error)
		}
	}
	if rep.Passed < 50 || rep.BuiltinCoverage < 90 {
		t.Errorf("%d passed, coverage %.1f%%: want at least 50 tests and 90%%", rep.Passed, rep.BuiltinCoverage)
	}
}

// TestRuleErrorsAreReported: a rule whose output breaks the contract (a
// mutating nextCheck) is listed in RuleErrors; the other rules still run
// and the verdict is not "healthy".
func TestRuleErrorsAreReported(t *testing.T) {
	e, err := NewEngine(EngineOptions{PolicyDirs: []string{filepath.Join("testdata", "policies", "mutating-next-check")}})
	if err != nil {
		t.Fatal(err)
	}
	l := evaluate(t, e, Input{Bundle: fixture(t, "healthy-web", "2026-11-04T09:00:00Z")})
	if len(l.RuleErrors) != 1 || !strings.Contains(l.RuleErrors[0], `nextCheck "kubectl delete pod web-1 -n shop" is not a read-only command`) {
		t.Errorf("rule errors %q", l.RuleErrors)
	}
	if l.Summary.Verdict != VerdictUnknown {
		t.Errorf("verdict %s with a failed rule, want unknown", l.Summary.Verdict)
	}
}
