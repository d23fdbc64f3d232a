package collector

import (
	"context"
	"sort"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/kubernetes/scheme"
)

const crds = "customresourcedefinitions.apiextensions.k8s.io"

// collectInventory reads the kinds the kept Flux Kustomizations and Argo
// CD Applications say they applied into the scope and that the fixed
// lists do not cover: the custom resources a release is made of
// (a Rollout's AnalysisTemplate, a Kafka topic, a Crossplane claim), whose
// health rules can only judge what was collected. A namespaced kind is
// listed in every scoped namespace, like the fixed kinds; a cluster-scoped
// one is read by the names the inventories give. Secrets stay with
// collectSecrets, which never reads values. Then the definition of every
// custom resource collected is read, because its printer columns, scope
// and schema are what `rift serve` shows.
func (r *run) collectInventory(ctx context.Context) error {
	fixed := map[string]bool{"secrets": true, "namespaces": true, "nodes": true, "persistentvolumes": true,
		"storageclasses.storage.k8s.io": true, fluxKustomizations: true, fluxHelmReleases: true, argoApplications: true, argoProjects: true}
	for _, n := range namespacedResources {
		fixed[n] = true
	}
	for _, n := range webhookResources {
		fixed[n] = true
	}
	for _, n := range fluxSources {
		fixed[n] = true
	}
	byGK := map[schema.GroupKind]apiResource{}
	for _, a := range r.res {
		byGK[schema.GroupKind{Group: a.gvr.Group, Kind: a.kind}] = a
	}
	namespaced := map[string]apiResource{}
	clusterNames := map[string]map[string]bool{}
	for _, e := range r.inventory() {
		a, ok := byGK[e.gk]
		if !ok || fixed[a.name()] {
			continue
		}
		switch {
		case a.namespaced && r.scoped[e.ns]:
			namespaced[a.name()] = a
		case !a.namespaced && e.ns == "" && e.name != "":
			if clusterNames[a.name()] == nil {
				clusterNames[a.name()] = map[string]bool{}
			}
			clusterNames[a.name()][e.name] = true
		}
	}
	for _, ns := range r.t.Namespaces {
		for _, name := range sortedKeys(keysOf(namespaced)) {
			if err := r.list(ctx, namespaced[name], ns, nil); err != nil {
				return err
			}
		}
	}
	for _, name := range sortedKeys(keysOf(clusterNames)) {
		if err := r.getNamed(ctx, name, sortedKeys(clusterNames[name])); err != nil {
			return err
		}
	}
	return r.collectDefinitions(ctx)
}

// inventoryEntry is one object a GitOps object says it applied.
type inventoryEntry struct {
	gk       schema.GroupKind
	ns, name string
}

// inventory lists the kept Kustomizations' status.inventory entries
// (<namespace>_<name>_<group>_<kind>; names and namespaces hold no "_")
// and the kept Applications' status.resources.
func (r *run) inventory() []inventoryEntry {
	var out []inventoryEntry
	for _, ks := range r.keptKS {
		entries, _, _ := unstructured.NestedSlice(ks.Object, "status", "inventory", "entries")
		for _, e := range entries {
			m, _ := e.(map[string]any)
			id, _ := m["id"].(string)
			p := strings.SplitN(id, "_", 4)
			if len(p) == 4 && p[3] != "" {
				out = append(out, inventoryEntry{schema.GroupKind{Group: p[2], Kind: p[3]}, p[0], p[1]})
			}
		}
	}
	for _, app := range r.keptApps {
		res, _, _ := unstructured.NestedSlice(app.Object, "status", "resources")
		for _, x := range res {
			m, _ := x.(map[string]any)
			g, _ := m["group"].(string)
			k, _ := m["kind"].(string)
			ns, _ := m["namespace"].(string)
			n, _ := m["name"].(string)
			if k != "" {
				out = append(out, inventoryEntry{schema.GroupKind{Group: g, Kind: k}, ns, n})
			}
		}
	}
	return out
}

// collectDefinitions reads the CustomResourceDefinition of every custom
// resource collected. A kind of a built-in group, or served by an
// aggregated API, has none: it is skipped, not recorded as missed.
func (r *run) collectDefinitions(ctx context.Context) error {
	a, ok := r.res[crds]
	if !ok {
		return nil
	}
	var page []map[string]any
	for _, name := range r.seen.customResources() {
		u, err := r.dyn.Resource(a.gvr).Get(ctx, name, metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			continue
		}
		if err != nil {
			if err := r.readFailed(crds+"/"+name, "", err); err != nil {
				return err
			}
			continue
		}
		page = append(page, u.Object)
	}
	r.progress(crds, "", len(page))
	return r.out.page(objDir("", crds), page)
}

// isCustom reports whether a group can only be served by a CRD or an
// aggregated API: client-go's scheme holds every built-in group.
func isCustom(group string) bool {
	return group != "" && !scheme.Scheme.IsGroupRegistered(group)
}

func keysOf[V any](m map[string]V) map[string]bool {
	out := make(map[string]bool, len(m))
	for k := range m {
		out[k] = true
	}
	return out
}

// customResources returns the resource names (plural.group, a CRD's
// name) of the custom resources collected so far, sorted.
func (s *observed) customResources() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]string, 0, len(s.custom))
	for n := range s.custom {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}
