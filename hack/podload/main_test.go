package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestReadPods: every document of objects/<ns>/pods.yaml is a pod to load,
// with its status; other object files and logs are left alone.
func TestReadPods(t *testing.T) {
	pods := `apiVersion: v1
kind: Pod
metadata: {name: a, namespace: team-000, uid: pod-0}
spec: {containers: [{name: app, image: x}]}
status: {phase: Running}
---
apiVersion: v1
kind: Pod
metadata: {name: b, namespace: team-000}
status: {phase: Pending}
`
	for _, tc := range []struct {
		name  string
		files map[string]string
		want  []string // namespace/name phase
	}{
		{
			name: "pods files only",
			files: map[string]string{
				"objects/team-000/pods.yaml":     pods,
				"objects/team-000/services.yaml": "apiVersion: v1\nkind: Service\nmetadata: {name: s, namespace: team-000}\n",
				"logs/team-000/a/app.log":        "kind: Pod\nmetadata: {name: log}\n",
			},
			want: []string{"team-000/a Running", "team-000/b Pending"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := readPods(writeBundle(t, tc.files))
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, p := range got {
				names = append(names, p.Namespace+"/"+p.Name+" "+string(p.Status.Phase))
			}
			if diff := cmp.Diff(tc.want, names); diff != "" {
				t.Errorf("readPods (-want +got):\n%s", diff)
			}
		})
	}
	t.Run("no pods", func(t *testing.T) {
		if _, err := readPods(writeBundle(t, map[string]string{"bundle.yaml": "x: 1\n"})); err == nil {
			t.Error("readPods of a bundle without pods: no error")
		}
	})
}

// writeBundle writes files as a .tar.gz in the test's temp dir.
func writeBundle(t *testing.T, files map[string]string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for _, name := range slices.Sorted(maps.Keys(files)) {
		body := files[name]
		if err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(body))}); err != nil {
			t.Fatal(err)
		}
		if _, err := tw.Write([]byte(body)); err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "b.tar.gz")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}
