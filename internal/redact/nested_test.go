package redact

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"
	"github.com/mholt/archives"

	"github.com/rift-dev/rift/internal/bundlewrite"
)

const planted = "Zx9kLm2Qw8vBn4Tr"

// compress compresses data with one of mholt/archives' compressors.
func compress(t testing.TB, c archives.Compressor, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := c.OpenWriter(&buf)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gz(t testing.TB, s string) []byte { return compress(t, archives.Gz{}, []byte(s)) }

// tarOf writes a tar archive of name, body pairs; a name ending in / is a
// folder.
func tarOf(t testing.TB, files ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for i := 0; i < len(files); i += 2 {
		h := &tar.Header{Typeflag: tar.TypeReg, Name: files[i], Mode: 0o644, Size: int64(len(files[i+1]))}
		if strings.HasSuffix(files[i], "/") {
			h.Typeflag, h.Mode, h.Size = tar.TypeDir, 0o755, 0
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		io.WriteString(tw, files[i+1])
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// zipOf writes a zip archive of name, body pairs; a name starting with
// "enc:" is marked encrypted.
func zipOf(t testing.TB, files ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i < len(files); i += 2 {
		name, flags := files[i], uint16(0)
		if n, ok := strings.CutPrefix(name, "enc:"); ok {
			name, flags = n, 1
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Flags: flags})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, files[i+1])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func utf16LE(s string) []byte {
	out := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

func utf16BE(s string) []byte {
	out := []byte{0xfe, 0xff}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u>>8), byte(u))
	}
	return out
}

func randomBytes(n int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// layered is one bundle file in layers, and what check and redact must
// make of it.
type layered struct {
	name string
	path string
	data []byte
	// findings the check of the input lists.
	findings []Finding
	// unread maps each file check lists as not scanned (and redact drops)
	// to a word of its reason.
	unread map[string]string
	// kept says whether redact writes path.
	kept bool
}

func layeredCases(t testing.TB) []layered {
	pw := "password=" + planted + "\n"
	values := "image: web:1.0\ndb:\n  password: " + planted + "\n"
	chart := gz(t, string(tarOf(t,
		"web/", "",
		"web/Chart.yaml", "apiVersion: v2\nname: web\nversion: 1.0.0\n",
		"web/values.yaml", values,
		"web/templates/deploy.yaml", "kind: Deployment\n",
	)))
	sub := gz(t, string(tarOf(t, "sub/values.yaml", values)))
	parent := gz(t, string(tarOf(t, "web/Chart.yaml", "name: web\n", "web/charts/sub-0.1.0.tgz", string(sub))))
	corrupt := gz(t, strings.Repeat(pw, 200))
	return []layered{
		{name: "gzip log", path: "logs/ns/p/c.log.gz", data: gz(t, pw), kept: true,
			findings: []Finding{{"logs/ns/p/c.log.gz", 1, "generic-secret"}}},
		{name: "bzip2 log", path: "logs/ns/p/c.log.bz2", data: compress(t, archives.Bz2{}, []byte(pw)), kept: true,
			findings: []Finding{{"logs/ns/p/c.log.bz2", 1, "generic-secret"}}},
		{name: "xz log", path: "logs/ns/p/c.log.xz", data: compress(t, archives.Xz{}, []byte(pw)), kept: true,
			findings: []Finding{{"logs/ns/p/c.log.xz", 1, "generic-secret"}}},
		{name: "zstd log", path: "logs/ns/p/c.log.zst", data: compress(t, archives.Zstd{}, []byte(pw)), kept: true,
			findings: []Finding{{"logs/ns/p/c.log.zst", 1, "generic-secret"}}},
		{name: "gzip log named .log", path: "logs/ns/p/rotated.log", data: gz(t, pw), kept: true,
			findings: []Finding{{"logs/ns/p/rotated.log", 1, "generic-secret"}}},
		{name: "gzipped values as objects", path: "git/shop/values.yaml.gz", data: gz(t, values), kept: true,
			findings: []Finding{{"git/shop/values.yaml.gz", 3, "generic-secret"}}},
		{name: "helm chart tgz", path: "git/shop/charts/web-1.0.0.tgz", data: chart, kept: true,
			findings: []Finding{{"git/shop/charts/web-1.0.0.tgz/web/values.yaml", 3, "generic-secret"}}},
		{name: "chart inside a chart", path: "git/shop/web.tgz", data: parent, kept: true,
			findings: []Finding{{"git/shop/web.tgz/web/charts/sub-0.1.0.tgz/sub/values.yaml", 3, "generic-secret"}}},
		{name: "zip", path: "git/shop/conf.zip", data: zipOf(t, "conf/app.env", pw, "README", "hello\n"), kept: true,
			findings: []Finding{{"git/shop/conf.zip/conf/app.env", 1, "generic-secret"}}},
		{name: "UTF-16LE with BOM", path: "logs/win/p/c.log", data: utf16LE("started\r\n" + pw), kept: true,
			findings: []Finding{{"logs/win/p/c.log", 2, "generic-secret"}}},
		{name: "UTF-16BE with BOM", path: "logs/win/p/d.log", data: utf16BE(pw), kept: true,
			findings: []Finding{{"logs/win/p/d.log", 1, "generic-secret"}}},
		{name: "unknown binary", path: "logs/ns/p/core.bin", data: randomBytes(4096),
			unread: map[string]string{"logs/ns/p/core.bin": "binary"}},
		{name: "UTF-16 without BOM", path: "logs/win/p/e.log", data: utf16LE(pw)[2:],
			unread: map[string]string{"logs/win/p/e.log": "binary"}},
		{name: "corrupt gzip", path: "logs/ns/p/cut.log.gz", data: corrupt[:len(corrupt)/2],
			unread: map[string]string{"logs/ns/p/cut.log.gz": "corrupt"}},
		{name: "encrypted zip member", path: "git/shop/keys.zip", data: zipOf(t, "enc:id_rsa", "x", "README", "hello\n"), kept: true,
			unread: map[string]string{"git/shop/keys.zip/id_rsa": "encrypted"}},
		{name: "binary inside a chart", path: "git/shop/icon.tgz", data: gz(t, string(tarOf(t, "web/icon.png", string(randomBytes(512)), "web/Chart.yaml", "name: web\n"))), kept: true,
			unread: map[string]string{"git/shop/icon.tgz/web/icon.png": "binary"}},
		{name: "data after a tar's end", path: "git/shop/tail.tgz", data: gz(t, string(tarOf(t, "web/Chart.yaml", "name: web\n"))+pw),
			unread: map[string]string{"git/shop/tail.tgz": "after the end"}},
		{name: "data after a gzip stream", path: "logs/ns/p/tail.log.gz", data: append(gz(t, "started\n"), pw...),
			unread: map[string]string{"logs/ns/p/tail.log.gz": "corrupt"}},
		{name: "data after a bzip2 stream", path: "logs/ns/p/tail.log.bz2", data: append(compress(t, archives.Bz2{}, []byte("started\n")), pw...),
			unread: map[string]string{"logs/ns/p/tail.log.bz2": "corrupt"}},
		{name: "data after an xz stream", path: "logs/ns/p/tail.log.xz", data: append(compress(t, archives.Xz{}, []byte("started\n")), pw...),
			unread: map[string]string{"logs/ns/p/tail.log.xz": "corrupt"}},
		{name: "data after a zstd stream", path: "logs/ns/p/tail.log.zst", data: append(compress(t, archives.Zstd{}, []byte("started\n")), pw...),
			unread: map[string]string{"logs/ns/p/tail.log.zst": "corrupt"}},
		{name: "nested decompression bomb", path: "logs/ns/p/zeros.log.gz", data: gz(t, strings.Repeat("\x00", 80<<20)),
			unread: map[string]string{"logs/ns/p/zeros.log.gz": "ratio"}},
	}
}

// reasons maps skipped files to their reasons.
func reasons(s []Skipped) map[string]string {
	m := map[string]string{}
	for _, x := range s {
		m[x.File] = x.Reason
	}
	return m
}

func sameUnread(t *testing.T, what string, want map[string]string, got []Skipped) {
	t.Helper()
	g := reasons(got)
	if d := cmp.Diff(slices.Sorted(maps.Keys(want)), slices.Sorted(maps.Keys(g))); d != "" {
		t.Errorf("%s (-want +got):\n%s", what, d)
	}
	for f, word := range want {
		if r, ok := g[f]; ok && !strings.Contains(r, word) {
			t.Errorf("%s: %s: reason %q, want it to say %q", what, f, r, word)
		}
	}
}

// TestLayeredFiles checks that check and redact open compressed files,
// archives inside the bundle and UTF-16 text: check finds the planted
// password inside each, redact writes each back in the same layers without
// it, and a file that cannot be opened all the way is listed by check (as
// not scanned) and left out by redact, never passed on.
func TestLayeredFiles(t *testing.T) {
	for _, tc := range layeredCases(t) {
		t.Run(tc.name, func(t *testing.T) {
			in := writeBundle(t, map[string]string{
				"bundle.yaml": "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n",
				tc.path:       string(tc.data),
			})
			fs, unread, err := CheckBundle(in, WalkLimits{})
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.findings, fs); d != "" {
				t.Errorf("check findings (-want +got):\n%s", d)
			}
			sameUnread(t, "check unread", tc.unread, unread)

			out := filepath.Join(t.TempDir(), "out")
			w, err := bundlewrite.NewDir(out)
			if err != nil {
				t.Fatal(err)
			}
			s, err := RedactBundle(in, w, BundleOptions{})
			if err != nil {
				t.Fatal(err)
			}
			sameUnread(t, "redact dropped", tc.unread, s.Dropped)
			data, err := os.ReadFile(filepath.Join(out, tc.path))
			if kept := err == nil; kept != tc.kept {
				t.Fatalf("%s written: %v, want %v", tc.path, kept, tc.kept)
			}
			if tc.kept && formatOf(data) != formatOf(tc.data) {
				t.Errorf("written as %s, read as %s: not in the same format", formatOf(data), formatOf(tc.data))
			}
			fs, unread, err = CheckBundle(out, WalkLimits{})
			if err != nil || len(fs) > 0 || len(unread) > 0 {
				t.Errorf("check of the output: %v, findings %+v, unread %+v", err, fs, unread)
			}
			if len(tc.findings) > 0 {
				if n := s.Report.Rules["generic-secret"][tc.findings[0].File]; n != 1 {
					t.Errorf("redaction.yaml counts %d under %s, want 1: %v", n, tc.findings[0].File, s.Report.Rules)
				}
				text := unlayer(t, data)
				if strings.Contains(text, planted) || !strings.Contains(text, "REDACTED-generic-secret-") {
					t.Errorf("written content, decoded:\n%s", text)
				}
			}
		})
	}
}

// formatOf names data's outer layer by its magic bytes.
func formatOf(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte{0x1f, 0x8b}):
		return "gzip"
	case bytes.HasPrefix(data, []byte("BZh")):
		return "bzip2"
	case bytes.HasPrefix(data, []byte("\xfd7zXZ")):
		return "xz"
	case bytes.HasPrefix(data, []byte{0x28, 0xb5, 0x2f, 0xfd}):
		return "zstd"
	case bytes.HasPrefix(data, []byte("PK")):
		return "zip"
	case len(data) > 262 && string(data[257:262]) == "ustar":
		return "tar"
	case bytes.HasPrefix(data, []byte{0xff, 0xfe}), bytes.HasPrefix(data, []byte{0xfe, 0xff}):
		return "utf16"
	}
	return "text"
}

// unlayer decodes data with the standard decoders, independently of the
// opener, and returns every text inside it.
func unlayer(t *testing.T, data []byte) string {
	t.Helper()
	var dec archives.Decompressor
	switch formatOf(data) {
	case "gzip":
		dec = archives.Gz{}
	case "bzip2":
		dec = archives.Bz2{}
	case "xz":
		dec = archives.Xz{}
	case "zstd":
		dec = archives.Zstd{}
	case "zip":
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			body, err := io.ReadAll(rc)
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString(unlayer(t, body))
		}
		return b.String()
	case "tar":
		tr := tar.NewReader(bytes.NewReader(data))
		var b strings.Builder
		for {
			_, err := tr.Next()
			if err == io.EOF {
				return b.String()
			}
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(tr)
			b.WriteString(unlayer(t, body))
		}
	case "utf16":
		u := make([]uint16, (len(data)-2)/2)
		for i := range u {
			lo, hi := data[2+2*i], data[3+2*i]
			if data[0] == 0xfe {
				lo, hi = hi, lo
			}
			u[i] = uint16(hi)<<8 | uint16(lo)
		}
		return string(utf16.Decode(u))
	default:
		return string(data)
	}
	rc, err := dec.OpenReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	body, err := io.ReadAll(rc)
	if err != nil {
		t.Fatal(err)
	}
	return unlayer(t, body)
}

// FuzzOpen feeds arbitrary bytes to the opener: it must not panic, and
// whatever redact writes must open again all the way, since it wrote it.
func FuzzOpen(f *testing.F) {
	for _, tc := range layeredCases(f) {
		if len(tc.data) < 1<<16 {
			f.Add(tc.path, tc.data)
		}
	}
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		r, err := New(Options{Salt: []byte("fuzz")})
		if err != nil {
			t.Fatal(err)
		}
		o := r.opener(newBudget(WalkLimits{MaxFileBytes: 1 << 20}))
		out, keep, err := o.open(name, name, data, 0)
		if err != nil || !keep || len(o.skipped) > 0 {
			return
		}
		again := r.opener(newBudget(WalkLimits{MaxFileBytes: 1 << 20}))
		if _, keep, err := again.open(name, name, out, 0); err != nil || !keep || len(again.skipped) > 0 {
			t.Errorf("redacted output does not open again: keep %v, err %v, skipped %+v", keep, err, again.skipped)
		}
	})
}

// TestLayeredMetadataNotCarried checks that redact rebuilds compressed
// files and archives from the texts it scanned instead of copying them:
// what no text holds (a gzip header comment, zip comments, tar extended
// records) is not read by either command, so it must not reach the output.
func TestLayeredMetadataNotCarried(t *testing.T) {
	secret := "password=" + planted
	var gzc bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&gzc, gzip.BestSpeed)
	zw.Header.Comment, zw.Header.Name = secret, "c.log"
	io.WriteString(zw, "started\n")
	zw.Close()

	var zipc bytes.Buffer
	zipw := zip.NewWriter(&zipc)
	w, _ := zipw.CreateHeader(&zip.FileHeader{Name: "conf/app.env", Method: zip.Deflate, Comment: secret})
	io.WriteString(w, "LOG_LEVEL=info\n")
	zipw.SetComment(secret)
	zipw.Close()

	var pax bytes.Buffer
	tw := tar.NewWriter(&pax)
	tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: "web/Chart.yaml", Mode: 0o644, Size: 10,
		Format: tar.FormatPAX, PAXRecords: map[string]string{"comment": secret}})
	io.WriteString(tw, "name: web\n")
	tw.Close()

	for _, tc := range []struct {
		name, path string
		data       []byte
		raw        func([]byte) []byte // the bytes to search in the output
	}{
		{"gzip header comment", "logs/ns/p/c.log.gz", gzc.Bytes(), func(b []byte) []byte { return b }},
		{"zip comments", "git/shop/conf.zip", zipc.Bytes(), func(b []byte) []byte { return b }},
		{"tar extended record", "git/shop/web.tgz", gz(t, pax.String()), func(b []byte) []byte {
			zr, err := gzip.NewReader(bytes.NewReader(b))
			if err != nil {
				t.Fatal(err)
			}
			raw, _ := io.ReadAll(zr)
			return raw
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !bytes.Contains(tc.raw(tc.data), []byte(planted)) {
				t.Fatal("test input does not hold the value")
			}
			in := writeBundle(t, map[string]string{
				"bundle.yaml": "apiVersion: rift.dev/v1alpha1\nkind: Bundle\n",
				tc.path:       string(tc.data),
			})
			out := filepath.Join(t.TempDir(), "out")
			w, err := bundlewrite.NewDir(out)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := RedactBundle(in, w, BundleOptions{}); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(filepath.Join(out, tc.path))
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(formatOf(tc.data), formatOf(data)); d != "" {
				t.Errorf("format (-want +got):\n%s", d)
			}
			if bytes.Contains(tc.raw(data), []byte(planted)) {
				t.Errorf("%s carried into the output unread", tc.name)
			}
		})
	}
}
