package collector

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// apiResource is one listable resource found by discovery.
type apiResource struct {
	gvr        schema.GroupVersionResource
	kind       string
	namespaced bool
}

// name is "resource" for the core group and "resource.group" otherwise, the
// form notCollected entries use.
func (a apiResource) name() string { return resourceName(a.gvr.GroupResource()) }

func resourceName(gr schema.GroupResource) string {
	if gr.Group == "" {
		return gr.Resource
	}
	return gr.Resource + "." + gr.Group
}

// discover returns the listable resources at their preferred versions, by
// name. Groups that fail discovery are returned as notCollected entries and
// the rest is used, as kubectl does.
func discover(dc discovery.DiscoveryInterface) (map[string]apiResource, []bundle.NotCollected, error) {
	lists, err := dc.ServerPreferredResources()
	var nc []bundle.NotCollected
	if err != nil {
		failed, ok := err.(*discovery.ErrGroupDiscoveryFailed)
		if !ok || len(lists) == 0 {
			return nil, nil, fmt.Errorf("discovery: %w", err)
		}
		for gv, gerr := range failed.Groups {
			nc = append(nc, notCollected("*."+gv.Group, "", fmt.Errorf("discovery of %s: %w", gv, gerr)))
		}
	}
	out := map[string]apiResource{}
	for _, l := range lists {
		gv, err := schema.ParseGroupVersion(l.GroupVersion)
		if err != nil {
			continue
		}
		for _, r := range l.APIResources {
			if strings.Contains(r.Name, "/") || !hasVerb(r.Verbs, "list") {
				continue
			}
			a := apiResource{gvr: gv.WithResource(r.Name), kind: r.Kind, namespaced: r.Namespaced}
			out[a.name()] = a
		}
	}
	return out, nc, nil
}

func hasVerb(verbs []string, v string) bool {
	for _, x := range verbs {
		if x == v {
			return true
		}
	}
	return false
}
