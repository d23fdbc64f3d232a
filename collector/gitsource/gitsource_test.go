package gitsource

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// newRepo builds a real clone with two commits at fixed times: a kustomize
// overlay over a base in apps/, and plain YAML in plain/.
func newRepo(t *testing.T) (Repo, []string) {
	t.Helper()
	dir := t.TempDir()
	run := func(date string, args ...string) string {
		cmd := exec.Command("git", append([]string{"-C", dir}, args...)...)
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.com",
			"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.com",
			"GIT_AUTHOR_DATE="+date, "GIT_COMMITTER_DATE="+date)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	write := func(p, s string) {
		full := filepath.Join(dir, p)
		os.MkdirAll(filepath.Dir(full), 0o755)
		if err := os.WriteFile(full, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	run("2026-01-01T00:00:00Z", "init", "-q", "-b", "main")
	run("2026-01-01T00:00:00Z", "remote", "add", "origin", "https://bot:s3cr3t-pat@git.example.com/shop/deploy.git")
	write("apps/base/kustomization.yaml", "resources: [deploy.yaml]\n")
	write("apps/base/deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 1}\n")
	write("apps/prod/kustomization.yaml", "namespace: shop\nnamePrefix: prod-\nresources: [../base]\n")
	write("plain/b.yaml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n")
	write("plain/a.yml", "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}")
	write("remote/kustomization.yaml", "resources:\n- https://github.com/example/x//manifests?ref=v1\n")
	run("2026-01-01T00:00:00Z", "add", ".")
	run("2026-01-01T00:00:00Z", "commit", "-q", "-m", "initial")
	first := run("2026-01-01T00:00:00Z", "rev-parse", "HEAD")
	write("apps/base/deploy.yaml", "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: web}\nspec: {replicas: 3}\n")
	run("2026-01-02T10:00:00Z", "commit", "-q", "-am", "scale web to 3")
	second := run("2026-01-02T10:00:00Z", "rev-parse", "HEAD")
	write("README", "x\n")
	run("2026-01-03T10:00:00Z", "add", ".")
	run("2026-01-03T10:00:00Z", "commit", "-q", "-m", "docs")
	third := run("2026-01-03T10:00:00Z", "rev-parse", "HEAD")
	return Repo{Dir: dir}, []string{first, second, third}
}

func TestRevisionAndHistory(t *testing.T) {
	repo, shas := newRepo(t)
	ctx := context.Background()
	tests := []struct {
		name, ref, want string
		wantTime        time.Time
	}{
		{"default head", "", shas[2], time.Date(2026, 1, 3, 10, 0, 0, 0, time.UTC)},
		{"branch", "main", shas[2], time.Date(2026, 1, 3, 10, 0, 0, 0, time.UTC)},
		{"older commit", shas[0], shas[0], time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)},
		{"relative", "HEAD~1", shas[1], time.Date(2026, 1, 2, 10, 0, 0, 0, time.UTC)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sha, when, err := repo.Revision(ctx, tt.ref)
			if err != nil {
				t.Fatal(err)
			}
			if sha != tt.want || !when.Equal(tt.wantTime) {
				t.Errorf("Revision(%q) = %s %v, want %s %v", tt.ref, sha, when, tt.want, tt.wantTime)
			}
		})
	}
	for _, bad := range []string{"no-such-branch", "--output=/tmp/x"} {
		if _, _, err := repo.Revision(ctx, bad); err == nil {
			t.Errorf("Revision(%q) succeeded", bad)
		}
	}
	hist, err := repo.History(ctx, shas[2], "apps", 20)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range hist {
		got = append(got, c.Revision[:7]+" "+c.Subject+" "+c.Time.Format(time.RFC3339))
	}
	want := []string{shas[1][:7] + " scale web to 3 2026-01-02T10:00:00Z", shas[0][:7] + " initial 2026-01-01T00:00:00Z"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("history of apps (-want +got):\n%s", diff)
	}
	if url := repo.RemoteURL(ctx); url != "https://git.example.com/shop/deploy.git" {
		t.Errorf("RemoteURL = %q", url)
	}
}

func TestRender(t *testing.T) {
	repo, shas := newRepo(t)
	tests := []struct {
		name, rev, path, renderer string
		contains, absent          []string
		wantErr                   string
	}{
		{name: "kustomize overlay at head", rev: shas[2], path: "apps/prod", renderer: RendererKustomize,
			contains: []string{"name: prod-web", "namespace: shop", "replicas: 3"}},
		{name: "kustomize at an older revision", rev: shas[0], path: "./apps/prod", renderer: RendererKustomize,
			contains: []string{"name: prod-web", "replicas: 1"}, absent: []string{"replicas: 3"}},
		{name: "plain files in path order", rev: shas[2], path: "plain", renderer: RendererPlain,
			contains: []string{"---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: a}\n---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: b}\n"}},
		{name: "remote resource refused", rev: shas[2], path: "remote", wantErr: "remote resource"},
		{name: "missing path", rev: shas[2], path: "nope", wantErr: "not in this revision"},
		{name: "escaping path", rev: shas[2], path: "../etc", wantErr: "leaves the repository"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			if err := repo.Export(context.Background(), tt.rev, root); err != nil {
				t.Fatal(err)
			}
			out, renderer, err := Render(root, tt.path)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("Render error = %v, want %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if renderer != tt.renderer {
				t.Errorf("renderer = %s, want %s", renderer, tt.renderer)
			}
			for _, s := range tt.contains {
				if !strings.Contains(string(out), s) {
					t.Errorf("output lacks %q:\n%s", s, out)
				}
			}
			for _, s := range tt.absent {
				if strings.Contains(string(out), s) {
					t.Errorf("output has %q:\n%s", s, out)
				}
			}
		})
	}
}

func TestStripCredentials(t *testing.T) {
	tests := []struct{ in, want string }{
		{"https://user:pass@github.com/a/b.git", "https://github.com/a/b.git"},
		{"https://ghp_token@github.com/a/b.git", "https://github.com/a/b.git"},
		{"ssh://git@github.com/a/b.git", "ssh://git@github.com/a/b.git"},
		{"ssh://git:pw@github.com/a/b.git", "ssh://github.com/a/b.git"},
		{"git@github.com:a/b.git", "git@github.com:a/b.git"},
		{"user:pw@github.com:a/b.git", "github.com:a/b.git"},
		{"/srv/git/repo", "/srv/git/repo"},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			if got := StripCredentials(tt.in); got != tt.want {
				t.Errorf("StripCredentials(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
