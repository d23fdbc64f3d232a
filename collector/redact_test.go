package collector

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"
)

func TestBasicRedactorObjects(t *testing.T) {
	tests := []struct {
		name    string
		obj     string
		secrets []string // must be gone from the output
		keep    []string // must survive unchanged
	}{
		{
			name: "secret data and last-applied",
			obj: `{"apiVersion":"v1","kind":"Secret","metadata":{"name":"db","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"data\":{\"password\":\"aHVudGVyMg==\"}}"}},
			       "data":{"password":"aHVudGVyMg=="},"stringData":{"token":"plain-tok-123"}}`,
			secrets: []string{"aHVudGVyMg==", "plain-tok-123"},
			keep:    []string{"password", "token", "name: db"},
		},
		{
			name: "credential env literals, valueFrom kept",
			obj: `{"apiVersion":"apps/v1","kind":"Deployment","metadata":{"name":"web","uid":"7c9a3f4e-1111-4222-8333-944455556666"},
			       "spec":{"template":{"metadata":{"labels":{"pod-template-hash":"5d8f7c9b6"}},"spec":{"containers":[{"name":"app",
			       "image":"registry.example.com/web@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
			       "env":[{"name":"DB_PASSWORD","value":"Sup3rS3cret!"},{"name":"API_TOKEN","value":"tok_live_abcdef"},
			              {"name":"LOG_LEVEL","value":"debug"},{"name":"DB_PASS_REF","valueFrom":{"secretKeyRef":{"name":"db","key":"password"}}}]}]}}}}`,
			secrets: []string{"Sup3rS3cret!", "tok_live_abcdef"},
			keep: []string{"debug", "7c9a3f4e-1111-4222-8333-944455556666", "5d8f7c9b6", "secretKeyRef",
				"registry.example.com/web@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef"},
		},
		{
			name: "configmap credential keys, patterns and its last-applied copy",
			obj: `{"apiVersion":"v1","kind":"ConfigMap","metadata":{"name":"app","annotations":{"kubectl.kubernetes.io/last-applied-configuration":"{\"apiVersion\":\"v1\",\"kind\":\"ConfigMap\",\"data\":{\"db_password\":\"cm-pass-777\",\"DATABASE_URL\":\"postgres://app:pgpass-42@db.shop.svc:5432/app\"}}"}},
			       "data":{"db_password":"cm-pass-777","DATABASE_URL":"postgres://app:pgpass-42@db.shop.svc:5432/app","settings.ini":"[db]\npassword = ini-pass-99\nhost = db.shop.svc\n","replicas":"3"}}`,
			secrets: []string{"cm-pass-777", "pgpass-42", "ini-pass-99"},
			keep:    []string{"db.shop.svc:5432/app", "host = db.shop.svc", `replicas: "3"`},
		},
		{
			name:    "event message with a private key and a bearer token",
			obj:     `{"apiVersion":"v1","kind":"Event","metadata":{"name":"e"},"reason":"BackOff","message":"curl -H 'Authorization: Bearer eyJhbGciOi.payload.sig' failed; key -----BEGIN RSA PRIVATE KEY-----\nMIIEabc\n-----END RSA PRIVATE KEY-----"}`,
			secrets: []string{"eyJhbGciOi.payload.sig", "MIIEabc"},
			keep:    []string{"BackOff", "curl -H"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var obj map[string]any
			if err := json.Unmarshal([]byte(tt.obj), &obj); err != nil {
				t.Fatal(err)
			}
			r := newBasicRedactor()
			r.Object("objects/shop/x/00000.yaml", obj)
			b, err := yaml.Marshal(obj)
			if err != nil {
				t.Fatal(err)
			}
			out := string(b)
			for _, s := range tt.secrets {
				if strings.Contains(out, s) {
					t.Errorf("secret %q survived:\n%s", s, out)
				}
			}
			for _, s := range tt.keep {
				if !strings.Contains(out, s) {
					t.Errorf("%q was lost:\n%s", s, out)
				}
			}
			if len(r.Report()) == 0 {
				t.Error("no redaction counted")
			}
		})
	}
}

// TestBasicRedactorTokens checks that equal values map to equal tokens in one
// bundle (correlation survives) and that the token format is stable.
func TestBasicRedactorTokens(t *testing.T) {
	r := newBasicRedactor()
	a := string(r.Text("logs/a.log", []byte("connect postgres://u:samepass@db/x\n")))
	b := string(r.Text("logs/b.log", []byte("retry postgres://u:samepass@db/x\n")))
	re := regexp.MustCompile(`REDACTED-url-userinfo-[0-9a-f]{8}`)
	ta, tb := re.FindString(a), re.FindString(b)
	if ta == "" || ta != tb {
		t.Errorf("tokens %q and %q, want one equal token", ta, tb)
	}
	if strings.Contains(a+b, "samepass") {
		t.Error("password survived")
	}
	rep := r.Report()
	if rep["url-userinfo"]["logs/a.log"] != 1 || rep["url-userinfo"]["logs/b.log"] != 1 {
		t.Errorf("report = %v", rep)
	}
	if other := newBasicRedactor(); string(other.Text("x", []byte("postgres://u:samepass@db/x"))) == "postgres://"+ta+"@db/x" {
		t.Error("two bundles share a token: the key is not per run")
	}
}
