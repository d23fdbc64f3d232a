package bundle

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// healthyFixture is a recorded bundle whose analysis is healthy, with a
// files manifest in its bundle.yaml.
const healthyFixture = "../../fixtures/healthy-gitops/bundle"

// TestLoadIncomplete covers what makes a loaded bundle incomplete (load
// errors marked Incomplete) and the gaps the loader states itself: a
// manifest whose files are missing or altered, a rift bundle without a
// manifest, and imported layouts without pods or events where their format
// keeps them.
func TestLoadIncomplete(t *testing.T) {
	const missing = ": incomplete: listed in bundle.yaml files but missing or unreadable"
	tests := []struct {
		name  string
		setup func(t *testing.T) string // builds the bundle, returns its path
		// wantErrors are the load errors, as Error() prints them; every
		// one of wantIncomplete is Incomplete, no other is.
		wantErrors     []string
		wantIncomplete []bool
		wantGaps       []NotCollected // Meta.NotCollected
	}{{
		name: "pods and events files deleted",
		setup: func(t *testing.T) string {
			return fixtureWithout(t, "objects/warehouse/pods/00000.json", "objects/warehouse/events/00000.json", "objects/warehouse/events.events.k8s.io/00000.json")
		},
		wantErrors: []string{
			"objects/warehouse/events.events.k8s.io/00000.json" + missing,
			"objects/warehouse/events/00000.json" + missing,
			"objects/warehouse/pods/00000.json" + missing,
		},
		wantIncomplete: []bool{true, true, true},
	}, {
		name:           "listed file missing",
		setup:          func(t *testing.T) string { return fixtureWithout(t, "objects/warehouse/configmaps/00000.json") },
		wantErrors:     []string{"objects/warehouse/configmaps/00000.json" + missing},
		wantIncomplete: []bool{true},
	}, {
		name: "sha256 differs, size the same",
		setup: func(t *testing.T) string {
			dir := fixtureWithout(t)
			p := filepath.Join(dir, "objects/warehouse/configmaps/00000.json")
			data := readFile(t, p)
			data[len(data)/2] ^= 0x01
			must(t, os.WriteFile(p, data, 0o644))
			return dir
		},
		wantErrors: []string{fmt.Sprintf(
			"objects/warehouse/configmaps/00000.json: incomplete: content differs from bundle.yaml files (%[1]d bytes, sha256 %[2]s; recorded %[1]d bytes, sha256 %[3]s): altered after collection",
			len(readFile(t, filepath.Join(healthyFixture, "objects/warehouse/configmaps/00000.json"))),
			sum(t, func(d []byte) { d[len(d)/2] ^= 0x01 }), sum(t, nil))},
		wantIncomplete: []bool{true},
	}, {
		name: "file added after collection is not an incompleteness",
		setup: func(t *testing.T) string {
			dir := fixtureWithout(t)
			must(t, os.WriteFile(filepath.Join(dir, "objects/notes.yaml"), []byte(cm("notes")), 0o644))
			return dir
		},
		wantErrors:     []string{"objects/notes.yaml: not listed in bundle.yaml files: added after collection?"},
		wantIncomplete: []bool{false},
	}, {
		name:     "rift bundle without bundle.yaml",
		setup:    func(t *testing.T) string { return tree(t, map[string]string{"objects/a.yaml": cm("a")}) },
		wantGaps: []NotCollected{{Resource: ResourceManifest, Reason: "no manifest: completeness cannot be checked; the bundle has no bundle.yaml"}},
	}, {
		name: "rift bundle.yaml without files",
		setup: func(t *testing.T) string {
			return tree(t, map[string]string{"bundle.yaml": "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n", "objects/a.yaml": cm("a")})
		},
		wantGaps: []NotCollected{{Resource: ResourceManifest, Reason: "no manifest: completeness cannot be checked; bundle.yaml lists no files"}},
	}, {
		name: "malformed bundle.yaml",
		setup: func(t *testing.T) string {
			return tree(t, map[string]string{"bundle.yaml": "files: [\n", "objects/a.yaml": cm("a")})
		},
		wantErrors:     []string{"bundle.yaml: incomplete: malformed bundle.yaml, ignored: error converting YAML to JSON: yaml: line 1: did not find expected node content"},
		wantIncomplete: []bool{true},
		wantGaps:       []NotCollected{{Resource: ResourceManifest, Reason: "no manifest: completeness cannot be checked; bundle.yaml lists no files"}},
	}, {
		name: "troubleshoot without cluster-resources/pods/",
		setup: func(t *testing.T) string {
			return tree(t, map[string]string{
				"sb/cluster-resources/deployments/shop.json": `[]`,
				"sb/cluster-resources/events/shop.json":      `[]`,
			})
		},
		wantGaps: []NotCollected{{Resource: "pods", Reason: "absent: the support bundle holds no cluster-resources/pods/<namespace>.json"}},
	}, {
		name: "troubleshoot with pods logs but no pods or events",
		setup: func(t *testing.T) string {
			return tree(t, map[string]string{
				"cluster-resources/deployments/shop.json":        `[]`,
				"cluster-resources/pods/logs/shop/web-1/app.log": "ready\n",
			})
		},
		wantGaps: []NotCollected{
			{Resource: "events", Reason: "absent: the support bundle holds no cluster-resources/events/<namespace>.json"},
			{Resource: "pods", Reason: "absent: the support bundle holds no cluster-resources/pods/<namespace>.json"},
		},
	}, {
		name: "must-gather without events",
		setup: func(t *testing.T) string {
			return tree(t, map[string]string{"mg/sha256-abc/namespaces/shop/core/pods.yaml": "apiVersion: v1\nkind: PodList\nitems: []\n"})
		},
		wantGaps: []NotCollected{{Resource: "events", Reason: "absent: the must-gather holds no namespaces/<namespace>/core/events.yaml"}},
	}, {
		name: "must-gather with per-pod files and events",
		setup: func(t *testing.T) string {
			return tree(t, map[string]string{
				"namespaces/shop/pods/web-1/web-1.yaml": "apiVersion: v1\nkind: Pod\nmetadata: {name: web-1, namespace: shop}\n",
				"namespaces/shop/core/events.yaml":      "apiVersion: v1\nkind: EventList\nitems: []\n",
			})
		},
	}, {
		name: "cluster-info dump, one namespace without pods.json",
		setup: func(t *testing.T) string {
			return tree(t, map[string]string{
				"nodes.json":              `{"kind":"NodeList","apiVersion":"v1","items":[]}`,
				"kube-system/pods.json":   `{"kind":"PodList","apiVersion":"v1","items":[]}`,
				"kube-system/events.json": `{"kind":"EventList","apiVersion":"v1","items":[]}`,
				"shop/events.json":        `{"kind":"EventList","apiVersion":"v1","items":[]}`,
				"shop/services.json":      `{"kind":"ServiceList","apiVersion":"v1","items":[]}`,
			})
		},
		wantGaps: []NotCollected{{Resource: "pods", Namespace: "shop", Reason: "absent: the dump holds no shop/pods.json"}},
	}, {
		name: "cluster-info dump without events",
		setup: func(t *testing.T) string {
			return tree(t, map[string]string{
				"nodes.json":     `{"kind":"NodeList","apiVersion":"v1","items":[]}`,
				"shop/pods.json": `{"kind":"PodList","apiVersion":"v1","items":[]}`,
			})
		},
		wantGaps: []NotCollected{{Resource: "events", Reason: "absent: the dump holds no <namespace>/events.json"}},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := Load(tt.setup(t), LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			var gotIncomplete []bool
			for _, e := range b.Errors {
				gotIncomplete = append(gotIncomplete, e.Incomplete())
			}
			if diff := cmp.Diff(tt.wantErrors, nilIfEmpty(errorLines(b))); diff != "" {
				t.Errorf("load errors (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantIncomplete, gotIncomplete); diff != "" {
				t.Errorf("incomplete (-want +got):\n%s", diff)
			}
			if diff := cmp.Diff(tt.wantGaps, b.Meta.NotCollected); diff != "" {
				t.Errorf("notCollected (-want +got):\n%s", diff)
			}
		})
	}
}

// TestEveryFixtureIsComplete: every recorded bundle carries a manifest
// that its files match, so none is incomplete and none gets a gap from
// the loader.
func TestEveryFixtureIsComplete(t *testing.T) {
	dirs, err := filepath.Glob("../../fixtures/*/*/bundle.yaml")
	if err != nil || len(dirs) < 30 {
		t.Fatalf("found %d fixture bundles (%v), want at least 30", len(dirs), err)
	}
	for _, p := range dirs {
		dir := filepath.Dir(p)
		t.Run(dir, func(t *testing.T) {
			b, err := Load(dir, LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if len(b.Meta.Files) == 0 || len(b.Errors) != 0 {
				t.Errorf("%d files in the manifest, load errors %v", len(b.Meta.Files), b.Errors)
			}
			for _, nc := range b.Meta.NotCollected {
				if nc.Resource == ResourceManifest {
					t.Errorf("gap %+v", nc)
				}
			}
		})
	}
}

// fixtureWithout copies healthyFixture to a temporary directory and
// deletes the given files from the copy.
func fixtureWithout(t *testing.T, files ...string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bundle")
	must(t, os.CopyFS(dir, os.DirFS(healthyFixture)))
	for _, f := range files {
		must(t, os.Remove(filepath.Join(dir, filepath.FromSlash(f))))
	}
	return dir
}

// tree writes files (slash paths to contents) to a temporary directory.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for p, body := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		must(t, os.MkdirAll(filepath.Dir(full), 0o755))
		must(t, os.WriteFile(full, []byte(body), 0o644))
	}
	return dir
}

func readFile(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// sum is the sha256 of the fixture's configmaps file after change.
func sum(t *testing.T, change func([]byte)) string {
	data := readFile(t, filepath.Join(healthyFixture, "objects/warehouse/configmaps/00000.json"))
	if change != nil {
		change(data)
	}
	s := sha256.Sum256(data)
	return hex.EncodeToString(s[:])
}

func nilIfEmpty(s []string) []string {
	if len(s) == 0 {
		return nil
	}
	return s
}
