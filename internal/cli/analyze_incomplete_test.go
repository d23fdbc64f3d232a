package cli

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Recorded bundles with a files manifest: one analyses as degraded, one as
// healthy.
const (
	crashLoopBundle = "../../fixtures/crash-loop/bundle"
	healthyBundle   = "../../fixtures/healthy-gitops/bundle"
)

// TestAnalyzeIncompleteBundle: a bundle that lost data never analyses as
// healthy. A cut-off archive is an input error naming the file and the
// byte where reading failed; with --partial, and for a directory whose
// files differ from its manifest or an imported layout without pods, the
// verdict is unknown and the report says what is missing.
func TestAnalyzeIncompleteBundle(t *testing.T) {
	half := halfOf(t, tarGzDir(t, crashLoopBundle))
	tests := []struct {
		name      string
		bundle    func(t *testing.T) string
		args      []string
		wantCode  int
		wantErr   string   // first line of stderr
		wantVerd  string   // summary.verdict of -o json
		wantLoad  []string // substrings of bundle.loadErrors, in order
		wantResid string   // substring of one residual line
	}{{
		name:     "half-cut tar.gz is refused",
		bundle:   func(*testing.T) string { return half.path },
		wantCode: ExitUsage,
		wantErr:  fmt.Sprintf("rift: %s: truncated at byte %d: unexpected EOF", half.path, half.size),
	}, {
		name:      "half-cut tar.gz with --partial",
		bundle:    func(*testing.T) string { return half.path },
		args:      []string{"--partial"},
		wantVerd:  "unknown",
		wantLoad:  []string{fmt.Sprintf("incomplete: archive truncated at byte %d after ", half.size)},
		wantResid: "could not be loaded",
	}, {
		name: "pods and events files deleted",
		bundle: func(t *testing.T) string {
			return copyWithout(t, healthyBundle, "objects/warehouse/pods/00000.json", "objects/warehouse/events/00000.json", "objects/warehouse/events.events.k8s.io/00000.json")
		},
		wantVerd: "unknown",
		wantLoad: []string{
			"objects/warehouse/events.events.k8s.io/00000.json: incomplete: listed in bundle.yaml files but missing",
			"objects/warehouse/events/00000.json: incomplete: listed in bundle.yaml files but missing",
			"objects/warehouse/pods/00000.json: incomplete: listed in bundle.yaml files but missing",
		},
	}, {
		name: "manifest sha256 differs",
		bundle: func(t *testing.T) string {
			dir := copyWithout(t, healthyBundle)
			p := filepath.Join(dir, "objects/warehouse/configmaps/00000.json")
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			data[len(data)/2] ^= 0x01
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			return dir
		},
		wantVerd: "unknown",
		wantLoad: []string{"objects/warehouse/configmaps/00000.json: incomplete: content differs from bundle.yaml files"},
	}, {
		name: "manifest lists a missing file",
		bundle: func(t *testing.T) string {
			return copyWithout(t, healthyBundle, "objects/warehouse/replicasets.apps/00000.json")
		},
		wantVerd: "unknown",
		wantLoad: []string{"objects/warehouse/replicasets.apps/00000.json: incomplete: listed in bundle.yaml files but missing"},
	}, {
		name:      "troubleshoot layout without pods",
		bundle:    func(t *testing.T) string { return troubleshootWithoutPods(t) },
		wantVerd:  "unknown",
		wantResid: "pods not collected (absent: the support bundle holds no cluster-resources/pods/<namespace>.json)",
	}, {
		name:     "the same bundle, whole, is healthy",
		bundle:   func(t *testing.T) string { return copyWithout(t, healthyBundle) },
		wantVerd: "healthy",
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			args := append([]string{"analyze", tt.bundle(t), "-o", "json"}, tt.args...)
			code := Execute(args, &out, &errOut)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.wantCode, errOut.String())
			}
			if tt.wantCode != ExitOK {
				first, _, _ := strings.Cut(errOut.String(), "\n")
				if diff := cmp.Diff(tt.wantErr, first); diff != "" {
					t.Errorf("first line of stderr (-want +got):\n%s", diff)
				}
				return
			}
			var r struct {
				Bundle struct {
					LoadErrors []struct{ File, Reason string } `json:"loadErrors"`
				} `json:"bundle"`
				Summary  struct{ Verdict, Impact string } `json:"summary"`
				Residual []string                         `json:"residual"`
			}
			if err := json.Unmarshal(out.Bytes(), &r); err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.wantVerd, r.Summary.Verdict); diff != "" {
				t.Errorf("verdict (-want +got):\n%s\nimpact: %s", diff, r.Summary.Impact)
			}
			var got []string
			for _, e := range r.Bundle.LoadErrors {
				got = append(got, strings.TrimPrefix(e.File+": "+e.Reason, ": "))
			}
			if !hasInOrder(got, tt.wantLoad) {
				t.Errorf("load errors %q lack, in order, %q", got, tt.wantLoad)
			}
			if tt.wantResid != "" && !hasInOrder(r.Residual, []string{tt.wantResid}) {
				t.Errorf("residual %q lacks %q", r.Residual, tt.wantResid)
			}
		})
	}
}

// TestInspectTruncatedArchive: inspect refuses a cut-off archive as
// analyze does, and lists the cut with --partial.
func TestInspectTruncatedArchive(t *testing.T) {
	half := halfOf(t, tarGzDir(t, crashLoopBundle))
	tests := []struct {
		name     string
		args     []string
		wantCode int
		want     string // first line of stderr, or a line of stdout
	}{
		{"refused", nil, ExitUsage, fmt.Sprintf("rift: %s: truncated at byte %d: unexpected EOF", half.path, half.size)},
		{"partial", []string{"--partial"}, ExitOK, fmt.Sprintf("  incomplete: archive truncated at byte %d after ", half.size)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := Execute(append([]string{"inspect", half.path}, tt.args...), &out, &errOut)
			if code != tt.wantCode {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.wantCode, errOut.String())
			}
			if tt.wantCode != ExitOK {
				first, _, _ := strings.Cut(errOut.String(), "\n")
				if diff := cmp.Diff(tt.want, first); diff != "" {
					t.Errorf("first line of stderr (-want +got):\n%s", diff)
				}
				return
			}
			if !strings.Contains(out.String(), tt.want) {
				t.Errorf("output lacks %q:\n%s", tt.want, out.String())
			}
		})
	}
}

// cutArchive is an archive cut to half its bytes.
type cutArchive struct {
	path string
	size int
}

// tarGzDir archives dir as bundle/... in a .tar.gz, files in lexical
// order, the way `tar -czf x.tgz -C parent bundle` would.
func tarGzDir(t *testing.T, dir string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		hdr := &tar.Header{Name: "bundle/" + filepath.ToSlash(rel), Mode: 0o644, Size: int64(len(data)), Typeflag: tar.TypeReg}
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		_, err = tw.Write(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// halfOf writes the first half of data to half.tgz.
func halfOf(t *testing.T, data []byte) cutArchive {
	t.Helper()
	c := cutArchive{path: filepath.Join(t.TempDir(), "half.tgz"), size: len(data) / 2}
	if err := os.WriteFile(c.path, data[:c.size], 0o644); err != nil {
		t.Fatal(err)
	}
	return c
}

// copyWithout copies the bundle at src and deletes files from the copy.
func copyWithout(t *testing.T, src string, files ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bundle")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if err := os.Remove(filepath.Join(dir, filepath.FromSlash(f))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// troubleshootWithoutPods is a support bundle whose Deployment is
// available and whose events are quiet, but that holds no pods: nothing
// says the runtime is fine.
func troubleshootWithoutPods(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		"support-bundle/version.yaml": "apiVersion: troubleshoot.sh/v1beta2\nkind: SupportBundle\nspec: {versionNumber: v0.100.0}\n",
		"support-bundle/cluster-resources/deployments/shop.json": `[{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop","generation":1,"creationTimestamp":"2025-03-01T11:00:00Z"},` +
			`"spec":{"replicas":1,"selector":{"matchLabels":{"app":"web"}},"template":{"metadata":{"labels":{"app":"web"}},"spec":{"containers":[{"name":"web","image":"web:1"}]}}},` +
			`"status":{"observedGeneration":1,"replicas":1,"updatedReplicas":1,"readyReplicas":1,"availableReplicas":1,` +
			`"conditions":[{"type":"Available","status":"True","lastTransitionTime":"2025-03-01T11:01:00Z"}]}}]`,
		"support-bundle/cluster-resources/events/shop.json": `[]`,
	}
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// hasInOrder reports whether each of want is a substring of a line of got,
// in order.
func hasInOrder(got, want []string) bool {
	i := 0
	for _, g := range got {
		if i < len(want) && strings.Contains(g, want[i]) {
			i++
		}
	}
	return i == len(want)
}
