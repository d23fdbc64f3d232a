// Package staging writes an output under a temporary name in its target's
// directory and puts it at the target's name only when it is whole, so that
// an interrupted or failed run leaves nothing that looks like a finished
// output.
//
// Contract: New and NewDir refuse a target that already exists (a
// directory target may exist if it is empty) and create the temporary
// output beside it, in the same directory and so on the same filesystem,
// named .<target's name>.partial-<random>. Commit moves it to the target
// without ever replacing an existing file or a non-empty directory;
// Discard removes it. Discard after Commit does nothing, so a caller
// defers Discard and commits on success.
package staging

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Output is one output being written under a temporary name.
type Output struct {
	// Target is the name the output gets on Commit.
	Target string
	// Temp is where the output is written until then.
	Temp string

	file *os.File // nil for a directory
	done bool
}

// New creates a temporary file beside target, with mode perm, for a file
// output. It refuses a target that exists.
func New(target string, perm fs.FileMode) (*Output, error) {
	if _, err := os.Lstat(target); err == nil {
		return nil, fmt.Errorf("%s: already exists; refusing to overwrite", target)
	}
	f, err := os.CreateTemp(filepath.Dir(target), tempPattern(target))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", target, unwrapPath(err))
	}
	if err := f.Chmod(perm); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, fmt.Errorf("%s: %w", target, unwrapPath(err))
	}
	return &Output{Target: target, Temp: f.Name(), file: f}, nil
}

// NewDir creates an empty temporary directory beside target, for a
// directory output. It refuses a target that exists, unless it is an empty
// directory (which Commit replaces).
func NewDir(target string) (*Output, error) {
	if err := emptyOrAbsent(target); err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp(filepath.Dir(filepath.Clean(target)), tempPattern(target))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", target, unwrapPath(err))
	}
	return &Output{Target: target, Temp: dir}, nil
}

func tempPattern(target string) string {
	return "." + filepath.Base(filepath.Clean(target)) + ".partial-*"
}

func emptyOrAbsent(target string) error {
	fi, err := os.Lstat(target)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return fmt.Errorf("%s: %w", target, unwrapPath(err))
	case !fi.IsDir():
		return fmt.Errorf("%s: already exists and is not a directory; refusing to overwrite", target)
	}
	ents, err := os.ReadDir(target)
	if err != nil {
		return fmt.Errorf("%s: %w", target, unwrapPath(err))
	}
	if len(ents) > 0 {
		return fmt.Errorf("%s: output directory is not empty", target)
	}
	return nil
}

// File is the open temporary file of a file output (nil for a directory).
// Commit and Discard close it.
func (o *Output) File() *os.File { return o.file }

// Commit puts the output at its target name: a file is synced, closed and
// linked there (which fails if something took the name meanwhile), a
// directory renamed there once an empty directory at the name is removed
// (a non-empty one is never removed, and the rename fails). A
// failed Commit leaves the temporary output for Discard.
func (o *Output) Commit() error {
	if o.done {
		return errors.New(o.Target + ": already committed or discarded")
	}
	if o.file == nil {
		// os.Rename never replaces a directory; os.Remove removes only an
		// empty one.
		if fi, err := os.Lstat(o.Target); err == nil && fi.IsDir() {
			if err := os.Remove(o.Target); err != nil {
				return fmt.Errorf("%s: %w", o.Target, unwrapPath(err))
			}
		}
		if err := os.Rename(o.Temp, o.Target); err != nil {
			return fmt.Errorf("%s: %w", o.Target, unwrapPath(err))
		}
		o.done = true
		return nil
	}
	if err := o.file.Sync(); err != nil {
		return fmt.Errorf("%s: %w", o.Target, unwrapPath(err))
	}
	if err := o.file.Close(); err != nil {
		return fmt.Errorf("%s: %w", o.Target, unwrapPath(err))
	}
	if err := place(o.Temp, o.Target); err != nil {
		return fmt.Errorf("%s: %w", o.Target, err)
	}
	o.done = true
	return nil
}

// place moves file tmp to target without replacing an existing target: by
// a hard link and removing tmp, or where the filesystem has no hard links,
// by a rename once target is seen absent.
func place(tmp, target string) error {
	err := os.Link(tmp, target)
	switch {
	case err == nil:
		os.Remove(tmp)
		return nil
	case errors.Is(err, fs.ErrExist):
		return errors.New("already exists; refusing to overwrite")
	}
	if _, serr := os.Lstat(target); !errors.Is(serr, fs.ErrNotExist) {
		return unwrapPath(err)
	}
	return unwrapPath(os.Rename(tmp, target))
}

// Discard removes the temporary output, if it was not committed. It is
// safe to call more than once.
func (o *Output) Discard() {
	if o.done {
		return
	}
	o.done = true
	if o.file != nil {
		o.file.Close()
		os.Remove(o.Temp)
		return
	}
	os.RemoveAll(o.Temp)
}

// unwrapPath drops the *PathError's own path: messages name the target.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	var le *os.LinkError
	if errors.As(err, &le) {
		return fmt.Errorf("%s: %w", le.Op, le.Err)
	}
	return err
}
