package collector

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

func argoApp(ns, name string, source map[string]any) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "argoproj.io/v1alpha1", "kind": "Application",
		"metadata": map[string]any{"namespace": ns, "name": name},
		"spec":     map[string]any{"source": source},
	}}
}

// TestGitTargetsArgo checks that a collected Argo CD Application's Git
// source becomes a render target, without the credentials of its URL, and
// that chart sources are left out.
func TestGitTargetsArgo(t *testing.T) {
	tests := []struct {
		name string
		apps []*unstructured.Unstructured
		want []gitTarget
	}{
		{
			name: "git path source",
			apps: []*unstructured.Unstructured{argoApp("argocd", "inventory", map[string]any{"repoURL": "https://git.example.com/retail/apps.git", "path": "envs/prod"})},
			want: []gitTarget{{name: "inventory", path: "envs/prod", url: "https://git.example.com/retail/apps.git"}},
		},
		{
			name: "credentials stripped",
			apps: []*unstructured.Unstructured{argoApp("argocd", "shop", map[string]any{"repoURL": "https://bot:s3cr3t@git.example.com/shop.git", "path": "."})},
			want: []gitTarget{{name: "shop", path: ".", url: "https://git.example.com/shop.git"}},
		},
		{
			name: "helm chart source is no Git target",
			apps: []*unstructured.Unstructured{argoApp("argocd", "redis", map[string]any{"repoURL": "https://charts.example.com", "chart": "redis"})},
			want: []gitTarget{{name: "deploy"}},
		},
		{
			name: "same name in two namespaces",
			apps: []*unstructured.Unstructured{
				argoApp("argocd", "web", map[string]any{"repoURL": "https://git.example.com/a.git", "path": "a"}),
				argoApp("team-b", "web", map[string]any{"repoURL": "https://git.example.com/b.git", "path": "b"}),
			},
			want: []gitTarget{{name: "team-b-web", path: "b", url: "https://git.example.com/b.git"}, {name: "web", path: "a", url: "https://git.example.com/a.git"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := &run{cfg: &Config{Git: GitOptions{Path: "/src/deploy"}}, keptApps: tt.apps}
			got := r.gitTargets()
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(gitTarget{})); diff != "" {
				t.Errorf("gitTargets (-want +got):\n%s", diff)
			}
		})
	}
}
