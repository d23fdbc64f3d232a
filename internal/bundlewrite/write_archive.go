package bundlewrite

import (
	"archive/zip"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/klauspost/compress/zstd"
)

// Archive is an archive format a Writer writes.
type Archive int

// The archive formats, each of which bundle.Load reads.
const (
	TarGzip Archive = iota // .tar.gz, .tgz
	TarZstd                // .tar.zst
	Zip                    // .zip
)

// archiveSuffixes map file name endings to archive formats.
var archiveSuffixes = []struct {
	suffix  string
	archive Archive
}{{".tar.gz", TarGzip}, {".tgz", TarGzip}, {".tar.zst", TarZstd}, {".zip", Zip}}

// ArchiveFor returns the archive format a file name asks for, and false
// for a name without one of the suffixes .tar.gz, .tgz, .tar.zst and
// .zip (a directory). Suffixes match case-insensitively.
func ArchiveFor(name string) (Archive, bool) {
	lower := strings.ToLower(name)
	for _, s := range archiveSuffixes {
		if strings.HasSuffix(lower, s.suffix) {
			return s.archive, true
		}
	}
	return 0, false
}

// compressor wraps s.out in the tar's compression. Neither stream carries
// a name or a time from the machine: gzip's header fields are left empty,
// and zstd writes none.
func (s *tarSink) compressor() (io.WriteCloser, error) {
	if s.opts.Archive == TarZstd {
		// One encoder goroutine keeps the frames, and so the bytes, the same
		// from run to run.
		return zstd.NewWriter(s.out, zstd.WithEncoderConcurrency(1))
	}
	level := s.opts.Level
	if level == 0 {
		level = gzip.DefaultCompression
	}
	return gzip.NewWriterLevel(s.out, level)
}

// finishZip writes the sorted entries and bundle.yaml last as a zip,
// deflated, with the fixed modes and time of the tar.
func (s *tarSink) finishZip(entries []entry, meta []byte, mtime time.Time) error {
	zw := zip.NewWriter(s.out)
	put := func(name string, body io.Reader) error {
		h := &zip.FileHeader{Name: name, Method: zip.Deflate, Modified: mtime.UTC()}
		h.SetMode(FileMode)
		w, err := zw.CreateHeader(h)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if _, err := io.Copy(w, body); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		return nil
	}
	for _, e := range entries {
		if err := put(e.path, io.NewSectionReader(s.spool, e.offset, e.digest.Bytes)); err != nil {
			return err
		}
	}
	if err := put(MetaFile, strings.NewReader(string(meta))); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("bundle archive: %w", err)
	}
	return nil
}
