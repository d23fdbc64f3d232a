package objref

import (
	"errors"
	"fmt"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func obj(apiVersion, kind, ns, name string, doc int) *bundle.Object {
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": apiVersion, "kind": kind,
		"metadata": map[string]any{"name": name},
	}}
	if ns != "" {
		u.SetNamespace(ns)
	}
	return &bundle.Object{Unstructured: u, Source: bundle.Location{File: "objects.yaml", Doc: doc}}
}

func testIndex() *bundle.Index {
	objs := []*bundle.Object{
		obj("apps/v1", "StatefulSet", "kafka", "kafka", 0),
		obj("apps/v1", "Deployment", "shop", "web", 1),
		obj("apps/v1", "Deployment", "staging", "web", 2),
		obj("apps/v1", "Deployment", "shop", "api", 3),
		obj("v1", "Node", "", "node-1", 4),
		obj("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "flux-system", "apps", 5),
		obj("helm.toolkit.fluxcd.io/v2", "HelmRelease", "shop", "redis", 6),
		obj("argoproj.io/v1alpha1", "Application", "argocd", "shop", 7),
		obj("apiextensions.k8s.io/v1", "CustomResourceDefinition", "", "widgets.example.com", 8),
		obj("example.com/v1", "Widget", "shop", "w1", 9),
		obj("v1", "Pod", "shop", "web-7d9f-abcde", 10),
		obj("apps/v1", "DaemonSet", "kube-system", "kube-proxy", 11),
	}
	crd := objs[8].Object
	crd["spec"] = map[string]any{"group": "example.com", "scope": "Namespaced",
		"names": map[string]any{"kind": "Widget", "plural": "widgets", "singular": "widget", "shortNames": []any{"wd"}}}
	return bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil).Index
}

func TestResolve(t *testing.T) {
	ix := testIndex()
	tests := []struct {
		in, ns string
		want   string // Ref.String(), or the error
	}{
		{"sts/kafka/kafka", "", "StatefulSet/kafka/kafka"},
		{"statefulsets/kafka", "kafka", "StatefulSet/kafka/kafka"},
		{"StatefulSet/kafka", "", "StatefulSet/kafka/kafka"}, // one namespace holds it
		{"STS/kafka/kafka", "", "StatefulSet/kafka/kafka"},
		{"deploy/web", "shop", "Deployment/shop/web"},
		{"deployments.apps/shop/web", "", "Deployment/shop/web"},
		{"ds/kube-system/kube-proxy", "", "DaemonSet/kube-system/kube-proxy"},
		{"ks/flux-system/apps", "", "Kustomization/flux-system/apps"},
		{"kustomization.kustomize/flux-system/apps", "", "Kustomization/flux-system/apps"},
		{"hr/redis", "shop", "HelmRelease/shop/redis"},
		{"app/argocd/shop", "", "Application/argocd/shop"},
		{"applications/shop", "argocd", "Application/argocd/shop"},
		{"node/node-1", "", "Node/node-1"},
		{"no/node-1", "shop", "Node/node-1"}, // -n is ignored for a cluster-scoped kind
		{"wd/shop/w1", "", "Widget/shop/w1"}, // a CRD's short name
		{"widget/w1", "", "Widget/shop/w1"},  // and its singular
		{"po/web-7d9f-abcde", "shop", "Pod/shop/web-7d9f-abcde"},

		{"deploy/web", "", `deploy/web: 2 objects match; name the namespace with -n or as kind/namespace/name: Deployment/shop/web, Deployment/staging/web`},
		{"deploy/shop/wbe", "", `deploy/shop/wbe: no Deployment named wbe in namespace shop in this bundle; near matches: Deployment/shop/web, Deployment/staging/web, Deployment/shop/api`},
		{"sts/shop/kafka", "", `sts/shop/kafka: no StatefulSet named kafka in namespace shop in this bundle; near matches: StatefulSet/kafka/kafka`},
		{"cronjob/shop/web", "", `cronjob/shop/web: no CronJob named web in namespace shop in this bundle; near matches: Deployment/shop/web, Deployment/staging/web`},
		{"gizmo/shop/web", "", `gizmo/shop/web: no kind "gizmo" in this bundle`},
		{"deploymnt/shop/web", "", `deploymnt/shop/web: no kind "deploymnt" in this bundle; near matches: Deployment`},
		{"deploy/shop/web", "staging", `"deploy/shop/web": names namespace shop, but -n is staging`},
		{"web", "", `"web": want kind/name (with -n NAMESPACE) or kind/namespace/name`},
		{"deploy//web", "", `"deploy//web": want kind/name (with -n NAMESPACE) or kind/namespace/name`},
		{"a/b/c/d", "", `"a/b/c/d": want kind/name (with -n NAMESPACE) or kind/namespace/name`},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%s -n %s", tt.in, tt.ns), func(t *testing.T) {
			r, err := ResolveString(ix, tt.in, tt.ns)
			got := r.String()
			if err != nil {
				got = err.Error()
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func TestResolveErrorKinds(t *testing.T) {
	ix := testIndex()
	for _, s := range []string{"deploy/web", "deploy/shop/nope", "nokind/x/y"} {
		_, err := ResolveString(ix, s, "")
		if !IsNotFound(err) {
			t.Errorf("%s: IsNotFound(%v) = false", s, err)
		}
	}
	_, err := ResolveString(ix, "web", "")
	if IsNotFound(err) || err == nil {
		t.Errorf("a malformed name is a parse error, not a missing object: %v", err)
	}
	var nf *NotFoundError
	if _, err := ResolveString(ix, "deploy/shop/nope", ""); !errors.As(err, &nf) || nf.Name.Name != "nope" {
		t.Errorf("want *NotFoundError naming nope, got %v", err)
	}
}

func TestPlural(t *testing.T) {
	for in, want := range map[string]string{"widget": "widgets", "ingress": "ingresses", "policy": "policies", "gateway": "gateways", "box": "boxes"} {
		if got := plural(in); got != want {
			t.Errorf("plural(%s) = %s, want %s", in, got, want)
		}
	}
}
