package benchgen

import (
	"context"
	"fmt"
	"io"
	"os"

	"github.com/mholt/archives"
)

// readArchive reads and decompresses every member of the archive at path
// into io.Discard and returns the uncompressed bytes read. It is the "read"
// phase: what loading costs before any decoding, so the decode share of
// the load phase is load minus read. A directory bundle has no archive to
// read; it reports 0.
func readArchive(ctx context.Context, path string) (int64, error) {
	st, err := os.Stat(path)
	if err != nil {
		return 0, err
	}
	if st.IsDir() {
		return 0, nil
	}
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	format, stream, err := archives.Identify(ctx, path, f)
	if err != nil {
		return 0, fmt.Errorf("identify archive: %w", err)
	}
	ex, ok := format.(archives.Extractor)
	if !ok {
		return 0, fmt.Errorf("%s is not an archive", format.Extension())
	}
	var n int64
	err = ex.Extract(ctx, stream, func(_ context.Context, fi archives.FileInfo) error {
		if !fi.Mode().IsRegular() {
			return nil
		}
		rc, err := fi.Open()
		if err != nil {
			return err
		}
		defer rc.Close()
		m, err := io.Copy(io.Discard, rc)
		n += m
		return err
	})
	return n, err
}
