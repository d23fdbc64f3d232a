package serve

import (
	"crypto/sha512"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"sync"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/kube-openapi/pkg/handler3"
)

// openAPI is a catalog's OpenAPI v3 documents: one per served group
// version, built together on the first request for any of them (a few
// milliseconds) and kept, as a bundle never changes.
type openAPI struct {
	once sync.Once
	docs map[string][]byte // "api/v1", "apis/apps/v1", … -> JSON
	root []byte            // /openapi/v3: each document's URL with its hash
	err  error
}

// serveOpenAPI answers /openapi/v3 and /openapi/v3/<group version>, as
// JSON only: clients that ask for protobuf offer JSON too, or are told
// 406. /openapi/v2 is answered by serveOpenAPIV2.
func (c *catalog) serveOpenAPI(w http.ResponseWriter, r *http.Request, p string) {
	if p == "/openapi/v2" {
		c.serveOpenAPIV2(w, r)
		return
	}
	rest, ok := strings.CutPrefix(p, "/openapi/v3")
	if !ok {
		writeStatus(w, http.StatusNotFound, metav1.StatusReasonNotFound, "rift serve: the bundle serves no %s (OpenAPI is at /openapi/v3 and /openapi/v2)", p)
		return
	}
	if !acceptsJSON(r.Header.Get("Accept")) {
		writeStatus(w, http.StatusNotAcceptable, metav1.StatusReasonNotAcceptable, "rift serve: OpenAPI documents are served as application/json only")
		return
	}
	c.openapi.once.Do(func() { c.openapi.docs, c.openapi.root, c.openapi.err = c.buildOpenAPI() })
	if c.openapi.err != nil {
		writeStatus(w, http.StatusInternalServerError, metav1.StatusReasonInternalError, "rift serve: building OpenAPI: %s", c.openapi.err.Error())
		return
	}
	data := c.openapi.root
	if gv := strings.Trim(rest, "/"); gv != "" {
		if data = c.openapi.docs[gv]; data == nil {
			writeStatus(w, http.StatusNotFound, metav1.StatusReasonNotFound, "rift serve: the bundle serves no group version %q, so no OpenAPI document of it", gv)
			return
		}
	}
	w.Header().Set("Content-Type", "application/json")
	_, _ = w.Write(data)
}

// acceptsJSON reports whether an Accept header admits application/json.
func acceptsJSON(accept string) bool {
	if accept == "" {
		return true
	}
	for _, clause := range strings.Split(accept, ",") {
		mt, _, _ := strings.Cut(strings.TrimSpace(clause), ";")
		switch strings.TrimSpace(mt) {
		case "application/json", "application/*", "*/*":
			return true
		}
	}
	return false
}

// buildOpenAPI builds every group version's document and the root that
// lists them with a hash of each, which clients key their caches by.
func (c *catalog) buildOpenAPI() (map[string][]byte, []byte, error) {
	docs := map[string][]byte{}
	root := handler3.OpenAPIV3Discovery{Paths: map[string]handler3.OpenAPIV3DiscoveryGroupVersion{}}
	for _, g := range c.groups {
		for _, v := range g.versions {
			key := groupVersionKey(g.name, v)
			data := appendJSON(nil, c.openAPIDocument(key, g.res[v]))
			docs[key] = data
			root.Paths[key] = handler3.OpenAPIV3DiscoveryGroupVersion{ServerRelativeURL: fmt.Sprintf("/openapi/v3/%s?hash=%X", key, sha512.Sum512(data))}
		}
	}
	data, err := json.Marshal(root)
	return docs, data, err
}

// openAPIDocument is one group version's document: a list and a get
// path per resource, tagged with its kind as the API server tags them
// (kubectl explain finds a resource's schema this way), and the schemas
// of its kinds and of every type they refer to.
func (c *catalog) openAPIDocument(key string, rs []*resource) map[string]any {
	ts := &typeSchemas{defs: map[string]any{}}
	paths := map[string]any{}
	for _, r := range rs {
		if r.review {
			continue
		}
		ref := c.kindSchema(ts, r)
		gvk := map[string]any{"group": r.gvk.Group, "version": r.gvk.Version, "kind": r.gvk.Kind}
		op := func(action string) map[string]any {
			return map[string]any{"get": map[string]any{
				"operationId":                     action + r.gvk.Kind,
				"description":                     action + " " + r.plural + " (read-only: a bundle captured at " + c.now.UTC().Format("2006-01-02T15:04:05Z") + ")",
				"x-kubernetes-action":             action,
				"x-kubernetes-group-version-kind": gvk,
				"responses": map[string]any{"200": map[string]any{
					"description": "OK",
					"content":     map[string]any{"application/json": map[string]any{"schema": ref}},
				}},
			}}
		}
		base := "/" + key
		paths[base+"/"+r.plural] = op("list")
		if r.namespaced {
			paths[base+"/namespaces/{namespace}/"+r.plural] = op("list")
			paths[base+"/namespaces/{namespace}/"+r.plural+"/{name}"] = op("get")
		} else {
			paths[base+"/"+r.plural+"/{name}"] = op("get")
		}
	}
	return map[string]any{
		"openapi":    "3.0.0",
		"info":       map[string]any{"title": "rift serve: " + c.name, "version": c.version().GitVersion},
		"paths":      paths,
		"components": map[string]any{"schemas": ts.defs},
	}
}
