package collector_test

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"io"
	"os"
	"sort"
	"strings"
	"testing"
)

// assertNoSecrets reads every byte of the archive, compressed and not, and
// fails on any planted value, raw or base64 (std and URL alphabets; all
// three alignments, so a value inside a longer base64 string is found too).
func assertNoSecrets(t *testing.T, archive string, values []string) {
	t.Helper()
	raw, err := os.ReadFile(archive)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	files := map[string][]byte{"(compressed archive)": raw}
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(tr)
		files[h.Name] = b
	}
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, v := range values {
		needles := []string{v}
		for pad := 0; pad < 3; pad++ {
			enc := base64.StdEncoding.EncodeToString([]byte(strings.Repeat("x", pad) + v))
			core := enc[(pad*4+2)/3 : len(enc)-4] // drop the padding and edge chars
			needles = append(needles, core, strings.NewReplacer("+", "-", "/", "_").Replace(core))
		}
		for _, n := range names {
			for _, needle := range needles {
				if bytes.Contains(files[n], []byte(needle)) {
					t.Errorf("secret value %q found in %s (as %q)", v, n, needle)
				}
			}
		}
	}
}
