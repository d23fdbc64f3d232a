package collector

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/internal/bundlewrite"
	"github.com/rift-dev/rift/internal/redact"
)

// TestSinkRedactsBeforeWriting pushes objects with planted credentials
// through the sink and reads the archive back: no planted value may be in
// it, and what the analysis needs must be.
func TestSinkRedactsBeforeWriting(t *testing.T) {
	objs := []string{
		`{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"app","namespace":"shop","managedFields":[{"manager":"kubectl"}],
		  "annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{\"DATABASE_URL\":\"postgres://app:cm-pass-31337@db:5432/app\"}}"}},
		  "data":{"DATABASE_URL":"postgres://app:cm-pass-31337@db:5432/app","api_key":"cm-apikey-a1b2c3d4e5f6","LOG_LEVEL":"info"}}`,
		`{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","namespace":"shop","uid":"0d4c7b9e-5f7a-4c1e-9b1a-2f3e4d5c6b7a"},
		  "spec":{"template":{"spec":{"containers":[{"name":"app","image":"registry.example.com/web@sha256:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945",
		  "env":[{"name":"DB_PASSWORD","value":"env-pass-424242"},{"name":"DB_TOKEN","valueFrom":{"secretKeyRef":{"name":"db","key":"token"}}}]}]}}}}`,
		`{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","namespace":"shop"},"data":{"password":"U3VwM3ItUzNjcmV0"}}`,
	}
	planted := []string{"cm-pass-31337", "cm-apikey-a1b2c3d4e5f6", "env-pass-424242", "U3VwM3ItUzNjcmV0"}
	keep := []string{"info", "0d4c7b9e-5f7a-4c1e-9b1a-2f3e4d5c6b7a", "sha256:4f53cda18c2baa0c0354bb5f9a3ecbe5ed12ab4d8e11ba873c2f11161202b945", "secretKeyRef", "db:5432/app", `"managedFields":[{"manager":"kubectl"}]`}

	red, err := redact.New(redact.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	s := &sink{red: red, w: bundlewrite.New(&buf, bundlewrite.Options{}), pages: map[string]int{}}
	var page []map[string]any
	for _, o := range objs {
		var m map[string]any
		if err := json.Unmarshal([]byte(o), &m); err != nil {
			t.Fatal(err)
		}
		page = append(page, m)
	}
	if err := s.page(objDir("shop", "mixed"), page); err != nil {
		t.Fatal(err)
	}
	if err := s.file("logs/shop/web/app.log", []byte("connecting to postgres://app:cm-pass-31337@db:5432/app\n")); err != nil {
		t.Fatal(err)
	}
	if err := s.w.Close(bundle.Meta{}); err != nil {
		t.Fatal(err)
	}
	if s.objects != 3 || s.files != 2 {
		t.Errorf("counted %d objects in %d files, want 3 in 2", s.objects, s.files)
	}
	all := readArchive(t, buf.Bytes())
	for _, p := range planted {
		if strings.Contains(all, p) {
			t.Errorf("%q survived redaction:\n%s", p, all)
		}
	}
	for _, k := range keep {
		if !strings.Contains(all, k) {
			t.Errorf("%q was lost:\n%s", k, all)
		}
	}
	for _, p := range []string{"objects/shop/mixed/00000.json", "logs/shop/web/app.log"} {
		if !strings.Contains(all, "== "+p+"\n") {
			t.Errorf("no %s in the archive", p)
		}
	}
}

func readArchive(t *testing.T, b []byte) string {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	tr := tar.NewReader(zr)
	var all strings.Builder
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return all.String()
		}
		if err != nil {
			t.Fatal(err)
		}
		data, _ := io.ReadAll(tr)
		all.WriteString("== " + h.Name + "\n")
		all.Write(data)
	}
}
