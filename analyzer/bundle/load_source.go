package bundle

import (
	"bytes"
	"fmt"
	"io"
	"path"
	"strings"
)

// entry is one regular file of a bundle, as listed before any is read.
type entry struct {
	// path is slash-separated, clean and relative to the input root.
	path string
	size int64
}

// source is a bundle's raw storage: a directory or an archive. Listing and
// reading are separate passes so that the layout is known before any file
// is decoded, and so that an archive is streamed, never held whole.
type source interface {
	// list returns the regular files in storage order. Items it refuses
	// (links, devices, unsafe paths, files over a limit) are reported as
	// LoadErrors. A non-nil error means the listing stopped early; the
	// entries before it are still valid.
	list() ([]entry, []LoadError, error)
	// read calls fn with the content of each wanted file, in storage order,
	// and stops after the last one. Errors met while reading one file are
	// passed to fn; a returned error ends the pass.
	read(want map[string]bool, fn func(path string, data []byte, err error)) error
}

// limiter applies LoadOptions while listing.
type limiter struct {
	opts       LoadOptions
	entries    int
	total      int64 // bytes of admitted files
	declared   int64 // bytes of all files, skipped ones too, for the ratio
	compressed int64 // archive size; 0 for directories
}

// count counts one listed item of any type (file, folder, link, refused
// member), so that an archive of millions of folders or links is cut off
// as surely as one of millions of files. A non-nil result means listing
// must end here.
func (l *limiter) count() *LoadError {
	l.entries++
	if l.entries > l.opts.MaxEntries {
		e := incomplete("", "more than %d entries; the rest is not read (raise --max-entries)", l.opts.MaxEntries)
		return &e
	}
	return nil
}

// admit checks one regular file after count. skip means the file is
// refused on its own; stop means listing must end here.
func (l *limiter) admit(name string, size int64) (skip, stop *LoadError) {
	// A skipped member still has to be decompressed to reach the next one,
	// so the ratio counts it: a 1 GiB member in a 1 MiB archive is a bomb
	// even though it is never read.
	l.declared += size
	if l.compressed > 0 && l.declared > RatioFloor && l.declared/l.compressed > l.opts.MaxRatio {
		e := incomplete(name, "compression ratio passes %d:1 here (%d bytes declared by a %d-byte archive), a likely decompression bomb; the rest is not read (raise --max-ratio)",
			l.opts.MaxRatio, l.declared, l.compressed)
		return nil, &e
	}
	if size > l.opts.MaxFileBytes {
		e := incomplete(name, "file is %d bytes, over the limit of %d (raise --max-file-size); skipped", size, l.opts.MaxFileBytes)
		return &e, nil
	}
	l.total += size
	if l.total > l.opts.MaxTotalBytes {
		e := incomplete(name, "total uncompressed size passes %d bytes here; the rest is not read (raise --max-total-size)", l.opts.MaxTotalBytes)
		return nil, &e
	}
	return nil, nil
}

// cleanPath validates an archive member name and returns it clean and
// relative. Absolute paths, ".." components, backslashes, drive letters and
// NUL bytes are refused: nothing is ever written to disk, but a name that
// climbs out of the bundle is a sign of a hostile archive and must not be
// mistaken for a bundle file.
func cleanPath(name string) (string, error) {
	switch {
	case name == "":
		return "", fmt.Errorf("empty path")
	case strings.ContainsAny(name, "\\\x00"):
		return "", fmt.Errorf("path contains a backslash or NUL byte")
	case strings.HasPrefix(name, "/"):
		return "", fmt.Errorf("absolute path")
	case len(name) >= 2 && name[1] == ':':
		return "", fmt.Errorf("path with a drive letter")
	}
	for _, part := range strings.Split(name, "/") {
		if part == ".." {
			return "", fmt.Errorf("path climbs out with \"..\"")
		}
	}
	p := path.Clean(name)
	if p == "." {
		return "", fmt.Errorf("empty path")
	}
	return p, nil
}

// readLimited reads r to the end, refusing more than max bytes, which
// protects against archives whose headers understate a member's size. hint
// is the expected size: reserving it up front spares the repeated growth of
// io.ReadAll, a large share of the garbage when loading thousands of files.
func readLimited(r io.Reader, max, hint int64) ([]byte, error) {
	var buf bytes.Buffer
	if hint > 0 && hint <= max {
		buf.Grow(int(hint) + bytes.MinRead)
	}
	if _, err := buf.ReadFrom(io.LimitReader(r, max+1)); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	if int64(len(data)) > max {
		return nil, fmt.Errorf("file is over the limit of %d bytes (raise --max-file-size)", max)
	}
	return data, nil
}
