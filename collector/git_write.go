package collector

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/collector/gitsource"
)

// collectGit writes git/<source>/source.yaml and git/<source>/rendered/ for
// each target. A render failure is recorded and the source is still written.
func (r *run) collectGit(ctx context.Context) error {
	g := r.cfg.Git
	if r.git == nil && g.Rendered == "" {
		return nil
	}
	var root string
	if r.git != nil {
		dir, err := os.MkdirTemp("", "rift-git-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(dir)
		if err := r.git.repo.Export(ctx, r.git.sha, dir); err != nil {
			r.nc = append(r.nc, bundle.NotCollected{Resource: "git", Reason: "error: " + err.Error()})
			return nil
		}
		root = dir
	}
	for _, t := range r.gitTargets() {
		if err := r.gitSource(ctx, root, t); err != nil {
			return err
		}
	}
	return nil
}

func (r *run) gitSource(ctx context.Context, root string, t gitTarget) error {
	src := bundle.GitSource{Name: t.name, Path: t.path, Renderer: gitsource.RendererPlain}
	var manifests []byte
	var rerr error
	if r.git != nil {
		when := r.git.when
		src.URL, src.Ref, src.Revision, src.CommitTime = t.url, r.cfg.Git.Ref, r.git.sha, &when
		if src.URL == "" {
			src.URL = r.git.repo.RemoteURL(ctx)
		}
		if src.Ref == "" {
			src.Ref = "HEAD"
		}
		hist, err := r.git.repo.History(ctx, r.git.sha, strings.TrimPrefix(t.path, "./"), gitsource.HistoryDepth)
		if err != nil {
			r.nc = append(r.nc, bundle.NotCollected{Resource: "git/" + t.name + "/history", Reason: "error: " + err.Error()})
		}
		src.History = hist
	}
	switch {
	case r.cfg.Git.Rendered != "":
		manifests, rerr = os.ReadFile(r.cfg.Git.Rendered)
		if bytes.Contains(manifests, []byte("# Source: ")) {
			src.Renderer = "helm" // helm template marks every document so
		}
	case root != "":
		manifests, src.Renderer, rerr = gitsource.Render(root, t.path)
	}
	if rerr != nil {
		r.nc = append(r.nc, bundle.NotCollected{Resource: "git/" + t.name + "/rendered", Reason: "error: " + rerr.Error()})
	}
	if err := r.writeRendered(t.name, manifests); err != nil {
		return err
	}
	sb, err := yaml.Marshal(src)
	if err != nil {
		return fmt.Errorf("git/%s/source.yaml: %w", t.name, err)
	}
	return r.out.file("git/"+t.name+"/source.yaml", sb)
}

// writeRendered decodes the manifests and writes them, redacted like live
// objects (a Secret in Git is still a Secret), in pages.
func (r *run) writeRendered(name string, manifests []byte) error {
	dec := utilyaml.NewYAMLOrJSONDecoder(bytes.NewReader(manifests), 4096)
	var page []map[string]any
	for doc := 0; ; doc++ {
		var obj map[string]any
		err := dec.Decode(&obj)
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			r.nc = append(r.nc, bundle.NotCollected{Resource: "git/" + name + "/rendered",
				Reason: fmt.Sprintf("error: document %d: %v", doc, err)})
			break
		}
		if len(obj) == 0 {
			continue
		}
		page = append(page, obj)
		if int64(len(page)) >= r.cfg.PageSize {
			if err := r.out.page("git/"+name+"/rendered", page); err != nil {
				return err
			}
			page = nil
		}
	}
	return r.out.page("git/"+name+"/rendered", page)
}
