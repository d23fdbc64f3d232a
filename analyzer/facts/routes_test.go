package facts

import (
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func routeService(ns, name string, ports ...map[string]any) *bundle.Object {
	ps := make([]any, len(ports))
	for i, p := range ports {
		ps[i] = p
	}
	return selObject("v1", "Service", ns, name, nil, map[string]any{"selector": map[string]any{"app": name}, "ports": ps})
}

// routeView is a ServiceRoutes by name, so a diff reads.
type routeView struct {
	Routes   map[string][]string // service → from kind/name path hosts port
	ByHost   map[string][]string
	Failures map[string][]string // service → what upstream
	Dangling []string            // from kind/name path ns/name port reason
}

func viewRoutes(r *ServiceRoutes) routeView {
	v := routeView{Routes: map[string][]string{}, ByHost: map[string][]string{}, Failures: map[string][]string{}}
	for svc, rs := range r.Routes {
		for _, rt := range rs {
			v.Routes[svc.GetName()] = append(v.Routes[svc.GetName()], rt.From.GetKind()+"/"+rt.From.GetName()+" "+rt.Path+" "+rt.Hosts[0]+" "+rt.Port+" "+rt.Cluster)
		}
	}
	for h, svcs := range r.ByHost {
		v.ByHost[h] = refNames(svcs)
	}
	for svc, fs := range r.Failures {
		for _, f := range fs {
			v.Failures[svc.GetName()] = append(v.Failures[svc.GetName()], f.What+" "+f.Upstream+" "+f.Log.Pod)
		}
	}
	for _, d := range r.Dangling {
		v.Dangling = append(v.Dangling, d.From.GetKind()+"/"+d.From.GetName()+" "+d.Path+" "+d.Namespace+"/"+d.Name+" "+d.Port+" "+d.Reason)
	}
	return v
}

func TestRoutes(t *testing.T) {
	web := routeService("shop", "web", map[string]any{"name": "http", "port": int64(80)})
	api := routeService("shop", "api", map[string]any{"port": int64(8080)})
	ing := selObject("networking.k8s.io/v1", "Ingress", "shop", "web", nil, map[string]any{
		"defaultBackend": map[string]any{"service": map[string]any{"name": "web", "port": map[string]any{"name": "http"}}},
		"rules": []any{map[string]any{"host": "shop.example.com", "http": map[string]any{"paths": []any{
			map[string]any{"path": "/", "backend": map[string]any{"service": map[string]any{"name": "web", "port": map[string]any{"number": int64(80)}}}},
			map[string]any{"path": "/gone", "backend": map[string]any{"service": map[string]any{"name": "missing", "port": map[string]any{"number": int64(80)}}}},
			map[string]any{"path": "/admin", "backend": map[string]any{"service": map[string]any{"name": "web", "port": map[string]any{"number": int64(8080)}}}},
		}}}},
	})
	route := selObject("gateway.networking.k8s.io/v1", "HTTPRoute", "shop", "api", nil, map[string]any{
		"hostnames": []any{"api.example.com"},
		"rules": []any{map[string]any{"backendRefs": []any{
			map[string]any{"name": "api", "port": int64(8080)},
			map[string]any{"group": "example.com", "kind": "Backend", "name": "api"},
			map[string]any{"name": "api-canary", "port": int64(8080)},
		}}},
	})
	knative := selObject("serving.knative.dev/v1", "Service", "shop", "kn", nil, nil)
	logs := []*bundle.Log{
		{Namespace: "ingress-nginx", Pod: "ingress-nginx-controller-1", Container: "controller", Lines: []string{
			`W1202 06:40:00.000000       7 controller.go:1214] Service "shop/web" does not have any active Endpoint.`,
			`10.0.0.1 - - [02/Dec/2026:06:40:01 +0000] "GET / HTTP/1.1" 503 190 "-" "curl/8.5.0" 76 0.000 [shop-web-80] [] - - - - 9c1f`,
			`10.0.0.1 - - [02/Dec/2026:06:40:02 +0000] "GET / HTTP/1.1" 200 190 "-" "curl/8.5.0" 76 0.000 [shop-web-http] [] 10.1.0.4:8080 190 0.002 200 9c20`,
			`10.0.0.1 - - [02/Dec/2026:06:40:03 +0000] "GET /x HTTP/1.1" 502 190 "-" "curl/8.5.0" 76 0.000 [shop-web-http] [] - - - - 9c21`,
		}},
		{Namespace: "envoy-gateway-system", Pod: "envoy-shop-0", Container: "envoy", Lines: []string{
			`{"start_time":"2026-12-02T06:40:00.000Z","method":"GET","response_code":"503","response_flags":"UH","upstream_cluster":"httproute/shop/api/rule/0","route_name":"httproute/shop/api/rule/0/match/0/api_example_com"}`,
			`{"start_time":"2026-12-02T06:40:01.000Z","method":"GET","response_code":200,"upstream_cluster":"httproute/shop/api/rule/0"}`,
		}},
		{Namespace: "shop", Pod: "web-1", Container: "web", Lines: []string{
			`{"level":"error","status":500,"msg":"upstream shop/api failed"}`,
		}},
	}
	ix := bundle.NewIndex([]*bundle.Object{web, api, ing, route, knative}, nil)
	got := viewRoutes(Routes(ix, logs))
	want := routeView{
		Routes: map[string][]string{
			"web": {"Ingress/web spec.defaultBackend * http ", "Ingress/web spec.rules[0].http.paths[0].backend shop.example.com 80 ", "Ingress/web spec.rules[0].http.paths[2].backend shop.example.com 8080 "},
			"api": {"HTTPRoute/api spec.rules[0].backendRefs[0] api.example.com 8080 httproute/shop/api/rule/0"},
		},
		ByHost: map[string][]string{"*": {"shop/web"}, "shop.example.com": {"shop/web"}, "api.example.com": {"shop/api"}},
		Failures: map[string][]string{
			"web": {"no-endpoints shop/web ingress-nginx-controller-1", "5xx shop-web-80 ingress-nginx-controller-1", "5xx shop-web-http ingress-nginx-controller-1"},
			"api": {"5xx httproute/shop/api/rule/0 envoy-shop-0"},
		},
		Dangling: []string{
			"Ingress/web spec.rules[0].http.paths[1].backend shop/missing 80 no-service",
			"Ingress/web spec.rules[0].http.paths[2].backend shop/web 8080 no-port",
			"HTTPRoute/api spec.rules[0].backendRefs[2] shop/api-canary 8080 no-service",
		},
	}
	if d := cmp.Diff(want, got); d != "" {
		t.Errorf("Routes (-want +got):\n%s", d)
	}
}

func TestHas5xx(t *testing.T) {
	for _, tc := range []struct {
		line string
		want bool
	}{
		{`"GET / HTTP/1.1" 503 190 "-"`, true},
		{`"GET / HTTP/1.1" 200 190 "-"`, false},
		{`"GET /5000 HTTP/1.1" 404 0`, false},
		{`{"response_code":"504"}`, true},
		{`{"response_code":5000}`, false},
		{`{"status":502,"x":1}`, true},
		{`no status here 503`, false},
	} {
		t.Run(tc.line, func(t *testing.T) {
			if got := has5xx(tc.line); got != tc.want {
				t.Errorf("has5xx(%q) = %t, want %t", tc.line, got, tc.want)
			}
		})
	}
}

func TestPodLabelChange(t *testing.T) {
	obj := func(kind, name, uid, owner, created, rev string, tmpl map[string]any) *bundle.Object {
		meta := map[string]any{"namespace": "shop", "name": name, "uid": uid, "creationTimestamp": created}
		if owner != "" {
			meta["ownerReferences"] = []any{map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "name": "api", "uid": owner, "controller": true}}
		}
		if rev != "" {
			meta["annotations"] = map[string]any{"deployment.kubernetes.io/revision": rev}
		}
		m := map[string]any{"apiVersion": "apps/v1", "kind": kind, "metadata": meta,
			"spec": map[string]any{"template": map[string]any{"metadata": map[string]any{"labels": tmpl}}}}
		return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
	}
	svc := selService("v1", "shop", "api", map[string]any{"app": "api", "tier": "backend"})
	dep := obj("Deployment", "api", "d1", "", "2026-12-01T10:00:00Z", "", map[string]any{"app": "api", "tier": "api"})
	old := obj("ReplicaSet", "api-1", "r1", "d1", "2026-12-01T10:00:00Z", "1", map[string]any{"app": "api", "tier": "backend"})
	cur := obj("ReplicaSet", "api-2", "r2", "d1", "2026-12-01T11:00:05Z", "2", map[string]any{"app": "api", "tier": "api"})
	t1, t2, t3 := mustTime("2026-12-01T09:59:00Z"), mustTime("2026-12-01T11:00:00Z"), mustTime("2026-12-01T11:30:00Z")
	src := &bundle.GitSource{Name: "shop", History: []bundle.Commit{
		{Revision: "c3", Time: &t3, Subject: "later"}, {Revision: "c2", Time: &t2, Subject: "api: tier label"}, {Revision: "c1", Time: &t1, Subject: "api"},
	}}
	tests := []struct {
		name string
		objs []*bundle.Object
		want string
	}{
		{"labels changed", []*bundle.Object{svc, dep, old, cur}, "Deployment/api api-1 → api-2 at 2026-12-01T11:00:05Z, commit c2"},
		{"never matched", []*bundle.Object{svc, dep, cur}, ""},
		{"still matches", []*bundle.Object{svc, dep, old}, ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ix := bundle.NewIndex(tc.objs, nil)
			c, ok := PodLabelChange(ix, []*bundle.GitSource{src}, svc)
			got := ""
			if ok {
				got = c.Workload.GetKind() + "/" + c.Workload.GetName() + " " + c.Old.GetName() + " → " + c.Current.GetName() + " at " + c.At.UTC().Format(time.RFC3339)
				if c.Commit != nil {
					got += ", commit " + c.Commit.Revision
				}
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("PodLabelChange (-want +got):\n%s", d)
			}
		})
	}
}

func mustTime(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestRouteFailureUnrouted(t *testing.T) {
	for _, tc := range []struct {
		f    RouteFailure
		want bool
	}{
		{RouteFailure{What: "no-endpoints"}, true},
		{RouteFailure{What: "5xx", Status: 503}, true},
		{RouteFailure{What: "5xx", Status: 502}, true},
		{RouteFailure{What: "5xx", Status: 500}, false},
		{RouteFailure{What: "5xx", Status: 507}, false},
	} {
		if got := tc.f.Unrouted(); got != tc.want {
			t.Errorf("%+v.Unrouted() = %t, want %t", tc.f, got, tc.want)
		}
	}
	if got := statusOf(`"GET / HTTP/1.1" 504 0 "-"`); got != 504 {
		t.Errorf("statusOf = %d, want 504", got)
	}
	if got := statusOf(`{"response_code":"503","response_flags":"UH"}`); got != 503 {
		t.Errorf("statusOf = %d, want 503", got)
	}
}
