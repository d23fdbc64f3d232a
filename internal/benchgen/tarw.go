package benchgen

import (
	"archive/tar"
	"compress/gzip"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"
)

// tarGz writes a .tar.gz the way bundlewrite does, without its
// bundle.yaml: a directory entry before its first file, fixed modes and
// times (CaptureTime), no owners. Files are written as they are given,
// and a file's body is made only when it is written (see files), so a
// bundle of hundreds of megabytes never sits in memory whole.
type tarGz struct {
	gz   *gzip.Writer
	tw   *tar.Writer
	dirs map[string]bool
}

func newTarGz(w io.Writer) *tarGz {
	gz, _ := gzip.NewWriterLevel(w, gzip.DefaultCompression) // the level is valid
	return &tarGz{gz: gz, tw: tar.NewWriter(gz), dirs: map[string]bool{}}
}

func (t *tarGz) add(p string, data []byte) error {
	if err := t.dir(path.Dir(p)); err != nil {
		return err
	}
	hdr := &tar.Header{Typeflag: tar.TypeReg, Name: p, Size: int64(len(data)), Mode: 0o644, ModTime: CaptureTime, Format: tar.FormatPAX}
	if err := t.tw.WriteHeader(hdr); err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	if _, err := t.tw.Write(data); err != nil {
		return fmt.Errorf("%s: %w", p, err)
	}
	return nil
}

func (t *tarGz) dir(d string) error {
	if d == "." || t.dirs[d] {
		return nil
	}
	if err := t.dir(path.Dir(d)); err != nil {
		return err
	}
	t.dirs[d] = true
	hdr := &tar.Header{Typeflag: tar.TypeDir, Name: d + "/", Mode: 0o755, ModTime: CaptureTime, Format: tar.FormatPAX}
	if err := t.tw.WriteHeader(hdr); err != nil {
		return fmt.Errorf("%s: %w", d, err)
	}
	return nil
}

func (t *tarGz) close() error {
	if err := t.tw.Close(); err != nil {
		return err
	}
	return t.gz.Close()
}

// files are an archive's files by path, each body made on demand.
type files map[string]func() ([]byte, error)

// write writes every file into a .tar.gz on w in path order, element by
// element ("a/b" before "a-b"), making each body just before it is written
// and dropping it after.
func (fs files) write(w io.Writer) error {
	paths := make([]string, 0, len(fs))
	for p := range fs {
		paths = append(paths, p)
	}
	slices.SortFunc(paths, func(a, b string) int {
		return strings.Compare(strings.ReplaceAll(a, "/", "\x00"), strings.ReplaceAll(b, "/", "\x00"))
	})
	t := newTarGz(w)
	for _, p := range paths {
		data, err := fs[p]()
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		if err := t.add(p, data); err != nil {
			return err
		}
		delete(fs, p)
	}
	return t.close()
}

// static is a file body known in advance.
func static(b []byte) func() ([]byte, error) { return func() ([]byte, error) { return b, nil } }
