package facts

import (
	"fmt"
	"sort"
	"strconv"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Route is one way in to a core Service from outside the cluster: an
// Ingress rule or default backend, or a backendRef of a Gateway API
// HTTPRoute or GRPCRoute rule.
type Route struct {
	// From is the Ingress, HTTPRoute or GRPCRoute.
	From *bundle.Object
	// Path is the field of From that names the Service, e.g.
	// spec.rules[0].http.paths[1].backend or spec.defaultBackend.
	Path string
	// Hosts are the host names the route serves; "*" for any host (an
	// Ingress rule without a host, a default backend, a route without
	// hostnames).
	Hosts []string
	// Port is the Service port as the route names it (number or name), or
	// "".
	Port string
	// Cluster is the name the data plane gives this backend in its
	// logs, for the controllers whose name follows from the route alone
	// (Envoy Gateway: httproute/<ns>/<name>/rule/<i>); "" otherwise.
	Cluster string
}

// ServiceRoutes is the routed path of every core Service in a bundle: the
// routes that reach it, and what the data plane's and the route
// controllers' logs say about it. Built once per bundle and shared, so
// callers must not modify it.
type ServiceRoutes struct {
	// Routes maps a Service to the routes that reach it, in bundle order.
	Routes map[*bundle.Object][]Route
	// ByHost maps a host name ("*" for any) to the Services routed for
	// it, in bundle order.
	ByHost map[string][]*bundle.Object
	// Failures maps a Service to the log lines that show requests to it
	// failing or its endpoints missing, in log order.
	Failures map[*bundle.Object][]RouteFailure
	// Dangling are the routes that name a Service the bundle does not
	// hold, or a port their Service does not declare, in bundle order.
	Dangling []DanglingRoute
}

// DanglingRoute is a route whose backend cannot be reached: Reason is
// "no-service" (no core Service of that namespace and name in the bundle)
// or "no-port" (the Service declares no port of that number or name).
type DanglingRoute struct {
	Route
	Namespace, Name string
	Reason          string
}

// RouteFailure is one log line of an ingress controller or gateway data
// plane about a Service: a 5xx response for its upstream, or the
// controller saying the Service has no endpoints.
type RouteFailure struct {
	Log  *bundle.Log
	Line string
	// What is "5xx" (an access log line with a 5xx status for the
	// Service's upstream) or "no-endpoints" (the controller reports the
	// Service has no active endpoint).
	What string
	// Upstream is the name the line gives the Service: ingress-nginx's
	// [namespace-service-port], an Envoy cluster name, or namespace/name.
	Upstream string
	// Status is the 5xx status of an access line, 0 otherwise.
	Status int
}

// Unrouted reports whether the line says the request found no endpoint
// to route to: a controller's no-endpoints line, or a 502, 503 or 504 (no
// upstream, connection failed, timed out). A 500 is the application's own
// answer, which routing delivered.
func (f RouteFailure) Unrouted() bool {
	return f.What == "no-endpoints" || (f.Status >= 502 && f.Status <= 504)
}

type serviceRoutesKey struct{}

// Routes returns the routed path of ix's bundle, whose logs are logs,
// built on the first call and memoised on ix. Its cost is linear in
// routes, Service ports and log lines: each log line is matched against a
// map of upstream names, never against every Service.
func Routes(ix *bundle.Index, logs []*bundle.Log) *ServiceRoutes {
	return ix.Derived(serviceRoutesKey{}, func() any { return buildRoutes(ix, logs) }).(*ServiceRoutes)
}

// routeKinds reads the routes of one kind, keyed by group and kind.
var routeKinds = map[[2]string]func(o *bundle.Object, add func(Route, string, string)){
	{"networking.k8s.io", "Ingress"}:           ingressRoutes,
	{"extensions", "Ingress"}:                  ingressRoutes,
	{"gateway.networking.k8s.io", "HTTPRoute"}: gatewayRoutes("httproute"),
	{"gateway.networking.k8s.io", "GRPCRoute"}: gatewayRoutes("grpcroute"),
}

func buildRoutes(ix *bundle.Index, logs []*bundle.Log) *ServiceRoutes {
	r := &ServiceRoutes{Routes: map[*bundle.Object][]Route{}, ByHost: map[string][]*bundle.Object{}, Failures: map[*bundle.Object][]RouteFailure{}}
	upstreams := map[string]*bundle.Object{}
	for _, kind := range []string{"Ingress", "HTTPRoute", "GRPCRoute"} {
		for _, o := range ix.OfKind(kind) {
			read := routeKinds[[2]string{bundle.APIGroup(o.GetAPIVersion()), kind}]
			if read == nil {
				continue
			}
			read(o, func(rt Route, ns, name string) {
				svc, ok := ix.Get(bundle.Key{Kind: "Service", Namespace: ns, Name: name})
				if !ok {
					r.Dangling = append(r.Dangling, DanglingRoute{Route: rt, Namespace: ns, Name: name, Reason: "no-service"})
					return
				}
				if !IsCoreService(svc) {
					return
				}
				if rt.Port != "" && !declaresPort(svc, rt.Port) {
					r.Dangling = append(r.Dangling, DanglingRoute{Route: rt, Namespace: ns, Name: name, Reason: "no-port"})
				}
				r.Routes[svc] = append(r.Routes[svc], rt)
				for _, h := range rt.Hosts {
					if !containsObj(r.ByHost[h], svc) {
						r.ByHost[h] = append(r.ByHost[h], svc)
					}
				}
				if _, taken := upstreams[rt.Cluster]; rt.Cluster != "" && !taken {
					upstreams[rt.Cluster] = svc
				}
			})
		}
	}
	for _, svc := range ix.OfKind("Service") {
		if !IsCoreService(svc) {
			continue
		}
		for _, name := range serviceUpstreams(svc) {
			if _, taken := upstreams[name]; !taken {
				upstreams[name] = svc
			}
		}
	}
	for _, l := range logs {
		for _, line := range l.Lines {
			if f, svc, ok := readRouteLine(line, upstreams); ok {
				f.Log = l
				r.Failures[svc] = append(r.Failures[svc], f)
			}
		}
	}
	return r
}

// declaresPort reports whether svc declares port, a port number or name
// as a route names it.
func declaresPort(svc *bundle.Object, port string) bool {
	for _, p := range Slice(svc.Object, "spec", "ports") {
		pm, _ := p.(map[string]any)
		if n, ok := Int64(pm, "port"); ok && strconv.FormatInt(n, 10) == port {
			return true
		}
		if String(pm, "name") == port {
			return true
		}
	}
	return false
}

func containsObj(list []*bundle.Object, o *bundle.Object) bool {
	for _, x := range list {
		if x == o {
			return true
		}
	}
	return false
}

// serviceUpstreams lists the names data planes give a Service in their
// logs: ingress-nginx's namespace-name-port (port by number and by name),
// Istio's outbound|port||name.namespace.svc.cluster.local, Contour's
// namespace/name/port, and namespace/name as route controllers name it.
func serviceUpstreams(svc *bundle.Object) []string {
	ns, name := svc.GetNamespace(), svc.GetName()
	out := []string{ns + "/" + name}
	for _, p := range Slice(svc.Object, "spec", "ports") {
		pm, _ := p.(map[string]any)
		var ports []string
		if n, ok := Int64(pm, "port"); ok {
			ports = append(ports, strconv.FormatInt(n, 10))
			out = append(out, fmt.Sprintf("outbound|%d||%s.%s.svc.cluster.local", n, name, ns))
		}
		if pn := String(pm, "name"); pn != "" {
			ports = append(ports, pn)
		}
		for _, port := range ports {
			out = append(out, ns+"-"+name+"-"+port, ns+"/"+name+"/"+port)
		}
	}
	return out
}

// ingressRoutes reads an Ingress's rules and default backend.
func ingressRoutes(o *bundle.Object, add func(Route, string, string)) {
	ns := o.GetNamespace()
	backend := func(b map[string]any, path string, hosts []string) {
		name, port := String(b, "service", "name"), ""
		if n, ok := Int64(b, "service", "port", "number"); ok {
			port = strconv.FormatInt(n, 10)
		} else if pn := String(b, "service", "port", "name"); pn != "" {
			port = pn
		}
		if name == "" { // extensions/v1beta1
			name = String(b, "serviceName")
			if v, ok := Field(b, "servicePort"); ok {
				port = fmt.Sprint(v)
			}
		}
		if name != "" {
			add(Route{From: o, Path: path, Hosts: hosts, Port: port}, ns, name)
		}
	}
	if b := Map(o.Object, "spec", "defaultBackend"); b != nil {
		backend(b, "spec.defaultBackend", []string{"*"})
	} else if b := Map(o.Object, "spec", "backend"); b != nil {
		backend(b, "spec.backend", []string{"*"})
	}
	for i, rule := range Slice(o.Object, "spec", "rules") {
		rm, _ := rule.(map[string]any)
		host := String(rm, "host")
		if host == "" {
			host = "*"
		}
		for j, p := range Slice(rm, "http", "paths") {
			pm, _ := p.(map[string]any)
			backend(Map(pm, "backend"), fmt.Sprintf("spec.rules[%d].http.paths[%d].backend", i, j), []string{host})
		}
	}
}

// gatewayRoutes reads the Service backendRefs of an HTTPRoute or
// GRPCRoute (a backendRef of another group or kind is not a Service).
func gatewayRoutes(prefix string) func(o *bundle.Object, add func(Route, string, string)) {
	return func(o *bundle.Object, add func(Route, string, string)) {
		var hosts []string
		for _, h := range Slice(o.Object, "spec", "hostnames") {
			if s, ok := h.(string); ok && s != "" {
				hosts = append(hosts, s)
			}
		}
		if len(hosts) == 0 {
			hosts = []string{"*"}
		}
		sort.Strings(hosts)
		for i, rule := range Slice(o.Object, "spec", "rules") {
			rm, _ := rule.(map[string]any)
			cluster := fmt.Sprintf("%s/%s/%s/rule/%d", prefix, o.GetNamespace(), o.GetName(), i)
			for j, ref := range Slice(rm, "backendRefs") {
				bm, _ := ref.(map[string]any)
				if g := String(bm, "group"); g != "" || (String(bm, "kind") != "" && String(bm, "kind") != "Service") {
					continue
				}
				ns := String(bm, "namespace")
				if ns == "" {
					ns = o.GetNamespace()
				}
				port := ""
				if n, ok := Int64(bm, "port"); ok {
					port = strconv.FormatInt(n, 10)
				}
				add(Route{From: o, Path: fmt.Sprintf("spec.rules[%d].backendRefs[%d]", i, j), Hosts: hosts, Port: port, Cluster: cluster}, ns, String(bm, "name"))
			}
		}
	}
}
