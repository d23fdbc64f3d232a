package expect

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/report"
	"github.com/rift-dev/rift/analyzer/timeline"
)

func kafkaReport() *report.Report {
	sts := bundle.Ref{APIVersion: "apps/v1", Kind: "StatefulSet", Namespace: "kafka", Name: "kafka"}
	pod := bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: "kafka", Name: "kafka-0"}
	return &report.Report{
		Summary: hypothesis.Summary{Verdict: "degraded"},
		Workloads: []layers.Workload{{
			Ref: sts, Convergence: layers.Blocked,
			Divergences: []layers.Divergence{{Between: [2]string{"controller", "runtime"}, Object: pod, Path: "spec.containers[name=kafka].readinessProbe"}},
		}},
		EarliestFailure: &timeline.EarliestFailure{Entry: timeline.Entry{Object: pod, Reason: "Unhealthy"}},
		Hypotheses: []hypothesis.Hypothesis{
			{Rank: 1, Cause: "rollout-blocked", Subject: sts, Status: hypothesis.Supported},
			{Rank: 2, Cause: "probe-failing", Subject: pod, Status: hypothesis.Supported},
		},
	}
}

func TestCheck(t *testing.T) {
	e, err := Read("testdata/kafka-expect.yaml")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		mutate func(r *report.Report)
		want   []string // failing fields
	}{
		{name: "matches", mutate: func(*report.Report) {}},
		{name: "symptom ranked first", mutate: func(r *report.Report) {
			r.Hypotheses[0], r.Hypotheses[1] = r.Hypotheses[1], r.Hypotheses[0]
			r.Hypotheses[0].Rank, r.Hypotheses[1].Rank = 1, 2
		}, want: []string{"top.causes", "top.subjects"}},
		{name: "crash loop on top", mutate: func(r *report.Report) { r.Hypotheses[0].Cause = "crash-loop" }, want: []string{"top.causes", "notTop"}},
		{name: "probe outside rank 3", mutate: func(r *report.Report) { r.Hypotheses[1].Rank = 4 }, want: []string{"within.3"}},
		{name: "divergence on another path", mutate: func(r *report.Report) {
			r.Workloads[0].Divergences[0].Path = "spec.containers[name=kafka].image"
		}, want: []string{"divergences"}},
		{name: "converged", mutate: func(r *report.Report) { r.Workloads[0].Convergence = layers.Converged }, want: []string{"convergence"}},
		{name: "no earliest failure", mutate: func(r *report.Report) { r.EarliestFailure = nil }, want: []string{"earliestFailure"}},
		{name: "healthy", mutate: func(r *report.Report) { r.Summary.Verdict = "healthy" }, want: []string{"verdict"}},
		{name: "a rule failed, whatever the expectations name", mutate: func(r *report.Report) {
			r.RuleErrors = []string{"policies/x.rego: rule x: eval_conflict_error"}
		}, want: []string{"ruleErrors"}},
		{name: "expected subject is a member of the top group", mutate: func(r *report.Report) {
			other := bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "zookeeper"}
			top := &r.Hypotheses[0]
			top.Members = []hypothesis.Member{{Subject: other, Status: hypothesis.Supported}, {Subject: top.Subject, Status: hypothesis.Open}}
			top.Subject = other
		}},
		{name: "no member of the top group is the expected subject", mutate: func(r *report.Report) {
			other := bundle.Ref{Kind: "StatefulSet", Namespace: "kafka", Name: "zookeeper"}
			top := &r.Hypotheses[0]
			top.Members = []hypothesis.Member{{Subject: other, Status: hypothesis.Supported}, {Subject: r.Hypotheses[1].Subject, Status: hypothesis.Open}}
			top.Subject = other
		}, want: []string{"top.subjects"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := kafkaReport()
			tc.mutate(r)
			var got []string
			for _, m := range Check(e, r) {
				if m.Diff == "" {
					t.Errorf("%s: empty diff", m.Field)
				}
				got = append(got, m.Field)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("failing fields (-want +got):\n%s", d)
			}
		})
	}
}

func TestNoSupported(t *testing.T) {
	e := &Expectation{NoSupported: true}
	r := kafkaReport()
	if m := Check(e, r); len(m) != 1 || !strings.Contains(m[0].Diff, "rollout-blocked StatefulSet/kafka/kafka") {
		t.Fatalf("want one mismatch naming the supported hypothesis, got %+v", m)
	}
	// A group is read member by member: an open group head does not hide
	// a supported member.
	r.Hypotheses = []hypothesis.Hypothesis{{Rank: 1, Cause: "crash-loop", Status: hypothesis.Open, Members: []hypothesis.Member{
		{Subject: bundle.Ref{Kind: "Pod", Namespace: "kafka", Name: "kafka-0"}, Status: hypothesis.Open},
		{Subject: bundle.Ref{Kind: "Pod", Namespace: "kafka", Name: "kafka-1"}, Status: hypothesis.Supported},
	}}}
	if m := Check(e, r); len(m) != 1 || !strings.Contains(m[0].Diff, "crash-loop Pod/kafka/kafka-1") {
		t.Fatalf("want one mismatch naming the supported member, got %+v", m)
	}
	r.Hypotheses = nil
	if m := Check(e, r); len(m) != 0 {
		t.Fatalf("healthy report: %+v", m)
	}
}

func TestNotSupported(t *testing.T) {
	sub := func(n string) bundle.Ref { return bundle.Ref{Kind: "Pod", Namespace: "kafka", Name: n} }
	r := &report.Report{Hypotheses: []hypothesis.Hypothesis{
		{Rank: 1, Cause: "crash-loop", Status: hypothesis.Supported, Subject: sub("kafka-0")},
		{Rank: 2, Cause: "drift", Status: hypothesis.Open, Members: []hypothesis.Member{
			{Subject: sub("kafka-1"), Status: hypothesis.Open},
			{Subject: sub("kafka-2"), Status: hypothesis.Supported},
		}},
		{Rank: 3, Cause: "oom-killed", Status: hypothesis.Resolved, Subject: sub("kafka-3")},
	}}
	for _, tc := range []struct {
		name   string
		causes []string
		want   []string // the supported hypotheses named in the mismatch
	}{
		{"a supported cause", []string{"crash-loop"}, []string{"crash-loop Pod/kafka/kafka-0"}},
		{"a supported member of an open group", []string{"drift"}, []string{"drift Pod/kafka/kafka-2"}},
		{"a resolved cause", []string{"oom-killed"}, nil},
		{"an absent cause", []string{"dns-resolution-failed"}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := Check(&Expectation{NotSupported: tc.causes}, r)
			if len(tc.want) == 0 {
				if len(m) != 0 {
					t.Fatalf("want no mismatch, got %+v", m)
				}
				return
			}
			if len(m) != 1 || m[0].Field != "notSupported" {
				t.Fatalf("want one notSupported mismatch, got %+v", m)
			}
			for _, w := range tc.want {
				if !strings.Contains(m[0].Diff, w) {
					t.Errorf("mismatch does not name %q:\n%s", w, m[0].Diff)
				}
			}
		})
	}
}

func TestTopOwner(t *testing.T) {
	r := &report.Report{Hypotheses: []hypothesis.Hypothesis{{Rank: 1, Cause: "volume-unavailable", Status: hypothesis.Supported,
		Subject: bundle.Ref{Kind: "Pod", Namespace: "files", Name: "uploads-1"}, Repair: hypothesis.Repair{Owner: "external-dependency"}}}}
	if m := Check(&Expectation{Top: &Top{Causes: []string{"volume-unavailable"}, Owner: "external-dependency"}}, r); len(m) != 0 {
		t.Fatalf("want no mismatch, got %+v", m)
	}
	m := Check(&Expectation{Top: &Top{Causes: []string{"volume-unavailable"}, Owner: "repository"}}, r)
	if len(m) != 1 || m[0].Field != "top.owner" || !strings.Contains(m[0].Diff, "external-dependency") {
		t.Fatalf("want one top.owner mismatch naming external-dependency, got %+v", m)
	}
}

func TestNotInLedger(t *testing.T) {
	r := &report.Report{Hypotheses: []hypothesis.Hypothesis{
		{Rank: 1, Cause: "crash-loop", Status: hypothesis.Supported, Subject: bundle.Ref{Kind: "Pod", Namespace: "shop", Name: "web-1"}},
		{Rank: 2, Cause: "not-converged", Status: hypothesis.Open, Members: []hypothesis.Member{
			{Subject: bundle.Ref{Kind: "Kustomization", Namespace: "flux-system", Name: "apps"}, Status: hypothesis.Open},
			{Subject: bundle.Ref{Kind: "Deployment", Namespace: "shop", Name: "web"}, Status: hypothesis.Open},
		}},
	}}
	for _, tc := range []struct {
		name   string
		absent []Absent
		want   string // the held hypothesis named in the mismatch; "" for none
	}{
		{"a member of a group", []Absent{{Cause: "not-converged", Subject: "Kustomization/flux-system/apps"}}, "not-converged Kustomization/flux-system/apps open"},
		{"any subject of a cause", []Absent{{Cause: "crash-loop"}}, "crash-loop Pod/shop/web-1 supported"},
		{"a pattern", []Absent{{Cause: "not-converged", Subject: "Deployment/shop/*"}}, "not-converged Deployment/shop/web open"},
		{"another subject", []Absent{{Cause: "not-converged", Subject: "HelmRelease/shop/web"}}, ""},
		{"an absent cause", []Absent{{Cause: "drift"}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := Check(&Expectation{NotInLedger: tc.absent}, r)
			if tc.want == "" {
				if len(m) != 0 {
					t.Fatalf("want no mismatch, got %+v", m)
				}
				return
			}
			if len(m) != 1 || m[0].Field != "notInLedger" || !strings.Contains(m[0].Diff, tc.want) {
				t.Fatalf("want one notInLedger mismatch naming %q, got %+v", tc.want, m)
			}
		})
	}
}

func TestReadRejectsTypos(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "expect.yaml")
	for name, body := range map[string]string{
		"unknown field": "verdikt: degraded\n",
		"bad rank":      "within: {zero: [x]}\n",
	} {
		t.Run(name, func(t *testing.T) {
			if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
			if _, err := Read(p); err == nil {
				t.Fatal("want an error")
			}
		})
	}
}

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	mk := func(p, body string) {
		t.Helper()
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	mk("b-archive/expect.yaml", "verdict: healthy\n")
	mk("b-archive/bundle.tar.gz", "x")
	mk("a-dir/expect.yaml", "verdict: healthy\n")
	mk("a-dir/bundle/objects/x.yaml", "")
	mk("not-a-fixture/readme.md", "")
	got, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range got {
		names = append(names, f.Name+":"+filepath.Base(f.Bundle))
	}
	if d := cmp.Diff([]string{"a-dir:bundle", "b-archive:bundle.tar.gz"}, names); d != "" {
		t.Errorf("(-want +got):\n%s", d)
	}
	mk("c-empty/expect.yaml", "verdict: healthy\n")
	if _, err := Discover(root); err == nil || !strings.Contains(err.Error(), "c-empty") {
		t.Errorf("want an error naming the fixture without a bundle, got %v", err)
	}
}

func TestWriteJUnit(t *testing.T) {
	results := []Result{
		{Fixture: Fixture{Name: "ok"}},
		{Fixture: Fixture{Name: "bad"}, Mismatches: []Mismatch{{Field: "verdict", Diff: "-a\n+b\n"}}},
	}
	var buf bytes.Buffer
	if err := WriteJUnit(&buf, results); err != nil {
		t.Fatal(err)
	}
	var parsed junitSuites
	if err := xml.Unmarshal(buf.Bytes(), &parsed); err != nil {
		t.Fatalf("invalid XML: %v\n%s", err, buf.String())
	}
	s := parsed.Suites[0]
	if s.Tests != 2 || s.Failures != 1 || s.Cases[1].Failure == nil || s.Cases[0].Failure != nil {
		t.Errorf("unexpected suite %+v", s)
	}
}

func TestObjectPatterns(t *testing.T) {
	e := &Expectation{
		Top:             &Top{Causes: []string{"rollout-blocked"}, Subjects: []string{"StatefulSet/kafka/*"}},
		Divergences:     []Divergence{{Object: "Pod/kafka/kafka-?", PathContains: "readinessProbe"}},
		EarliestFailure: &Failure{Object: "Pod/kafka/kafka-*", Reason: "Unhealthy"},
	}
	if m := Check(e, kafkaReport()); len(m) != 0 {
		t.Fatalf("patterns should match: %+v", m)
	}
	e.EarliestFailure.Object = "Pod/other/*"
	if m := Check(e, kafkaReport()); len(m) != 1 || m[0].Field != "earliestFailure" {
		t.Fatalf("want one earliestFailure mismatch, got %+v", m)
	}
}

func TestDivergenceExpectedValue(t *testing.T) {
	pod := bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: "kafka", Name: "kafka-0"}
	tests := []struct {
		name     string
		d        layers.Divergence
		expected string
		match    bool
	}{
		{"any value when unset", layers.Divergence{Path: "spec.x", Expected: []byte(`"1"`)}, "", true},
		{"absent matches a removed field", layers.Divergence{Path: "spec.x", Expected: []byte("null"), Removed: true}, "absent", true},
		{"absent does not match a declared field", layers.Divergence{Path: "spec.x", Expected: []byte(`"1"`)}, "absent", false},
		{"a JSON value", layers.Divergence{Path: "spec.x", Expected: []byte(`"512Mi"`)}, `"512Mi"`, true},
		{"another JSON value", layers.Divergence{Path: "spec.x", Expected: []byte(`"256Mi"`)}, `"512Mi"`, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.d.Object = pod
			r := &report.Report{Workloads: []layers.Workload{{Ref: pod, Divergences: []layers.Divergence{tt.d}}}}
			e := &Expectation{Divergences: []Divergence{{Object: "Pod/kafka/kafka-0", PathContains: "spec.x", Expected: tt.expected}}}
			if got := len(Check(e, r)) == 0; got != tt.match {
				t.Errorf("matched = %v, want %v: %+v", got, tt.match, Check(e, r))
			}
		})
	}
}

// TestLedger: a held hypothesis matches an entry or a member by cause,
// subject pattern, its own status and one of its explainers; a miss shows
// what the ledger holds of that cause instead.
func TestLedger(t *testing.T) {
	pod := func(n string) bundle.Ref { return bundle.Ref{Kind: "Pod", Namespace: "cart", Name: n} }
	r := &report.Report{Hypotheses: []hypothesis.Hypothesis{
		{Rank: 1, Cause: "oom-killed", Status: hypothesis.Supported, Subject: pod("redis-0"), ID: "oom-killed:Pod/cart/redis-0"},
		{Rank: 2, Cause: "dependency-unavailable", Status: hypothesis.Supported, Subject: pod("redis-0"),
			ExplainedBy: []string{"oom-killed:Pod/cart/redis-0"}},
		{Rank: 3, Cause: "crash-loop", Status: hypothesis.Supported, Members: []hypothesis.Member{
			{Subject: pod("cart-api-6497bdf99-mqtd5"), Status: hypothesis.Supported, ExplainedBy: []string{"dependency-unavailable:Pod/cart/redis-0"}},
			{Subject: pod("cart-api-6497bdf99-zfmlr"), Status: hypothesis.Open},
		}},
	}}
	for _, tc := range []struct {
		name string
		held Held
		miss string // in the diff when it does not match; "" matches
	}{
		{"entry", Held{Cause: "dependency-unavailable", Subject: "Pod/cart/redis-0"}, ""},
		{"entry with its explainer", Held{Cause: "dependency-unavailable", Subject: "Pod/cart/redis-0", ExplainedBy: "oom-killed:Pod/cart/redis-*"}, ""},
		{"member by pattern and status", Held{Cause: "crash-loop", Subject: "Pod/cart/cart-api-*", Status: "open"}, ""},
		{"member with its explainer", Held{Cause: "crash-loop", Subject: "Pod/cart/cart-api-*", ExplainedBy: "dependency-unavailable:Pod/cart/redis-0"}, ""},
		{"another subject", Held{Cause: "dependency-unavailable", Subject: "Host/10.0.0.1"}, "only Pod/cart/redis-0 supported explained by oom-killed:Pod/cart/redis-0"},
		{"another status", Held{Cause: "oom-killed", Subject: "Pod/cart/redis-0", Status: "resolved"}, "only Pod/cart/redis-0 supported"},
		{"unexplained", Held{Cause: "oom-killed", Subject: "Pod/cart/redis-0", ExplainedBy: "crash-loop:*"}, "only Pod/cart/redis-0 supported"},
		{"absent cause", Held{Cause: "no-endpoints", Subject: "Service/cart/redis"}, "no no-endpoints hypothesis"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := Check(&Expectation{Ledger: []Held{tc.held}}, r)
			switch {
			case tc.miss == "" && len(m) != 0:
				t.Errorf("want a match, got %+v", m)
			case tc.miss != "" && (len(m) != 1 || m[0].Field != "ledger" || !strings.Contains(m[0].Diff, tc.miss)):
				t.Errorf("want one ledger mismatch showing %q, got %+v", tc.miss, m)
			}
		})
	}
}
