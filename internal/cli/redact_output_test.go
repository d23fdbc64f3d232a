package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRedactOutputByName: OUT's suffix chooses the archive (or a
// directory), a recorded-incident folder as IN is read as its bundle/,
// and whatever the format, rift reads the output back as a rift bundle.
func TestRedactOutputByName(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"out.tar.zst", "out.zip", "out.tgz", "out-dir"} {
		t.Run(name, func(t *testing.T) {
			out := filepath.Join(dir, name)
			var stdout, stderr bytes.Buffer
			if code := Execute([]string{"redact", "../../fixtures/kafka-stale-probe", out}, &stdout, &stderr); code != ExitOK {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			if !strings.Contains(stderr.String(), "from a rift.dev/v1alpha1 bundle") {
				t.Errorf("fixture folder not read as its bundle/: %s", stderr.String())
			}
			fi, err := os.Stat(out)
			if err != nil || fi.IsDir() != (name == "out-dir") {
				t.Fatalf("%s: %v, dir %v", out, err, fi != nil && fi.IsDir())
			}
			stdout.Reset()
			if code := Execute([]string{"inspect", out, "-o", "json"}, &stdout, &stderr); code != ExitOK || !strings.Contains(stdout.String(), `"format": "rift.dev/v1alpha1"`) {
				t.Errorf("inspect %s: exit %d, %.200s", name, code, stdout.String())
			}
		})
	}
}

// TestRedactCountsDroppedSecretData: the Secret values the loader drops on
// reading count among the redacted values.
func TestRedactCountsDroppedSecretData(t *testing.T) {
	in := filepath.Join(t.TempDir(), "in")
	if err := os.MkdirAll(in, 0o755); err != nil {
		t.Fatal(err)
	}
	secret := "apiVersion: v1\nkind: Secret\nmetadata: {name: db, namespace: shop}\ndata:\n  password: cGFzc3dvcmQ=\n  user: YWRtaW4=\n"
	if err := os.WriteFile(filepath.Join(in, "s.yaml"), []byte(secret), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	if code := Execute([]string{"redact", in, filepath.Join(t.TempDir(), "out")}, &bytes.Buffer{}, &stderr); code != ExitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if !strings.Contains(stderr.String(), ", 2 values redacted,") {
		t.Errorf("want the two Secret values counted: %s", stderr.String())
	}
}
