package layers

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// appliers are the field managers that write declared state
// (facts.Appliers). A field owned by anyone else was changed after the
// apply (kubectl-set, kubectl-edit, an HPA, a mutating operator).
var appliers = facts.Appliers

// podCreators are the managers that write a Pod from its controller's
// template; other managers on a Pod's spec changed it afterwards.
var podCreators = map[string]bool{"kube-controller-manager": true, "kubelet": true}

// fieldOwner returns the field manager, other than the expected writers,
// that owns p in o's managedFields. When several do, the most recent wins.
// sets decodes each field-ownership set once across the caller's calls.
func fieldOwner(o *bundle.Object, p fieldPath, expected map[string]bool, sets bundle.FieldSets) string {
	type cand struct{ name, time string }
	var cands []cand
	for _, mf := range maps(sliceAt(o.Object, "metadata", "managedFields")) {
		name := str(mf, "manager")
		if name == "" || expected[name] || str(mf, "subresource") == "status" {
			continue
		}
		if fs := sets.Of(mf); fs != nil && ownsPath(fs, p) {
			cands = append(cands, cand{name, str(mf, "time")})
		}
	}
	if len(cands) == 0 {
		return ""
	}
	sort.Slice(cands, func(i, j int) bool {
		if cands[i].time != cands[j].time {
			return cands[i].time > cands[j].time
		}
		return cands[i].name < cands[j].name
	})
	return cands[0].name
}

// ownsPath walks a fieldsV1 set: f:<key> for map keys, k:{json} for list
// elements picked by merge key.
func ownsPath(fs map[string]any, p fieldPath) bool {
	node := fs
	for _, s := range p {
		var next map[string]any
		switch {
		case s.key != "":
			next = mapAt(node, "f:"+s.key)
		case s.isIdx:
			return false
		default:
			next = matchKeyed(node, s.match)
		}
		if next == nil {
			return false
		}
		node = next
	}
	return true
}

func matchKeyed(node map[string]any, want []kv) map[string]any {
	for k, v := range node {
		if !strings.HasPrefix(k, "k:") {
			continue
		}
		var got map[string]any
		if json.Unmarshal([]byte(k[2:]), &got) != nil {
			continue
		}
		ok := true
		for _, w := range want {
			g, present := got[w.name]
			if !present && w.name == "protocol" {
				g = "TCP"
			}
			if fmt.Sprint(normNum(g)) != fmt.Sprint(normNum(w.value)) {
				ok = false
				break
			}
		}
		if m, isMap := v.(map[string]any); ok && isMap {
			return m
		}
	}
	return nil
}

func normNum(v any) any {
	if n, ok := toInt(v); ok {
		return n
	}
	return v
}
