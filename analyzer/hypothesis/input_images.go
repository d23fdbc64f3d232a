package hypothesis

import (
	"encoding/json"
	"sort"
	"strings"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// workloadImages is input.workload_images: for each workload with a
// current pod (found in input.objects) that reports or pins an image
// digest, {"running": the distinct [container, digest] pairs of its
// containerStatuses with an imageID, "pinned": the distinct [container,
// digest] pairs of its spec containers whose image contains "@sha256:"},
// both sorted. A digest is the text after the last "@". It spares
// image-digest-mismatch a pass over every pod: the rule judges only the
// workloads whose pairs can disagree.
func (x *inputBuild) workloadImages() (ast.Value, error) {
	pods := map[[2]string]*bundle.Object{}
	for _, o := range x.ix.OfKind("Pod") {
		if !bundle.IsEvent(o) {
			pods[[2]string{o.GetNamespace(), o.GetName()}] = o // the later wins, as in objects
		}
	}
	var kvs [][2]*ast.Term
	for k, i := range x.latestWorkloads() {
		w := &x.in.Workloads[i]
		running, pinned := map[[2]string]bool{}, map[[2]string]bool{}
		for _, ps := range w.Pods {
			if p := pods[[2]string{w.Ref.Namespace, ps.Name}]; ps.Current && p != nil {
				addImages(running, p.Object, "status", "containerStatuses", "imageID", false)
				addImages(pinned, p.Object, "spec", "containers", "image", true)
			}
		}
		if len(running) == 0 && len(pinned) == 0 {
			continue
		}
		v := ast.NewObject(
			[2]*ast.Term{ast.StringTerm("running"), pairsTerm(running)},
			[2]*ast.Term{ast.StringTerm("pinned"), pairsTerm(pinned)},
		)
		kvs = append(kvs, [2]*ast.Term{ast.StringTerm(k), ast.NewTerm(v)})
	}
	return ast.NewObject(kvs...), nil
}

// addImages adds the [name, digest] pairs of the list obj[a][b] (its
// values, if it is an object, as Rego's `some x in` iterates them) whose
// field is a non-empty string; pinnedOnly keeps only images pinned by
// "@sha256:".
func addImages(set map[[2]string]bool, obj map[string]any, a, b, field string, pinnedOnly bool) {
	var items []any
	switch l := mapAt(obj, a)[b].(type) {
	case []any:
		items = l
	case map[string]any:
		for _, v := range l {
			items = append(items, v)
		}
	}
	for _, it := range items {
		m, _ := it.(map[string]any)
		n, ok := m["name"]
		id, _ := m[field].(string)
		if !ok || id == "" || (pinnedOnly && !strings.Contains(id, "@sha256:")) {
			continue
		}
		name, ok := n.(string)
		if !ok {
			// Not a valid container, but Rego would still pair it: keep
			// it under a name no string has, so the index stays a
			// superset of what the rule reads.
			b, _ := json.Marshal(n)
			name = "\x00" + string(b)
		}
		set[[2]string{name, id[strings.LastIndex(id, "@")+1:]}] = true
	}
}

// pairsTerm is the sorted array of the pairs in set.
func pairsTerm(set map[[2]string]bool) *ast.Term {
	ps := make([][2]string, 0, len(set))
	for p := range set {
		ps = append(ps, p)
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i][0] != ps[j][0] {
			return ps[i][0] < ps[j][0]
		}
		return ps[i][1] < ps[j][1]
	})
	ts := make([]*ast.Term, len(ps))
	for i, p := range ps {
		ts[i] = ast.ArrayTerm(ast.StringTerm(p[0]), ast.StringTerm(p[1]))
	}
	return ast.ArrayTerm(ts...)
}
