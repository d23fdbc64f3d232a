package collector

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/collector/gitsource"
)

// gitRev is the resolved --git revision, checked before the cluster is read
// so a bad clone or ref is refused up front.
type gitRev struct {
	repo gitsource.Repo
	sha  string
	when time.Time
}

func resolveGit(ctx context.Context, g GitOptions) (*gitRev, error) {
	if g.Rendered != "" {
		if _, err := os.Stat(g.Rendered); err != nil {
			return nil, refuse("--rendered: %v", err)
		}
	}
	if g.Path == "" {
		return nil, nil
	}
	repo := gitsource.Repo{Dir: g.Path}
	sha, when, err := repo.Revision(ctx, g.Ref)
	if err != nil {
		return nil, refuse("--git: %v", err)
	}
	return &gitRev{repo: repo, sha: sha, when: when}, nil
}

// gitTarget is one path to render into git/<name>/.
type gitTarget struct{ name, path, url string }

// gitTargets decides what to render: --git-path when given; otherwise the
// spec.path of each collected Flux Kustomization fed by a GitRepository and
// the spec.source of each collected Argo CD Application (a Git path, not a
// chart); otherwise the repository root.
func (r *run) gitTargets() []gitTarget {
	base := sourceName(filepath.Base(filepath.Clean(r.cfg.Git.Path)))
	if r.cfg.Git.Path == "" {
		base = "rendered"
	}
	if r.cfg.Git.SubPath != "" || r.cfg.Git.Path == "" {
		return []gitTarget{{name: base, path: r.cfg.Git.SubPath}}
	}
	var out []gitTarget
	seen := map[string]bool{}
	for _, ks := range r.keptKS {
		kind, _, _ := unstructured.NestedString(ks.Object, "spec", "sourceRef", "kind")
		if kind != "GitRepository" {
			continue
		}
		p, _, _ := unstructured.NestedString(ks.Object, "spec", "path")
		name := sourceName(ks.GetName())
		if seen[name] {
			name = sourceName(ks.GetNamespace() + "-" + ks.GetName())
		}
		seen[name] = true
		src, _, _ := unstructured.NestedStringMap(ks.Object, "spec", "sourceRef")
		ns := src["namespace"]
		if ns == "" {
			ns = ks.GetNamespace()
		}
		out = append(out, gitTarget{name: name, path: p, url: r.gitRepoURL[nsName{ns, src["name"]}]})
	}
	// An Argo CD Application names its repository and path itself.
	for _, app := range r.keptApps {
		src, _, _ := unstructured.NestedStringMap(app.Object, "spec", "source")
		if src["repoURL"] == "" || src["chart"] != "" {
			continue
		}
		name := sourceName(app.GetName())
		if seen[name] {
			name = sourceName(app.GetNamespace() + "-" + app.GetName())
		}
		seen[name] = true
		out = append(out, gitTarget{name: name, path: src["path"], url: gitsource.StripCredentials(src["repoURL"])})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	if len(out) == 0 {
		out = []gitTarget{{name: base}}
	}
	return out
}

func sourceName(s string) string {
	s = strings.Trim(unsafeName.ReplaceAllString(strings.ToLower(s), "-"), "-.")
	if s == "" {
		return "source"
	}
	return s
}
