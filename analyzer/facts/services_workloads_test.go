package facts

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// templateObj is a workload of shop with a pod template labelled tmpl,
// spec.replicas when replicas is not nil, and managedFields mfs.
func templateObj(apiVersion, kind, name string, replicas any, tmpl map[string]any, mfs ...any) *bundle.Object {
	spec := map[string]any{"template": map[string]any{"metadata": map[string]any{"labels": tmpl}}}
	if replicas != nil {
		spec["replicas"] = replicas
	}
	meta := map[string]any{"namespace": "shop", "name": name, "uid": "uid-" + name}
	if len(mfs) > 0 {
		meta["managedFields"] = mfs
	}
	return &bundle.Object{Unstructured: &unstructured.Unstructured{Object: map[string]any{"apiVersion": apiVersion, "kind": kind, "metadata": meta, "spec": spec}}}
}

func managed(manager, operation, subresource, at string, fields map[string]any) map[string]any {
	m := map[string]any{"manager": manager, "operation": operation, "time": at, "fieldsType": "FieldsV1", "fieldsV1": fields}
	if subresource != "" {
		m["subresource"] = subresource
	}
	return m
}

// viewTemplates renders TemplateWorkloads by name, so a diff reads.
func viewTemplates(m map[*bundle.Object][]TemplateWorkload) map[string][]string {
	out := map[string][]string{}
	for svc, ws := range m {
		for _, w := range ws {
			s := fmt.Sprintf("%s/%s", w.Workload.GetKind(), w.Workload.GetName())
			if w.HasReplicas {
				s += fmt.Sprintf(" replicas=%d", w.Replicas)
			}
			if b := w.ScaledBy; b.Manager != "" {
				s += fmt.Sprintf(" by=%s/%s/%s declared=%v", b.Manager, b.Operation, b.Subresource, b.Declared)
			}
			if w.Autoscaler != nil {
				s += " autoscaler=" + w.Autoscaler.GetKind() + "/" + w.Autoscaler.GetName()
			}
			if g := w.Git; g != nil {
				s += fmt.Sprintf(" git=%s@%s", g.Source, g.Revision)
				if g.HasReplicas {
					s += fmt.Sprintf(":%d", g.Replicas)
				}
			}
			out[svc.GetName()] = append(out[svc.GetName()], s)
		}
	}
	return out
}

func TestTemplateWorkloads(t *testing.T) {
	replicasSet := map[string]any{"f:spec": map[string]any{"f:replicas": map[string]any{}}}
	imageSet := map[string]any{"f:spec": map[string]any{"f:template": map[string]any{}}}
	web := selService("v1", "shop", "web", map[string]any{"app": "web"})
	api := selService("v1", "shop", "api", map[string]any{"app": "api"})
	apiPod := selPod("shop", "api-1", map[string]any{"app": "api"})
	src := &bundle.GitSource{Name: "shop", Revision: "c0ffee", Rendered: []*bundle.Object{
		templateObj("apps/v1", "Deployment", "web", int64(0), nil),
	}, History: []bundle.Commit{{Revision: "c0ffee", Subject: "web: scale to 0"}}}
	tests := []struct {
		name    string
		objs    []*bundle.Object
		sources []*bundle.GitSource
		want    map[string][]string
	}{{
		name: "scaled by kubectl scale, not declared",
		objs: []*bundle.Object{web, templateObj("apps/v1", "Deployment", "web", int64(0), map[string]any{"app": "web", "tier": "front"},
			managed("kustomize-controller", "Apply", "", "2026-12-01T10:00:00Z", imageSet),
			managed("kubectl", "Update", "scale", "2026-12-01T11:00:00Z", replicasSet),
		)},
		want: map[string][]string{"web": {"Deployment/web replicas=0 by=kubectl/Update/scale declared=false"}},
	}, {
		name: "declared by the applier, rendered by Git",
		objs: []*bundle.Object{web, templateObj("apps/v1", "Deployment", "web", int64(0), map[string]any{"app": "web"},
			managed("kustomize-controller", "Apply", "", "2026-12-01T10:00:00Z", replicasSet),
		)},
		sources: []*bundle.GitSource{src},
		want:    map[string][]string{"web": {"Deployment/web replicas=0 by=kustomize-controller/Apply/ declared=true git=shop@c0ffee:0"}},
	}, {
		name: "a ScaledObject targets it; its HPA loses to it",
		objs: []*bundle.Object{web, templateObj("apps/v1", "Deployment", "web", int64(0), map[string]any{"app": "web"}),
			selObject("autoscaling/v2", "HorizontalPodAutoscaler", "shop", "keda-hpa-web", nil, map[string]any{"scaleTargetRef": map[string]any{"kind": "Deployment", "name": "web"}}),
			selObject("keda.sh/v1alpha1", "ScaledObject", "shop", "web", nil, map[string]any{"scaleTargetRef": map[string]any{"name": "web"}}),
		},
		want: map[string][]string{"web": {"Deployment/web replicas=0 autoscaler=ScaledObject/web"}},
	}, {
		name: "every template kind; an owned ReplicaSet and other groups are not",
		objs: []*bundle.Object{web,
			templateObj("argoproj.io/v1alpha1", "Rollout", "web-r", int64(4), map[string]any{"app": "web"}),
			templateObj("apps/v1", "DaemonSet", "web-ds", nil, map[string]any{"app": "web"}),
			templateObj("apps/v1", "StatefulSet", "web-sts", nil, map[string]any{"app": "web"}),
			templateObj("example.com/v1", "Deployment", "web-other", int64(1), map[string]any{"app": "web"}),
			templateObj("v1", "ReplicationController", "web-rc", int64(2), map[string]any{"app": "web"}),
			func() *bundle.Object {
				rs := templateObj("apps/v1", "ReplicaSet", "web-rs", int64(1), map[string]any{"app": "web"})
				rs.Object["metadata"].(map[string]any)["ownerReferences"] = []any{map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web-d", "uid": "uid-web-d", "controller": true}}
				return rs
			}(),
			templateObj("apps/v1", "Deployment", "web-d", int64(1), map[string]any{"app": "other"}),
		},
		want: map[string][]string{"web": {"StatefulSet/web-sts", "DaemonSet/web-ds", "ReplicationController/web-rc replicas=2", "Rollout/web-r replicas=4"}},
	}, {
		name: "every pair of a selector must match",
		objs: []*bundle.Object{
			selService("v1", "shop", "web", map[string]any{"app": "web", "tier": "front"}),
			templateObj("apps/v1", "Deployment", "web-a", int64(1), map[string]any{"app": "web"}),
			templateObj("apps/v1", "Deployment", "web-b", int64(1), map[string]any{"tier": "front", "app": "web", "track": "stable"}),
			templateObj("apps/v1", "Deployment", "web-c", int64(1), map[string]any{"tier": "front"}),
		},
		want: map[string][]string{"web": {"Deployment/web-b replicas=1"}},
	}, {
		name: "a Service that selects pods is no key",
		objs: []*bundle.Object{api, apiPod, templateObj("apps/v1", "Deployment", "api", int64(1), map[string]any{"app": "api"})},
		want: map[string][]string{},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got := viewTemplates(TemplateWorkloads(bundle.NewIndex(tc.objs, nil), tc.sources))
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Errorf("TemplateWorkloads (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReplicasOwnerText reads a fieldsV1 set the loader kept as text.
func TestReplicasOwnerText(t *testing.T) {
	objs, errs := bundle.DecodeDocuments("web.yaml", []byte(strings.TrimSpace(`
{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": {"name": "web", "namespace": "shop", "managedFields": [
 {"manager": "kubectl", "operation": "Update", "subresource": "scale", "time": "2026-12-01T11:00:00Z", "fieldsType": "FieldsV1", "fieldsV1": {"f:spec": {"f:replicas": {}}}},
 {"manager": "helm", "operation": "Update", "time": "2026-12-01T12:00:00Z", "fieldsType": "FieldsV1", "fieldsV1": {"f:spec": {"f:template": {}}}}
]}, "spec": {"replicas": 0}}`)))
	if len(errs) > 0 || len(objs) != 1 {
		t.Fatalf("decode: %v", errs)
	}
	got := replicasOwner(objs[0])
	want := FieldManager{Manager: "kubectl", Operation: "Update", Subresource: "scale", Time: "2026-12-01T11:00:00Z"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("replicasOwner (-want +got):\n%s", diff)
	}
}

// BenchmarkTemplateWorkloads puts n Deployments and n pod-less Services,
// each selecting one of them, in one namespace: µs/workload stays flat
// when the cost is linear, as it is not for a workloads × Services join.
func BenchmarkTemplateWorkloads(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		var objs []*bundle.Object
		for i := range n {
			app := fmt.Sprintf("app-%d", i)
			objs = append(objs,
				selService("v1", "shop", app, map[string]any{"app": app, "tier": "web"}),
				templateObj("apps/v1", "Deployment", app, int64(0), map[string]any{"app": app, "tier": "web", "track": "stable"}))
		}
		b.Run(fmt.Sprintf("workloads=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				b.StopTimer()
				ix := bundle.NewIndex(objs, nil)
				b.StartTimer()
				if got := len(TemplateWorkloads(ix, nil)); got != n {
					b.Fatalf("%d Services with a workload, want %d", got, n)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N)/float64(n), "µs/workload")
		})
	}
}
