package bundle

import (
	"encoding/json"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// Discovery is the API discovery a collector recorded from the cluster:
// its groups with their preferred versions, and the resources of every
// group version, as the API server's discovery documents describe them
// (name, kind, scope, verbs, short names, categories). Troubleshoot support
// bundles record both in cluster-resources/groups.json and resources.json.
type Discovery struct {
	// Groups are the API groups, the core group ("") among them.
	Groups []metav1.APIGroup
	// Resources are the resource lists, one per group version, in the
	// order recorded; subresources ("pods/log") are among them.
	Resources []metav1.APIResourceList
}

// readDiscovery reads troubleshoot's groups.json (a JSON array of
// APIGroup) or resources.json (a JSON array of APIResourceList).
func (ld *loader) readDiscovery(file string, r role, data []byte) {
	if ld.disc == nil {
		ld.disc = &Discovery{}
	}
	var err error
	if r == roleAPIGroups {
		err = json.Unmarshal(data, &ld.disc.Groups)
	} else {
		err = json.Unmarshal(data, &ld.disc.Resources)
	}
	if err != nil {
		what := "APIResourceList"
		if r == roleAPIGroups {
			what = "APIGroup"
		}
		ld.fail(file, -1, "malformed API discovery, want a JSON array of %s: %v", what, err)
	}
}
