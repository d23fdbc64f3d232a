package collector

import (
	"context"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// collectCluster reads the cluster-scoped objects the analysis needs: all
// nodes, the PersistentVolumes bound to scoped claims and their
// StorageClasses, and the admission webhook configurations trimmed to names
// and rules.
func (r *run) collectCluster(ctx context.Context) error {
	if a, ok := r.res["nodes"]; ok {
		if err := r.list(ctx, a, "", nil); err != nil {
			return err
		}
	}
	if err := r.getNamed(ctx, "persistentvolumes", sortedKeys(r.seen.volumes)); err != nil {
		return err
	}
	// PVs can name classes their claims did not, so classes come after PVs.
	if err := r.getNamed(ctx, "storageclasses.storage.k8s.io", sortedKeys(r.seen.classes)); err != nil {
		return err
	}
	for _, name := range webhookResources {
		a, ok := r.res[name]
		if !ok {
			continue
		}
		if err := r.list(ctx, a, "", trimWebhooks); err != nil {
			return err
		}
	}
	return nil
}

// getNamed GETs cluster-scoped objects one by one, because the collector
// wants only those the scope refers to, not every PV of the cluster.
func (r *run) getNamed(ctx context.Context, resource string, names []string) error {
	a, ok := r.res[resource]
	if !ok || len(names) == 0 {
		return nil
	}
	var page []map[string]any
	for _, n := range names {
		u, err := r.dyn.Resource(a.gvr).Get(ctx, n, metav1.GetOptions{})
		if err != nil {
			if err := r.readFailed(resource+"/"+n, "", err); err != nil {
				return err
			}
			continue
		}
		r.seen.object(a, u.Object)
		page = append(page, u.Object)
	}
	r.progress(resource, "", len(page))
	return r.out.page(objDir("", a.name()), page)
}

// trimWebhooks keeps a webhook configuration's names, rules, selectors and
// policies, and drops the CA bundles, which are large and say nothing about
// an incident. It always keeps the object.
func trimWebhooks(o map[string]any) bool {
	hooks, _, _ := unstructured.NestedSlice(o, "webhooks")
	for _, h := range hooks {
		if m, ok := h.(map[string]any); ok {
			unstructured.RemoveNestedField(m, "clientConfig", "caBundle")
		}
	}
	if hooks != nil {
		unstructured.SetNestedSlice(o, hooks, "webhooks")
	}
	return true
}
