package redact

import (
	"archive/tar"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/mholt/archives"
)

// WalkLimits bound what Walk reads.
type WalkLimits struct {
	// MaxFileBytes skips larger files (reported to skip). 0 means 128 MiB.
	MaxFileBytes int64
	// MaxTotalBytes stops the walk with an error. 0 means 4 GiB.
	MaxTotalBytes int64
}

// Walk calls fn with every regular file of the bundle at root, a directory
// or an archive (.tar, .tar.gz, .tar.zst, .tar.xz, .zip), one at a time, in
// storage order, with slash-separated relative names. Archives are streamed,
// never extracted. Symlinks, hard links, devices, unsafe names ("..",
// absolute) and files over the size limit are never read: skip is called
// with their name and the reason. An error from fn ends the walk.
func Walk(root string, lim WalkLimits, fn func(name string, data []byte) error, skip func(name, reason string)) error {
	if lim.MaxFileBytes <= 0 {
		lim.MaxFileBytes = 128 << 20
	}
	if lim.MaxTotalBytes <= 0 {
		lim.MaxTotalBytes = 4 << 30
	}
	fi, err := os.Stat(root)
	if err != nil {
		return err
	}
	w := &walker{lim: lim, fn: fn, skip: skip}
	if fi.IsDir() {
		return w.dir(root)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a directory or an archive", root)
	}
	return w.archive(root)
}

type walker struct {
	lim   WalkLimits
	total int64
	fn    func(string, []byte) error
	skip  func(string, string)
}

var errTooBig = errors.New("bundle is larger than the total size limit")

func (w *walker) take(name string, size int64, open func() (io.ReadCloser, error)) error {
	if size > w.lim.MaxFileBytes {
		w.skip(name, fmt.Sprintf("file is %d bytes, over the limit of %d", size, w.lim.MaxFileBytes))
		return nil
	}
	w.total += size
	if w.total > w.lim.MaxTotalBytes {
		return fmt.Errorf("%s: %w (%d bytes)", name, errTooBig, w.lim.MaxTotalBytes)
	}
	rc, err := open()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer rc.Close()
	// The size in a header can lie; never read more than the limit.
	data, err := io.ReadAll(io.LimitReader(rc, w.lim.MaxFileBytes+1))
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > w.lim.MaxFileBytes {
		w.skip(name, "file is over the size limit")
		return nil
	}
	return w.fn(name, data)
}

func (w *walker) dir(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		name := filepath.ToSlash(rel)
		switch {
		case d.IsDir():
			return nil
		case !d.Type().IsRegular():
			w.skip(name, "not a regular file (link or device); not read")
			return nil
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		return w.take(name, info.Size(), func() (io.ReadCloser, error) { return os.Open(p) })
	})
}

func (w *walker) archive(file string) error {
	f, err := os.Open(file)
	if err != nil {
		return err
	}
	defer f.Close()
	ctx := context.Background()
	format, stream, err := archives.Identify(ctx, file, f)
	if err != nil {
		return fmt.Errorf("%s: not a directory or a supported archive: %w", file, err)
	}
	ex, ok := format.(archives.Extractor)
	if !ok {
		return fmt.Errorf("%s: a compressed file, not an archive", file)
	}
	return ex.Extract(ctx, stream, func(_ context.Context, fi archives.FileInfo) error {
		name := strings.TrimPrefix(fi.NameInArchive, "./")
		switch {
		case fi.IsDir():
			return nil
		case unsafeName(name):
			w.skip(name, "unsafe path; not read")
			return nil
		case !fi.Mode().IsRegular() || isHardlink(fi):
			w.skip(name, "not a regular file (link or device); not read")
			return nil
		}
		return w.take(name, fi.Size(), func() (io.ReadCloser, error) { return fi.Open() })
	})
}

func unsafeName(name string) bool {
	if name == "" || strings.HasPrefix(name, "/") || strings.ContainsRune(name, '\\') {
		return true
	}
	return path.Clean(name) != name || strings.HasPrefix(name, "../") || name == ".."
}

func isHardlink(fi archives.FileInfo) bool {
	h, ok := fi.Header.(*tar.Header)
	return ok && h.Typeflag == tar.TypeLink
}
