package bundle

import (
	"strings"

	"k8s.io/apimachinery/pkg/types"
)

// Index holds the lookups every analysis stage needs. It is built once, in
// time linear in the number of objects, and never modified afterwards.
type Index struct {
	byKey     map[Key]*Object
	byUID     map[types.UID]*Object
	byKind    map[string][]*Object // kind -> objects, bundle order
	children  map[types.UID][]*Object
	podsNode  map[string][]*Object
	podLabels map[string]map[labelPair][]*Object // namespace -> label -> pods
	podsNS    map[string][]*Object
	logs      map[logKey][]*Log
	memo      memo // facts derived from the index (Derived)
}

type logKey struct{ ns, pod, container string }

// labelPair is one label; a struct key spares building "k=v" strings.
type labelPair struct{ k, v string }

// NewIndex indexes objs and logs. Later duplicates of the same Key are
// ignored by Get (the first wins); the loader reports them as load errors.
func NewIndex(objs []*Object, logs []*Log) *Index {
	ix := &Index{
		byKey:     make(map[Key]*Object, len(objs)),
		byUID:     make(map[types.UID]*Object, len(objs)),
		byKind:    map[string][]*Object{},
		children:  make(map[types.UID][]*Object, len(objs)/2),
		podsNode:  map[string][]*Object{},
		podLabels: map[string]map[labelPair][]*Object{},
		podsNS:    map[string][]*Object{},
		logs:      make(map[logKey][]*Log, len(logs)),
	}
	for _, o := range objs {
		ix.add(o)
	}
	for _, l := range logs {
		lk := logKey{l.Namespace, l.Pod, l.Container}
		ix.logs[lk] = append(ix.logs[lk], l)
	}
	return ix
}

// add indexes one object. It reads each metadata field once: on a large
// bundle the objects' maps are spread over the heap, and every lookup is
// a cache miss.
func (ix *Index) add(o *Object) {
	meta, _ := o.Object["metadata"].(map[string]any)
	kind, _ := o.Object["kind"].(string)
	apiVersion, _ := o.Object["apiVersion"].(string)
	ns, _ := meta["namespace"].(string)
	name, _ := meta["name"].(string)
	k := Key{Group: APIGroup(apiVersion), Kind: kind, Namespace: ns, Name: name}
	if _, dup := ix.byKey[k]; dup {
		return
	}
	ix.byKey[k] = o
	if uid, _ := meta["uid"].(string); uid != "" {
		ix.byUID[types.UID(uid)] = o
	}
	ix.byKind[kind] = append(ix.byKind[kind], o)
	if refs, ok := meta["ownerReferences"].([]any); ok {
		ix.addChild(o, refs)
	}
	// Events are looked up by involved object through the facts package
	// (facts.EventsFor), which keys them by its one rule for scope.
	if kind == "Pod" && k.Group == "" {
		ix.indexPod(o, ns)
	}
}

// addChild files o under the UID of each of its owner references. It reads
// the UIDs as GetOwnerReferences would, without building the references:
// none when one reference is not an object, "" for one without a UID.
func (ix *Index) addChild(o *Object, refs []any) {
	for _, r := range refs {
		if _, ok := r.(map[string]any); !ok {
			return
		}
	}
	for _, r := range refs {
		uid, _ := r.(map[string]any)["uid"].(string)
		ix.children[types.UID(uid)] = append(ix.children[types.UID(uid)], o)
	}
}

// IsEvent reports whether o is a core/v1 or events.k8s.io/v1 Event.
func IsEvent(o *Object) bool {
	if o.GetKind() != "Event" {
		return false
	}
	g := APIGroup(o.GetAPIVersion())
	return g == "" || g == "events.k8s.io"
}

// APIGroup returns the group of an apiVersion ("" for the core group), as
// schema.ParseGroupVersion reads it, including "" for a malformed value
// with more than one slash; it neither allocates nor fails.
func APIGroup(apiVersion string) string {
	g, v, ok := strings.Cut(apiVersion, "/")
	if !ok || strings.Contains(v, "/") {
		return ""
	}
	return g
}

func (ix *Index) indexPod(o *Object, ns string) {
	ix.podsNS[ns] = append(ix.podsNS[ns], o)
	if node, _, _ := unstructuredString(o.Object, "spec", "nodeName"); node != "" {
		ix.podsNode[node] = append(ix.podsNode[node], o)
	}
	m := ix.podLabels[ns]
	if m == nil {
		m = map[labelPair][]*Object{}
		ix.podLabels[ns] = m
	}
	for k, v := range labelsOf(o) {
		s, _ := v.(string)
		lp := labelPair{k, s}
		m[lp] = append(m[lp], o)
	}
}
