package facts

import (
	"fmt"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/labels"

	"github.com/rift-dev/rift/analyzer/bundle"
)

func selObject(apiVersion, kind, ns, name string, labels map[string]any, spec map[string]any) *bundle.Object {
	meta := map[string]any{"namespace": ns, "name": name}
	if labels != nil {
		meta["labels"] = labels
	}
	m := map[string]any{"apiVersion": apiVersion, "kind": kind, "metadata": meta}
	if spec != nil {
		m["spec"] = spec
	}
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: m}}
}

func selPod(ns, name string, l map[string]any) *bundle.Object {
	return selObject("v1", "Pod", ns, name, l, nil)
}

func selService(apiVersion, ns, name string, selector any) *bundle.Object {
	spec := map[string]any{}
	if selector != nil {
		spec["selector"] = selector
	}
	return selObject(apiVersion, "Service", ns, name, nil, spec)
}

// refNames renders objects as ns/name, so a diff reads.
func refNames(objs []*bundle.Object) []string {
	var out []string
	for _, o := range objs {
		out = append(out, o.GetNamespace()+"/"+o.GetName())
	}
	return out
}

// selectionByName is a ServiceSelection by name, in its own order.
type selectionByName struct {
	Selecting []string
	Pods      map[string][]string
	Services  map[string][]string
	NoSel     []string // Services of the bundle without a selector
}

func TestServicePods(t *testing.T) {
	tests := []struct {
		name string
		objs []*bundle.Object
		want selectionByName
	}{{
		name: "selects pods of its namespace, in bundle order",
		objs: []*bundle.Object{
			selPod("a", "web-2", map[string]any{"app": "web", "tier": "front"}),
			selPod("a", "web-1", map[string]any{"app": "web"}),
			selPod("a", "db", map[string]any{"app": "db"}),
			selPod("b", "web-other-ns", map[string]any{"app": "web"}),
			selService("v1", "a", "web", map[string]any{"app": "web"}),
			selService("v1", "a", "front", map[string]any{"app": "web", "tier": "front"}),
		},
		want: selectionByName{
			Selecting: []string{"a/web", "a/front"},
			Pods:      map[string][]string{"a/web": {"a/web-2", "a/web-1"}, "a/front": {"a/web-2"}},
			Services:  map[string][]string{"a/web-2": {"a/web", "a/front"}, "a/web-1": {"a/web"}},
		},
	}, {
		name: "a selector that matches nothing is kept, with no pods",
		objs: []*bundle.Object{
			selPod("a", "web-1", map[string]any{"app": "web"}),
			selService("v1", "a", "gone", map[string]any{"app": "gone"}),
		},
		want: selectionByName{Selecting: []string{"a/gone"}, Pods: map[string][]string{"a/gone": nil}, Services: map[string][]string{}},
	}, {
		name: "no selector, an empty one or one that is no map selects nothing",
		objs: []*bundle.Object{
			selPod("a", "web-1", map[string]any{"app": "web"}),
			selService("v1", "a", "external", nil),
			selService("v1", "a", "empty", map[string]any{}),
			selService("v1", "a", "string", "app=web"),
		},
		want: selectionByName{Pods: map[string][]string{}, Services: map[string][]string{}, NoSel: []string{"a/external", "a/empty", "a/string"}},
	}, {
		name: "a Knative Service is not a core Service",
		objs: []*bundle.Object{
			selPod("a", "web-1", map[string]any{"app": "web"}),
			selService("serving.knative.dev/v1", "a", "web", map[string]any{"app": "web"}),
		},
		want: selectionByName{Pods: map[string][]string{}, Services: map[string][]string{}, NoSel: []string{"a/web"}},
	}, {
		name: "a value that is not a string reads as empty",
		objs: []*bundle.Object{
			selPod("a", "empty", map[string]any{"app": "web", "tier": ""}),
			selPod("a", "null", map[string]any{"app": "web", "tier": nil}),
			selPod("a", "one", map[string]any{"app": "web", "tier": "1"}),
			selPod("a", "missing", map[string]any{"app": "web"}),
			selService("v1", "a", "number", map[string]any{"app": "web", "tier": int64(1)}),
			selService("v1", "a", "null", map[string]any{"app": "web", "tier": nil}),
		},
		want: selectionByName{
			Selecting: []string{"a/number", "a/null"},
			Pods:      map[string][]string{"a/number": {"a/empty", "a/null"}, "a/null": {"a/empty", "a/null"}},
			Services:  map[string][]string{"a/empty": {"a/number", "a/null"}, "a/null": {"a/number", "a/null"}},
		},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ix := bundle.NewIndex(tc.objs, nil)
			s := ServicePods(ix)
			got := selectionByName{Selecting: refNames(s.Selecting), Pods: map[string][]string{}, Services: map[string][]string{}}
			for svc, pods := range s.Pods {
				got.Pods[svc.GetNamespace()+"/"+svc.GetName()] = refNames(pods)
			}
			for p, svcs := range s.Services {
				got.Services[p.GetNamespace()+"/"+p.GetName()] = refNames(svcs)
			}
			for _, o := range ix.OfKind("Service") {
				if !s.HasSelector(o) {
					got.NoSel = append(got.NoSel, o.GetNamespace()+"/"+o.GetName())
				}
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestServiceSelects(t *testing.T) {
	web := selService("v1", "a", "web", map[string]any{"app": "web", "tier": ""})
	external := selService("v1", "a", "external", nil)
	knative := selService("serving.knative.dev/v1", "a", "kweb", map[string]any{"app": "web"})
	s := ServicePods(bundle.NewIndex([]*bundle.Object{web, external, knative}, nil))
	tests := []struct {
		name string
		svc  *bundle.Object
		l    labels.Set
		want bool
	}{
		{"every key matches", web, labels.Set{"app": "web", "tier": "", "extra": "x"}, true},
		{"an empty value needs the key", web, labels.Set{"app": "web"}, false},
		{"a value differs", web, labels.Set{"app": "db", "tier": ""}, false},
		{"no selector selects nothing", external, labels.Set{"app": "web"}, false},
		{"not a core Service", knative, labels.Set{"app": "web"}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if got := s.Selects(tc.svc, tc.l); got != tc.want {
				t.Errorf("Selects = %t, want %t", got, tc.want)
			}
		})
	}
	if diff := cmp.Diff([]string{"a/web"}, refNames(s.InNamespace("a"))); diff != "" {
		t.Errorf("InNamespace (-want +got):\n%s", diff)
	}
	if !IsCoreService(web) || IsCoreService(knative) || IsCoreService(selObject("v1", "Pod", "a", "p", nil, nil)) {
		t.Error("IsCoreService should hold for a v1 Service only")
	}
}

// TestServicePodsMemo: every stage asks for the selection; the Index builds
// it once and hands the same one to all, concurrent callers included.
func TestServicePodsMemo(t *testing.T) {
	ix := bundle.NewIndex([]*bundle.Object{
		selPod("a", "web-1", map[string]any{"app": "web"}),
		selService("v1", "a", "web", map[string]any{"app": "web"}),
	}, nil)
	got := make([]*ServiceSelection, 8)
	var wg sync.WaitGroup
	for i := range got {
		wg.Add(1)
		go func() { defer wg.Done(); got[i] = ServicePods(ix) }()
	}
	wg.Wait()
	for i, s := range got {
		if s != got[0] {
			t.Fatalf("call %d returned another selection: the memo built twice", i)
		}
	}
	if ServicePods(bundle.NewIndex(nil, nil)) == got[0] {
		t.Error("another Index shares the selection")
	}
}

// BenchmarkServicePods measures one selection, unmemoised: the cost a
// bundle pays once, where the layers and the rule input each paid it.
func BenchmarkServicePods(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		var objs []*bundle.Object
		for i := range n {
			ns, app := fmt.Sprintf("ns-%d", i%50), fmt.Sprintf("app-%d", i)
			objs = append(objs, selService("v1", ns, app, map[string]any{"app": app}),
				selPod(ns, app+"-0", map[string]any{"app": app, "pod-template-hash": "h"}),
				selPod(ns, app+"-1", map[string]any{"app": app, "pod-template-hash": "h"}))
		}
		ix := bundle.NewIndex(objs, nil)
		b.Run(fmt.Sprintf("services=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				selectServicePods(ix)
			}
		})
	}
}
