package layers

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func TestControllerLag(t *testing.T) {
	capture := time.Date(2026, 1, 1, 1, 0, 0, 0, time.UTC)
	at := func(s string) *time.Time {
		tm, err := time.Parse(time.RFC3339, s)
		if err != nil {
			t.Fatal(err)
		}
		return &tm
	}
	progressing := `
  conditions:
  - {type: Progressing, status: "True", lastUpdateTime: "2026-01-01T00:00:00Z"}`
	deploy := func(apiVersion, kind string, generation int, status, extra string) string {
		return "apiVersion: " + apiVersion + "\nkind: " + kind + "\nmetadata:\n  name: web\n  namespace: shop\n  creationTimestamp: \"2025-12-01T00:00:00Z\"\n  generation: " + itoa(int64(generation)) + extra + "\n" + status
	}
	specWrite := func(tm, sub string) string {
		return "\n  managedFields:\n  - manager: kustomize-controller\n    operation: Apply\n    time: \"" + tm + "\"" + sub + "\n    fieldsV1: {\"f:spec\": {\"f:replicas\": {}}}"
	}
	tests := []struct {
		name, doc string
		now       time.Time
		want      Lag
		lagging   bool
	}{
		{"never observed, created long ago",
			deploy("apps/v1", "Deployment", 1, "status: {}", ""), capture,
			Lag{Observed: 0, Generation: 1, Since: at("2025-12-01T00:00:00Z"), Stalled: true}, true},
		{"never observed, created a minute before the capture",
			"apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web, namespace: shop, generation: 1, creationTimestamp: \"2026-01-01T00:59:00Z\"}\nstatus: {}", capture,
			Lag{Observed: 0, Generation: 1, Since: at("2026-01-01T00:59:00Z")}, true},
		{"an old Progressing update dates the lag",
			deploy("apps/v1", "Deployment", 3, "status:\n  observedGeneration: 2"+progressing, ""), capture,
			Lag{Observed: 2, Generation: 3, Since: at("2026-01-01T00:00:00Z"), Stalled: true}, true},
		{"a spec written thirty seconds before the capture is in flight",
			deploy("apps/v1", "Deployment", 3, "status:\n  observedGeneration: 2"+progressing, specWrite("2026-01-01T00:59:30Z", "")), capture,
			Lag{Observed: 2, Generation: 3, Since: at("2026-01-01T00:59:30Z")}, true},
		{"a status write is not a spec write",
			deploy("apps/v1", "Deployment", 3, "status:\n  observedGeneration: 2"+progressing, specWrite("2026-01-01T00:59:30Z", "\n    subresource: status")), capture,
			Lag{Observed: 2, Generation: 3, Since: at("2026-01-01T00:00:00Z"), Stalled: true}, true},
		{"no capture time: never stalled",
			deploy("apps/v1", "Deployment", 1, "status: {}", ""), time.Time{},
			Lag{Observed: 0, Generation: 1, Since: at("2025-12-01T00:00:00Z")}, true},
		{"an old API group's DaemonSet",
			deploy("extensions/v1beta1", "DaemonSet", 2, "status: {observedGeneration: 1}", ""), capture,
			Lag{Observed: 1, Generation: 2, Since: at("2025-12-01T00:00:00Z"), Stalled: true}, true},
		{"observed", deploy("apps/v1", "StatefulSet", 2, "status: {observedGeneration: 2}", ""), capture, Lag{}, false},
		{"no status in the bundle", deploy("apps/v1", "Deployment", 2, "", ""), capture, Lag{}, false},
		{"a custom resource is its health rule's", deploy("example.com/v1", "Deployment", 2, "status: {observedGeneration: 1}", ""), capture, Lag{}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := fromYAML(t, tc.doc)
			got, ok := ControllerLag(b.Objects[0], tc.now)
			if ok != tc.lagging {
				t.Fatalf("lagging %v, want %v", ok, tc.lagging)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("ControllerLag (-want +got):\n%s", diff)
			}
		})
	}
}

// The layers judge a stall once: the verdict, the acted-on stage and the
// controller layer agree, and a lag that may be in flight is progressing.
func TestStalledWorkloadIsBlocked(t *testing.T) {
	doc := func(created string) string {
		return `apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop, generation: 1, creationTimestamp: "` + created + `"}
spec:
  replicas: 2
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec: {containers: [{name: web, image: web:1}]}
status: {}
`
	}
	for _, tc := range []struct {
		created, convergence, actedOn, controller string
	}{
		{"2026-01-01T00:50:00Z", Blocked, StatusFailed, StatusFailed},
		{"2026-01-01T00:58:00Z", Progressing, StatusProgressing, StatusProgressing},
	} {
		t.Run(tc.created, func(t *testing.T) {
			b := fromYAML(t, doc(tc.created))
			b.CaptureTime = time.Date(2026, 1, 1, 1, 0, 0, 0, time.UTC)
			ws := Build(b)
			w := findWorkload(t, ws, "Deployment/shop/web")
			got := []string{w.Convergence, stageOf(w, StageActedOn).Status, layerOf(w, LayerController).Status}
			if diff := cmp.Diff([]string{tc.convergence, tc.actedOn, tc.controller}, got); diff != "" {
				t.Errorf("convergence, actedOn, controller layer (-want +got):\n%s\n%s", diff, w.ConvergenceReason)
			}
		})
	}
}
