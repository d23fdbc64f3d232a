package collector

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// kubeconfig writes a kubeconfig with clusters prod and staging (both at
// server) and contexts for each, with current-context current ("" for none).
func kubeconfig(t *testing.T, server, current string) string {
	t.Helper()
	cfg := `apiVersion: v1
kind: Config
clusters:
- name: prod
  cluster: {server: "` + server + `"}
- name: staging
  cluster: {server: "` + server + `"}
users:
- name: alice
  user: {token: not-a-real-token}
contexts:
- name: prod-admin
  context: {cluster: prod, user: alice, namespace: shop}
- name: staging-admin
  context: {cluster: staging, user: alice}
current-context: "` + current + `"
`
	p := filepath.Join(t.TempDir(), "kubeconfig")
	if err := os.WriteFile(p, []byte(cfg), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func loader(path, ctx, cluster string) clientcmd.ClientConfig {
	return clientcmd.NewNonInteractiveDeferredLoadingClientConfig(
		&clientcmd.ClientConfigLoadingRules{ExplicitPath: path},
		&clientcmd.ConfigOverrides{CurrentContext: ctx, Context: clientcmdContext(cluster)})
}

func TestResolve(t *testing.T) {
	tests := []struct {
		name                  string
		current, ctx, cluster string
		expect                string
		namespaces            []string
		want                  *Target // nil: a refusal containing wantErr
		wantErr               string
	}{
		{name: "current context", current: "prod-admin",
			want: &Target{Context: "prod-admin", Cluster: "prod", Server: "10.0.0.1:6443", Namespaces: []string{"shop"}}},
		{name: "explicit context and namespaces, sorted and deduplicated", current: "prod-admin", ctx: "staging-admin", namespaces: []string{"b", "a", "b"},
			want: &Target{Context: "staging-admin", Cluster: "staging", Server: "10.0.0.1:6443", Namespaces: []string{"a", "b"}}},
		{name: "default namespace of a context without one", ctx: "staging-admin",
			want: &Target{Context: "staging-admin", Cluster: "staging", Server: "10.0.0.1:6443", Namespaces: []string{"default"}}},
		{name: "expected cluster matches", current: "prod-admin", expect: "prod",
			want: &Target{Context: "prod-admin", Cluster: "prod", Server: "10.0.0.1:6443", Namespaces: []string{"shop"}}},
		{name: "ambiguous context", wantErr: "ambiguous context: no current-context is set and the kubeconfig has 2 (prod-admin, staging-admin)"},
		{name: "unknown context", ctx: "nope", wantErr: `context "nope" is not in the kubeconfig`},
		{name: "unknown cluster", current: "prod-admin", cluster: "dev", wantErr: `cluster "dev" is not in the kubeconfig`},
		{name: "expected cluster mismatch", current: "prod-admin", expect: "staging", wantErr: `--expect-cluster "staging" does not match the resolved cluster "prod"`},
		{name: "invalid namespace", current: "prod-admin", namespaces: []string{"Shop_1"}, wantErr: `namespace "Shop_1"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			kc := kubeconfig(t, "https://10.0.0.1:6443/some/path", tt.current)
			cfg := &Config{Kubeconfig: loader(kc, tt.ctx, tt.cluster), Context: tt.ctx, Cluster: tt.cluster,
				ExpectCluster: tt.expect, Namespaces: tt.namespaces}
			got, err := resolve(cfg)
			if tt.want == nil {
				if !IsRefusal(err) || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("resolve error = %v, want a refusal containing %q", err, tt.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got.rest = nil
			if diff := cmp.Diff(tt.want, got, cmp.AllowUnexported(Target{})); diff != "" {
				t.Errorf("target (-want +got):\n%s", diff)
			}
		})
	}
}

// TestRunRefusesMissingNamespace runs the whole collector against a server
// that knows no namespace "ghost": it must refuse and write nothing.
func TestRunRefusesMissingNamespace(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "selfsubjectreviews"):
			w.Write([]byte(`{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview","status":{"userInfo":{"username":"alice","groups":["system:authenticated","ops"]}}}`))
		case r.URL.Path == "/api/v1/namespaces/shop":
			w.Write([]byte(`{"apiVersion":"v1","kind":"Namespace","metadata":{"name":"shop"}}`))
		default:
			w.WriteHeader(http.StatusNotFound)
			w.Write([]byte(`{"apiVersion":"v1","kind":"Status","status":"Failure","reason":"NotFound","code":404,"message":"namespaces \"ghost\" not found"}`))
		}
	}))
	defer srv.Close()
	dir := t.TempDir()
	out := filepath.Join(dir, "b.tar.gz")
	var log strings.Builder
	_, err := Run(context.Background(), Config{
		Kubeconfig: loader(kubeconfig(t, srv.URL, "prod-admin"), "", ""),
		Namespaces: []string{"shop", "ghost"}, Out: out, Log: &log,
	})
	if !IsRefusal(err) || !strings.Contains(err.Error(), `namespace "ghost" does not exist on cluster "prod"`) {
		t.Fatalf("Run error = %v, want a missing-namespace refusal", err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("bundle written despite the refusal: %v", err)
	}
}

func clientcmdContext(cluster string) clientcmdapi.Context {
	return clientcmdapi.Context{Cluster: cluster}
}
