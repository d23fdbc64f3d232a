package testcluster

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestFindToolchainMissingSaysMakeTestenv(t *testing.T) {
	t.Setenv("RIFT_CACHE", t.TempDir())
	_, err := findToolchain()
	if err == nil || !strings.Contains(err.Error(), "make testenv") {
		t.Fatalf("findToolchain on an empty cache: err = %v, want one naming `make testenv`", err)
	}
}

func TestFindToolchainComplete(t *testing.T) {
	cache := t.TempDir()
	t.Setenv("RIFT_CACHE", cache)
	for _, b := range binaryNames {
		write(t, filepath.Join(cache, "k8s", "bin", b), "#!/bin/sh\n", 0o755)
	}
	for _, s := range stageFiles {
		write(t, filepath.Join(cache, "k8s", "stages", s), "kind: Stage\n", 0o644)
	}
	tc, err := findToolchain()
	if err != nil {
		t.Fatal(err)
	}
	if got, want := tc.bin["kwok"], filepath.Join(cache, "k8s", "bin", "kwok"); got != want {
		t.Errorf("kwok = %q, want %q", got, want)
	}
	if len(tc.stages) != len(stageFiles) {
		t.Errorf("%d stages, want %d", len(tc.stages), len(stageFiles))
	}
}

func TestSelectStages(t *testing.T) {
	files := []string{"testdata/stages/node-initialize.yaml", "testdata/stages/pod-ready.yaml"}
	tests := []struct {
		name     string
		files    []string
		disabled []string
		want     []string
		wantErr  string
	}{
		{name: "all kept", files: files, want: files},
		{name: "pod-ready disabled", files: files, disabled: []string{"pod-ready"}, want: files[:1]},
		{name: "unknown name is an error", files: files, disabled: []string{"pod-redy"}, wantErr: `no default kwok stage named "pod-redy"`},
		{name: "not a Stage", files: []string{"testdata/stages/not-a-stage.yaml"}, wantErr: "not a named Stage"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := selectStages(tt.files, tt.disabled)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("selectStages (-want +got):\n%s", diff)
			}
		})
	}
}

func write(t *testing.T, path, content string, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), mode); err != nil {
		t.Fatal(err)
	}
}
