package bundle

import (
	"archive/tar"
	"context"
	"errors"
	"fmt"
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

// errStop ends an extraction pass on purpose.
var errStop = errors.New("stop")

// notArchiveError means the file is not an archive rift can read at all,
// as opposed to an archive that breaks part way.
type notArchiveError struct{ error }

// extract runs one pass over the archive, calling fn for every member.
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
	if errors.Is(err, errStop) || errors.Is(err, fs.SkipAll) {
		return nil
	}
	return err
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
			errs = append(errs, LoadError{File: name, Doc: -1, Reason: "archive holds this path twice; the later copy is skipped"})
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
	switch {
	case errors.As(err, &na):
		return entries, errs, na.error
	case err != nil:
		return entries, errs, fmt.Errorf("archive is truncated or corrupt after %d members: %w", n, err)
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
