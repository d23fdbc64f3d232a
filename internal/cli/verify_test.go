package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/compare"
	"github.com/rift-dev/rift/analyzer/verify"
)

// The recorded before/after pairs: fixtures/<name>/before is the incident,
// collected from the same cluster as fixtures/<name>/bundle after the
// repair.
const (
	kafkaIncident = "../../fixtures/kafka-stale-probe/bundle"
	kafkaBefore   = "../../fixtures/kafka-stale-probe-after/before"
	kafkaAfter    = "../../fixtures/kafka-stale-probe-after/bundle"
	pairs         = "../../fixtures/"
)

func TestVerifyCommand(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name     string
		args     []string
		wantCode int
		// wantFailing are the "check subject" pairs that fail (-o json).
		wantFailing []string
		wantErr     string
	}{
		{
			name: "kafka incident: kafka-0 not on updateRevision and not Ready", args: []string{kafkaIncident}, wantCode: ExitFindings,
			wantFailing: []string{"endpoints StatefulSet/kafka/kafka", "no-divergence StatefulSet/kafka/kafka", "pods-current StatefulSet/kafka/kafka", "pods-ready StatefulSet/kafka/kafka"},
		},
		{
			name: "kafka pair, before the repair", args: []string{kafkaBefore}, wantCode: ExitFindings,
			wantFailing: []string{"endpoints StatefulSet/kafka/kafka", "no-divergence StatefulSet/kafka/kafka", "pods-current StatefulSet/kafka/kafka", "pods-ready StatefulSet/kafka/kafka"},
		},
		{name: "kafka pair, after kafka-0 was replaced", args: []string{kafkaAfter, "--before", kafkaBefore}, wantCode: ExitOK},
		{name: "after, one workload", args: []string{kafkaAfter, "--workload", "StatefulSet/kafka/kafka"}, wantCode: ExitOK},
		{
			name: "after, but another revision was wanted", args: []string{kafkaAfter, "--revision", "0000000000"}, wantCode: ExitFindings,
			wantFailing: []string{"revision Kustomization/flux-system/platform"},
		},
		{name: "clean success, before: 3.4.0 fully live", args: []string{pairs + "rollout-complete-after/before"}, wantCode: ExitOK},
		{
			name: "clean success, after: 3.5.0 fully live, no restarts since before",
			args: []string{pairs + "rollout-complete-after/bundle", "--before", pairs + "rollout-complete-after/before"}, wantCode: ExitOK,
		},
		{
			name: "image update on part of the replicas, still half a minute later",
			args: []string{pairs + "image-pull-failed-after/bundle", "--before", pairs + "image-pull-failed-after/before"}, wantCode: ExitFindings,
			wantFailing: []string{"endpoints Deployment/billing/invoice-api", "no-divergence Deployment/billing/invoice-api", "pods-current Deployment/billing/invoice-api", "pods-ready Deployment/billing/invoice-api"},
		},
		{
			name: "new pods never scheduled, still half a minute later",
			args: []string{pairs + "pending-before-migration-after/bundle", "--before", pairs + "pending-before-migration-after/before"}, wantCode: ExitFindings,
			wantFailing: []string{"endpoints Deployment/shop/web", "no-divergence Deployment/shop/web", "pods-current Deployment/shop/web", "pods-ready Deployment/shop/web", "service-routes Service/shop/web"},
		},
		{
			name: "Kustomization applied, rollout complete, a hand-made hotfix pod still serving",
			args: []string{pairs + "old-pod-serving-after/bundle", "--before", pairs + "old-pod-serving-after/before"}, wantCode: ExitFindings,
			wantFailing: []string{"endpoints Deployment/shop/storefront"},
		},
		{
			name: "the hotfix pod served before the release too", args: []string{pairs + "old-pod-serving-after/before"}, wantCode: ExitFindings,
			wantFailing: []string{"endpoints Deployment/shop/storefront"},
		},
		{
			name: "promoted digest: one catalog-api replica's runtime reports another",
			args: []string{pairs + "image-update-verify/bundle", "--workload", "Deployment/storefront/catalog-api",
				"--image", "registry.example.com/storefront/catalog-api@sha256:d2e54f512a0a28135e26649ab6a69bd2cb15beb61bf774b3f3d3281b6dc42d6a"},
			wantCode: ExitFindings, wantFailing: []string{"image-digest Deployment/storefront/catalog-api"},
		},
		{name: "unsupported format", args: []string{kafkaAfter, "-o", "html"}, wantCode: ExitUsage, wantErr: "rift: -o html: this command does not write html; valid formats: text, json, yaml"},
		{name: "revision too short", args: []string{kafkaAfter, "--revision", "5c730b"}, wantCode: ExitUsage, wantErr: `rift: --revision "5c730b": want a Git commit of 7 to 40 hex digits`},
		{name: "revision not hex", args: []string{kafkaAfter, "--revision", "main"}, wantCode: ExitUsage, wantErr: `rift: --revision "main": want a Git commit of 7 to 40 hex digits`},
		{name: "revision too long", args: []string{kafkaAfter, "--revision", "0123456789012345678901234567890123456789a"}, wantCode: ExitUsage, wantErr: "want a Git commit of 7 to 40 hex digits"},
		{name: "workload not in the bundle", args: []string{kafkaAfter, "--workload", "sts/kafka/kafak"}, wantCode: ExitUsage, wantErr: "rift: --workload sts/kafka/kafak: no StatefulSet named kafak in namespace kafka in this bundle; near matches: StatefulSet/kafka/kafka"},
		{name: "malformed image", args: []string{kafkaAfter, "--image", "kafka:3.7"}, wantCode: ExitUsage, wantErr: "--image"},
		{name: "a Service as workload", args: []string{kafkaAfter, "--workload", "Service/kafka/kafka"}, wantCode: ExitUsage, wantErr: "--workload Service/kafka/kafka: verify checks Deployment, StatefulSet, DaemonSet"},
		{name: "bad workload ref", args: []string{kafkaAfter, "--workload", "kafka"}, wantCode: ExitUsage, wantErr: "--workload"},
		{name: "missing bundle", args: []string{filepath.Join(dir, "nope.tar.gz")}, wantCode: ExitUsage, wantErr: "nope.tar.gz"},
		{name: "missing baseline", args: []string{kafkaAfter, "--before", filepath.Join(dir, "nope")}, wantCode: ExitUsage, wantErr: "--before"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			args := append([]string{"verify"}, tt.args...)
			if tt.wantErr == "" {
				args = append(args, "-o", "json")
			}
			code := Execute(args, &out, &errOut)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s\n%s", code, tt.wantCode, errOut.String(), out.String())
			}
			if tt.wantErr != "" {
				if !strings.Contains(errOut.String(), tt.wantErr) {
					t.Errorf("stderr %q lacks %q", errOut.String(), tt.wantErr)
				}
				return
			}
			var res verify.Result
			if err := json.Unmarshal(out.Bytes(), &res); err != nil {
				t.Fatal(err)
			}
			failing := []string{}
			for _, c := range res.Checks {
				if c.Status == verify.Fail {
					failing = append(failing, c.Name+" "+c.Subject)
				}
			}
			slices.Sort(failing)
			want := tt.wantFailing
			if want == nil {
				want = []string{}
			}
			if diff := cmp.Diff(want, failing); diff != "" {
				t.Errorf("failing checks (-want +got):\n%s", diff)
			}
		})
	}
}

// TestVerifyKafkaNamesThePod checks the text a pipeline log shows: the
// failing checks name kafka-0.
func TestVerifyKafkaNamesThePod(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Execute([]string{"verify", kafkaIncident}, &out, &errOut); code != ExitFindings {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	for _, want := range []string{
		"FAIL    pods-current     StatefulSet/kafka/kafka: 3 pods not on the current revision",
		"kafka-0 (kafka-6888667d9c)",
		"FAIL    pods-ready       StatefulSet/kafka/kafka: 1 pod not Ready: kafka-0",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
}

func TestDiffCommand(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Execute([]string{"diff", kafkaBefore, kafkaAfter, "-o", "json"}, &out, &errOut); code != ExitFindings {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var d compare.Diff
	if err := json.Unmarshal(out.Bytes(), &d); err != nil {
		t.Fatal(err)
	}
	var sts *compare.WorkloadDiff
	for i := range d.Workloads {
		if d.Workloads[i].Ref == "StatefulSet/kafka/kafka" {
			sts = &d.Workloads[i]
		}
	}
	if sts == nil {
		t.Fatalf("no change for StatefulSet/kafka/kafka in %+v", d.Workloads)
	}
	i := slices.IndexFunc(sts.PodsReplaced, func(p compare.PodReplaced) bool { return p.New.Name == "kafka-0" })
	if i < 0 {
		t.Fatalf("kafka-0 not replaced: %+v", sts.PodsReplaced)
	}
	if p := sts.PodsReplaced[i]; p.Old.Ready || !p.New.Ready || p.Old.Revision == p.New.Revision {
		t.Errorf("kafka-0: want unready on the old revision → Ready on a new one, got %+v", p)
	}
	if !slices.ContainsFunc(sts.DivergencesResolved, func(s string) bool {
		return strings.HasPrefix(s, "Pod/kafka/kafka-0 ") && strings.Contains(s, "readinessProbe")
	}) {
		t.Errorf("kafka-0's readinessProbe divergence not resolved: %v", sts.DivergencesResolved)
	}
	if !slices.ContainsFunc(d.Hypotheses.Resolved, func(s string) bool { return strings.HasPrefix(s, "rollout-blocked on StatefulSet/kafka/kafka") }) {
		t.Errorf("rollout-blocked not resolved: %+v", d.Hypotheses)
	}
	if len(d.Objects.Appeared)+len(d.Objects.Disappeared) != 0 {
		t.Errorf("same cluster, same objects expected; got %+v", d.Objects)
	}
	for _, f := range []string{"text", "markdown"} {
		var a, b bytes.Buffer
		Execute([]string{"diff", kafkaBefore, kafkaAfter, "-o", f}, &a, &errOut)
		Execute([]string{"diff", kafkaBefore, kafkaAfter, "-o", f}, &b, &errOut)
		if a.String() != b.String() || !strings.Contains(a.String(), "kafka-0") {
			t.Errorf("-o %s: not deterministic or lacks kafka-0", f)
		}
	}
	if code := Execute([]string{"diff", kafkaBefore, kafkaAfter, "-o", "html"}, &out, &errOut); code != ExitUsage {
		t.Errorf("-o html: exit %d, want %d", code, ExitUsage)
	}
}

// TestVerifyUnknown: a bundle whose collector could not read Events
// (forbidden) proves nothing about them, so an otherwise passing rollout
// exits 3, not 0.
func TestVerifyUnknown(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "bundle")
	if err := os.CopyFS(dir, os.DirFS(pairs+"rollout-complete-after/bundle")); err != nil {
		t.Fatal(err)
	}
	meta := filepath.Join(dir, "bundle.yaml")
	data, err := os.ReadFile(meta)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Contains(data, []byte("notCollected:")) {
		t.Fatal("the fixture already records notCollected; pick a complete one")
	}
	data = append(data, "notCollected:\n- resource: events\n  namespace: shop\n  reason: 'forbidden: events is forbidden'\n"...)
	if err := os.WriteFile(meta, data, 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	if code := Execute([]string{"verify", dir}, &out, &errOut); code != ExitUnknown {
		t.Fatalf("exit %d, want %d; stderr: %s\n%s", code, ExitUnknown, errOut.String(), out.String())
	}
	if want := "UNKNOWN collected        bundle: not collected: events in shop"; !strings.Contains(out.String(), want) {
		t.Errorf("output lacks %q:\n%s", want, out.String())
	}
}
