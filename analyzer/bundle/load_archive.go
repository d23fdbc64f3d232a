package bundle

import (
	"archive/tar"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"

	"github.com/mholt/archives"
)

// archiveSource streams a bundle archive. Each pass decompresses the
// archive from the start; nothing is extracted to disk. The listing pass
// keeps what it reads (up to maxKept), so that most bundles are
// decompressed once.
type archiveSource struct {
	file string
	lim  limiter
	// cut is the number of archive members the listing accepted before it
	// stopped; reading never goes past it.
	cut int
	// meta holds the bundle.yaml candidates met while listing, by path.
	meta map[string][]byte
	// kept holds every admitted file read while listing, by path, and
	// order their paths in archive order, so that reading needs no second
	// decompression. Both are nil when the files passed maxKept or a read
	// failed; reading then takes a pass of its own.
	kept  map[string][]byte
	order []string
}

// maxKept bounds the bytes kept from the listing pass. Below it, a bundle
// is decompressed once; above it, twice, with at most a few files in
// memory at a time.
const maxKept = 256 << 20

// prefetcher is a source that keeps small files seen while listing, so that
// reading them needs no further pass over the archive.
type prefetcher interface {
	readPrefetched(want map[string]bool, fn func(string, []byte, error)) error
}

// maxPrefetch bounds a bundle.yaml kept from the listing pass; a larger one
// is read in a pass of its own.
const maxPrefetch = 1 << 20

// isMetaCandidate reports whether name could be the bundle.yaml of the
// bundle: at the top or under one wrapper folder. The collector writes it
// last, so without this the archive would be decompressed once more.
func isMetaCandidate(name string) bool {
	return name == "bundle.yaml" || path.Dir(path.Dir(name)) == "." && path.Base(name) == "bundle.yaml"
}

func (a *archiveSource) readPrefetched(want map[string]bool, fn func(string, []byte, error)) error {
	for p := range want {
		data, ok := a.meta[p]
		if !ok {
			return a.read(want, fn)
		}
		fn(p, data, nil)
	}
	return nil
}

// DuplicateMember is the reason given for the later copy of a path an
// archive holds twice: every reader of a bundle (the loader, redact) keeps
// the first copy and reports the later one.
const DuplicateMember = "archive holds this path twice; the later copy is skipped"

// errStop ends an extraction pass on purpose.
var errStop = errors.New("stop")

// notArchiveError means the file is not an archive rift can read at all,
// as opposed to an archive that breaks part way.
type notArchiveError struct{ error }

// ArchiveError is an archive that breaks part way through: it ends before
// its last member does (Truncated), or its data cannot be decoded
// (corrupt). Load returns it unless LoadOptions.Partial is set, and always
// when the archive breaks before its first member.
type ArchiveError struct {
	// File is the archive's path as given to Load.
	File string
	// Offset is how many bytes of the archive had been read when reading
	// failed: the archive's size when it is truncated (a zip is read from
	// its end, so for a zip it is always the size); for corrupt data it
	// lies at most the decompressor's read-ahead, a few KiB, past the
	// damage.
	Offset int64
	// Members counts the archive entries met before the failure, the one
	// it fell in included.
	Members int
	// Truncated is true when the archive ends too early (an unexpected
	// EOF, or an error after the whole file was read), false when its
	// data is corrupt.
	Truncated bool
	// Err is the archive or decompression reader's error.
	Err error
}

// Error reads "FILE: truncated at byte N: unexpected EOF".
func (e *ArchiveError) Error() string {
	return fmt.Sprintf("%s: %s at byte %d: %v", e.File, e.state(), e.Offset, e.Err)
}

func (e *ArchiveError) Unwrap() error { return e.Err }

func (e *ArchiveError) state() string {
	if e.Truncated {
		return "truncated"
	}
	return "corrupt"
}

// loadError is the LoadError a partial load records for e.
func (e *ArchiveError) loadError() LoadError {
	return incomplete("", "archive %s at byte %d after %d members: %v; the rest is not read", e.state(), e.Offset, e.Members, e.Err)
}

// brokenError is an extraction pass that failed part way, with how far
// into the file it had read.
type brokenError struct {
	offset int64
	atEnd  bool // the whole file was read
	err    error
}

func (e *brokenError) Error() string { return e.err.Error() }
func (e *brokenError) Unwrap() error { return e.err }

// archiveError describes a pass that broke after members entries.
func (e *brokenError) archiveError(members int) *ArchiveError {
	return &ArchiveError{
		Offset: e.offset, Members: members, Err: e.err,
		Truncated: e.atEnd || errors.Is(e.err, io.ErrUnexpectedEOF) || errors.Is(e.err, io.EOF),
	}
}

// extract runs one pass over the archive, calling fn for every member.
// An archive that breaks part way gives a *brokenError.
func (a *archiveSource) extract(fn archives.FileHandler) error {
	f, err := os.Open(a.file)
	if err != nil {
		return notArchiveError{unwrapPathError(err)}
	}
	defer f.Close()
	ctx := context.Background()
	format, stream, err := archives.Identify(ctx, a.file, f)
	if err != nil {
		return notArchiveError{fmt.Errorf("not a directory or a supported archive (.tar, .tar.gz, .tgz, .tar.zst, .tar.xz, .zip): %w", err)}
	}
	ex, ok := format.(archives.Extractor)
	if !ok {
		return notArchiveError{fmt.Errorf("%s is a compressed file, not an archive of a bundle", format.Extension())}
	}
	err = ex.Extract(ctx, stream, fn)
	if err == nil || errors.Is(err, errStop) || errors.Is(err, fs.SkipAll) {
		return nil
	}
	// The decompressor reads the file in order, so the file's position is
	// how far reading got. A zip is read from its end (the directory) by
	// ReadAt, which moves no position: the end is where it broke.
	// A decompressor that read to the end of the file and wants more
	// found it truncated, whatever its error says (xz: "data is truncated
	// or corrupt").
	offset, serr := f.Seek(0, io.SeekCurrent)
	_, isZip := format.(archives.Zip)
	atEnd := !isZip && serr == nil && offset >= a.lim.compressed
	if isZip || serr != nil {
		offset = a.lim.compressed
	}
	return &brokenError{offset: offset, atEnd: atEnd, err: err}
}

func (a *archiveSource) list() ([]entry, []LoadError, error) {
	var entries []entry
	var errs []LoadError
	seen := map[string]bool{}
	a.meta = map[string][]byte{}
	a.kept = map[string][]byte{}
	var keptBytes int64
	n := 0
	err := a.extract(func(_ context.Context, fi archives.FileInfo) error {
		n++
		if halt := a.lim.count(); halt != nil {
			errs = append(errs, *halt)
			return errStop
		}
		if fi.IsDir() {
			a.cut = n
			return nil
		}
		name, perr := cleanPath(fi.NameInArchive)
		if perr != nil {
			errs = append(errs, LoadError{File: safeName(fi.NameInArchive), Doc: -1, Reason: "unsafe member skipped: " + perr.Error()})
			a.cut = n
			return nil
		}
		if !fi.Mode().IsRegular() || isHardlink(fi) {
			errs = append(errs, LoadError{File: name, Doc: -1, Reason: describeMember(fi)})
			a.cut = n
			return nil
		}
		skip, halt := a.lim.admit(name, fi.Size())
		if halt != nil {
			errs = append(errs, *halt)
			return errStop
		}
		a.cut = n
		switch {
		case skip != nil:
			errs = append(errs, *skip)
		case seen[name]:
			errs = append(errs, LoadError{File: name, Doc: -1, Reason: DuplicateMember})
		default:
			seen[name] = true
			entries = append(entries, entry{path: name, size: fi.Size()})
			if a.kept != nil && keptBytes+fi.Size() <= maxKept {
				// A failed read here is retried, and reported, by read.
				data, err := a.readMember(fi)
				if keptBytes += int64(len(data)); err != nil || keptBytes > maxKept {
					a.kept, a.order = nil, nil
				} else {
					a.kept[name] = data
					a.order = append(a.order, name)
				}
			} else {
				a.kept, a.order = nil, nil
			}
			if isMetaCandidate(name) && fi.Size() <= maxPrefetch {
				if data, ok := a.kept[name]; ok {
					a.meta[name] = data
				} else if data, err := a.readMember(fi); err == nil {
					a.meta[name] = data
				}
			}
		}
		return nil
	})
	var na notArchiveError
	var be *brokenError
	switch {
	case errors.As(err, &na):
		return entries, errs, na.error
	case errors.As(err, &be):
		return entries, errs, be.archiveError(n)
	case err != nil:
		return entries, errs, err
	}
	return entries, errs, nil
}

func isHardlink(fi archives.FileInfo) bool {
	h, ok := fi.Header.(*tar.Header)
	return ok && h.Typeflag == tar.TypeLink
}

func describeMember(fi archives.FileInfo) string {
	if isHardlink(fi) {
		return fmt.Sprintf("hardlink to %q skipped: links are never followed", fi.LinkTarget)
	}
	return describeSpecial(fi.Mode().Type(), fi.LinkTarget)
}

// safeName makes a refused member name printable without letting it pass
// for a bundle path.
func safeName(name string) string {
	if len(name) > 200 {
		name = name[:200] + "…"
	}
	return fmt.Sprintf("%q", name)
}
