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

	"github.com/rift-dev/rift/analyzer/bundle"
)

// WalkLimits bound what Walk reads. They are the loader's limits, one set
// for every command that reads a bundle (--max-file-size, --max-total-size,
// --max-entries, --max-ratio), with the loader's defaults for zero fields;
// options other than the four limits are ignored.
type WalkLimits = bundle.LoadOptions

// withDefaults fills zero limits as bundle.Load does.
func withDefaults(lim WalkLimits) WalkLimits {
	if lim.MaxFileBytes <= 0 {
		lim.MaxFileBytes = bundle.DefaultMaxFileBytes
	}
	if lim.MaxTotalBytes <= 0 {
		lim.MaxTotalBytes = bundle.DefaultMaxTotalBytes
	}
	if lim.MaxEntries <= 0 {
		lim.MaxEntries = bundle.DefaultMaxEntries
	}
	if lim.MaxRatio <= 0 {
		lim.MaxRatio = bundle.DefaultMaxRatio
	}
	return lim
}

// LimitError ends a walk: a limit that covers the whole bundle (entries,
// total size, the bundle archive's compression ratio) was passed at File,
// and nothing after it was read.
type LimitError struct {
	File   string
	Reason string
}

func (e *LimitError) Error() string {
	if e.File == "" {
		return e.Reason
	}
	return e.File + ": " + e.Reason
}

// budget applies one set of WalkLimits to one bundle: to its own entries
// and to everything decoded from inside its files (see open), so that a
// bomb nested in a bundle costs no more than one at its top.
type budget struct {
	lim     WalkLimits
	entries int
	total   int64
}

func newBudget(lim WalkLimits) *budget { return &budget{lim: withDefaults(lim)} }

// count counts one item of any type (file, folder, link, archive member at
// any depth), as the loader does.
func (b *budget) count(name string) error {
	b.entries++
	if b.entries > b.lim.MaxEntries {
		return &LimitError{name, fmt.Sprintf("more than %d entries; the rest is not read (raise --max-entries)", b.lim.MaxEntries)}
	}
	return nil
}

// add counts n bytes read or decoded.
func (b *budget) add(name string, n int64) error {
	b.total += n
	if b.total > b.lim.MaxTotalBytes {
		return &LimitError{name, fmt.Sprintf("total uncompressed size passes %d bytes here; the rest is not read (raise --max-total-size)", b.lim.MaxTotalBytes)}
	}
	return nil
}

// ratio reports whether declared bytes from a compressed bytes pass the
// ratio limit, which applies once more than bundle.RatioFloor bytes were
// declared, as in the loader.
func (b *budget) ratio(declared, compressed int64) bool {
	return compressed > 0 && declared > bundle.RatioFloor && declared/compressed > b.lim.MaxRatio
}

// Walk calls fn with every regular file of the bundle at root, a directory
// or an archive (.tar, .tar.gz, .tar.zst, .tar.xz, .zip), one at a time, in
// storage order, with slash-separated relative names. Archives are streamed,
// never extracted. root itself may be a symlink; symlinks inside,
// hard links, devices, unsafe names ("..",
// absolute) and files over the size limit are never read: skip is called
// with their name and the reason. The loader's limits apply as in
// bundle.Load: past MaxEntries items, MaxTotalBytes bytes or (for an
// archive) a compression ratio of MaxRatio, the walk ends with a
// *LimitError. An error from fn ends the walk.
func Walk(root string, lim WalkLimits, fn func(name string, data []byte) error, skip func(name, reason string)) error {
	return walkBudget(root, newBudget(lim), fn, skip)
}

func walkBudget(root string, b *budget, fn func(name string, data []byte) error, skip func(name, reason string)) error {
	// A symlink named as the bundle is followed, as bundle.Load does;
	// links inside it never are.
	if fi, err := os.Lstat(root); err == nil && fi.Mode()&os.ModeSymlink != 0 {
		if root, err = filepath.EvalSymlinks(root); err != nil {
			return err
		}
	}
	fi, err := os.Stat(root)
	if err != nil {
		return err
	}
	w := &walker{b: b, fn: fn, skip: skip}
	if fi.IsDir() {
		return w.dir(root)
	}
	if !fi.Mode().IsRegular() {
		return fmt.Errorf("%s: not a directory or an archive", root)
	}
	w.compressed = max(fi.Size(), 1)
	return w.archive(root)
}

type walker struct {
	b *budget
	// compressed is the archive's size (0 for a directory) and declared
	// the bytes its members declare, skipped ones too: a skipped member
	// still has to be decompressed to reach the next one.
	compressed, declared int64
	fn                   func(string, []byte) error
	skip                 func(string, string)
}

func (w *walker) take(name string, size int64, open func() (io.ReadCloser, error)) error {
	w.declared += size
	if w.b.ratio(w.declared, w.compressed) {
		return &LimitError{name, fmt.Sprintf("compression ratio passes %d:1 here (%d bytes declared by a %d-byte archive), a likely decompression bomb; the rest is not read (raise --max-ratio)",
			w.b.lim.MaxRatio, w.declared, w.compressed)}
	}
	max := w.b.lim.MaxFileBytes
	if size > max {
		w.skip(name, fmt.Sprintf("file is %d bytes, over the limit of %d (raise --max-file-size)", size, max))
		return nil
	}
	if err := w.b.add(name, size); err != nil {
		return err
	}
	rc, err := open()
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer rc.Close()
	// The size in a header can lie; never read more than the limit.
	data, err := io.ReadAll(io.LimitReader(rc, max+1))
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	if int64(len(data)) > max {
		w.skip(name, fmt.Sprintf("file is over the limit of %d bytes (raise --max-file-size)", max))
		return nil
	}
	if extra := int64(len(data)) - size; extra > 0 {
		if err := w.b.add(name, extra); err != nil {
			return err
		}
	}
	return w.fn(name, data)
}

func (w *walker) dir(root string) error {
	return filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if p == root {
			return nil
		}
		rel, _ := filepath.Rel(root, p)
		name := filepath.ToSlash(rel)
		if err := w.b.count(name); err != nil {
			return err
		}
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
		return w.take(name, info.Size(), func() (io.ReadCloser, error) { return openRegular(p) })
	})
}

// openRegular opens p unless it stopped being a regular file since it was
// listed (swapped for a link or a pipe).
func openRegular(p string) (io.ReadCloser, error) {
	fi, err := os.Lstat(p)
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, errors.New("no longer a regular file")
	}
	return os.Open(p)
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
		if err := w.b.count(name); err != nil {
			return err
		}
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
	if name == "" || strings.HasPrefix(name, "/") || strings.ContainsAny(name, "\\\x00") {
		return true
	}
	return path.Clean(name) != name || strings.HasPrefix(name, "../") || name == ".."
}

func isHardlink(fi archives.FileInfo) bool {
	h, ok := fi.Header.(*tar.Header)
	return ok && h.Typeflag == tar.TypeLink
}
