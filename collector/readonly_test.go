package collector

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	authv1 "k8s.io/api/authentication/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

func TestCheckReadOnly(t *testing.T) {
	const direct, rancher = "https://api.example.com:6443", "https://rancher.example.com/k8s/clusters/c-m-abc"
	tests := []struct {
		name, server, method, url string
		ok                        bool
	}{
		{"list pods", direct, "GET", "/api/v1/namespaces/shop/pods?limit=500", true},
		{"get log", direct, "GET", "/api/v1/namespaces/shop/pods/web-0/log?tailLines=10&previous=true", true},
		{"discovery", direct, "GET", "/apis", true},
		{"group discovery", direct, "GET", "/apis/apps/v1", true},
		{"core discovery", direct, "GET", "/api/v1", true},
		{"version", direct, "GET", "/version", true},
		{"cluster-scoped get", direct, "GET", "/api/v1/nodes/n1", true},
		{"namespace get", direct, "GET", "/api/v1/namespaces/shop", true},
		{"self subject review", direct, "POST", "/apis/authentication.k8s.io/v1/selfsubjectreviews", true},
		{"create pod", direct, "POST", "/api/v1/namespaces/shop/pods", false},
		{"delete", direct, "DELETE", "/api/v1/namespaces/shop/pods/web-0", false},
		{"patch", direct, "PATCH", "/apis/apps/v1/namespaces/shop/deployments/web", false},
		{"put", direct, "PUT", "/api/v1/namespaces/shop/configmaps/c", false},
		{"watch param", direct, "GET", "/api/v1/namespaces/shop/pods?watch=true", false},
		{"watch path", direct, "GET", "/api/v1/watch/namespaces/shop/pods", false},
		{"group watch path", direct, "GET", "/apis/apps/v1/watch/deployments", false},
		{"follow log", direct, "GET", "/api/v1/namespaces/shop/pods/web-0/log?follow=true", false},
		{"exec", direct, "GET", "/api/v1/namespaces/shop/pods/web-0/exec?command=sh", false},
		{"exec post", direct, "POST", "/api/v1/namespaces/shop/pods/web-0/exec", false},
		{"attach", direct, "GET", "/api/v1/namespaces/shop/pods/web-0/attach", false},
		{"portforward", direct, "GET", "/api/v1/namespaces/shop/pods/web-0/portforward", false},
		{"service proxy", direct, "GET", "/api/v1/namespaces/shop/services/web:80/proxy/", false},
		{"node proxy", direct, "GET", "/api/v1/nodes/n1/proxy/logs", false},
		{"old proxy path", direct, "GET", "/api/v1/proxy/namespaces/shop/services/web/", false},
		{"path after a subresource", direct, "GET", "/api/v1/namespaces/shop/pods/web-0/log/extra", false},
		{"unclean path", direct, "GET", "/api/v1/namespaces/shop/../kube-system/secrets", false},
		{"non-API path", direct, "GET", "/logs/kube-apiserver.log", false},
		{"token request", direct, "POST", "/api/v1/namespaces/shop/serviceaccounts/default/token", false},
		{"self subject access review", direct, "POST", "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", false},
		// Names are names: only the grammar says what is a subresource.
		{"namespace named proxy", direct, "GET", "/api/v1/namespaces/proxy/pods", true},
		{"namespace named exec", direct, "GET", "/apis/apps/v1/namespaces/exec/deployments", true},
		{"namespace named watch", direct, "GET", "/api/v1/namespaces/watch/configmaps", true},
		{"pod named exec", direct, "GET", "/api/v1/namespaces/shop/pods/exec", true},
		{"log of a pod named attach", direct, "GET", "/api/v1/namespaces/portforward/pods/attach/log", true},
		{"pod named proxy", direct, "GET", "/api/v1/namespaces/shop/pods/proxy", true},
		// Behind a path-prefixed server URL (Rancher).
		{"prefixed list", rancher, "GET", "/k8s/clusters/c-m-abc/api/v1/namespaces/shop/pods", true},
		{"prefixed self subject review", rancher, "POST", "/k8s/clusters/c-m-abc/apis/authentication.k8s.io/v1/selfsubjectreviews", true},
		{"prefixed watch path", rancher, "GET", "/k8s/clusters/c-m-abc/api/v1/watch/namespaces/shop/pods", false},
		{"prefixed group watch path", rancher, "GET", "/k8s/clusters/c-m-abc/apis/apps/v1/watch/deployments", false},
		{"prefixed exec", rancher, "GET", "/k8s/clusters/c-m-abc/api/v1/namespaces/shop/pods/web-0/exec", false},
		{"outside the base path", rancher, "GET", "/api/v1/namespaces/shop/pods", false},
		{"another cluster's base path", rancher, "GET", "/k8s/clusters/c-m-abcdef/api/v1/namespaces/shop/pods", false},
		// Redirects away from the server.
		{"another host", direct, "GET", "https://evil.example.net:6443/api/v1/namespaces/shop/pods", false},
		{"another port", direct, "GET", "https://api.example.com:8443/api/v1/namespaces/shop/pods", false},
		{"another scheme", direct, "GET", "http://api.example.com:6443/api/v1/namespaces/shop/pods", false},
		{"default port spelled out", "https://api.example.com", "GET", "https://api.example.com:443/api", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			server, err := url.Parse(tt.server)
			if err != nil {
				t.Fatal(err)
			}
			target := tt.url
			if strings.HasPrefix(target, "/") {
				target = server.Scheme + "://" + server.Host + target
			}
			req := httptest.NewRequest(tt.method, target, nil)
			err = checkReadOnly(req, server)
			if (err == nil) != tt.ok {
				t.Fatalf("checkReadOnly(%s %s) = %v, want ok=%v", tt.method, tt.url, err, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrNotReadOnly) {
				t.Errorf("error %v does not wrap ErrNotReadOnly", err)
			}
		})
	}
}

// TestReadOnlyTransport drives a real clientset through the wrapped config:
// refused requests never reach the server.
func TestReadOnlyTransport(t *testing.T) {
	var hits atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Method == "POST" && strings.HasSuffix(r.URL.Path, "selfsubjectreviews"):
			w.Write([]byte(`{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview","status":{"userInfo":{"username":"alice"}}}`))
		default:
			w.Write([]byte(`{"apiVersion":"v1","kind":"ConfigMapList","metadata":{},"items":[]}`))
		}
	}))
	defer srv.Close()
	cs, err := kubernetes.NewForConfig(ReadOnly(&rest.Config{Host: srv.URL}))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if _, err := cs.CoreV1().ConfigMaps("shop").List(ctx, metav1.ListOptions{}); err != nil {
		t.Fatalf("list: %v", err)
	}
	ssr, err := cs.AuthenticationV1().SelfSubjectReviews().Create(ctx, &authv1.SelfSubjectReview{}, metav1.CreateOptions{})
	if err != nil || ssr.Status.UserInfo.Username != "alice" {
		t.Fatalf("self subject review: %v %+v", err, ssr)
	}
	before := hits.Load()
	if err := cs.CoreV1().ConfigMaps("shop").Delete(ctx, "c", metav1.DeleteOptions{}); !errors.Is(err, ErrNotReadOnly) {
		t.Errorf("delete: got %v, want ErrNotReadOnly", err)
	}
	if _, err := cs.CoreV1().ConfigMaps("shop").Watch(ctx, metav1.ListOptions{}); !errors.Is(err, ErrNotReadOnly) {
		t.Errorf("watch: got %v, want ErrNotReadOnly", err)
	}
	if hits.Load() != before {
		t.Errorf("refused requests reached the server: %d", hits.Load()-before)
	}
}

// TestReadOnlyRedirect: a redirect to another host is refused before it
// is sent, so the bearer token never reaches that host; behind a
// path-prefixed server URL, reads and the SelfSubjectReview pass.
func TestReadOnlyRedirect(t *testing.T) {
	var elsewhere atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
	}))
	defer other.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/configmaps") && !strings.HasPrefix(r.URL.Path, "/k8s/"):
			http.Redirect(w, r, other.URL+r.URL.Path, http.StatusFound)
		case r.Method == "POST":
			w.Write([]byte(`{"apiVersion":"authentication.k8s.io/v1","kind":"SelfSubjectReview","status":{"userInfo":{"username":"alice"}}}`))
		default:
			w.Write([]byte(`{"apiVersion":"v1","kind":"ConfigMapList","metadata":{},"items":[]}`))
		}
	}))
	defer srv.Close()
	ctx := context.Background()
	cs, err := kubernetes.NewForConfig(ReadOnly(&rest.Config{Host: srv.URL, BearerToken: "tok"}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cs.CoreV1().ConfigMaps("shop").List(ctx, metav1.ListOptions{}); !errors.Is(err, ErrNotReadOnly) {
		t.Errorf("redirected list: got %v, want ErrNotReadOnly", err)
	}
	if n := elsewhere.Load(); n != 0 {
		t.Errorf("the redirect reached the other host %d times", n)
	}

	prefixed, err := kubernetes.NewForConfig(ReadOnly(&rest.Config{Host: srv.URL + "/k8s/clusters/c-1", BearerToken: "tok"}))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prefixed.CoreV1().ConfigMaps("shop").List(ctx, metav1.ListOptions{}); err != nil {
		t.Errorf("prefixed list: %v", err)
	}
	if _, err := prefixed.AuthenticationV1().SelfSubjectReviews().Create(ctx, &authv1.SelfSubjectReview{}, metav1.CreateOptions{}); err != nil {
		t.Errorf("prefixed self subject review: %v", err)
	}
	if _, err := prefixed.CoreV1().ConfigMaps("shop").Watch(ctx, metav1.ListOptions{}); !errors.Is(err, ErrNotReadOnly) {
		t.Errorf("prefixed watch: got %v, want ErrNotReadOnly", err)
	}
}
