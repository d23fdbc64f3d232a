package collector

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	authv1 "k8s.io/api/authentication/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

func TestCheckReadOnly(t *testing.T) {
	tests := []struct {
		name, method, url string
		ok                bool
	}{
		{"list pods", "GET", "/api/v1/namespaces/shop/pods?limit=500", true},
		{"get log", "GET", "/api/v1/namespaces/shop/pods/web-0/log?tailLines=10&previous=true", true},
		{"discovery", "GET", "/apis", true},
		{"self subject review", "POST", "/apis/authentication.k8s.io/v1/selfsubjectreviews", true},
		{"create pod", "POST", "/api/v1/namespaces/shop/pods", false},
		{"delete", "DELETE", "/api/v1/namespaces/shop/pods/web-0", false},
		{"patch", "PATCH", "/apis/apps/v1/namespaces/shop/deployments/web", false},
		{"put", "PUT", "/api/v1/namespaces/shop/configmaps/c", false},
		{"watch param", "GET", "/api/v1/namespaces/shop/pods?watch=true", false},
		{"watch path", "GET", "/api/v1/watch/namespaces/shop/pods", false},
		{"group watch path", "GET", "/apis/apps/v1/watch/deployments", false},
		{"follow log", "GET", "/api/v1/namespaces/shop/pods/web-0/log?follow=true", false},
		{"exec", "GET", "/api/v1/namespaces/shop/pods/web-0/exec?command=sh", false},
		{"exec post", "POST", "/api/v1/namespaces/shop/pods/web-0/exec", false},
		{"attach", "GET", "/api/v1/namespaces/shop/pods/web-0/attach", false},
		{"portforward", "GET", "/api/v1/namespaces/shop/pods/web-0/portforward", false},
		{"service proxy", "GET", "/api/v1/namespaces/shop/services/web:80/proxy/", false},
		{"node proxy", "GET", "/api/v1/nodes/n1/proxy/logs", false},
		{"token request", "POST", "/api/v1/namespaces/shop/serviceaccounts/default/token", false},
		{"self subject access review", "POST", "/apis/authorization.k8s.io/v1/selfsubjectaccessreviews", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest(tt.method, tt.url, nil)
			err := checkReadOnly(req)
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
