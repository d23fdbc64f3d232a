package cli

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/healthcheck"
)

func TestHealth(t *testing.T) {
	const dir = "testdata/health/"
	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     []string // lines or JSON items as "ref status rule"
	}{
		{"all converged or suspended", []string{dir + "rollout.yaml"}, 0,
			[]string{"Kafka/data/events converged health-strimzi", "Rollout/shop/web suspended health-argo"}},
		{"one failed", []string{dir + "rollout.yaml", dir + "failed.json"}, 1,
			[]string{"Kafka/data/events converged health-strimzi", "KafkaUser/data/app failed health-strimzi", "Rollout/shop/web suspended health-argo"}},
		{"no rule for the kind: nothing to say", []string{dir + "widget.yaml"}, 0, nil},
		{"a user rule judges its kind", []string{"--policy", dir + "widget-rules", dir + "widget.yaml"}, 0,
			[]string{"Widget/default/w converged user-widgets"}},
		{"a PATH that does not exist", []string{dir + "nope.yaml"}, 2, nil},
		{"no PATH", nil, 2, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := run(append(append([]string{"health"}, tc.args...), "-o", "json")...)
			if code != tc.wantCode {
				t.Fatalf("exit %d, want %d; stderr %s", code, tc.wantCode, errOut)
			}
			if code == 2 {
				if !strings.HasPrefix(errOut, "rift: ") {
					t.Errorf("stderr %q: want a rift: error", errOut)
				}
				return
			}
			var rep healthcheck.Report
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, it := range rep.Items {
				got = append(got, it.Ref.String()+" "+it.Status+" "+it.Rule)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("items (-want +got):\n%s", diff)
			}
		})
	}
}

func TestHealthText(t *testing.T) {
	code, out, _ := run("health", "testdata/health/rollout.yaml")
	if code != 0 || !strings.Contains(out, "OBJECT") || !strings.Contains(strings.Join(strings.Fields(out), " "), "Rollout/shop/web suspended health-argo the rollout is paused") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
}

func TestPolicyListHealth(t *testing.T) {
	code, out, errOut := run("policy", "list", "--health", "--policy", "testdata/health/widget-rules")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := map[string]string{}
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) >= 3 {
			lines[f[0]] = strings.Join(f[1:3], " ")
		}
	}
	want := map[string]string{
		"apps/Deployment":     "deployment go",
		"argoproj.io/Rollout": "health-argo built-in",
		"example.com/Widget":  "user-widgets user",
		"*":                   "kstatus go",
	}
	for k, v := range want {
		if lines[k] != v {
			t.Errorf("%s: %q, want %q\n%s", k, lines[k], v, out)
		}
	}
}
