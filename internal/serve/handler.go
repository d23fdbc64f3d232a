package serve

import (
	"net/http"
	"strings"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// refusedSubresources are streaming subresources that would act on a live
// container; a bundle has none.
var refusedSubresources = map[string]bool{"exec": true, "attach": true, "portforward": true, "proxy": true, "eviction": true, "binding": true}

// serveHTTP answers one request against this bundle.
func (c *catalog) serveHTTP(w http.ResponseWriter, r *http.Request, p string, done <-chan struct{}) {
	switch p {
	case "/version":
		writeJSON(w, http.StatusOK, c.version())
		return
	case "/healthz", "/readyz", "/livez":
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte("ok"))
		return
	}
	if strings.HasPrefix(p, "/openapi/") && (r.Method == http.MethodGet || r.Method == http.MethodHead) {
		c.serveOpenAPI(w, r, p)
		return
	}
	rq, ok := parsePath(p)
	if ok && r.Method == http.MethodPost && rq.name == "" && (gvr{rq.group, rq.version, rq.resource}) == accessReviews {
		c.serveAccessReview(w, r)
		return
	}
	if ok && refusedSubresources[rq.subresource] || r.Method != http.MethodGet && r.Method != http.MethodHead {
		verb := strings.ToLower(r.Method)
		if rq.subresource != "" {
			verb = rq.subresource
		}
		writeStatus(w, http.StatusMethodNotAllowed, metav1.StatusReasonMethodNotAllowed,
			"rift serve: %s is not allowed: this is a read-only bundle captured at %s; nothing in it can be changed or run", verb, c.now.UTC().Format("2006-01-02T15:04:05Z"))
		return
	}
	if !ok {
		writeStatus(w, http.StatusNotFound, metav1.StatusReasonNotFound, "rift serve: the bundle serves no %s (not an API path)", p)
		return
	}
	switch rq.discovery {
	case "api":
		c.serveAPIVersions(w, r)
		return
	case "apis":
		c.serveGroups(w)
		return
	case "group":
		c.serveGroup(w, rq.group)
		return
	case "version":
		c.serveResourceList(w, rq.group, rq.version)
		return
	}
	res := c.byGVR[gvr{rq.group, rq.version, rq.resource}]
	if res == nil {
		notFound(w, rq, "rift serve: the bundle holds no resource "+resourceString(rq))
		return
	}
	if res.review {
		writeStatus(w, http.StatusMethodNotAllowed, metav1.StatusReasonMethodNotAllowed, "rift serve: %s can only be created", res.plural)
		return
	}
	if !res.namespaced && rq.namespace != "" {
		notFound(w, rq, "rift serve: "+resourceString(rq)+" is cluster-scoped")
		return
	}
	switch {
	case rq.subresource == "log" && res.gvk.Group == "" && res.gvk.Kind == "Pod":
		c.serveLog(w, r, res, rq)
	case rq.subresource == "status" || rq.subresource == "":
		if rq.name != "" {
			c.serveGet(w, r, res, rq)
		} else {
			c.serveList(w, r, res, rq, done)
		}
	default:
		notFound(w, rq, "rift serve: the bundle holds no subresource "+rq.subresource+" of "+resourceString(rq))
	}
}

func resourceString(rq request) string {
	if rq.group == "" {
		return rq.resource + " (v1)"
	}
	return rq.resource + "." + rq.group + " (" + rq.version + ")"
}
