package cli

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/internal/redact"
)

const plantedPassword = "Zx9kLm2Qw8vBn4Tr"

func gzipBytes(t *testing.T, data []byte) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(data)
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// helmChart is a packaged chart: a .tgz whose values.yaml holds a password.
func helmChart(t *testing.T) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, f := range [][2]string{
		{"web/Chart.yaml", "apiVersion: v2\nname: web\nversion: 1.0.0\n"},
		{"web/values.yaml", "replicas: 2\ndatabase:\n  password: " + plantedPassword + "\n"},
	} {
		tw.WriteHeader(&tar.Header{Typeflag: tar.TypeReg, Name: f[0], Mode: 0o644, Size: int64(len(f[1]))})
		io.WriteString(tw, f[1])
	}
	tw.Close()
	return gzipBytes(t, buf.Bytes())
}

// chartValues returns values.yaml from a packaged chart.
func chartValues(t *testing.T, tgz []byte) string {
	t.Helper()
	tr := tar.NewReader(bytes.NewReader(gunzip(t, tgz)))
	for {
		h, err := tr.Next()
		if err != nil {
			t.Fatalf("no values.yaml in the chart: %v", err)
		}
		if h.Name == "web/values.yaml" {
			b, _ := io.ReadAll(tr)
			return string(b)
		}
	}
}

func utf16LEBytes(s string) []byte {
	out := []byte{0xff, 0xfe}
	for _, u := range utf16.Encode([]rune(s)) {
		out = append(out, byte(u), byte(u>>8))
	}
	return out
}

// TestRedactLayeredFiles is issue 23's repro end to end: a password in a
// rotated .log.gz, in a Helm chart .tgz under git/ and in a UTF-16 log is
// found by --check and redacted inside the file by redact, which writes
// each back in its format; an unknown binary is listed by --check (exit 1)
// and left out by redact, with the count in its summary.
func TestRedactLayeredFiles(t *testing.T) {
	pw := "password=" + plantedPassword + "\n"
	r := rand.New(rand.NewPCG(3, 4))
	blob := make([]byte, 2048)
	for i := range blob {
		blob[i] = byte(r.Uint32())
	}
	in := writeTestDir(t, map[string]string{
		"bundle.yaml":                   riftMeta,
		"logs/ns/p/c.log":               "started\n",
		"logs/ns/p/c.log.1.gz":          string(gzipBytes(t, []byte(pw))),
		"git/shop/charts/web-1.0.0.tgz": string(helmChart(t)),
		"logs/win/iis/w3svc.log":        string(utf16LEBytes("started\r\n" + pw)),
		"logs/ns/p/core.dump":           string(blob),
	})
	code, stdout, stderr := run("redact", "--check", "-o", "json", in)
	if code != ExitFindings {
		t.Fatalf("check of the input: exit %d, want %d\n%s%s", code, ExitFindings, stdout, stderr)
	}
	var res checkResult
	if err := json.Unmarshal([]byte(stdout), &res); err != nil {
		t.Fatal(err)
	}
	want := checkResult{
		Findings: []redact.Finding{
			{File: "git/shop/charts/web-1.0.0.tgz/web/values.yaml", Line: 3, Rule: "generic-secret"},
			{File: "logs/ns/p/c.log.1.gz", Line: 1, Rule: "generic-secret"},
			{File: "logs/win/iis/w3svc.log", Line: 2, Rule: "generic-secret"},
		},
		Unread: []redact.Skipped{{File: "logs/ns/p/core.dump", Reason: "binary content, not text, compressed text or an archive rift can open; not scanned"}},
	}
	if d := cmp.Diff(want, res); d != "" {
		t.Errorf("check of the input (-want +got):\n%s", d)
	}

	for _, out := range []string{filepath.Join(t.TempDir(), "out"), filepath.Join(t.TempDir(), "out.tar.gz")} {
		t.Run(filepath.Base(out), func(t *testing.T) {
			code, stdout, stderr := run("redact", in, out)
			if code != ExitOK {
				t.Fatalf("redact exit %d\n%s%s", code, stdout, stderr)
			}
			if !strings.Contains(stderr, "logs/ns/p/core.dump") || !strings.Contains(stderr, "binary content") || !strings.Contains(stderr, ", 1 not in output") {
				t.Errorf("redact does not list the binary it left out, or its count:\n%s", stderr)
			}
			files := map[string]string{}
			if strings.HasSuffix(out, ".tar.gz") {
				_, files = readTarGz(t, out)
			} else {
				for _, p := range []string{"logs/ns/p/c.log.1.gz", "git/shop/charts/web-1.0.0.tgz", "logs/win/iis/w3svc.log", "logs/ns/p/core.dump"} {
					if b, err := os.ReadFile(filepath.Join(out, p)); err == nil {
						files[p] = string(b)
					}
				}
			}
			if _, ok := files["logs/ns/p/core.dump"]; ok {
				t.Error("the unscannable binary was written")
			}
			log := string(gunzip(t, []byte(files["logs/ns/p/c.log.1.gz"])))
			values := chartValues(t, []byte(files["git/shop/charts/web-1.0.0.tgz"]))
			win := files["logs/win/iis/w3svc.log"]
			if !strings.HasPrefix(win, "\xff\xfe") {
				t.Errorf("UTF-16 log written without its byte order mark: % x", win[:min(len(win), 8)])
			}
			for name, text := range map[string]string{"log": log, "values": values, "utf16": win} {
				if strings.Contains(text, plantedPassword) || strings.Contains(text, string(utf16LEBytes(plantedPassword)[2:])) {
					t.Errorf("%s still holds the password:\n%q", name, text)
				}
			}
			if !strings.Contains(log, "REDACTED-generic-secret-") || !strings.Contains(values, "REDACTED-generic-secret-") {
				t.Errorf("no token in the redacted log %q or values %q", log, values)
			}
			if code, stdout, _ := run("redact", "--check", out); code != ExitOK {
				t.Errorf("check of the output: exit %d\n%s", code, stdout)
			}
		})
	}
}
