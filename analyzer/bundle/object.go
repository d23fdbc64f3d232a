package bundle

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
)

// Ref names one Kubernetes object. It is the identity used across the
// report: evidence, divergences, timeline entries and hypotheses cite objects
// by Ref.
type Ref struct {
	// APIVersion is group/version, or version alone for the core group.
	APIVersion string `json:"apiVersion,omitempty"`
	// Kind is the object's kind, for example Deployment.
	Kind string `json:"kind"`
	// Namespace is empty for cluster-scoped objects.
	Namespace string `json:"namespace,omitempty"`
	// Name is the object's metadata.name.
	Name string `json:"name"`
}

// String formats the ref as Kind/namespace/name, or Kind/name when the
// object is cluster-scoped. This is the form users type in --workload.
func (r Ref) String() string {
	if r.Namespace == "" {
		return r.Kind + "/" + r.Name
	}
	return r.Kind + "/" + r.Namespace + "/" + r.Name
}

// Less orders refs by kind, namespace, name and then apiVersion: the
// order every sorted list of objects in a report follows.
func (r Ref) Less(o Ref) bool {
	if r.Kind != o.Kind {
		return r.Kind < o.Kind
	}
	if r.Namespace != o.Namespace {
		return r.Namespace < o.Namespace
	}
	if r.Name != o.Name {
		return r.Name < o.Name
	}
	return r.APIVersion < o.APIVersion
}

// Group returns the API group of the ref ("" for the core group).
func (r Ref) Group() string {
	gv, err := schema.ParseGroupVersion(r.APIVersion)
	if err != nil {
		return ""
	}
	return gv.Group
}

// Key returns the version-free identity of the ref.
func (r Ref) Key() Key {
	return Key{Group: r.Group(), Kind: r.Kind, Namespace: r.Namespace, Name: r.Name}
}

// ParseRef parses Kind/namespace/name or Kind/name.
func ParseRef(s string) (Ref, error) {
	parts := strings.Split(s, "/")
	switch {
	case len(parts) == 3 && parts[0] != "" && parts[2] != "":
		return Ref{Kind: parts[0], Namespace: parts[1], Name: parts[2]}, nil
	case len(parts) == 2 && parts[0] != "" && parts[1] != "":
		return Ref{Kind: parts[0], Name: parts[1]}, nil
	}
	return Ref{}, fmt.Errorf("%q: want Kind/namespace/name or Kind/name", s)
}

// Key is the version-independent identity of an object: the same object read
// through two API versions has one Key.
type Key struct {
	Group     string
	Kind      string
	Namespace string
	Name      string
}

// String formats the key as Kind/namespace/name (group omitted).
func (k Key) String() string {
	return Ref{Kind: k.Kind, Namespace: k.Namespace, Name: k.Name}.String()
}

// Location says where in a bundle a piece of data was read from.
type Location struct {
	// File is the slash-separated path inside the bundle.
	File string `json:"file"`
	// Doc is the zero-based document (or List item) index within File.
	Doc int `json:"doc,omitempty"`
}

// Object is one decoded Kubernetes object and where it came from. Numbers in
// the object are int64 or float64, never json.Number, so status arithmetic
// works on them directly.
type Object struct {
	*unstructured.Unstructured
	// Source is the file and document the object was decoded from.
	Source Location
	// id is the identity the loader read once, when it made the object;
	// nil for an Object made elsewhere, which reads its map each time.
	// The analysis never changes an object; the identity setters drop it.
	id *identity
}

// identity is what the analysis asks of every object, millions of times
// at 100k objects: from the map, each answer is two to three lookups
// (8 % of the CPU of an analysis of rift's own 100k bundle).
type identity struct {
	apiVersion, kind, namespace, name string
	uid                               types.UID
}

// newObject makes the loader's Object for u, with its identity read once.
func newObject(u *unstructured.Unstructured, src Location) *Object {
	return &Object{Unstructured: u, Source: src, id: &identity{
		apiVersion: u.GetAPIVersion(), kind: u.GetKind(), namespace: u.GetNamespace(), name: u.GetName(), uid: u.GetUID(),
	}}
}

// GetAPIVersion is the object's apiVersion.
func (o *Object) GetAPIVersion() string {
	if o.id != nil {
		return o.id.apiVersion
	}
	return o.Unstructured.GetAPIVersion()
}

// GetKind is the object's kind.
func (o *Object) GetKind() string {
	if o.id != nil {
		return o.id.kind
	}
	return o.Unstructured.GetKind()
}

// GetNamespace is the object's metadata.namespace.
func (o *Object) GetNamespace() string {
	if o.id != nil {
		return o.id.namespace
	}
	return o.Unstructured.GetNamespace()
}

// GetName is the object's metadata.name.
func (o *Object) GetName() string {
	if o.id != nil {
		return o.id.name
	}
	return o.Unstructured.GetName()
}

// GetUID is the object's metadata.uid.
func (o *Object) GetUID() types.UID {
	if o.id != nil {
		return o.id.uid
	}
	return o.Unstructured.GetUID()
}

// Ref returns the object's reference.
func (o *Object) Ref() Ref {
	return Ref{APIVersion: o.GetAPIVersion(), Kind: o.GetKind(), Namespace: o.GetNamespace(), Name: o.GetName()}
}

// Key returns the object's version-free identity.
func (o *Object) Key() Key {
	return Key{Group: o.GroupVersionKind().Group, Kind: o.GetKind(), Namespace: o.GetNamespace(), Name: o.GetName()}
}

// LoadError records one piece of a bundle that could not be loaded. Loading
// goes on after a LoadError; the error is reported, never swallowed.
type LoadError struct {
	// File is the path inside the bundle ("" for archive-level problems).
	File string `json:"file"`
	// Doc is the document index inside File, or -1 when not applicable.
	Doc int `json:"doc"`
	// Reason says what was wrong, in lower case, without secret values.
	Reason string `json:"reason"`
}

func (e LoadError) Error() string {
	if e.File == "" {
		return e.Reason
	}
	if e.Doc >= 0 {
		return fmt.Sprintf("%s[%d]: %s", e.File, e.Doc, e.Reason)
	}
	return e.File + ": " + e.Reason
}

// The setters of the identity drop what the loader kept, so that an Object
// changed through them (a test, a program editing a bundle) reads its map
// again. A change made in the map itself is not seen: use the setters.

// SetAPIVersion sets apiVersion.
func (o *Object) SetAPIVersion(v string) { o.id = nil; o.Unstructured.SetAPIVersion(v) }

// SetKind sets kind.
func (o *Object) SetKind(v string) { o.id = nil; o.Unstructured.SetKind(v) }

// SetGroupVersionKind sets apiVersion and kind.
func (o *Object) SetGroupVersionKind(gvk schema.GroupVersionKind) {
	o.id = nil
	o.Unstructured.SetGroupVersionKind(gvk)
}

// SetNamespace sets metadata.namespace.
func (o *Object) SetNamespace(v string) { o.id = nil; o.Unstructured.SetNamespace(v) }

// SetName sets metadata.name.
func (o *Object) SetName(v string) { o.id = nil; o.Unstructured.SetName(v) }

// SetUID sets metadata.uid.
func (o *Object) SetUID(v types.UID) { o.id = nil; o.Unstructured.SetUID(v) }

// SetUnstructuredContent replaces the whole object.
func (o *Object) SetUnstructuredContent(m map[string]any) {
	o.id = nil
	o.Unstructured.SetUnstructuredContent(m)
}

// DeepCopy copies the object's content. The loader keeps managedFields'
// field-ownership sets as text (FieldsV1), which unstructured's own
// DeepCopy does not know and panics on; this one copies them as the
// immutable strings they are.
func (o *Object) DeepCopy() *unstructured.Unstructured {
	if o.Unstructured == nil {
		return nil
	}
	m, _ := copyJSON(o.Object).(map[string]any)
	return &unstructured.Unstructured{Object: m}
}

func copyJSON(v any) any {
	switch x := v.(type) {
	case map[string]any:
		if x == nil {
			return x
		}
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = copyJSON(e)
		}
		return out
	case []any:
		if x == nil {
			return x
		}
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = copyJSON(e)
		}
		return out
	}
	return v
}
