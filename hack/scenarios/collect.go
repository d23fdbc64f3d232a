package scenarios

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"k8s.io/client-go/tools/clientcmd"

	"github.com/rift-dev/rift/collector"
)

// Collect runs the collector against the scenario's cluster exactly as
// `rift collect --kubeconfig K -n NS... --git REPO` would, writing the
// bundle archive to out. It is the single point where recording meets the
// collector.
func (e *Env) Collect(ctx context.Context, namespaces []string, out string) (*collector.Summary, error) {
	loader := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(
		&clientcmd.ClientConfigLoadingRules{ExplicitPath: e.Cluster.Kubeconfig}, &clientcmd.ConfigOverrides{})
	return collector.Run(ctx, collector.Config{
		Kubeconfig:    loader,
		Namespaces:    namespaces,
		ExpectCluster: e.Cluster.Name,
		Out:           out,
		Git:           collector.GitOptions{Path: e.Git.Dir, Ref: "HEAD"},
		LogLines:      200,
		LogBytes:      256 << 10,
		Version:       "recorder",
	})
}

// maxFixtureFile bounds one extracted file; fixtures are small by design.
const maxFixtureFile = 16 << 20

// Extract unpacks a bundle archive into dir (a directory bundle), after
// removing what dir held. Entries that would land outside dir are refused.
func Extract(archive, dir string) error {
	f, err := os.Open(archive)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return fmt.Errorf("%s: %w", archive, err)
	}
	if err := os.RemoveAll(dir); err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: %w", archive, err)
		}
		name := path.Clean(h.Name)
		if path.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") {
			return fmt.Errorf("%s: entry %q escapes the bundle", archive, h.Name)
		}
		target := filepath.Join(dir, filepath.FromSlash(name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(target, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			if h.Size > maxFixtureFile {
				return fmt.Errorf("%s: %s is %d bytes, more than a fixture should hold", archive, name, h.Size)
			}
			if err := writeFile(target, io.LimitReader(tr, maxFixtureFile)); err != nil {
				return err
			}
		default:
			return fmt.Errorf("%s: %s: unsupported entry type %q", archive, name, h.Typeflag)
		}
	}
}

func writeFile(target string, r io.Reader) error {
	if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
		return err
	}
	w, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(w, r); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}
