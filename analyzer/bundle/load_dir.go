package bundle

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// dirSource reads a bundle directory. Symlinks and special files inside it
// are listed as skipped, never followed.
type dirSource struct {
	root string
	// only, when set, is the one file of root to read.
	only string
	lim  limiter
}

func (d *dirSource) list() ([]entry, []LoadError, error) {
	if d.only != "" {
		return d.listOne()
	}
	var entries []entry
	var errs []LoadError
	stop := errors.New("stop")
	err := filepath.WalkDir(d.root, func(p string, de fs.DirEntry, err error) error {
		rel, _ := filepath.Rel(d.root, p)
		rel = filepath.ToSlash(rel)
		if err != nil {
			errs = append(errs, incomplete(rel, "cannot read: %v", unwrapPathError(err)))
			if de != nil && de.IsDir() && p != d.root {
				return fs.SkipDir
			}
			return nil
		}
		if p == d.root {
			return nil
		}
		if halt := d.lim.count(); halt != nil {
			errs = append(errs, *halt)
			return stop
		}
		if de.IsDir() {
			return nil
		}
		if !de.Type().IsRegular() {
			errs = append(errs, LoadError{File: rel, Doc: -1, Reason: describeSpecial(de.Type(), linkTarget(p))})
			return nil
		}
		info, err := de.Info()
		if err != nil {
			errs = append(errs, incomplete(rel, "cannot stat: %v", unwrapPathError(err)))
			return nil
		}
		skip, halt := d.lim.admit(rel, info.Size())
		switch {
		case halt != nil:
			errs = append(errs, *halt)
			return stop
		case skip != nil:
			errs = append(errs, *skip)
			return nil
		}
		entries = append(entries, entry{path: rel, size: info.Size()})
		return nil
	})
	if err != nil && !errors.Is(err, stop) {
		return entries, errs, err
	}
	return entries, errs, nil
}

func (d *dirSource) read(want map[string]bool, fn func(string, []byte, error)) error {
	// WalkDir already listed in lexical order; reading in that order again
	// keeps decoding deterministic.
	paths := make([]string, 0, len(want))
	for p := range want {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		data, err := d.readFile(p)
		fn(p, data, err)
	}
	return nil
}

func (d *dirSource) readFile(rel string) ([]byte, error) {
	// O_NOFOLLOW semantics by hand: the item was a regular file when
	// listed; refuse it if it was swapped for a link since.
	full := filepath.Join(d.root, filepath.FromSlash(rel))
	fi, err := os.Lstat(full)
	if err != nil {
		return nil, unwrapPathError(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s", describeSpecial(fi.Mode().Type(), ""))
	}
	f, err := os.Open(full)
	if err != nil {
		return nil, unwrapPathError(err)
	}
	defer f.Close()
	return readLimited(f, d.lim.opts.MaxFileBytes, fi.Size())
}

func linkTarget(p string) string {
	t, err := os.Readlink(p)
	if err != nil {
		return ""
	}
	return t
}

// describeSpecial says why a non-regular item was skipped.
func describeSpecial(mode fs.FileMode, target string) string {
	switch {
	case mode&fs.ModeSymlink != 0:
		if target != "" {
			return fmt.Sprintf("symlink to %q skipped: links are never followed", target)
		}
		return "symlink skipped: links are never followed"
	case mode&fs.ModeDevice != 0:
		return "device file skipped"
	case mode&fs.ModeNamedPipe != 0:
		return "named pipe skipped"
	case mode&fs.ModeSocket != 0:
		return "socket skipped"
	}
	return fmt.Sprintf("special file (%v) skipped", mode)
}

// unwrapPathError drops the absolute path from an *fs.PathError so that
// messages name bundle paths only.
func unwrapPathError(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// listOne lists a single manifest file given on the command line.
func (d *dirSource) listOne() ([]entry, []LoadError, error) {
	fi, err := os.Lstat(filepath.Join(d.root, d.only))
	if err != nil {
		return nil, nil, unwrapPathError(err)
	}
	if !fi.Mode().IsRegular() {
		return nil, []LoadError{{File: d.only, Doc: -1, Reason: describeSpecial(fi.Mode().Type(), "")}}, nil
	}
	d.lim.count()
	if skip, _ := d.lim.admit(d.only, fi.Size()); skip != nil {
		return nil, []LoadError{*skip}, nil
	}
	return []entry{{path: d.only, size: fi.Size()}}, nil, nil
}
