package bundlewrite

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"time"
)

// NewDir returns a Writer that writes the bundle as a directory tree under
// dir. dir must not exist or must be empty; it is created with mode 0755.
// Files are written as they are added (0644); Close writes bundle.yaml and
// sets every file's and directory's modification time to the capture time.
func NewDir(dir string) (*Writer, error) {
	ents, err := os.ReadDir(dir)
	switch {
	case err == nil && len(ents) > 0:
		return nil, fmt.Errorf("%s: output directory is not empty", dir)
	case err != nil && !os.IsNotExist(err):
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	if err := os.MkdirAll(dir, DirMode); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return newWriter(&dirSink{root: dir, dirs: map[string]bool{}}), nil
}

type dirSink struct {
	root string
	dirs map[string]bool
}

func (s *dirSink) put(p string, data []byte) (int64, error) {
	if d := path.Dir(p); d != "." && !s.dirs[d] {
		if err := os.MkdirAll(s.local(d), DirMode); err != nil {
			return 0, fmt.Errorf("%s: %w", p, err)
		}
		for ; d != "." && !s.dirs[d]; d = path.Dir(d) {
			s.dirs[d] = true
		}
	}
	if err := writeFile(s.local(p), data); err != nil {
		return 0, fmt.Errorf("%s: %w", p, err)
	}
	return 0, nil
}

func (s *dirSink) abort() {}

func (s *dirSink) finish(entries []entry, meta []byte, mtime time.Time) error {
	if err := writeFile(s.local(MetaFile), meta); err != nil {
		return fmt.Errorf("%s: %w", MetaFile, err)
	}
	set := func(p string, mode os.FileMode) error {
		if err := os.Chmod(s.local(p), mode); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if err := os.Chtimes(s.local(p), mtime, mtime); err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		return nil
	}
	for _, e := range entries {
		if err := set(e.path, FileMode); err != nil {
			return err
		}
	}
	if err := set(MetaFile, FileMode); err != nil {
		return err
	}
	// Directory times last: writing files into them changed their mtimes.
	for d := range s.dirs {
		if err := set(d, DirMode); err != nil {
			return err
		}
	}
	return set(".", DirMode)
}

func (s *dirSink) local(p string) string { return filepath.Join(s.root, filepath.FromSlash(p)) }

// writeFile creates p exclusively, so a symlink planted in the output tree is
// never followed.
func writeFile(p string, data []byte) error {
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_EXCL, FileMode)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
