package layers

import (
	"slices"
	"sort"
	"strings"
)

// delta is one declared field whose observed value differs.
type delta struct {
	path     fieldPath
	expected any
	observed any
}

// differ compares an expected object with an observed one on the fields
// the expected side declares. Fields only the observed side has (server
// defaults, injected volumes and tolerations, status) are never reported.
type differ struct {
	// skip, when set, drops paths a controller rewrites on purpose.
	skip func(fieldPath) bool
	out  []delta
}

// declaredDiff returns the declared-field differences under base, sorted by
// path.
func declaredDiff(expected, observed any, base fieldPath, skip func(fieldPath) bool) []delta {
	d := &differ{skip: skip}
	d.walk(expected, observed, withRoom(base))
	if len(d.out) < 2 {
		return d.out
	}
	// Paths are formatted once, not twice per comparison.
	keys := make([]string, len(d.out))
	for i := range d.out {
		keys[i] = d.out[i].path.String()
	}
	sort.Stable(byPath{d.out, keys})
	return d.out
}

// byPath sorts deltas by their formatted paths, kept in step.
type byPath struct {
	ds   []delta
	keys []string
}

func (b byPath) Len() int           { return len(b.ds) }
func (b byPath) Less(i, j int) bool { return b.keys[i] < b.keys[j] }
func (b byPath) Swap(i, j int) {
	b.ds[i], b.ds[j] = b.ds[j], b.ds[i]
	b.keys[i], b.keys[j] = b.keys[j], b.keys[i]
}

// covers reports whether observed carries every declared field of expected.
func covers(expected, observed any, p fieldPath) bool {
	d := &differ{}
	d.walk(expected, observed, p)
	return len(d.out) == 0
}

// The walk extends paths with append, in place when the path has room:
// a child's segment overwrites its finished sibling's, so a walk
// allocates a path only when it keeps one (add) and not per field.
// withRoom gives the root path that room.
func withRoom(p fieldPath) fieldPath {
	out := make(fieldPath, len(p), len(p)+12) // deep enough for a container field
	copy(out, p)
	return out
}

func (d *differ) add(p fieldPath, e, o any) {
	if d.skip != nil && d.skip(p) {
		return
	}
	d.out = append(d.out, delta{path: slices.Clone(p), expected: e, observed: o})
}

func (d *differ) walk(e, o any, p fieldPath) {
	if d.skip != nil && d.skip(p) {
		return
	}
	if len(p) > 0 && atomicFields[p[len(p)-1].key] {
		if !covers(e, o, fieldPath{}) {
			d.add(p, e, o)
		}
		return
	}
	switch ev := e.(type) {
	case map[string]any:
		om, ok := o.(map[string]any)
		if !ok {
			if !(o == nil && len(ev) == 0) {
				d.add(p, e, o)
			}
			return
		}
		keys := make([]string, 0, len(ev))
		for k := range ev {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			ov, present := om[k]
			if !present && isZero(ev[k]) {
				continue
			}
			d.walk(ev[k], ov, append(p, seg{key: k}))
		}
	case []any:
		ol, _ := o.([]any)
		if o != nil && ol == nil {
			d.add(p, e, o)
			return
		}
		d.walkList(ev, ol, p)
	default:
		if !scalarEqual(e, o, isQuantityPath(p)) && !(len(p) > 0 && p[len(p)-1].key == "image" && pinnedImage(e, o)) {
			d.add(p, e, o)
		}
	}
}

// pinnedImage reports whether observed is expected pinned to a digest
// (nginx:1.27 → nginx:1.27@sha256:…), as image-verification admission
// webhooks (Kyverno mutateDigest, sigstore policy-controller) rewrite it.
func pinnedImage(exp, obs any) bool {
	e, okE := exp.(string)
	o, okO := obs.(string)
	if !okE || !okO || strings.Contains(e, "@") {
		return false
	}
	i := strings.Index(o, "@sha256:")
	return i > 0 && o[:i] == e
}

func (d *differ) walkList(e, o []any, p fieldPath) {
	em, om := maps(e), maps(o)
	if len(em) != len(e) || len(e) == 0 {
		d.scalarList(e, o, p)
		return
	}
	name := p.last()
	keys := mergeKeys(name, em)
	if keys == nil {
		// No merge key: every declared element must be present somewhere,
		// so injected extras (default tolerations) do not count.
		for i, x := range em {
			if !anyCovers(x, om) && !(name == "tolerations" && tolerationSubsumed(x, om)) {
				d.add(append(p, seg{index: i, isIdx: true}), x, nil)
			}
		}
		return
	}
	byKey := make(map[string]map[string]any, len(om))
	for _, x := range om {
		byKey[keyString(elemKey(x, keys))] = x
	}
	for _, x := range em {
		k := elemKey(x, keys)
		ep := append(p, seg{match: k})
		y, ok := byKey[keyString(k)]
		switch {
		case !ok:
			d.add(ep, x, nil)
		case atomicElems[name]:
			if !covers(x, y, ep) {
				d.add(ep, x, y)
			}
		default:
			d.walk(x, y, ep)
		}
	}
}

func anyCovers(x map[string]any, cands []map[string]any) bool {
	for _, c := range cands {
		if covers(x, c, fieldPath{}) {
			return true
		}
	}
	return false
}

// scalarList compares lists of scalars (command, args, accessModes) in
// order and in full: an extra argument changes behaviour.
func (d *differ) scalarList(e, o []any, p fieldPath) {
	eq := len(e) == len(o)
	for i := 0; eq && i < len(e); i++ {
		if _, isMap := e[i].(map[string]any); isMap {
			eq = covers(e[i], o[i], nil)
		} else {
			eq = scalarEqual(e[i], o[i], false)
		}
	}
	if !eq && !(len(e) == 0 && len(o) == 0) {
		d.add(p, e, o)
	}
}

// tolerationSubsumed reports whether an observed toleration makes t
// redundant: the API server's toleration merge (PodTolerationRestriction,
// used by OpenShift among others) drops a toleration when another with the
// same key and effect and operator Exists already tolerates every value.
func tolerationSubsumed(t map[string]any, observed []map[string]any) bool {
	for _, o := range observed {
		if str(o, "operator") != "Exists" || str(o, "key") != str(t, "key") {
			continue
		}
		if e := str(o, "effect"); e != "" && e != str(t, "effect") {
			continue
		}
		if _, limited := o["tolerationSeconds"]; limited && !scalarEqual(t["tolerationSeconds"], o["tolerationSeconds"], false) {
			continue
		}
		return true
	}
	return false
}
