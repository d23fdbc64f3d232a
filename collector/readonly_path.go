package collector

import (
	"errors"
	"fmt"
	"path"
	"strings"
)

// apiPath is a request path parsed by the API server's grammar, as
// k8s.io/apiserver's RequestInfoFactory parses it:
//
//	/api | /apis | /apis/GROUP | /version           (discovery)
//	/api/VERSION/...  or  /apis/GROUP/VERSION/...   (resources), where ... is
//	  [watch/] [namespaces/NAMESPACE/] RESOURCE [/NAME [/SUBRESOURCE]]
//
// namespaces/NAME/status and namespaces/NAME/finalize are subresources of
// the Namespace itself.
type apiPath struct {
	group, version string
	watch          bool
	namespace      string
	resource, name string
	subresource    string
}

// discoveryPaths are the non-resource paths the collector reads.
var discoveryPaths = map[string]bool{"/api": true, "/apis": true, "/version": true}

// namespaceSubresources are subresources of a Namespace, not resources in it.
var namespaceSubresources = map[string]bool{"status": true, "finalize": true}

// parseAPIPath parses p (relative to the server's base path). It refuses
// anything outside the grammar: unclean paths, unknown non-resource paths,
// and extra segments after a subresource (a proxied path).
func parseAPIPath(p string) (apiPath, error) {
	p = strings.TrimSuffix(p, "/")
	if p == "" || path.Clean(p) != p {
		return apiPath{}, fmt.Errorf("path %q is not a clean API path", p)
	}
	if discoveryPaths[p] {
		return apiPath{}, nil
	}
	segs := strings.Split(p[1:], "/")
	var a apiPath
	switch {
	case segs[0] == "api" && len(segs) >= 2:
		a.version, segs = segs[1], segs[2:]
	case segs[0] == "apis" && len(segs) == 2:
		a.group = segs[1] // group discovery
		return a, nil
	case segs[0] == "apis" && len(segs) >= 3:
		a.group, a.version, segs = segs[1], segs[2], segs[3:]
	default:
		return apiPath{}, fmt.Errorf("path %q is not an API path", p)
	}
	if len(segs) == 0 {
		return a, nil // version discovery
	}
	if segs[0] == "watch" {
		a.watch, segs = true, segs[1:]
	}
	if len(segs) >= 2 && segs[0] == "namespaces" {
		a.namespace = segs[1]
		if len(segs) > 2 && !namespaceSubresources[segs[2]] {
			segs = segs[2:]
		}
	}
	if len(segs) == 0 || segs[0] == "" {
		return apiPath{}, fmt.Errorf("path %q names no resource", p)
	}
	a.resource = segs[0]
	if a.resource == "proxy" {
		// /api/v1/proxy/...: the pre-1.10 proxy paths.
		return apiPath{}, errors.New("proxy not allowed")
	}
	if len(segs) > 1 {
		a.name = segs[1]
	}
	if len(segs) > 2 {
		a.subresource = segs[2]
	}
	if len(segs) > 3 {
		// Only the proxy subresources take a path after them.
		return apiPath{}, fmt.Errorf("%s not allowed (path after a subresource)", a.subresource)
	}
	return a, nil
}

// isSelfSubjectReview reports the one POST the collector makes: a
// SelfSubjectReview is computed from the request's credentials and never
// stored.
func (a apiPath) isSelfSubjectReview() bool {
	return a.group == "authentication.k8s.io" && a.version == "v1" && a.resource == "selfsubjectreviews" &&
		a.namespace == "" && a.name == "" && !a.watch
}
