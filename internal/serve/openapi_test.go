package serve_test

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/openapi"
	"k8s.io/client-go/openapi3"
	"k8s.io/kube-openapi/pkg/validation/spec"
)

// TestOpenAPIV3 reads the served OpenAPI v3 documents through client-go's
// openapi3 root, as kubectl explain does: a built-in kind's schema from
// its Go type and field docs, a CRD's from its openAPIV3Schema, and the
// kind tag that ties each to its group, version and kind.
func TestOpenAPIV3(t *testing.T) {
	s := start(t, map[string]string{"troubleshoot": troubleshoot})
	dc, err := discovery.NewDiscoveryClientForConfig(s.srv.RESTConfig("troubleshoot"))
	if err != nil {
		t.Fatal(err)
	}
	root := openapi3.NewRoot(openapi.NewClient(dc.RESTClient()))
	cases := []struct {
		gv         schema.GroupVersion
		model      string
		field      string // a property of the model
		wantDoc    string // a prefix of the field's description
		wantRef    string // the field's referenced model, if any
		wantGVKTag string
	}{
		{schema.GroupVersion{Version: "v1"}, "io.k8s.api.core.v1.Pod", "spec", "Specification of the desired behavior of the pod.", "#/components/schemas/io.k8s.api.core.v1.PodSpec", "/v1, Kind=Pod"},
		{schema.GroupVersion{Group: "apps", Version: "v1"}, "io.k8s.api.apps.v1.Deployment", "metadata", "Standard object's metadata.", "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", "apps/v1, Kind=Deployment"},
		{schema.GroupVersion{Group: "helm.cattle.io", Version: "v1"}, "io.cattle.helm.v1.HelmChart", "metadata", "Standard object's metadata.", "#/components/schemas/io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta", "helm.cattle.io/v1, Kind=HelmChart"},
		{schema.GroupVersion{Group: "helm.cattle.io", Version: "v1"}, "io.cattle.helm.v1.HelmChart", "spec", "", "", "helm.cattle.io/v1, Kind=HelmChart"},
		{schema.GroupVersion{Group: "rift.dev", Version: "v1alpha1"}, "dev.rift.v1alpha1.Hypothesis", "cause", "", "", "rift.dev/v1alpha1, Kind=Hypothesis"},
	}
	for _, tc := range cases {
		t.Run(tc.model+"."+tc.field, func(t *testing.T) {
			doc, err := root.GVSpec(tc.gv)
			if err != nil {
				t.Fatal(err)
			}
			m := doc.Components.Schemas[tc.model]
			if m == nil {
				t.Fatalf("no schema %s in %s", tc.model, tc.gv)
			}
			var gvks []string
			for _, x := range m.Extensions["x-kubernetes-group-version-kind"].([]any) {
				g := x.(map[string]any)
				gvks = append(gvks, schema.GroupVersionKind{Group: g["group"].(string), Version: g["version"].(string), Kind: g["kind"].(string)}.String())
			}
			if diff := cmp.Diff([]string{tc.wantGVKTag}, gvks); diff != "" {
				t.Errorf("kind tag (-want +got):\n%s", diff)
			}
			f, ok := m.Properties[tc.field]
			if !ok {
				t.Fatalf("%s has no field %s; has %v", tc.model, tc.field, keys(m.Properties))
			}
			if !strings.HasPrefix(f.Description, tc.wantDoc) {
				t.Errorf("%s.%s description %q, want it to start %q", tc.model, tc.field, f.Description, tc.wantDoc)
			}
			if got := refOf(f); got != tc.wantRef {
				t.Errorf("%s.%s refers to %q, want %q", tc.model, tc.field, got, tc.wantRef)
			}
			if tc.wantRef != "" && doc.Components.Schemas[strings.TrimPrefix(tc.wantRef, "#/components/schemas/")] == nil {
				t.Errorf("%s is referred to but not in the document", tc.wantRef)
			}
		})
	}
}

// TestOpenAPIV2 reads /openapi/v2 as client-go's discovery does (protobuf
// only) and finds a built-in kind and a CRD's kind by their kind tags.
func TestOpenAPIV2(t *testing.T) {
	s := start(t, map[string]string{"troubleshoot": troubleshoot})
	dc, err := discovery.NewDiscoveryClientForConfig(s.srv.RESTConfig("troubleshoot"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := dc.OpenAPISchema()
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, d := range doc.GetDefinitions().GetAdditionalProperties() {
		have[d.GetName()] = true
	}
	for _, want := range []string{"io.k8s.api.core.v1.Pod", "io.k8s.api.core.v1.PodSpec", "io.cattle.helm.v1.HelmChart", "io.k8s.apimachinery.pkg.apis.meta.v1.ObjectMeta"} {
		if !have[want] {
			t.Errorf("/openapi/v2 has no definition %s", want)
		}
	}
}

func refOf(s spec.Schema) string {
	if r := s.Ref.String(); r != "" {
		return r
	}
	if len(s.AllOf) == 1 {
		return s.AllOf[0].Ref.String()
	}
	return ""
}

func keys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	return out
}
