package serve

import "strings"

// request is what a path names, in the API server's terms
// (k8s.io/apiserver's RequestInfo, which is not taken: it drags in the
// API server's feature gates and metrics for a thirty-line parse).
type request struct {
	// discovery is "api", "apis", "group" or "version" for discovery
	// documents, "" for a resource request.
	discovery   string
	group       string
	version     string
	namespace   string
	resource    string
	name        string
	subresource string
}

// parsePath splits an API path: /api, /api/v1, /apis, /apis/G, /apis/G/V,
// and under a group version [namespaces/NS/]RESOURCE[/NAME[/SUB]]. ok is
// false for any other path.
func parsePath(p string) (request, bool) {
	parts := strings.Split(strings.Trim(p, "/"), "/")
	var rq request
	switch {
	case len(parts) == 1 && parts[0] == "api":
		return request{discovery: "api"}, true
	case len(parts) == 1 && parts[0] == "apis":
		return request{discovery: "apis"}, true
	case len(parts) >= 2 && parts[0] == "api":
		rq.version, parts = parts[1], parts[2:]
	case len(parts) == 2 && parts[0] == "apis":
		return request{discovery: "group", group: parts[1]}, true
	case len(parts) >= 3 && parts[0] == "apis":
		rq.group, rq.version, parts = parts[1], parts[2], parts[3:]
	default:
		return rq, false
	}
	if len(parts) == 0 {
		rq.discovery = "version"
		return rq, true
	}
	if parts[0] == "namespaces" && len(parts) >= 3 {
		rq.namespace, parts = parts[1], parts[2:]
	}
	for _, s := range parts {
		if s == "" {
			return rq, false
		}
	}
	switch len(parts) {
	case 1:
		rq.resource = parts[0]
	case 2:
		rq.resource, rq.name = parts[0], parts[1]
	case 3:
		rq.resource, rq.name, rq.subresource = parts[0], parts[1], parts[2]
	default:
		return rq, false
	}
	return rq, true
}
