package redact

import (
	"strings"
	"testing"

	"github.com/rift-dev/rift/internal/redact/redacttest"
)

func newTest(t *testing.T, opts Options) *Redactor {
	t.Helper()
	if opts.Salt == nil {
		opts.Salt = []byte("unit")
	}
	r, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestTextRules(t *testing.T) {
	for _, tc := range []struct {
		name, in, rule, gone string
	}{
		{"aws key id", "id=AKIAIOSFODNN7EXAMPLE.", "aws-access-key-id", "AKIAIOSFODNN7EXAMPLE"},
		{"aws secret", `aws_secret_access_key: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"`, "aws-secret-key", "wJalrXUtnFEMI"},
		{"bearer", "Authorization: Bearer abcDEF0123456789xyz", "bearer-auth", "abcDEF0123456789xyz"},
		{"basic", "Authorization: Basic dXNlcjpodW50ZXIy", "basic-auth", "dXNlcjpodW50ZXIy"},
		{"url userinfo", "redis://default:hunter2hunter@redis:6379/0", "url-userinfo", "hunter2hunter"},
		{"mysql dsn", "root:Sup3rS3cret@tcp(db:3306)/x", "dsn", "Sup3rS3cret"},
		{"password assignment", "password=letmein99", "generic-secret", "letmein99"},
		{"escaped json", `{\"apiKey\": \"k-1234567890\"}`, "generic-secret", "k-1234567890"},
		{"quoted with space", `passphrase: "correct horse battery"`, "generic-secret", "correct horse"},
		{"cli flag with space", "run --db-password s3cretpw now", "arg-secret", "s3cretpw"},
		{"mysql glued -p", `sh -c "mysqldump -h db -uroot -pGlu3dPw! shop > /tmp/x"`, "arg-secret", "Glu3dPw!"},
		{"env pair yaml", "- name: API_TOKEN\n  value: tok-abcdef", "env-secret", "tok-abcdef"},
		{"env pair json", `{"name":"DB_PASSWORD","value":"pw-123456"}`, "env-secret", "pw-123456"},
		{"pem", "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----", "pem-private-key", "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC"},
		{"pem truncated", "key -----BEGIN EC PRIVATE KEY-----\nMHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5\n", "pem-private-key", "MHcCAQEEIBkg4LVWM9nuwNSk3yByxZpYRTBnVJk5"},
		{"pem in json string", `"key":"-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAzbEXAMPLE\n-----END RSA PRIVATE KEY-----\n"`, "pem-private-key", "MIIEowIBAAKCAQEAzbEXAMPLE"},
		{"base64 of token", "blob: " + redacttest.B64("token=ghp_0123456789abcdefghijABCDEFGHIJ012345"), "github-token", redacttest.B64("token=ghp_0123456789abcdefghijABCDEFGHIJ012345")},
		{"conninfo password", "dsn=host=db.shop user=app password=Zx9kLm2Qw8vBn4Tr", "generic-secret", "Zx9kLm2Qw8vBn4Tr"},
		{"quoted conninfo password", `DATABASE_DSN="host=db.shop password=Zx9kLm2Qw8vBn4Tr"`, "generic-secret", "Zx9kLm2Qw8vBn4Tr"},
		{"password shaped like a pair", "password=host=Zx9kLm2Qw8vBn4Tr", "generic-secret", "Zx9kLm2Qw8vBn4Tr"},
		{"weak key high entropy", "hmac_key=Zm9vYmFyQmF6UXV4MTIzNDU2Nzg5MA", "high-entropy", "Zm9vYmFyQmF6UXV4MTIzNDU2Nzg5MA"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTest(t, Options{})
			got := string(r.Text("f.log", []byte(tc.in)))
			if strings.Contains(got, tc.gone) {
				t.Errorf("Text(%q) = %q, still holds %q", tc.in, got, tc.gone)
			}
			if !strings.Contains(got, "REDACTED-"+tc.rule+"-") {
				t.Errorf("Text(%q) = %q, want a %s token", tc.in, got, tc.rule)
			}
		})
	}
}

func TestTextKeeps(t *testing.T) {
	for _, tc := range []struct{ name, in string }{
		{"image digest", "image: quay.io/x/y@sha256:5b0e4a6f2c8d9e1f3a7b5c6d4e2f0a1b3c5d7e9f1a2b4c6d8e0f2a4b6c8d0e2f"},
		{"uid", "uid: 6a91275e-f6e7-bb61-9e22-4add0929efbf"},
		{"git sha", "revision: a94a8fe5ccb19ba61c4c0873d391e987982fbbd3"},
		{"hashes", "pod-template-hash=7d9f8b6c54 controller-revision-hash=web-6c7b9f5d48"},
		{"ips and hosts", "dial tcp 10.96.0.10:53 (kube-dns.kube-system.svc.cluster.local) from fd00::1"},
		{"secret name", "secretName: web-tls"},
		{"token ttl", "token_ttl=3600 tokenExpirationSeconds: 7200"},
		{"key file flag", "--service-account-key-file=/etc/kubernetes/pki/sa.pub"},
		{"authorization mode", "--authorization-mode=Node,RBAC"},
		{"bool", "automountServiceAccountToken: false"},
		{"placeholder", "password: ${DB_PASSWORD}"},
		{"template", `password: "{{ .Values.password }}"`},
		{"event message", `MountVolume.SetUp failed for volume "etcd-client" : secret "etcd-client" not found`},
		{"bearer prose", "using bearer authentication"},
		{"cert", "-----BEGIN CERTIFICATE-----\nMIIDBTCCAe2gAwIBAgIIQ\n-----END CERTIFICATE-----"},
		{"weak key low entropy", "cache_key=orders-by-customer"},
		{"weak key hex digest", "signature: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"},
		{"token already", "password=REDACTED-generic-secret-0a1b2c3d"},
		{"secret reference", `{"secret": "tls-secret", "namespace": "default"}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTest(t, Options{})
			if got := string(r.Text("f.log", []byte(tc.in))); got != tc.in {
				t.Errorf("Text changed a non-secret:\n in: %q\nout: %q", tc.in, got)
			}
		})
	}
}

func TestTokensConsistent(t *testing.T) {
	r := newTest(t, Options{})
	a := string(r.Text("a.log", []byte("password=hunter2hunter2")))
	b := string(r.Text("b.log", []byte("password: hunter2hunter2")))
	ta, tb := tokenRE.FindString(a), tokenRE.FindString(b)
	if ta == "" || ta != tb {
		t.Errorf("same value gave tokens %q and %q", ta, tb)
	}
	other := newTest(t, Options{Salt: []byte("another bundle")})
	if tc := tokenRE.FindString(string(other.Text("a.log", []byte("password=hunter2hunter2")))); tc == ta {
		t.Errorf("different salts gave the same token %q", tc)
	}
	want := Report{Rules: map[string]map[string]int{"generic-secret": {"a.log": 1, "b.log": 1}}}
	if got := r.Report(); !equalReport(got, want) {
		t.Errorf("Report() = %v, want %v", got, want)
	}
}

func TestRandomSalt(t *testing.T) {
	r1, _ := New(Options{})
	r2, _ := New(Options{})
	v := []byte("password=hunter2hunter2")
	if string(r1.Text("f", v)) == string(r2.Text("f", v)) {
		t.Error("two bundles with random salts gave the same token")
	}
	if _, err := New(Options{Rand: strings.NewReader("short")}); err == nil {
		t.Error("New with a failing salt source succeeded")
	}
}

func equalReport(a, b Report) bool {
	if len(a.Rules) != len(b.Rules) {
		return false
	}
	for rule, files := range b.Rules {
		for f, n := range files {
			if a.Rules[rule][f] != n {
				return false
			}
		}
		if len(a.Rules[rule]) != len(files) {
			return false
		}
	}
	return true
}

func TestTextBlockScalar(t *testing.T) {
	r := newTest(t, Options{})
	in := "config:\n  password: |\n    blockpw-123456\n  key: |\n    -----BEGIN CERTIFICATE-----\n    MIIB\n"
	out := string(r.Text("c.log", []byte(in)))
	if strings.Contains(out, "blockpw-123456") || !strings.Contains(out, "MIIB") {
		t.Errorf("block scalar redaction:\n%s", out)
	}
}
