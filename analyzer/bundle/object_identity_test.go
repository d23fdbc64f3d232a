package bundle

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestObjectIdentity: the identity a loaded object keeps is what its map
// says, and an Object made outside the loader reads its map.
func TestObjectIdentity(t *testing.T) {
	type ident struct{ APIVersion, Kind, Namespace, Name, UID string }
	of := func(o *Object) ident {
		return ident{o.GetAPIVersion(), o.GetKind(), o.GetNamespace(), o.GetName(), string(o.GetUID())}
	}
	ofMap := func(u *unstructured.Unstructured) ident {
		return ident{u.GetAPIVersion(), u.GetKind(), u.GetNamespace(), u.GetName(), string(u.GetUID())}
	}
	objs, errs := DecodeDocuments("x.yaml", []byte(`apiVersion: apps/v1
kind: Deployment
metadata: {name: web, namespace: shop, uid: u-1}
---
apiVersion: v1
kind: Node
metadata: {name: n1}
`))
	if len(errs) > 0 || len(objs) != 2 {
		t.Fatalf("decode: %d objects, errors %v", len(objs), errs)
	}
	for _, o := range objs {
		if o.id == nil {
			t.Errorf("%s: the loader kept no identity", o.Ref())
		}
		if d := cmp.Diff(ofMap(o.Unstructured), of(o)); d != "" {
			t.Errorf("identity (-map +kept):\n%s", d)
		}
	}
	u := &unstructured.Unstructured{Object: map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": map[string]any{"name": "p", "namespace": "shop"}}}
	if got := of(&Object{Unstructured: u}); got != (ident{"v1", "Pod", "shop", "p", ""}) {
		t.Errorf("Object literal: %+v", got)
	}
}

// TestObjectIdentitySetters: a loaded object changed through its setters
// answers with the new identity.
func TestObjectIdentitySetters(t *testing.T) {
	objs, _ := DecodeDocuments("x.yaml", []byte("apiVersion: v1\nkind: Pod\nmetadata: {name: p, namespace: shop, uid: u-1}\n"))
	o := objs[0]
	o.SetUID("u-2")
	o.SetName("q")
	if o.GetUID() != "u-2" || o.GetName() != "q" || o.Ref().String() != "Pod/shop/q" {
		t.Errorf("after the setters: uid %s, ref %s", o.GetUID(), o.Ref())
	}
}
