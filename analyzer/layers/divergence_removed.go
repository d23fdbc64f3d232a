package layers

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// gitopsAppliers are the field managers with which GitOps controllers
// server-side apply what Git declares.
var gitopsAppliers = map[string]bool{
	"kustomize-controller": true, "helm-controller": true, "argocd-controller": true,
}

// removedFields finds the fields Git removed that the live object kept:
// a field that a GitOps applier owns through server-side apply (an Apply
// entry of managedFields), or that kubectl's client-side apply recorded in
// kubectl.kubernetes.io/last-applied-configuration, but that the rendered
// manifest no longer declares. Each is a divergence with expected absent
// (null) and Removed set. Only the object's spec and other top-level
// fields are read, never metadata or status: reconcilers add their own
// labels and annotations. ignore drops paths Argo CD's ignoreDifferences
// exempts.
func removedFields(live *bundle.Object, rendered map[string]any, ignore func(fieldPath) bool) []Divergence {
	exp, obs := declaredPart(rendered), declaredPart(live.Object)
	delete(exp, "metadata")
	delete(obs, "metadata")
	found := map[string]delta{}
	owner := map[string]string{}
	sets := bundle.NewFieldSets()
	add := func(p fieldPath, o any, by string) {
		if ignore != nil && ignore(p) {
			return
		}
		k := p.String()
		if _, dup := found[k]; !dup {
			found[k], owner[k] = delta{path: append(fieldPath(nil), p...), observed: o}, by
		}
	}
	for _, mf := range maps(sliceAt(live.Object, "metadata", "managedFields")) {
		name := str(mf, "manager")
		if !gitopsAppliers[name] || str(mf, "operation") != "Apply" || str(mf, "subresource") != "" {
			continue
		}
		ownedAbsent(sets.Of(mf), exp, obs, nil, func(p fieldPath, o any) { add(p, o, name) })
	}
	if la := annotation(live, lastAppliedAnnotation); la != "" {
		var cfg map[string]any
		if json.Unmarshal([]byte(la), &cfg) == nil {
			cfg = declaredPart(cfg)
			delete(cfg, "metadata")
			appliedAbsent(cfg, exp, obs, nil, func(p fieldPath, o any) { add(p, o, fieldOwner(live, p, nil, sets)) })
		}
	}
	keys := make([]string, 0, len(found))
	for k := range found {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]Divergence, 0, len(keys))
	for _, k := range keys {
		d := toDivergence(LayerRendered, LayerApplied, live, found[k], owner[k])
		d.Removed = true
		out = append(out, d)
	}
	return out
}

const lastAppliedAnnotation = "kubectl.kubernetes.io/last-applied-configuration"

// ownedAbsent walks a fieldsV1 set (f:<key> for map keys, k:{json} for list
// elements picked by merge key) beside the rendered value exp and the live
// value obs, and reports every owned field the live object has and exp
// does not declare, at the shallowest such path.
func ownedAbsent(fs map[string]any, exp, obs any, p fieldPath, report func(fieldPath, any)) {
	if ol, ok := obs.([]any); ok {
		el, _ := exp.([]any)
		for _, k := range sortedKeys(fs) {
			if !strings.HasPrefix(k, "k:") {
				continue // v: (set members) and i: (positions) are compared as declared
			}
			var want map[string]any
			if json.Unmarshal([]byte(k[2:]), &want) != nil {
				continue
			}
			oe := findElem(ol, want)
			if oe == nil {
				continue
			}
			ep := append(p, seg{match: wantKey(want)})
			ee := findElem(el, want)
			if ee == nil {
				report(ep, oe)
				continue
			}
			sub, _ := fs[k].(map[string]any)
			ownedAbsent(sub, ee, oe, ep, report)
		}
		return
	}
	om, ok := obs.(map[string]any)
	if !ok {
		return
	}
	em, _ := exp.(map[string]any)
	for _, k := range sortedKeys(fs) {
		if !strings.HasPrefix(k, "f:") {
			continue
		}
		key := k[2:]
		ov, live := om[key]
		if !live {
			continue
		}
		kp := append(p, seg{key: key})
		ev, declared := em[key]
		if !declared {
			report(kp, ov)
			continue
		}
		if sub, _ := fs[k].(map[string]any); len(sub) > 0 {
			ownedAbsent(sub, ev, ov, kp, report)
		}
	}
}

// appliedAbsent is ownedAbsent for a client-side apply: the applied
// configuration itself is the owned set, its list elements matched by
// merge key as the strategic merge patch matches them.
func appliedAbsent(applied, exp, obs any, p fieldPath, report func(fieldPath, any)) {
	switch av := applied.(type) {
	case map[string]any:
		om, ok := obs.(map[string]any)
		if !ok {
			return
		}
		em, _ := exp.(map[string]any)
		for _, k := range sortedKeys(av) {
			ov, live := om[k]
			if !live {
				continue
			}
			kp := append(p, seg{key: k})
			ev, declared := em[k]
			if !declared {
				report(kp, ov)
				continue
			}
			appliedAbsent(av[k], ev, ov, kp, report)
		}
	case []any:
		am := maps(av)
		ol, _ := obs.([]any)
		if len(am) != len(av) || len(am) == 0 || ol == nil {
			return
		}
		keys := mergeKeys(p.last(), am)
		if keys == nil {
			return
		}
		el, _ := exp.([]any)
		for _, x := range am {
			k := elemKey(x, keys)
			want := make(map[string]any, len(k))
			for _, f := range k {
				want[f.name] = f.value
			}
			oe := findElem(ol, want)
			if oe == nil {
				continue
			}
			ep := append(p, seg{match: k})
			ee := findElem(el, want)
			if ee == nil {
				report(ep, oe)
				continue
			}
			appliedAbsent(x, ee, oe, ep, report)
		}
	}
}

// findElem returns the element of list whose fields equal every field of
// want (numbers compared as numbers, protocol defaulting to TCP).
func findElem(list []any, want map[string]any) map[string]any {
	for _, x := range maps(list) {
		ok := true
		for k, w := range want {
			g, present := x[k]
			if !present && k == "protocol" {
				g = "TCP"
			}
			if fmt.Sprint(normNum(g)) != fmt.Sprint(normNum(w)) {
				ok = false
				break
			}
		}
		if ok {
			return x
		}
	}
	return nil
}

// wantKey is a k:{json} key as a merge key, its fields in name order.
func wantKey(want map[string]any) []kv {
	out := make([]kv, 0, len(want))
	for _, k := range sortedKeys(want) {
		v := want[k]
		if n, isNum := toInt(v); isNum && k != "name" {
			v = n
		}
		out = append(out, kv{name: k, value: v})
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// partialRender reports a subject whose reconciler changes the rendered
// manifests in ways the bundle's rendering does not record (a Flux
// Kustomization's spec.patches or spec.components, an Argo CD source's
// kustomize patches or Helm values): a field such a patch adds is not one
// Git removed.
func partialRender(owners []*bundle.Object) bool {
	for _, r := range owners {
		switch r.GetKind() {
		case "Kustomization":
			if len(sliceAt(r.Object, "spec", "patches")) > 0 || len(sliceAt(r.Object, "spec", "patchesStrategicMerge")) > 0 ||
				len(sliceAt(r.Object, "spec", "components")) > 0 {
				return true
			}
		case "Application":
			for _, src := range append([]any{mapAt(r.Object, "spec", "source")}, sliceAt(r.Object, "spec", "sources")...) {
				m, _ := src.(map[string]any)
				if len(sliceAt(m, "kustomize", "patches")) > 0 || mapAt(m, "helm") != nil {
					return true
				}
			}
		}
	}
	return false
}
