package redact

import (
	"strings"
	"testing"
)

// TestFileUndecodableUntilRedacted: a file that decodes only once a text
// rule replaced a value is redacted as objects as well, so that the
// secrets only object rules find (a password after -p in args) do not
// survive. Found by FuzzObject: the tag in "value: !0000000" broke the
// decode, the env-secret text rule replaced it, and Check then decoded the
// output and found the -p argument.
func TestFileUndecodableUntilRedacted(t *testing.T) {
	for _, tc := range []struct {
		name, in, secret string
	}{
		{"tag in env value", "kind: Deployment\nspec: {template: {spec: {containers: [{env: [{name: DB_PASSWORD, value: !0000000}], args: [-p, s3cretPw9]}]}}}\n", "s3cretPw9"},
		{"fuzz input", "kind: Deployment\nspec: {template: {spec: {containers: [{env: [{name: iB_PASSWORD, value: !0000000}], args: [-p,00A000000]}]}}} ", "00A000000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Documents([]byte(tc.in)); err == nil {
				t.Fatal("fixture decodes as it is: it no longer tests the fallback")
			}
			out, keep := newTest(t, Options{}).File("f.yaml", []byte(tc.in))
			if !keep {
				t.Fatal("file dropped")
			}
			if strings.Contains(string(out), tc.secret) {
				t.Errorf("%q survived:\n%s", tc.secret, out)
			}
			if fs := Check("f.yaml", out); len(fs) > 0 {
				t.Errorf("Check finds %v in:\n%s", fs, out)
			}
		})
	}
}
