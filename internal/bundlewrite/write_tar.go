package bundlewrite

import (
	"archive/tar"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strings"
	"time"
)

// Options tune a Writer.
type Options struct {
	// TempDir holds the spool file of a .tar.gz Writer ("" means
	// os.TempDir()). The spool is removed by Close.
	TempDir string
	// Level is the gzip compression level (0 means gzip.DefaultCompression).
	Level int
	// Archive is the archive format; the zero value is TarGzip.
	Archive Archive
}

// New returns a Writer that writes a gzip-compressed tar to w (or the
// Options.Archive format). Entries are
// sorted by path with parent directories first, modes are fixed (0644 files,
// 0755 directories), owners are empty and uid/gid are 0, and bundle.yaml
// comes last. Close does not close w.
func New(w io.Writer, opts Options) *Writer {
	return newWriter(&tarSink{out: w, opts: opts})
}

type tarSink struct {
	out   io.Writer
	opts  Options
	spool *os.File
	size  int64
}

func (s *tarSink) put(p string, data []byte) (int64, error) {
	if s.spool == nil {
		f, err := os.CreateTemp(s.opts.TempDir, "rift-bundle-spool-*")
		if err != nil {
			return 0, fmt.Errorf("%s: spool: %w", p, err)
		}
		s.spool = f
	}
	off := s.size
	if _, err := s.spool.Write(data); err != nil {
		return 0, fmt.Errorf("%s: spool: %w", p, err)
	}
	s.size += int64(len(data))
	return off, nil
}

func (s *tarSink) abort() {
	if s.spool != nil {
		s.spool.Close()
		os.Remove(s.spool.Name())
		s.spool = nil
	}
}

func (s *tarSink) finish(entries []entry, meta []byte, mtime time.Time) error {
	defer s.abort()
	if s.opts.Archive == Zip {
		return s.finishZip(entries, meta, mtime)
	}
	gz, err := s.compressor()
	if err != nil {
		return fmt.Errorf("bundle archive: %w", err)
	}
	tw := tar.NewWriter(gz)
	done := map[string]bool{}
	for _, e := range entries {
		if err := writeDirs(tw, path.Dir(e.path), done, mtime); err != nil {
			return err
		}
		hdr := fileHeader(e.path, e.digest.Bytes, mtime)
		if err := tw.WriteHeader(hdr); err != nil {
			return fmt.Errorf("%s: %w", e.path, err)
		}
		body := io.NewSectionReader(s.spool, e.offset, e.digest.Bytes)
		if _, err := io.Copy(tw, body); err != nil {
			return fmt.Errorf("%s: %w", e.path, err)
		}
	}
	if err := tw.WriteHeader(fileHeader(MetaFile, int64(len(meta)), mtime)); err != nil {
		return fmt.Errorf("%s: %w", MetaFile, err)
	}
	if _, err := tw.Write(meta); err != nil {
		return fmt.Errorf("%s: %w", MetaFile, err)
	}
	if err := tw.Close(); err != nil {
		return fmt.Errorf("bundle archive: %w", err)
	}
	if err := gz.Close(); err != nil {
		return fmt.Errorf("bundle archive: %w", err)
	}
	return nil
}

// writeDirs writes an entry for dir and each missing ancestor, outermost
// first.
func writeDirs(tw *tar.Writer, dir string, done map[string]bool, mtime time.Time) error {
	if dir == "." || done[dir] {
		return nil
	}
	if err := writeDirs(tw, path.Dir(dir), done, mtime); err != nil {
		return err
	}
	done[dir] = true
	hdr := &tar.Header{Typeflag: tar.TypeDir, Name: dir + "/", Mode: DirMode, ModTime: mtime, Format: tar.FormatPAX}
	if err := tw.WriteHeader(hdr); err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	return nil
}

func fileHeader(p string, size int64, mtime time.Time) *tar.Header {
	// PAX is chosen explicitly so long paths never switch the format midway;
	// with zero access/change times Go writes no time records beyond mtime.
	return &tar.Header{Typeflag: tar.TypeReg, Name: p, Size: size, Mode: FileMode, ModTime: mtime, Format: tar.FormatPAX}
}

// sortEntries orders entries by path, comparing element by element so that a
// directory's files stay together ("a/b" before "a-b").
func sortEntries(es []entry) {
	slices.SortFunc(es, func(a, b entry) int { return comparePaths(a.path, b.path) })
}

func comparePaths(a, b string) int {
	return strings.Compare(strings.ReplaceAll(a, "/", "\x00"), strings.ReplaceAll(b, "/", "\x00"))
}
