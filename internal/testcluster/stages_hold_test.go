package testcluster

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"
)

// TestHoldStages: a hold appends its requirement to the named stage's
// selector in a copy, leaves the other stages' files as they are, and a
// hold on a stage that does not exist is an error.
func TestHoldStages(t *testing.T) {
	dir := t.TempDir()
	write := func(name, body string) string {
		p := filepath.Join(dir, name+".yaml")
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ready := write("pod-ready", "apiVersion: kwok.x-k8s.io/v1alpha1\nkind: Stage\nmetadata: {name: pod-ready}\nspec:\n  selector:\n    matchExpressions:\n    - {key: .status.phase, operator: In, values: [Pending]}\n  next: {statusTemplate: \"{{ $now := Now }}\\nphase: Running\\n\"}\n")
	other := write("pod-delete", "apiVersion: kwok.x-k8s.io/v1alpha1\nkind: Stage\nmetadata: {name: pod-delete}\nspec: {selector: {}}\n")
	out, err := holdStages([]string{ready, other}, []StageHold{{Stage: "pod-ready", Key: ".spec.containers.[].image", Operator: "NotIn", Values: []string{"x:1"}}}, dir)
	if err != nil {
		t.Fatal(err)
	}
	if out[1] != other || out[0] == ready {
		t.Fatalf("files %v: want pod-ready replaced, pod-delete kept", out)
	}
	b, err := os.ReadFile(out[0])
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Spec struct {
			Selector struct {
				MatchExpressions []map[string]any `json:"matchExpressions"`
			} `json:"selector"`
			Next struct {
				StatusTemplate string `json:"statusTemplate"`
			} `json:"next"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := []map[string]any{
		{"key": ".status.phase", "operator": "In", "values": []any{"Pending"}},
		{"key": ".spec.containers.[].image", "operator": "NotIn", "values": []any{"x:1"}},
	}
	if d := cmp.Diff(want, got.Spec.Selector.MatchExpressions); d != "" {
		t.Errorf("matchExpressions (-want +got):\n%s", d)
	}
	if !strings.Contains(got.Spec.Next.StatusTemplate, "{{ $now := Now }}") {
		t.Errorf("statusTemplate changed: %q", got.Spec.Next.StatusTemplate)
	}
	if _, err := holdStages([]string{ready}, []StageHold{{Stage: "pod-redy"}}, dir); err == nil || !strings.Contains(err.Error(), `"pod-redy"`) {
		t.Errorf("unknown stage: err %v", err)
	}
}
