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
	parallel(len(objs), func(c *converter, i int) {
		var v ast.Value
		if v, errs[i] = c.objectValue(objs[i]); errs[i] == nil {
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
func (c *converter) objectValue(o *bundle.Object) (ast.Value, error) {
	src := o.Object
	keyed := o.GetKind() == "Secret" || o.GetKind() == "ConfigMap"
	v, err := c.Object(src, func(k string, v any) (ast.Value, bool, error) {
		switch {
		case keyed && (k == "data" || k == "stringData" || k == "binaryData" || k == "dataKeys"):
			return nil, false, nil
		case k == "metadata":
			val, err := c.metadata(v)
			return val, true, err
		}
		return c.All(k, v)
	})
	if err != nil || !keyed {
		return v, err
	}
	obj := v.(ast.Object)
	obj.Insert(c.Key("dataKeys"), dataKeys(src))
	return obj, nil
}

// metadata converts metadata without managedFields and without the
// last-applied annotation.
func (c *converter) metadata(v any) (ast.Value, error) {
	md, ok := v.(map[string]any)
	if !ok {
		return c.Value(v)
	}
	return c.Object(md, func(k string, v any) (ast.Value, bool, error) {
		ann, ok := v.(map[string]any)
		switch {
		case k == "managedFields":
			return nil, false, nil
		case k == "annotations" && ok:
			val, err := c.Object(ann, func(k string, v any) (ast.Value, bool, error) {
				if k == lastApplied {
					return nil, false, nil
				}
				return c.All(k, v)
			})
			return val, true, err
		}
		return c.All(k, v)
	})
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
