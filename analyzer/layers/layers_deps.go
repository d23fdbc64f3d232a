package layers

import "github.com/rift-dev/rift/analyzer/evidence"

// dep is one object a pod template refers to.
type dep struct {
	kind, name, key, path string
	optional              bool
}

// templateDeps lists what a pod spec refers to: ConfigMaps, Secrets and
// their keys, PVCs, the ServiceAccount and image pull Secrets.
func templateDeps(spec map[string]any) []dep {
	var out []dep
	add := func(kind, name, key, path string, m map[string]any) {
		if name != "" {
			out = append(out, dep{kind, name, key, path, boolAt(m, "optional")})
		}
	}
	if sa := str(spec, "serviceAccountName"); sa != "" {
		add("ServiceAccount", sa, "", "spec.serviceAccountName", nil)
	}
	for _, s := range maps(sliceAt(spec, "imagePullSecrets")) {
		add("Secret", str(s, "name"), "", "spec.imagePullSecrets", nil)
	}
	for _, v := range maps(sliceAt(spec, "volumes")) {
		p := "spec.volumes[name=" + str(v, "name") + "]"
		add("ConfigMap", str(v, "configMap", "name"), "", p, mapAt(v, "configMap"))
		add("Secret", str(v, "secret", "secretName"), "", p, mapAt(v, "secret"))
		add("PersistentVolumeClaim", str(v, "persistentVolumeClaim", "claimName"), "", p, nil)
		for _, src := range maps(sliceAt(v, "projected", "sources")) {
			add("ConfigMap", str(src, "configMap", "name"), "", p, mapAt(src, "configMap"))
			add("Secret", str(src, "secret", "name"), "", p, mapAt(src, "secret"))
		}
	}
	for _, list := range []string{"initContainers", "containers"} {
		for _, c := range maps(sliceAt(spec, list)) {
			cp := "spec." + list + "[name=" + str(c, "name") + "]"
			for _, e := range maps(sliceAt(c, "env")) {
				p := cp + ".env[name=" + str(e, "name") + "]"
				if r := mapAt(e, "valueFrom", "configMapKeyRef"); r != nil {
					add("ConfigMap", str(r, "name"), str(r, "key"), p, r)
				}
				if r := mapAt(e, "valueFrom", "secretKeyRef"); r != nil {
					add("Secret", str(r, "name"), str(r, "key"), p, r)
				}
			}
			for _, e := range maps(sliceAt(c, "envFrom")) {
				add("ConfigMap", str(e, "configMapRef", "name"), "", cp+".envFrom", mapAt(e, "configMapRef"))
				add("Secret", str(e, "secretRef", "name"), "", cp+".envFrom", mapAt(e, "secretRef"))
			}
		}
	}
	return out
}

var depResource = map[string]string{"ConfigMap": "configmaps", "Secret": "secrets", "PersistentVolumeClaim": "persistentvolumeclaims", "ServiceAccount": "serviceaccounts"}

func (a *analysis) dependenciesLayer(s *subject) Layer {
	l := Layer{Name: LayerDependencies, Status: StatusNotApplicable}
	spec := mapAt(s.pods.template, "spec")
	if s.obj.GetKind() == "Pod" {
		spec = mapAt(s.obj.Object, "spec")
	}
	deps := templateDeps(spec)
	if s.obj.GetKind() == "StatefulSet" {
		for _, t := range maps(sliceAt(s.obj.Object, "spec", "volumeClaimTemplates")) {
			for _, p := range s.pods.pods {
				deps = append(deps, dep{kind: "PersistentVolumeClaim", name: str(t, "metadata", "name") + "-" + p.GetName(), path: "spec.volumeClaimTemplates"})
			}
		}
	}
	seen := map[dep]bool{}
	for _, d := range deps {
		if seen[d] {
			continue
		}
		seen[d] = true
		st, e := a.checkDep(s.obj.GetNamespace(), d)
		l.Status = worse(l.Status, st)
		l.Evidence = append(l.Evidence, e...)
	}
	for _, svc := range a.servicesOf(s) {
		st, e := a.checkRouting(svc, s.pods.pods)
		l.Status = worse(l.Status, st)
		l.Evidence = append(l.Evidence, e)
	}
	if len(l.Evidence) == 0 {
		l.Evidence = []evidence.Evidence{{Message: "refers to no ConfigMap, Secret, PVC, ServiceAccount or Service"}}
	}
	return l
}
