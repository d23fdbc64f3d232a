package redact

import (
	"testing"
	"unicode/utf8"

	"github.com/rift-dev/rift/internal/redact/redacttest"
)

// FuzzText checks that the pattern engine never panics (IP mapping on) and
// that redaction is idempotent: redacting output
// again changes nothing.
func FuzzText(f *testing.F) {
	for _, s := range []string{
		"password=hunter2hunter2",
		"Authorization: Bearer abcDEF0123456789xyz",
		"-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n",
		`{\"apiKey\": \"k-1234567890\"}`,
		"- name: API_TOKEN\n  value: tok-abcdef",
		"postgres://u:p4ssw0rd@h/db AKIAIOSFODNN7EXAMPLE " + redacttest.B64("password=abcdefgh"),
		`{"auths":{"r":{"auth":"eDp5"}}}`,
		"clusters:\nusers:\ncontexts:\n",
		"10.1.2.3 fd00::1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		newTest(t, Options{RedactIPs: true}).Text("f", []byte(s))
		r := newTest(t, Options{})
		out := r.Text("f", []byte(s))
		again := r.Text("f", out)
		if string(again) != string(out) {
			t.Errorf("not idempotent:\n1: %q\n2: %q", out, again)
		}
		if utf8.ValidString(s) && !utf8.Valid(out) {
			t.Errorf("valid UTF-8 in, invalid out: %q", out)
		}
		Check("f.log", []byte(s))
	})
}

// FuzzObject decodes arbitrary YAML/JSON and redacts it as objects: no
// panics, and the redacted output passes Check.
func FuzzObject(f *testing.F) {
	for _, s := range []string{
		"apiVersion: v1\nkind: Secret\ndata: {a: YQ==}\n",
		"kind: Deployment\nspec: {template: {spec: {containers: [{env: [{name: DB_PASSWORD, value: x1234567}], args: [-p, pw123456]}]}}}\n",
		`{"kind":"List","items":[{"kind":"Config","clusters":[],"users":[],"contexts":[]}, 3]}`,
		"metadata:\n  annotations:\n    kubectl.kubernetes.io/last-applied-configuration: '{\"password\":\"abcdefgh\"}'\n",
		"a: &x [*x]\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 1<<16 {
			return
		}
		r := newTest(t, Options{SecretKeys: true})
		out, keep := r.File("f.yaml", []byte(s))
		if !keep {
			return
		}
		if fs := Check("f.yaml", out); len(fs) > 0 {
			t.Errorf("redacted output has findings %v:\n%s", fs, out)
		}
	})
}
