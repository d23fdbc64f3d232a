package timeline

import (
	"github.com/rift-dev/rift/analyzer/bundle"
	"k8s.io/apimachinery/pkg/types"
)

func typesUID(s string) types.UID { return types.UID(s) }

// depIndex finds the dependencies a pod spec names: Secrets, ConfigMaps and
// PersistentVolumeClaims, and the ExternalSecrets that produce the named
// Secrets (even when the Secret itself is missing, which is the point).
type depIndex struct {
	esByTarget map[bundle.Key][]bundle.Key
}

func newDepIndex(ix *bundle.Index) *depIndex {
	d := &depIndex{esByTarget: map[bundle.Key][]bundle.Key{}}
	for _, es := range ix.OfKind("ExternalSecret") {
		target := str(es.Object, "spec", "target", "name")
		if target == "" {
			target = es.GetName()
		}
		k := bundle.Key{Kind: "Secret", Namespace: es.GetNamespace(), Name: target}
		d.esByTarget[k] = append(d.esByTarget[k], es.Key())
	}
	return d
}

// of returns the dependency keys named by o's pod spec (a pod, or a
// workload's pod template).
func (d *depIndex) of(o *bundle.Object) []bundle.Key {
	spec := mapAt(o.Object, "spec")
	switch o.GetKind() {
	case "Pod":
	case "CronJob":
		spec = mapAt(o.Object, "spec", "jobTemplate", "spec", "template", "spec")
	default:
		spec = mapAt(o.Object, "spec", "template", "spec")
	}
	if spec == nil {
		return nil
	}
	ns := o.GetNamespace()
	var out []bundle.Key
	add := func(kind, name string) {
		if name == "" {
			return
		}
		k := bundle.Key{Kind: kind, Namespace: ns, Name: name}
		out = append(out, k)
		if kind == "Secret" {
			out = append(out, d.esByTarget[k]...)
		}
	}
	for _, v := range list(spec, "volumes") {
		vm, _ := v.(map[string]any)
		add("Secret", str(vm, "secret", "secretName"))
		add("ConfigMap", str(vm, "configMap", "name"))
		add("PersistentVolumeClaim", str(vm, "persistentVolumeClaim", "claimName"))
		for _, s := range list(vm, "projected", "sources") {
			sm, _ := s.(map[string]any)
			add("Secret", str(sm, "secret", "name"))
			add("ConfigMap", str(sm, "configMap", "name"))
		}
	}
	for _, s := range list(spec, "imagePullSecrets") {
		sm, _ := s.(map[string]any)
		add("Secret", str(sm, "name"))
	}
	for _, key := range []string{"initContainers", "containers"} {
		for _, c := range list(spec, key) {
			cm, _ := c.(map[string]any)
			for _, e := range list(cm, "env") {
				em, _ := e.(map[string]any)
				add("Secret", str(em, "valueFrom", "secretKeyRef", "name"))
				add("ConfigMap", str(em, "valueFrom", "configMapKeyRef", "name"))
			}
			for _, e := range list(cm, "envFrom") {
				em, _ := e.(map[string]any)
				add("Secret", str(em, "secretRef", "name"))
				add("ConfigMap", str(em, "configMapRef", "name"))
			}
		}
	}
	return out
}
