// Package stage holds the collector's on-disk staging area: files are
// streamed into a temporary directory while the cluster is read, so memory
// stays bounded however large a namespace is, and are packed into one
// deterministic archive at the end.
package stage

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"hash"
	"io"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// Digest is one staged file's size and sha256, as bundle.yaml files[]
// records it.
type Digest struct {
	Path   string
	SHA256 string
	Bytes  int64
}

// Dir is a staging directory. It is safe for concurrent use.
type Dir struct {
	root string

	mu    sync.Mutex
	files map[string]*Digest // nil value: open for writing
}

// New creates a staging directory under parent (os.TempDir when empty).
func New(parent string) (*Dir, error) {
	root, err := os.MkdirTemp(parent, "rift-collect-")
	if err != nil {
		return nil, fmt.Errorf("staging: %w", err)
	}
	return &Dir{root: root, files: map[string]*Digest{}}, nil
}

// Remove deletes the staging directory and everything in it.
func (d *Dir) Remove() error { return os.RemoveAll(d.root) }

// CheckPath refuses paths that are not clean, relative and slash-separated,
// so nothing can be staged outside the directory or twice under two names.
func CheckPath(p string) error {
	switch {
	case p == "" || p == "." || strings.HasPrefix(p, "/"):
		return fmt.Errorf("%q: not a relative path", p)
	case path.Clean(p) != p || strings.Contains(p, `\`):
		return fmt.Errorf("%q: not a clean slash-separated path", p)
	case p == ".." || strings.HasPrefix(p, "../"):
		return fmt.Errorf("%q: leaves the bundle", p)
	}
	return nil
}

// Create opens a new file at the slash-separated bundle path p. The file is
// recorded (size and sha256) when the writer is closed. Creating the same
// path twice is an error.
func (d *Dir) Create(p string) (io.WriteCloser, error) {
	if err := CheckPath(p); err != nil {
		return nil, fmt.Errorf("staging: %w", err)
	}
	d.mu.Lock()
	if _, dup := d.files[p]; dup {
		d.mu.Unlock()
		return nil, fmt.Errorf("staging: %s: written twice", p)
	}
	d.files[p] = nil
	d.mu.Unlock()
	full := filepath.Join(d.root, filepath.FromSlash(p))
	if err := os.MkdirAll(filepath.Dir(full), 0o700); err != nil {
		return nil, fmt.Errorf("staging: %s: %w", p, err)
	}
	f, err := os.OpenFile(full, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("staging: %s: %w", p, err)
	}
	return &file{d: d, path: p, f: f, h: sha256.New()}, nil
}

// Add writes a whole file at once.
func (d *Dir) Add(p string, data []byte) error {
	w, err := d.Create(p)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

// Files returns the digests of the closed files, sorted by path.
func (d *Dir) Files() []Digest {
	d.mu.Lock()
	defer d.mu.Unlock()
	out := make([]Digest, 0, len(d.files))
	for _, fd := range d.files {
		if fd != nil {
			out = append(out, *fd)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// Open opens a closed staged file for reading.
func (d *Dir) Open(p string) (*os.File, error) {
	if err := CheckPath(p); err != nil {
		return nil, err
	}
	return os.Open(filepath.Join(d.root, filepath.FromSlash(p)))
}

type file struct {
	d    *Dir
	path string
	f    *os.File
	h    hash.Hash
	n    int64
	err  error
}

func (w *file) Write(b []byte) (int, error) {
	if w.err != nil {
		return 0, w.err
	}
	n, err := w.f.Write(b)
	w.h.Write(b[:n])
	w.n += int64(n)
	if err != nil {
		w.err = fmt.Errorf("staging: %s: %w", w.path, err)
	}
	return n, w.err
}

func (w *file) Close() error {
	if w.f == nil {
		return w.err
	}
	cerr := w.f.Close()
	w.f = nil
	if w.err == nil && cerr != nil {
		w.err = fmt.Errorf("staging: %s: %w", w.path, cerr)
	}
	if w.err != nil {
		return w.err
	}
	w.d.mu.Lock()
	w.d.files[w.path] = &Digest{Path: w.path, SHA256: hex.EncodeToString(w.h.Sum(nil)), Bytes: w.n}
	w.d.mu.Unlock()
	return nil
}
