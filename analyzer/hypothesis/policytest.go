package hypothesis

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/cover"
	"github.com/open-policy-agent/opa/v1/tester"
)

// TestResult is the outcome of one Rego unit test.
type TestResult struct {
	// Name is package.test_name.
	Name string `json:"name"`
	// File and Line locate the test.
	File  string `json:"file"`
	Line  int    `json:"line"`
	Pass  bool   `json:"pass"`
	Error string `json:"error,omitempty"`
}

// TestReport is the outcome of RunPolicyTests.
type TestReport struct {
	Results        []TestResult `json:"results"`
	Passed, Failed int
	// BuiltinCoverage is the percentage of built-in rule lines (test files
	// excluded) that the tests evaluate.
	BuiltinCoverage float64 `json:"builtinCoverage"`
	// UserCoverage is the same for the user policy dirs (0 without dirs).
	UserCoverage float64 `json:"userCoverage"`
	// HealthCoverage is the percentage of built-in health rule lines
	// (policies/health) the tests evaluate; those rules are held to Argo
	// CD's 975 health cases by a Go test as well (analyzer/healthcheck),
	// so they are not counted in BuiltinCoverage.
	HealthCoverage float64 `json:"healthCoverage"`
	// NotCovered lists file:line ranges of built-in rules no test reaches.
	NotCovered []string `json:"notCovered,omitempty"`
}

// RunPolicyTests runs the Rego unit tests (test_* rules in _test.rego
// files) of the built-in policies and of dirs through OPA's tester, strict
// Rego v1, with coverage. Built-in rules and user rules compile together,
// so a user test may exercise built-in helpers.
func RunPolicyTests(ctx context.Context, dirs []string) (*TestReport, error) {
	srcs, err := loadSources(dirs, true)
	if err != nil {
		return nil, err
	}
	mods, err := parseSources(srcs)
	if err != nil {
		return nil, err
	}
	cov := cover.New()
	runner := tester.NewRunner().
		SetCompiler(ast.NewCompiler().WithStrict(true).WithDefaultRegoVersion(ast.RegoV1)).
		SetDefaultRegoVersion(ast.RegoV1).
		SetCoverageQueryTracer(cov).
		SetModules(mods)
	ch, err := runner.RunTests(ctx, nil)
	if err != nil {
		return nil, fmt.Errorf("compile policies: %w", err)
	}
	rep := &TestReport{}
	for r := range ch {
		tr := TestResult{Name: strings.TrimPrefix(r.Package, "data.") + "." + r.Name, Pass: !r.Fail && r.Error == nil}
		if r.Location != nil {
			tr.File, tr.Line = r.Location.File, r.Location.Row
		}
		if r.Error != nil {
			tr.Error = r.Error.Error()
		} else if r.Fail {
			tr.Error = "failed"
		}
		if tr.Pass {
			rep.Passed++
		} else {
			rep.Failed++
		}
		rep.Results = append(rep.Results, tr)
	}
	sort.Slice(rep.Results, func(i, j int) bool { return rep.Results[i].Name < rep.Results[j].Name })
	builtin := map[string]bool{}
	for _, s := range srcs {
		builtin[s.Name] = s.Builtin
	}
	rep.coverage(cov.Report(mods), builtin)
	return rep, nil
}

// coverage splits OPA's coverage report into built-in and user rule
// lines; test files are not counted.
func (rep *TestReport) coverage(cr cover.Report, builtin map[string]bool) {
	var bc, bn, uc, un, hc, hn int
	files := make([]string, 0, len(cr.Files))
	for f := range cr.Files {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		fr := cr.Files[f]
		if isTestFile(f) {
			continue
		}
		if builtin[f] && strings.HasPrefix(f, "policies/health/") {
			hc += fr.CoveredLines
			hn += fr.NotCoveredLines
		} else if builtin[f] {
			bc += fr.CoveredLines
			bn += fr.NotCoveredLines
			for _, r := range fr.NotCovered {
				rep.NotCovered = append(rep.NotCovered, fmt.Sprintf("%s:%d-%d", f, r.Start.Row, r.End.Row))
			}
		} else {
			uc += fr.CoveredLines
			un += fr.NotCoveredLines
		}
	}
	rep.BuiltinCoverage = percent(bc, bn)
	rep.UserCoverage = percent(uc, un)
	rep.HealthCoverage = percent(hc, hn)
}

func percent(covered, not int) float64 {
	if covered+not == 0 {
		return 0
	}
	return 100 * float64(covered) / float64(covered+not)
}
