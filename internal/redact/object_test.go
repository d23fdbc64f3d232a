package redact

import (
	"net/netip"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"sigs.k8s.io/yaml"
)

func obj(t *testing.T, y string) map[string]any {
	t.Helper()
	docs, err := Documents([]byte(y))
	if err != nil || len(docs) != 1 {
		t.Fatalf("fixture: %v (%d docs)", err, len(docs))
	}
	return docs[0]
}

func toYAML(t *testing.T, m map[string]any) string {
	t.Helper()
	b, err := yaml.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestObjectSecrets(t *testing.T) {
	const secret = `apiVersion: v1
kind: Secret
type: Opaque
metadata:
  name: db
  annotations: {kubectl.kubernetes.io/last-applied-configuration: '{"stringData":{"pw":"x"}}', team: shop}
data: {password: aHVudGVyMg==, user: YXBw}
stringData: {extra: plain}
`
	for _, tc := range []struct {
		name string
		opts Options
		in   string
		want string
	}{
		{"keys dropped", Options{}, secret, `apiVersion: v1
kind: Secret
metadata:
  annotations:
    team: shop
  name: db
type: Opaque
`},
		{"keys kept", Options{SecretKeys: true}, secret, `apiVersion: v1
data:
  password: ""
  user: ""
kind: Secret
metadata:
  annotations:
    team: shop
  name: db
stringData:
  extra: ""
type: Opaque
`},
		{"helm release metadata only", Options{SecretKeys: true}, `apiVersion: v1
kind: Secret
type: helm.sh/release.v1
metadata: {name: sh.helm.release.v1.web.v1, labels: {status: deployed}}
data: {release: SDRzSUFBQUFBQUFBLzZ5VlRXL2JPQkNHLy9x}
`, `apiVersion: v1
kind: Secret
metadata:
  labels:
    status: deployed
  name: sh.helm.release.v1.web.v1
type: helm.sh/release.v1
`},
		{"dockerconfigjson never kept", Options{SecretKeys: true}, `apiVersion: v1
kind: Secret
type: kubernetes.io/dockerconfigjson
metadata: {name: regcred}
data: {.dockerconfigjson: eyJhdXRocyI6e319}
`, `apiVersion: v1
kind: Secret
metadata:
  name: regcred
type: kubernetes.io/dockerconfigjson
`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newTest(t, tc.opts)
			got, keep := r.Object("s.yaml", obj(t, tc.in))
			if !keep {
				t.Fatal("Secret dropped whole")
			}
			if d := cmp.Diff(tc.want, toYAML(t, got)); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
}

func TestObjectWorkload(t *testing.T) {
	r := newTest(t, Options{})
	got, _ := r.Object("d.yaml", obj(t, `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  annotations:
    kubectl.kubernetes.io/last-applied-configuration: '{"kind":"Deployment","spec":{"template":{"spec":{"containers":[{"env":[{"name":"API_KEY","value":"k-0123456789"}]}]}}}}'
spec:
  template:
    spec:
      containers:
      - name: init
        command: [mysqladmin, -uroot, -pGlu3d-1234, ping]
      - name: web
        image: nginx@sha256:0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef
        ports: [{containerPort: 8080}]
        command: [docker, run, -p, "8080:80", --rm, app]
        args: [--port=8080, --client-secret=cs-abcdef123, -p, pw-xyz123456]
        env:
        - {name: SECRET_NAME, value: web-secret}
        - {name: DISCOVER_TOLERATION_KEY, value: node-role.kubernetes.io/master}
        - {name: API_ENCRYPTION_KEY, value: IvWItkB8+ezMisPjSMBknT1PdKjBx7Xc}
        - {name: GITHUB_TOKEN, valueFrom: {secretKeyRef: {name: gh, key: token}}}
        - {name: GITHUB_TOKEN_LITERAL, value: plain-literal-9}
data:
  db-password: "from-file-pw9\n"
`))
	out := toYAML(t, got)
	for _, gone := range []string{"k-0123456789", "cs-abcdef123", "pw-xyz123456", "plain-literal-9", "from-file-pw9", "IvWItkB8", "Glu3d-1234"} {
		if strings.Contains(out, gone) {
			t.Errorf("%q survived:\n%s", gone, out)
		}
	}
	for _, kept := range []string{"node-role.kubernetes.io/master", "8080:80", "--port=8080", "web-secret", "secretKeyRef", "key: token", "sha256:0123456789abcdef", "containerPort: 8080"} {
		if !strings.Contains(out, kept) {
			t.Errorf("%q lost:\n%s", kept, out)
		}
	}
}

func TestObjectBlobsDropped(t *testing.T) {
	r := newTest(t, Options{})
	docs, err := Documents([]byte(`{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\nMIIB\n-----END PRIVATE KEY-----\n", "client_email": "a@b.iam.gserviceaccount.com"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, keep := r.Object("sa.json", docs[0]); keep {
		t.Error("service-account key kept")
	}
	list := obj(t, `apiVersion: v1
kind: List
items:
- {apiVersion: v1, kind: ConfigMap, metadata: {name: a}}
- {apiVersion: v1, kind: Config, clusters: [], users: [{name: u, user: {token: abc}}], contexts: []}
`)
	got, keep := r.Object("l.yaml", list)
	if items := got["items"].([]any); !keep || len(items) != 1 {
		t.Errorf("List after redaction: keep=%v items=%v", keep, got["items"])
	}
	if n := r.Report().Rules["kubeconfig"]["l.yaml"]; n != 1 {
		t.Errorf("kubeconfig count = %d, want 1", n)
	}
}

func TestUserConfig(t *testing.T) {
	cfg := &Config{
		Literals: []string{"acme-internal-x9"},
		Regexes:  []string{`cust-([0-9]{6})`},
		Fields:   []Field{{Kind: "Deployment", Path: `metadata.annotations.acme\.io/owner`}, {Path: "spec.*.ssn"}},
	}
	r := newTest(t, Options{Config: cfg})
	got, _ := r.Object("d.yaml", obj(t, `apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
  annotations: {acme.io/owner: jane, note: "ticket for acme-internal-x9 cust-123456", acme-internal-x9/team: a}
spec: {a: {ssn: 123-45-6789}, b: {ssn: 987-65-4321}}
`))
	out := toYAML(t, got)
	for _, gone := range []string{"acme-internal-x9", "123456", "jane", "6789", "4321"} {
		if strings.Contains(out, gone) {
			t.Errorf("%q survived:\n%s", gone, out)
		}
	}
	rep, _ := yaml.Marshal(r.Report())
	if strings.Contains(string(rep), "acme-internal") {
		t.Errorf("report holds a user literal:\n%s", rep)
	}
	want := Report{Rules: map[string]map[string]int{"user-literal": {"d.yaml": 2}, "user-regex": {"d.yaml": 1}, "user-field": {"d.yaml": 3}}}
	if !equalReport(r.Report(), want) {
		t.Errorf("Report() = %v, want %v", r.Report(), want)
	}
	for _, bad := range []*Config{{Literals: []string{"ab"}}, {Regexes: []string{"(("}}, {Fields: []Field{{Path: ""}}}} {
		if _, err := New(Options{Config: bad}); err == nil {
			t.Errorf("New accepted bad config %+v", bad)
		}
	}
}

func TestRedactIPs(t *testing.T) {
	r := newTest(t, Options{RedactIPs: true})
	in := "a=10.1.2.3 b=10.1.2.4 c=10.1.9.9 d=192.168.0.1 lo=127.0.0.1 v6=fd00:1::5 v6b=fd00:1::6 ver=v1.2"
	out := string(r.Text("f", []byte(in)))
	fields := map[string]netip.Addr{}
	for _, f := range strings.Fields(out) {
		k, v, _ := strings.Cut(f, "=")
		if a, err := netip.ParseAddr(v); err == nil {
			fields[k] = a
		}
	}
	if fields["a"].String() == "10.1.2.3" || fields["lo"].String() != "127.0.0.1" || !strings.Contains(out, "ver=v1.2") {
		t.Errorf("mapping: %s", out)
	}
	p24 := func(a netip.Addr) netip.Prefix { p, _ := a.Prefix(24); return p }
	p16 := func(a netip.Addr) netip.Prefix { p, _ := a.Prefix(16); return p }
	p8 := func(a netip.Addr) netip.Prefix { p, _ := a.Prefix(8); return p }
	if p24(fields["a"]) != p24(fields["b"]) || fields["a"] == fields["b"] {
		t.Errorf("a and b should share a /24 and differ: %v %v", fields["a"], fields["b"])
	}
	if p16(fields["a"]) != p16(fields["c"]) || p24(fields["a"]) == p24(fields["c"]) {
		t.Errorf("a and c should share only a /16: %v %v", fields["a"], fields["c"])
	}
	if p8(fields["a"]) == p8(fields["d"]) {
		t.Errorf("a and d should not share a /8: %v %v", fields["a"], fields["d"])
	}
	if again := string(r.Text("g", []byte("x=10.1.2.3"))); again != "x="+fields["a"].String() {
		t.Errorf("mapping not consistent: %s vs %s", again, fields["a"])
	}
	if !fields["v6"].Is6() || fields["v6"].String() == "fd00:1::5" {
		t.Errorf("IPv6 not mapped: %s", out)
	}
}
