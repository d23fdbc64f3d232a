package bundle

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestDetect(t *testing.T) {
	tests := []struct {
		name  string
		paths []string
		want  layout
	}{{
		name:  "rift bundle",
		paths: []string{"bundle.yaml", "objects/shop/pods.json"},
		want:  layout{format: FormatRift, roots: []string{""}},
	}, {
		name:  "rift bundle without bundle.yaml, wrapped",
		paths: []string{"incident/objects/a.yaml", "incident/logs/ns/p/c.log"},
		want:  layout{format: FormatRift, base: "incident/", roots: []string{"incident/"}},
	}, {
		name:  "troubleshoot, wrapped",
		paths: []string{"supportbundle/version.yaml", "supportbundle/cluster-resources/pods/default.json"},
		want:  layout{format: FormatTroubleshoot, base: "supportbundle/", roots: []string{"supportbundle/"}},
	}, {
		name: "must-gather with two image folders",
		paths: []string{"mg/timestamp", "mg/quay-a/namespaces/x/core/pods.yaml",
			"mg/quay-b/cluster-scoped-resources/core/nodes/n.yaml", "mg/quay-c/other/file.txt"},
		want: layout{format: FormatMustGather, base: "mg/", roots: []string{"mg/quay-a/", "mg/quay-b/"}},
	}, {
		name:  "cluster-info dump",
		paths: []string{"nodes.json", "kube-system/pods.json", "kube-system/coredns/logs.txt"},
		want:  layout{format: FormatClusterInfo, roots: []string{""}},
	}, {
		name:  "nodes.json alone is a plain directory",
		paths: []string{"nodes.json", "pods/default.json"},
		want:  layout{format: FormatDirectory, roots: []string{""}},
	}, {
		name:  "two wrappers deep is a plain directory",
		paths: []string{"a/b/bundle.yaml", "a/b/objects/x.yaml"},
		want:  layout{format: FormatDirectory, roots: []string{""}},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var entries []entry
			for _, p := range tc.paths {
				entries = append(entries, entry{path: p})
			}
			got := detect(newListing(entries))
			if diff := cmp.Diff(tc.want, got, cmp.AllowUnexported(layout{})); diff != "" {
				t.Errorf("detect (-want +got):\n%s", diff)
			}
		})
	}
}
