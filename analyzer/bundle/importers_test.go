package bundle

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/labels"
)

// dirMembers turns a testdata directory into archive members under prefix.
func dirMembers(t *testing.T, dir, prefix string) []member {
	t.Helper()
	var out []member
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out = append(out, member{name: prefix + filepath.ToSlash(rel), body: string(data)})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestLoadRiftBundle loads the same v1alpha1 bundle as a directory, as a
// tar.gz wrapped in one folder and as a zip: all three must read the same.
func TestLoadRiftBundle(t *testing.T) {
	dir := filepath.Join("testdata", "rift-shop")
	tmp := t.TempDir()
	for _, tc := range []struct{ name, path string }{
		{"directory", dir},
		{"wrapped tar.gz", archive(t, tmp, "shop.tar.gz", dirMembers(t, dir, "incident-2025-03-01/"))},
		{"zip", archive(t, tmp, "shop.zip", dirMembers(t, dir, ""))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Load(tc.path, LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			checkGolden(t, "rift-shop.golden", summaryText(t, b))
			checkRiftShop(t, b)
		})
	}
}

func checkRiftShop(t *testing.T, b *Bundle) {
	t.Helper()
	if b.Format != FormatRift || b.CaptureTimeInferred || !b.CaptureTime.Equal(time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)) {
		t.Errorf("format %s capture %v inferred %v", b.Format, b.CaptureTime, b.CaptureTimeInferred)
	}
	if len(b.Sources) != 1 {
		t.Fatalf("%d sources, want 1", len(b.Sources))
	}
	s := b.Sources[0]
	if s.URL != "https://git.example.com/acme/shop-deploy.git" {
		t.Errorf("source URL %q kept its credentials or lost its path", s.URL)
	}
	if len(s.History) != 2 || s.History[1].Time == nil || len(s.Rendered) != 1 ||
		cmp.Diff([]string{"apps/shop/kustomization.yaml"}, s.Files) != "" {
		t.Errorf("source = %+v", s)
	}
	pod, ok := b.Index.Get(Key{Kind: "Pod", Namespace: "shop", Name: "web-7d4b9-abcde"})
	if !ok {
		t.Fatal("pod not indexed")
	}
	rs, ok := b.Index.Owner(pod)
	if !ok || rs.GetName() != "web-7d4b9" || len(b.Index.Children(rs.GetUID())) != 2 {
		t.Errorf("owner graph: owner %v ok=%v", rs, ok)
	}
	// The shop's events by involved object: facts.TestEventsForLoaded.
	if got := b.Index.SelectPods("shop", labels.SelectorFromSet(labels.Set{"app": "web"})); len(got) != 2 {
		t.Errorf("selector matched %d pods, want 2", len(got))
	}
	if got := b.Index.PodsOnNode("node-a"); len(got) != 1 || got[0] != pod {
		t.Errorf("pods on node-a = %v", got)
	}
	logs := b.Index.Logs("shop", "web-7d4b9-abcde", "app")
	if len(logs) != 2 || logs[0].Previous || !logs[1].Previous ||
		cmp.Diff([]string{"starting web 1.4.2", "panic: missing env SHOP_DB_URL"}, logs[1].Lines) != "" {
		t.Errorf("logs = %+v", logs)
	}
	if len(b.Checks) != 2 || b.Checks[0].Name != "storefront-health" || !b.Checks[0].OK || b.Checks[1].OK {
		t.Errorf("checks = %+v", b.Checks)
	}
	if b.Redaction == nil || b.Redaction.Rules["secret-data"]["objects/shop/secrets.yaml"] != 3 {
		t.Errorf("redaction = %+v", b.Redaction)
	}
}

func TestLoadClusterInfoDump(t *testing.T) {
	b, err := Load(filepath.Join("testdata", "cluster-info-dump"), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "cluster-info-dump.golden", summaryText(t, b))
	if b.Format != FormatClusterInfo || len(b.Objects) != 3 || len(b.Errors) != 0 ||
		!b.CaptureTime.Equal(time.Date(2025, 4, 2, 9, 14, 30, 0, time.UTC)) {
		t.Errorf("format %s, %d objects, errors %v, capture %v", b.Format, len(b.Objects), b.Errors, b.CaptureTime)
	}
	dns := b.Index.Logs("kube-system", "coredns-5d78c-x2x9p", "coredns")
	side := b.Index.Logs("kube-system", "coredns-5d78c-x2x9p", "sidecar")
	if len(dns) != 1 || len(dns[0].Lines) != 3 || len(side) != 1 || len(side[0].Lines) != 1 {
		t.Errorf("logs.txt split: coredns %v, sidecar %v", dns, side)
	}
}

// TestLoadSingleFile reads one manifest file given instead of a bundle.
func TestLoadSingleFile(t *testing.T) {
	b, err := Load(filepath.Join("testdata", "rift-shop", "objects", "shop", "pods.json"), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Format != FormatDirectory || len(b.Objects) != 2 || b.Objects[0].Source.File != "pods.json" {
		t.Errorf("format %s, %d objects", b.Format, len(b.Objects))
	}
}
