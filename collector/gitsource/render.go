package gitsource

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// Renderers recorded in source.yaml.
const (
	RendererKustomize = "kustomize"
	RendererPlain     = "plain"
)

// maxExport caps the bytes of a revision Export writes, so a huge monorepo
// cannot fill the disk.
const maxExport = 1 << 30

// Export writes the tree of rev into dir (which must exist) through
// `git archive`, so the clone's working tree, index and refs are untouched.
// Only regular files and directories are written; symlinks and other entry
// types are skipped, and no path can leave dir.
func (r Repo) Export(ctx context.Context, rev, dir string) error {
	cmd := exec.CommandContext(ctx, "git", "-c", "safe.directory=*", "-C", r.Dir, "archive", "--format=tar", rev)
	cmd.Env = append(cmd.Environ(), "GIT_TERMINAL_PROMPT=0", "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: git archive: %w", r.Dir, err)
	}
	xerr := extract(out, dir)
	io.Copy(io.Discard, out)
	werr := cmd.Wait()
	if werr != nil {
		return fmt.Errorf("%s: git archive %s: %s", r.Dir, rev, strings.TrimSpace(stderr.String()))
	}
	return xerr
}

func extract(rd io.Reader, dir string) error {
	tr := tar.NewReader(rd)
	var total int64
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("git archive: %w", err)
		}
		name := path.Clean(h.Name)
		if strings.HasPrefix(name, "/") || name == ".." || strings.HasPrefix(name, "../") {
			continue
		}
		full := filepath.Join(dir, filepath.FromSlash(name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(full, 0o700); err != nil {
				return err
			}
		case tar.TypeReg:
			total += h.Size
			if total > maxExport {
				return fmt.Errorf("git archive: more than %d bytes", maxExport)
			}
			if err := os.MkdirAll(filepath.Dir(full), 0o700); err != nil {
				return err
			}
			f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
			if err != nil {
				return err
			}
			_, err = io.Copy(f, tr)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		}
	}
}

var kustomizationFiles = []string{"kustomization.yaml", "kustomization.yml", "Kustomization"}

// Render renders sub (a slash path inside the exported tree root) the way
// Flux's kustomize-controller would: with kustomize when it holds a
// kustomization file, otherwise as the plain YAML files under it, in path
// order. It returns the manifests as multi-document YAML and the renderer.
func Render(root, sub string) ([]byte, string, error) {
	sub = path.Clean(strings.TrimPrefix(sub, "./"))
	if sub == ".." || strings.HasPrefix(sub, "../") || strings.HasPrefix(sub, "/") {
		return nil, "", fmt.Errorf("path %q: leaves the repository", sub)
	}
	dir := filepath.Join(root, filepath.FromSlash(sub))
	st, err := os.Stat(dir)
	if err != nil {
		return nil, "", fmt.Errorf("path %q: not in this revision", sub)
	}
	if !st.IsDir() {
		b, err := os.ReadFile(dir)
		return b, RendererPlain, err
	}
	for _, k := range kustomizationFiles {
		if _, err := os.Stat(filepath.Join(dir, k)); err == nil {
			b, err := kustomize(root, dir)
			return b, RendererKustomize, err
		}
	}
	b, err := plain(dir)
	return b, RendererPlain, err
}

func kustomize(root, dir string) ([]byte, error) {
	if err := refuseRemote(root, dir); err != nil {
		return nil, err
	}
	// The default options disable plugins and helm, which would run
	// programs named by the repository.
	opts := krusty.MakeDefaultOptions()
	m, err := krusty.MakeKustomizer(opts).Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return nil, fmt.Errorf("kustomize build: %w", err)
	}
	return m.AsYaml()
}

func plain(dir string) ([]byte, error) {
	var files []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.Type().IsRegular() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml")) {
			files = append(files, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, errors.New("no YAML files")
	}
	sort.Strings(files)
	var buf bytes.Buffer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		buf.WriteString("---\n")
		buf.Write(b)
		if len(b) > 0 && b[len(b)-1] != '\n' {
			buf.WriteByte('\n')
		}
	}
	return buf.Bytes(), nil
}
