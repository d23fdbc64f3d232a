package hypothesis

import (
	"sort"
	"strconv"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// refIndex inverts the references objects make to each other (a Pod to its
// Secrets, ConfigMaps and claims; a Flux object to its source and
// dependencies; an ExternalSecret or Certificate to the Secret it writes),
// so a rule can go from a failing object to what depends on it in one
// lookup.
type refIndex struct {
	ix           *bundle.Index
	refs         listMap
	seen         map[string]bool
	referencedBy map[string]any
}

func newRefIndex(ix *bundle.Index) *refIndex {
	r := &refIndex{ix: ix, refs: listMap{}, seen: map[string]bool{}}
	for _, p := range ix.OfKind("Pod") {
		r.podRefs(p)
	}
	for _, kind := range []string{"Kustomization", "HelmRelease"} {
		for _, o := range ix.OfKind(kind) {
			r.fluxRefs(o)
		}
	}
	for _, o := range ix.OfKind("ExternalSecret") {
		ns := o.GetNamespace()
		target := firstNonEmpty(str(o.Object, "spec", "target", "name"), o.GetName())
		r.add("Secret", ns, target, o, "spec.target.name")
		store := mapAt(mapAt(o.Object, "spec"), "secretStoreRef")
		kind := firstNonEmpty(str(store, "kind"), "SecretStore")
		if kind == "ClusterSecretStore" {
			r.add(kind, "", str(store, "name"), o, "spec.secretStoreRef")
		} else {
			r.add(kind, ns, str(store, "name"), o, "spec.secretStoreRef")
		}
	}
	for _, o := range ix.OfKind("Certificate") {
		r.add("Secret", o.GetNamespace(), str(o.Object, "spec", "secretName"), o, "spec.secretName")
	}
	for _, o := range ix.OfKind("Ingress") {
		for i, t := range list(o.Object, "spec", "tls") {
			if m, ok := t.(map[string]any); ok {
				r.add("Secret", o.GetNamespace(), str(m, "secretName"), o, "spec.tls["+strconv.Itoa(i)+"].secretName")
			}
		}
	}
	for _, l := range r.refs {
		sort.Slice(l, func(i, j int) bool { return refSortKey(l[i]) < refSortKey(l[j]) })
	}
	r.referencedBy = r.refs.plain()
	return r
}

func refSortKey(v any) string {
	m := v.(map[string]any)
	return m["kind"].(string) + "/" + m["namespace"].(string) + "/" + m["name"].(string) + "/" + m["path"].(string)
}

// add records that from refers to kind/ns/name at path. Duplicate
// references from one object and path are kept once.
func (r *refIndex) add(kind, ns, name string, from *bundle.Object, path string) {
	if name == "" {
		return
	}
	k := refKey(kind, ns, name)
	seen := k + "\x00" + from.Key().String() + "\x00" + path
	if r.seen[seen] {
		return
	}
	r.seen[seen] = true
	r.refs[k] = append(r.refs[k], map[string]any{
		"apiVersion": from.GetAPIVersion(), "kind": from.GetKind(),
		"namespace": from.GetNamespace(), "name": from.GetName(), "path": path,
	})
}

func (r *refIndex) podRefs(p *bundle.Object) {
	ns := p.GetNamespace()
	for _, v := range list(p.Object, "spec", "volumes") {
		vol, _ := v.(map[string]any)
		r.add("Secret", ns, str(vol, "secret", "secretName"), p, "spec.volumes[name="+str(vol, "name")+"].secret")
		r.add("ConfigMap", ns, str(vol, "configMap", "name"), p, "spec.volumes[name="+str(vol, "name")+"].configMap")
		r.add("PersistentVolumeClaim", ns, str(vol, "persistentVolumeClaim", "claimName"), p, "spec.volumes[name="+str(vol, "name")+"].persistentVolumeClaim")
		for _, s := range list(vol, "projected", "sources") {
			sm, _ := s.(map[string]any)
			r.add("Secret", ns, str(sm, "secret", "name"), p, "spec.volumes[name="+str(vol, "name")+"].projected")
			r.add("ConfigMap", ns, str(sm, "configMap", "name"), p, "spec.volumes[name="+str(vol, "name")+"].projected")
		}
	}
	for _, field := range []string{"initContainers", "containers"} {
		for _, c := range list(p.Object, "spec", field) {
			cm, _ := c.(map[string]any)
			at := "spec." + field + "[name=" + str(cm, "name") + "]"
			for _, e := range list(cm, "env") {
				em, _ := e.(map[string]any)
				r.add("Secret", ns, str(em, "valueFrom", "secretKeyRef", "name"), p, at+".env")
				r.add("ConfigMap", ns, str(em, "valueFrom", "configMapKeyRef", "name"), p, at+".env")
			}
			for _, e := range list(cm, "envFrom") {
				em, _ := e.(map[string]any)
				r.add("Secret", ns, str(em, "secretRef", "name"), p, at+".envFrom")
				r.add("ConfigMap", ns, str(em, "configMapRef", "name"), p, at+".envFrom")
			}
		}
	}
	for _, s := range list(p.Object, "spec", "imagePullSecrets") {
		sm, _ := s.(map[string]any)
		r.add("Secret", ns, str(sm, "name"), p, "spec.imagePullSecrets")
	}
}

func (r *refIndex) fluxRefs(o *bundle.Object) {
	ns := o.GetNamespace()
	for _, path := range [][]string{{"spec", "sourceRef"}, {"spec", "chart", "spec", "sourceRef"}, {"spec", "chartRef"}} {
		var cur any = o.Object
		for _, p := range path {
			cur = mapAt(asMap(cur), p)
		}
		ref := asMap(cur)
		if ref == nil {
			continue
		}
		r.add(str(ref, "kind"), firstNonEmpty(str(ref, "namespace"), ns), str(ref, "name"), o, joinPath(path))
	}
	for _, d := range list(o.Object, "spec", "dependsOn") {
		dm, _ := d.(map[string]any)
		r.add(o.GetKind(), firstNonEmpty(str(dm, "namespace"), ns), str(dm, "name"), o, "spec.dependsOn")
	}
	// helm-controller generates a HelmChart from spec.chart and names it
	// in status.helmChart ("namespace/name"): that chart, not the
	// HelmRepository, says why a version cannot be resolved.
	if hc := str(o.Object, "status", "helmChart"); o.GetKind() == "HelmRelease" && hc != "" {
		if cns, name, ok := strings.Cut(hc, "/"); ok && cns != "" && name != "" {
			r.add("HelmChart", cns, name, o, "status.helmChart")
		}
	}
}

func asMap(v any) map[string]any { m, _ := v.(map[string]any); return m }

func joinPath(p []string) string {
	s := p[0]
	for _, x := range p[1:] {
		s += "." + x
	}
	return s
}
