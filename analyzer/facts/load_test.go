package facts

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// corpusDir is the repository's copy of the corpus of real captures (RIFT_CORPUS overrides).
func corpusDir(t *testing.T, rel string) string {
	t.Helper()
	dir := os.Getenv("RIFT_CORPUS")
	if dir == "" {
		dir = filepath.Join("..", "..", "testdata", "corpus")
	}
	p := filepath.Join(dir, rel)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("corpus data missing: %v (testdata/corpus is part of the repository)", err)
	}
	return p
}

// TestEventsForLoaded looks up the events of loaded bundles by involved
// object: a rift bundle with both APIs and a real troubleshoot capture.
func TestEventsForLoaded(t *testing.T) {
	shop := filepath.Join("..", "bundle", "testdata", "rift-shop")
	tests := []struct {
		name, path string
		obj        bundle.Key
		file       string // only this file's events of reason FailedMount: another file repeats the pod
		want       []string
	}{
		{"rift bundle: a pod's core/v1 event by UID", shop,
			bundle.Key{Kind: "Pod", Namespace: "shop", Name: "web-7d4b9-abcde"}, "",
			[]string{"BackOff x31"}},
		{"rift bundle: a Deployment's events.k8s.io event by name", shop,
			bundle.Key{Group: "apps", Kind: "Deployment", Namespace: "shop", Name: "web"}, "",
			[]string{"ScalingReplicaSet x1"}},
		{"troubleshoot capture: two FailedMount events (178+109)", corpusDir(t, "troubleshoot/pkg/analyze/files"),
			bundle.Key{Kind: "Pod", Namespace: "message-container-creating-failed-mount", Name: "troubleshoot-copyfromhost-4m79m-psdjm"},
			"events/message-container-creating-failed-mount.json",
			[]string{"FailedMount x178", "FailedMount x109"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b, err := bundle.Load(tc.path, bundle.LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			o, ok := b.Index.Get(tc.obj)
			if !ok {
				t.Fatalf("%v not loaded", tc.obj)
			}
			var got []string
			for _, e := range EventsFor(b.Index, o) {
				if tc.file == "" || e.Object.Source.File == tc.file && e.Reason == "FailedMount" {
					got = append(got, fmt.Sprintf("%s x%d", e.Reason, e.Count))
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
