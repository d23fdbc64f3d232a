package collector

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/bundlewrite"
	"github.com/rift-dev/rift/internal/redact"
)

// TestRenderedFile stores a user's helm template output as the source's
// rendered manifests, redacted like live objects.
func TestRenderedFile(t *testing.T) {
	rendered := filepath.Join(t.TempDir(), "out.yaml")
	helm := `---
# Source: web/templates/secret.yaml
apiVersion: v1
kind: Secret
metadata: {name: web}
stringData: {password: helm-S3cret-value-991}
---
# Source: web/templates/deployment.yaml
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec: {replicas: 3}
---
`
	if err := os.WriteFile(rendered, []byte(helm), 0o600); err != nil {
		t.Fatal(err)
	}
	red, err := redact.New(redact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	r := &run{cfg: &Config{Git: GitOptions{Rendered: rendered}, PageSize: 500},
		out: &sink{red: red, w: bundlewrite.New(&buf, bundlewrite.Options{}), pages: map[string]int{}}}
	if err := r.collectGit(context.Background()); err != nil {
		t.Fatal(err)
	}
	if err := r.out.w.Close(bundle.Meta{}); err != nil {
		t.Fatal(err)
	}
	if len(r.nc) != 0 {
		t.Errorf("notCollected: %+v", r.nc)
	}
	all := readArchive(t, buf.Bytes())
	for _, want := range []string{"== git/rendered/source.yaml\n", "renderer: helm", "== git/rendered/rendered/00000.json\n", `"replicas":3`, `"kind":"Secret"`} {
		if !strings.Contains(all, want) {
			t.Errorf("archive lacks %q:\n%s", want, all)
		}
	}
	if strings.Contains(all, "helm-S3cret-value-991") {
		t.Errorf("rendered Secret value kept:\n%s", all)
	}
}
