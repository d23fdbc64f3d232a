package bundle

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// TestImpossibleValues: values no cluster writes (a negative or
// overflowed restartCount, a time in year 9999) are load errors on the
// field, which is dropped; the document is kept.
func TestImpossibleValues(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"bundle.yaml": "apiVersion: rift.dev/v1alpha1\nkind: Bundle\ncreatedAt: \"9999-12-31T23:59:59Z\"\n",
		"objects/shop/pods.yaml": `apiVersion: v1
kind: Pod
metadata: {name: web-0, namespace: shop, creationTimestamp: "2026-03-04T05:00:00Z"}
status:
  conditions:
  - {type: Ready, status: "False", lastTransitionTime: "9999-01-01T00:00:00Z"}
  containerStatuses:
  - {name: a, restartCount: -3}
  - {name: b, restartCount: 2147483648}
  - {name: c, restartCount: 1e30}
  - {name: d, restartCount: 1.5}
  - {name: e, restartCount: "7"}
  - {name: f, restartCount: 4}
  initContainerStatuses:
  - {name: init, restartCount: -1}
`,
	}
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := Load(dir, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`bundle.yaml: createdAt: time "9999-12-31T23:59:59Z" out of range (want 1970 to 2199); ignored`,
		`objects/shop/pods.yaml[0]: Pod/shop/web-0: status.conditions[0].lastTransitionTime: time "9999-01-01T00:00:00Z" out of range (want 1970 to 2199); field dropped`,
		`objects/shop/pods.yaml[0]: Pod/shop/web-0: status.containerStatuses[0].restartCount: -3 is not a count (want an integer from 0 to 2147483647); field dropped`,
		`objects/shop/pods.yaml[0]: Pod/shop/web-0: status.containerStatuses[1].restartCount: 2147483648 is not a count (want an integer from 0 to 2147483647); field dropped`,
		`objects/shop/pods.yaml[0]: Pod/shop/web-0: status.containerStatuses[2].restartCount: 1e+30 is not a count (want an integer from 0 to 2147483647); field dropped`,
		`objects/shop/pods.yaml[0]: Pod/shop/web-0: status.containerStatuses[3].restartCount: 1.5 is not a count (want an integer from 0 to 2147483647); field dropped`,
		`objects/shop/pods.yaml[0]: Pod/shop/web-0: status.containerStatuses[4].restartCount: "7" is not a count (want an integer from 0 to 2147483647); field dropped`,
		`objects/shop/pods.yaml[0]: Pod/shop/web-0: status.initContainerStatuses[0].restartCount: -1 is not a count (want an integer from 0 to 2147483647); field dropped`,
	}
	if diff := cmp.Diff(want, errorLines(b)); diff != "" {
		t.Errorf("load errors (-want +got):\n%s", diff)
	}
	for _, e := range b.Errors {
		if e.Incomplete() {
			t.Errorf("%v marks the bundle incomplete; the data is all there", e)
		}
	}
	pod, ok := b.Index.Get(Key{Kind: "Pod", Namespace: "shop", Name: "web-0"})
	if !ok {
		t.Fatal("Pod/shop/web-0 not kept")
	}
	statuses, _ := pod.Object["status"].(map[string]any)["containerStatuses"].([]any)
	if got := statuses[5].(map[string]any)["restartCount"]; got != int64(4) {
		t.Errorf("valid restartCount = %#v, want 4", got)
	}
	if want := time.Date(2026, 3, 4, 5, 0, 0, 0, time.UTC); !b.CaptureTime.Equal(want) || !b.CaptureTimeInferred {
		t.Errorf("capture time %v (inferred %v), want %v inferred", b.CaptureTime, b.CaptureTimeInferred, want)
	}
}
