package facts

import (
	"k8s.io/apimachinery/pkg/labels"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// ServiceSelection is which pods each core Service selects, and which
// Services select each pod: the one reading of spec.selector that the
// layers, the rule input and verify share. It is built once per bundle and
// shared, so callers must not modify it.
type ServiceSelection struct {
	// Selecting lists the core Services that have a selector, in bundle
	// order.
	Selecting []*bundle.Object
	// Pods maps each Service of Selecting to the pods of its namespace that
	// its selector matches, in bundle order (nil when it matches none). A
	// Service that is no key selects nothing by definition: it has no
	// selector (ExternalName, or endpoints managed by hand), or it is not a
	// core Service.
	Pods map[*bundle.Object][]*bundle.Object
	// Services maps a pod to the Services of Selecting that select it, in
	// bundle order. A pod no Service selects is no key.
	Services map[*bundle.Object][]*bundle.Object

	selectors map[*bundle.Object]labels.Selector
	byNS      map[string][]*bundle.Object
}

// servicePodsKey keys the ServiceSelection on the Index memo.
type servicePodsKey struct{}

// ServicePods returns the Service→pod selection of ix's bundle, built on
// the first call and memoised on ix, so every stage reads the same one.
func ServicePods(ix *bundle.Index) *ServiceSelection {
	return ix.Derived(servicePodsKey{}, func() any { return selectServicePods(ix) }).(*ServiceSelection)
}

// IsCoreService reports whether o is a core/v1 Service. The kind alone
// does not say: Knative's serving.knative.dev Service, for one, has the
// same kind, no selector of its own and routes through objects of its own
// group. A malformed apiVersion ("a/b/c") reads as the core group, as
// bundle.APIGroup reads it everywhere.
func IsCoreService(o *bundle.Object) bool {
	return o.GetKind() == "Service" && bundle.APIGroup(o.GetAPIVersion()) == ""
}

// HasSelector reports whether svc is a core Service with a non-empty
// selector, that is one whose endpoints follow its pods.
func (s *ServiceSelection) HasSelector(svc *bundle.Object) bool {
	_, ok := s.selectors[svc]
	return ok
}

// InNamespace returns the Services of Selecting in ns, in bundle order.
func (s *ServiceSelection) InNamespace(ns string) []*bundle.Object { return s.byNS[ns] }

// Selects reports whether svc's selector matches an object carrying
// labels l: a pod, or a pod template that has no pods yet. A Service
// without a selector selects nothing.
func (s *ServiceSelection) Selects(svc *bundle.Object, l labels.Labels) bool {
	sel, ok := s.selectors[svc]
	return ok && sel.Matches(l)
}

// selectServicePods reads every core Service's selector once and selects
// its pods through the Index, which starts from the smallest posting list,
// so the cost is the pods selected, not Services × pods.
func selectServicePods(ix *bundle.Index) *ServiceSelection {
	svcs := ix.OfKind("Service")
	// Sized for the common case, where nearly every Service selects:
	// growing maps of thousands of keys was a quarter of the cost.
	s := &ServiceSelection{
		Pods:      make(map[*bundle.Object][]*bundle.Object, len(svcs)),
		Services:  map[*bundle.Object][]*bundle.Object{},
		selectors: make(map[*bundle.Object]labels.Selector, len(svcs)),
		byNS:      map[string][]*bundle.Object{},
	}
	for _, svc := range svcs {
		if !IsCoreService(svc) {
			continue
		}
		sel := serviceSelector(svc)
		if sel == nil {
			continue
		}
		ns := svc.GetNamespace()
		pods := ix.SelectPods(ns, sel)
		s.Selecting = append(s.Selecting, svc)
		s.selectors[svc] = sel
		s.byNS[ns] = append(s.byNS[ns], svc)
		s.Pods[svc] = pods
		for _, p := range pods {
			s.Services[p] = append(s.Services[p], svc)
		}
	}
	return s
}

// serviceSelector reads spec.selector as equality on every key, or nil
// when there is none (absent, empty, or not a map). A value that is not a
// string reads as "": the API server decodes a null one so, and anything
// else is a hand-edited capture, where "" selects only pods that carry
// the key with an empty value rather than dropping the key and selecting
// more pods than the Service would.
func serviceSelector(svc *bundle.Object) labels.Selector {
	m := Map(svc.Object, "spec", "selector")
	if len(m) == 0 {
		return nil
	}
	set := make(labels.Set, len(m))
	for k, v := range m {
		set[k], _ = v.(string)
	}
	return labels.SelectorFromSet(set)
}
