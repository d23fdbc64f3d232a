package hypothesis

import (
	"sort"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// lastApplied is the annotation kubectl keeps a full copy of the object in.
const lastApplied = "kubectl.kubernetes.io/last-applied-configuration"

// objects is input.objects: every object but Events by Kind, namespace and
// name, as sanitized (objectValue). Objects are converted in parallel; of
// two objects with the same Kind, namespace and name, the later one in the
// index wins.
func (x *inputBuild) objects() (ast.Value, error) {
	var objs []*bundle.Object
	for _, kind := range x.ix.Kinds() {
		for _, o := range x.ix.OfKind(kind) {
			if !bundle.IsEvent(o) {
				objs = append(objs, o)
			}
		}
	}
	terms := make([]*ast.Term, len(objs))
	errs := make([]error, len(objs))
	parallel(len(objs), func(i int) {
		var v ast.Value
		if v, errs[i] = objectValue(objs[i]); errs[i] == nil {
			terms[i] = ast.NewTerm(v)
		}
	})
	byKind := map[string]map[string]map[string]*ast.Term{}
	for i, o := range objs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		byNS := byKind[o.GetKind()]
		if byNS == nil {
			byNS = map[string]map[string]*ast.Term{}
			byKind[o.GetKind()] = byNS
		}
		names := byNS[o.GetNamespace()]
		if names == nil {
			names = map[string]*ast.Term{}
			byNS[o.GetNamespace()] = names
		}
		names[o.GetName()] = terms[i]
	}
	kinds := make([][2]*ast.Term, 0, len(byKind))
	for kind, byNS := range byKind {
		nss := make([][2]*ast.Term, 0, len(byNS))
		for ns, names := range byNS {
			kvs := make([][2]*ast.Term, 0, len(names))
			for name, t := range names {
				kvs = append(kvs, [2]*ast.Term{ast.StringTerm(name), t})
			}
			nss = append(nss, [2]*ast.Term{ast.StringTerm(ns), ast.ObjectTerm(kvs...)})
		}
		kinds = append(kinds, [2]*ast.Term{ast.StringTerm(kind), ast.ObjectTerm(nss...)})
	}
	return ast.NewObject(kinds...), nil
}

// objectValue converts an object as rules see it. Secret values never
// enter the input: a Secret keeps its metadata, type and key names only
// (dataKeys), and ConfigMaps keep key names too (their data is bulky and
// rules need only keys). managedFields and the last-applied annotation are
// dropped because they duplicate the object (and, for a Secret, its
// values). The bundle's object is read, never modified; what is dropped is
// skipped while converting rather than copied out first.
func objectValue(o *bundle.Object) (ast.Value, error) {
	src := o.Object
	keyed := o.GetKind() == "Secret" || o.GetKind() == "ConfigMap"
	kvs := make([][2]*ast.Term, 0, len(src)+1)
	for k, v := range src {
		var val ast.Value
		var err error
		switch {
		case keyed && (k == "data" || k == "stringData" || k == "binaryData" || k == "dataKeys"):
			continue
		case k == "metadata":
			val, err = metadataValue(v)
		default:
			val, err = ast.InterfaceToValue(v)
		}
		if err != nil {
			return nil, err
		}
		kvs = append(kvs, [2]*ast.Term{ast.StringTerm(k), ast.NewTerm(val)})
	}
	if keyed {
		kvs = append(kvs, [2]*ast.Term{ast.StringTerm("dataKeys"), dataKeys(src)})
	}
	return ast.NewObject(kvs...), nil
}

// metadataValue converts metadata without managedFields and without the
// last-applied annotation.
func metadataValue(v any) (ast.Value, error) {
	md, ok := v.(map[string]any)
	if !ok {
		return ast.InterfaceToValue(v)
	}
	kvs := make([][2]*ast.Term, 0, len(md))
	for k, mv := range md {
		if k == "managedFields" {
			continue
		}
		var val ast.Value
		var err error
		if ann, ok := mv.(map[string]any); ok && k == "annotations" {
			if _, ok := ann[lastApplied]; ok {
				ann = without(ann, lastApplied)
			}
			val, err = ast.InterfaceToValue(ann)
		} else {
			val, err = ast.InterfaceToValue(mv)
		}
		if err != nil {
			return nil, err
		}
		kvs = append(kvs, [2]*ast.Term{ast.StringTerm(k), ast.NewTerm(val)})
	}
	return ast.NewObject(kvs...), nil
}

// without is a copy of m without key k.
func without(m map[string]any, k string) map[string]any {
	out := make(map[string]any, len(m))
	for mk, v := range m {
		if mk != k {
			out[mk] = v
		}
	}
	return out
}

// dataKeys is the sorted key names of a Secret's or ConfigMap's data,
// stringData and binaryData.
func dataKeys(src map[string]any) *ast.Term {
	seen := map[string]bool{}
	var ks []string
	for _, f := range []string{"data", "stringData", "binaryData"} {
		d, _ := src[f].(map[string]any)
		for k := range d {
			if !seen[k] {
				seen[k] = true
				ks = append(ks, k)
			}
		}
	}
	sort.Strings(ks)
	ts := make([]*ast.Term, len(ks))
	for i, k := range ks {
		ts[i] = ast.StringTerm(k)
	}
	return ast.ArrayTerm(ts...)
}
