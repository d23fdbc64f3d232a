package collector

import (
	"context"
	"sort"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

const (
	secretsResource = "secrets"
	lastApplied     = "kubectl.kubernetes.io/last-applied-configuration"
)

// collectSecrets writes the Secrets of ns as metadata only. By default they
// are read through the metadata API (and their type from the server-side
// table), so their data never leaves the API server. With SecretKeys they are listed whole, one page at a time, and
// reduced to key names in memory before anything else sees them.
func (r *run) collectSecrets(ctx context.Context, ns string) error {
	a, ok := r.res[secretsResource]
	if !ok {
		return nil
	}
	dir := objDir(ns, secretsResource)
	n := 0
	var err error
	if r.cfg.SecretKeys {
		ri := r.dyn.Resource(a.gvr).Namespace(ns)
		err = paginate(ctx, r.cfg.PageSize, func(ctx context.Context, opts metav1.ListOptions) (string, error) {
			l, err := ri.List(ctx, opts)
			if err != nil {
				return "", err
			}
			page := make([]map[string]any, 0, len(l.Items))
			for i := range l.Items {
				page = append(page, secretKeysOnly(&l.Items[i]))
				l.Items[i].Object = nil
			}
			n += len(page)
			return l.GetContinue(), r.out.page(dir, page)
		})
	} else {
		types := r.secretTypes(ctx, ns)
		ri := r.md.Resource(a.gvr).Namespace(ns)
		err = paginate(ctx, r.cfg.PageSize, func(ctx context.Context, opts metav1.ListOptions) (string, error) {
			l, err := ri.List(ctx, opts)
			if err != nil {
				return "", err
			}
			page := make([]map[string]any, 0, len(l.Items))
			for i := range l.Items {
				m, err := secretMeta(&l.Items[i].ObjectMeta)
				if err != nil {
					return "", err
				}
				if t := types[l.Items[i].Name]; t != "" {
					m["type"] = t
				}
				page = append(page, m)
			}
			n += len(page)
			return l.GetContinue(), r.out.page(dir, page)
		})
	}
	r.progress(secretsResource, ns, n)
	return r.readFailed(secretsResource, ns, err)
}

// secretMeta builds a v1 Secret with metadata only, without managedFields
// or kubectl's last-applied copy (which holds the values in clear).
func secretMeta(om *metav1.ObjectMeta) (map[string]any, error) {
	om = om.DeepCopy()
	om.ManagedFields = nil
	delete(om.Annotations, lastApplied)
	if len(om.Annotations) == 0 {
		om.Annotations = nil
	}
	m, err := runtime.DefaultUnstructuredConverter.ToUnstructured(om)
	if err != nil {
		return nil, err
	}
	return map[string]any{"apiVersion": "v1", "kind": "Secret", "metadata": m}, nil
}

// secretKeysOnly keeps a Secret's metadata, type and key names; each value
// is replaced by an empty string before the object leaves this function.
func secretKeysOnly(u *unstructured.Unstructured) map[string]any {
	keys := map[string]bool{}
	for _, f := range []string{"data", "stringData"} {
		if d, ok := u.Object[f].(map[string]any); ok {
			for k := range d {
				keys[k] = true
			}
		}
	}
	om := metav1.ObjectMeta{
		Name: u.GetName(), Namespace: u.GetNamespace(), UID: u.GetUID(),
		ResourceVersion: u.GetResourceVersion(), CreationTimestamp: u.GetCreationTimestamp(),
		Labels: u.GetLabels(), Annotations: u.GetAnnotations(), OwnerReferences: u.GetOwnerReferences(),
	}
	out, _ := secretMeta(&om)
	if t, ok := u.Object["type"].(string); ok {
		out["type"] = t
	}
	if len(keys) > 0 {
		names := make([]string, 0, len(keys))
		for k := range keys {
			names = append(names, k)
		}
		sort.Strings(names)
		data := make(map[string]any, len(names))
		for _, k := range names {
			data[k] = ""
		}
		out["data"] = data
	}
	return out
}
