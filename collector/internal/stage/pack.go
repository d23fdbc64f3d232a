package stage

import (
	"archive/tar"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// MetaFile is the bundle path of the manifest that Pack writes itself.
const MetaFile = "bundle.yaml"

// Pack writes the staged files plus meta (as bundle.yaml) into a gzip'd tar
// at out. The archive is deterministic: entries sorted by path, mode 0644,
// owner 0, every entry and the gzip header stamped with mtime. It is written
// to a temporary file beside out and renamed, so a failed run leaves no
// half-written bundle behind.
func (d *Dir) Pack(out string, meta []byte, mtime time.Time) (err error) {
	files := d.Files()
	paths := make([]string, 0, len(files)+1)
	for _, f := range files {
		if f.Path == MetaFile {
			return fmt.Errorf("%s: %s staged by the collector", out, MetaFile)
		}
		paths = append(paths, f.Path)
	}
	paths = append(paths, MetaFile)
	sort.Strings(paths)

	tmp, err := os.CreateTemp(filepath.Dir(out), ".rift-bundle-*.tmp")
	if err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	gz, err := gzip.NewWriterLevel(tmp, gzip.BestCompression)
	if err != nil {
		return err
	}
	gz.ModTime = mtime.UTC().Truncate(time.Second)
	tw := tar.NewWriter(gz)
	for _, p := range paths {
		if err := d.packOne(tw, p, meta, mtime); err != nil {
			return fmt.Errorf("%s: %w", out, err)
		}
	}
	if err := tw.Close(); err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	if err := gz.Close(); err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	if err := os.Chmod(tmp.Name(), 0o600); err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	if err := os.Rename(tmp.Name(), out); err != nil {
		return fmt.Errorf("%s: %w", out, err)
	}
	return nil
}

func (d *Dir) packOne(tw *tar.Writer, p string, meta []byte, mtime time.Time) error {
	hdr := &tar.Header{
		Typeflag: tar.TypeReg,
		Name:     p,
		Mode:     0o644,
		ModTime:  mtime.UTC().Truncate(time.Second),
	}
	if p == MetaFile {
		hdr.Size = int64(len(meta))
		if err := tw.WriteHeader(hdr); err != nil {
			return err
		}
		_, err := tw.Write(meta)
		return err
	}
	f, err := d.Open(p)
	if err != nil {
		return err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return err
	}
	hdr.Size = st.Size()
	if err := tw.WriteHeader(hdr); err != nil {
		return err
	}
	if _, err := io.Copy(tw, f); err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	return nil
}
