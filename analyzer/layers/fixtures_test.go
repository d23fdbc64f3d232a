package layers

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// flatDivergence is a Divergence with JSON values as strings, for diffs.
type flatDivergence struct {
	Between            [2]string
	Object, Path       string
	Expected, Observed string
	Owner              string
	Removed            bool
}

func flatten(ds []Divergence) []flatDivergence {
	out := make([]flatDivergence, 0, len(ds))
	for _, d := range ds {
		out = append(out, flatDivergence{d.Between, d.Object.String(), d.Path, string(d.Expected), string(d.Observed), d.Owner, d.Removed})
	}
	return out
}

func TestFixtures(t *testing.T) {
	tests := []struct {
		dir, workload string
		convergence   string
		reasonHas     []string
		divergences   []flatDivergence
		layers        map[string]string
	}{
		{
			dir: "testdata/kafka-stale-probe", workload: "StatefulSet/kafka/kafka",
			convergence: Blocked,
			reasonHas:   []string{"Pod kafka/kafka-0", "kafka-broker-api-versions.sh", "kubernetes/kubernetes#67250"},
			divergences: []flatDivergence{{
				Between: [2]string{LayerController, LayerRuntime}, Object: "Pod/kafka/kafka-0",
				Path:     "spec.containers[name=kafka].readinessProbe",
				Expected: `{"failureThreshold":3,"periodSeconds":10,"successThreshold":1,"tcpSocket":{"port":9092},"timeoutSeconds":1}`,
				Observed: `{"exec":{"command":["/opt/kafka/bin/kafka-broker-api-versions.sh","--bootstrap-server","localhost:9092"]},"failureThreshold":3,"periodSeconds":10,"successThreshold":1,"timeoutSeconds":1}`,
			}},
			layers: map[string]string{LayerDesired: StatusOK, LayerRendered: StatusOK, LayerGitOps: StatusOK, LayerApplied: StatusOK,
				LayerController: StatusFailed, LayerRuntime: StatusFailed, LayerDependencies: StatusOK, LayerExternal: StatusFailed},
		},
		{
			dir: "testdata/tempo-oom-limit", workload: "StatefulSet/tempo/tempo",
			convergence: Blocked,
			reasonHas:   []string{"Pod tempo/tempo-0", "CrashLoopBackOff", "OOMKilled"},
			divergences: []flatDivergence{
				{
					Between: [2]string{LayerController, LayerRuntime}, Object: "Pod/tempo/tempo-0",
					Path:     "spec.containers[name=tempo].env[name=GOMEMLIMIT]",
					Expected: `{"name":"GOMEMLIMIT","value":"650MiB"}`, Observed: `null`,
				},
				{
					Between: [2]string{LayerController, LayerRuntime}, Object: "Pod/tempo/tempo-0",
					Path:     "spec.containers[name=tempo].resources.limits.memory",
					Expected: `"768Mi"`, Observed: `"384Mi"`,
				},
			},
			layers: map[string]string{LayerDesired: StatusOK, LayerRendered: StatusOK, LayerGitOps: StatusOK, LayerApplied: StatusOK,
				LayerController: StatusFailed, LayerRuntime: StatusFailed, LayerDependencies: StatusOK, LayerExternal: StatusUnknown},
		},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			ws := Build(loadFixture(t, tc.dir))
			w := findWorkload(t, ws, tc.workload)
			if w.Convergence != tc.convergence {
				t.Errorf("convergence = %s (%s), want %s", w.Convergence, w.ConvergenceReason, tc.convergence)
			}
			for _, s := range tc.reasonHas {
				if !strings.Contains(w.ConvergenceReason, s) {
					t.Errorf("reason %q lacks %q", w.ConvergenceReason, s)
				}
			}
			if d := cmp.Diff(tc.divergences, flatten(w.Divergences)); d != "" {
				t.Errorf("divergences (-want +got):\n%s", d)
			}
			got := map[string]string{}
			for _, l := range w.Layers {
				got[l.Name] = l.Status
			}
			if d := cmp.Diff(tc.layers, got); d != "" {
				t.Errorf("layer statuses (-want +got):\n%s", d)
			}
			// Deterministic: a second Build gives byte-identical JSON.
			a, _ := json.Marshal(ws)
			b, _ := json.Marshal(Build(loadFixture(t, tc.dir)))
			if string(a) != string(b) {
				t.Error("Build is not deterministic")
			}
		})
	}
}

// The stuck rollout is visible in the layer revisions alone: the
// controller is at the new template, the runtime still at the old one.
func TestLayerRevisionsShowTheGap(t *testing.T) {
	tests := []struct{ dir, workload, controller, runtime string }{
		{"testdata/kafka-stale-probe", "StatefulSet/kafka/kafka", "controller-revision-hash kafka-7d9f8b6c5d", "kafka-5c8d7f9b4"},
		{"testdata/tempo-oom-limit", "StatefulSet/tempo/tempo", "controller-revision-hash tempo-85c7b9d4f6", "tempo-6f8d9c7b5"},
	}
	for _, tc := range tests {
		t.Run(tc.dir, func(t *testing.T) {
			w := findWorkload(t, Build(loadFixture(t, tc.dir)), tc.workload)
			got := [2]string{layerOf(w, LayerController).Revision, layerOf(w, LayerRuntime).Revision}
			if d := cmp.Diff([2]string{tc.controller, tc.runtime}, got); d != "" {
				t.Errorf("controller, runtime revisions (-want +got):\n%s", d)
			}
		})
	}
}

func TestExternalChecksLinkThroughServicesAndIngress(t *testing.T) {
	w := findWorkload(t, Build(loadFixture(t, "testdata/kafka-stale-probe")), "StatefulSet/kafka/kafka")
	l := layerOf(w, LayerExternal)
	var got []string
	for _, e := range l.Evidence {
		got = append(got, e.File+": "+e.Message)
	}
	want := []string{
		"checks/produce.yaml: check broker-port on Service/kafka/kafka: ok=false tcp connect kafka.kafka.svc:9092: connection refused",
		"checks/produce.yaml: check produce-orders on https://kafka.example.com/topics/orders: ok=false produce to topic orders: 503 Service Unavailable (no ready endpoints) (routed by Ingress kafka/kafka-rest kafka.example.com → Service/kafka/kafka)",
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("external evidence (-want +got):\n%s", d)
	}
}
