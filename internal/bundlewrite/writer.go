// Package bundlewrite writes rift.dev/v1alpha1 bundles deterministically: the
// same files and the same bundle.yaml always give the same bytes.
//
// A Writer accepts files in any order. For a .tar.gz target, bodies are
// streamed into a spool file next to nothing else in memory; Close sorts the
// entries by path, copies them into the archive and appends bundle.yaml last.
// For a directory target, bodies go straight to disk. Either way the Writer
// keeps only each file's path, size and SHA-256 in memory, so memory is linear
// in the number of files, not in their size.
package bundlewrite

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path"
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"sigs.k8s.io/yaml"
)

// MetaFile is the bundle metadata file the Writer writes itself.
const MetaFile = "bundle.yaml"

// Fixed permissions: bundles carry no owner, group or mode information from
// the machine that wrote them.
const (
	FileMode = 0o644
	DirMode  = 0o755
)

// entry is what the Writer remembers about one added file.
type entry struct {
	path   string
	offset int64 // position in the spool (tar target only)
	digest bundle.FileDigest
}

// sink is the target-specific half of a Writer.
type sink interface {
	// put stores one file body and returns its spool offset (if any).
	put(p string, data []byte) (int64, error)
	// finish writes the sorted entries and bundle.yaml, then releases
	// resources. It is called exactly once.
	finish(entries []entry, meta []byte, mtime time.Time) error
	// abort releases resources after an error.
	abort()
}

// Writer writes one bundle. It is not safe for concurrent use.
type Writer struct {
	sink    sink
	entries []entry
	seen    map[string]bool
	dirs    map[string]bool // parents of files, to refuse a file where a dir is
	closed  bool
	err     error
}

func newWriter(s sink) *Writer {
	return &Writer{sink: s, seen: map[string]bool{}, dirs: map[string]bool{}}
}

// Add stores one file under p, a slash-separated relative path. It refuses
// absolute paths, "..", empty or "." elements, backslashes, a duplicate path,
// a path that clashes with another file's directory, and bundle.yaml (written
// by Close). After an error the Writer refuses everything else.
func (w *Writer) Add(p string, data []byte) error {
	if w.closed {
		return fmt.Errorf("%s: writer already closed", p)
	}
	if w.err != nil {
		return w.err
	}
	if err := CheckPath(p); err != nil {
		return err
	}
	if p == MetaFile {
		return fmt.Errorf("%s: written by Close, not Add", p)
	}
	if w.seen[p] || w.dirs[p] {
		return fmt.Errorf("%s: already added", p)
	}
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if w.seen[d] {
			return fmt.Errorf("%s: parent %s is a file", p, d)
		}
		w.dirs[d] = true
	}
	off, err := w.sink.put(p, data)
	if err != nil {
		w.fail(err)
		return w.err
	}
	sum := sha256.Sum256(data)
	w.seen[p] = true
	w.entries = append(w.entries, entry{path: p, offset: off, digest: bundle.FileDigest{
		Path: p, SHA256: hex.EncodeToString(sum[:]), Bytes: int64(len(data)),
	}})
	return nil
}

// Close completes the bundle: it fills meta.APIVersion and meta.Kind when
// empty, replaces meta.Files with the digests of every added file (sorted by
// path), and writes bundle.yaml last. Every entry's modification time is
// meta.CreatedAt (the Unix epoch when nil), so output does not depend on the
// wall clock.
func (w *Writer) Close(meta bundle.Meta) error {
	if w.closed {
		return errors.New("bundle writer: already closed")
	}
	w.closed = true
	if w.err != nil {
		w.sink.abort()
		return w.err
	}
	sortEntries(w.entries)
	if meta.APIVersion == "" {
		meta.APIVersion = bundle.APIVersion
	}
	if meta.Kind == "" {
		meta.Kind = "Bundle"
	}
	meta.Files = make([]bundle.FileDigest, len(w.entries))
	for i, e := range w.entries {
		meta.Files[i] = e.digest
	}
	body, err := yaml.Marshal(meta)
	if err != nil {
		w.sink.abort()
		return fmt.Errorf("%s: encode: %w", MetaFile, err)
	}
	mtime := time.Unix(0, 0).UTC()
	if meta.CreatedAt != nil {
		mtime = meta.CreatedAt.UTC().Truncate(time.Second)
	}
	return w.sink.finish(w.entries, body, mtime)
}

// Abort ends a bundle that will not be completed: it releases the spool
// and writes nothing more, so the target holds no bundle.yaml (the mark of
// a whole bundle) and the caller discards it. Abort after Close, or twice,
// does nothing.
func (w *Writer) Abort() {
	if w.closed {
		return
	}
	w.closed = true
	w.sink.abort()
}

func (w *Writer) fail(err error) {
	w.err = err
}

// CheckPath reports whether p is acceptable as a path inside a bundle: a
// clean, relative, slash-separated path without "..".
func CheckPath(p string) error {
	switch {
	case p == "":
		return errors.New("empty path")
	case strings.HasPrefix(p, "/"):
		return fmt.Errorf("%s: absolute path", p)
	case strings.ContainsRune(p, '\\'):
		return fmt.Errorf("%s: backslash in path", p)
	case strings.ContainsRune(p, 0):
		return fmt.Errorf("%q: NUL in path", p)
	}
	for _, el := range strings.Split(p, "/") {
		switch el {
		case "..":
			return fmt.Errorf("%s: \"..\" in path", p)
		case "", ".":
			return fmt.Errorf("%s: path not clean", p)
		}
	}
	return nil
}
