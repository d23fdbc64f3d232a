package bundle

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zstd"
)

// member is one entry of a test archive.
type member struct {
	name string
	body string
	typ  byte   // tar type flag; 0 is a regular file
	link string // symlink or hardlink target
	// zeros, when set, makes the body that many zero bytes, streamed so
	// that the test never holds it in memory.
	zeros int64
}

func cm(name string) string {
	return "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: " + name + "\n  namespace: shop\n"
}

// writeTar writes members as a tar stream to w.
func writeTar(t testing.TB, w io.Writer, members []member) {
	t.Helper()
	tw := tar.NewWriter(w)
	for _, m := range members {
		hdr := &tar.Header{Name: m.name, Mode: 0o644, Typeflag: m.typ, Linkname: m.link, Format: tar.FormatPAX}
		switch {
		case m.typ == tar.TypeSymlink || m.typ == tar.TypeLink || m.typ == tar.TypeChar || m.typ == tar.TypeDir:
		case m.zeros > 0:
			hdr.Typeflag, hdr.Size = tar.TypeReg, m.zeros
		default:
			hdr.Typeflag, hdr.Size = tar.TypeReg, int64(len(m.body))
		}
		if err := tw.WriteHeader(hdr); err != nil {
			t.Fatal(err)
		}
		var err error
		if m.zeros > 0 {
			_, err = io.CopyN(tw, zeroReader{}, m.zeros)
		} else if hdr.Size > 0 {
			_, err = io.WriteString(tw, m.body)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
}

type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// archive writes members into dir/name, compressed by the name's
// extension: .tar, .tar.gz, .tar.zst or .zip.
func archive(t testing.TB, dir, name string, members []member) string {
	t.Helper()
	p := filepath.Join(dir, name)
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	switch filepath.Ext(name) {
	case ".gz", ".tgz":
		zw := gzip.NewWriter(f)
		writeTar(t, zw, members)
		closeOrFail(t, zw)
	case ".zst":
		zw, err := zstd.NewWriter(f)
		if err != nil {
			t.Fatal(err)
		}
		writeTar(t, zw, members)
		closeOrFail(t, zw)
	case ".zip":
		zw := zip.NewWriter(f)
		for _, m := range members {
			h := &zip.FileHeader{Name: m.name, Method: zip.Deflate}
			if m.typ == tar.TypeSymlink {
				h.SetMode(os.ModeSymlink | 0o777)
				m.body = m.link
			}
			w, err := zw.CreateHeader(h)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := io.WriteString(w, m.body); err != nil {
				t.Fatal(err)
			}
		}
		closeOrFail(t, zw)
	default:
		writeTar(t, f, members)
	}
	return p
}

func closeOrFail(t testing.TB, c io.Closer) {
	t.Helper()
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
}

// errorLines flattens load errors for comparison.
func errorLines(b *Bundle) []string {
	out := make([]string, len(b.Errors))
	for i, e := range b.Errors {
		out[i] = e.Error()
	}
	return out
}

func refs(b *Bundle) []string {
	out := make([]string, len(b.Objects))
	for i, o := range b.Objects {
		out[i] = o.Ref().String()
	}
	return out
}
