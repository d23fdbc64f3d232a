package serve_test

import (
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/discovery"
)

const troubleshoot = "testdata/corpus/troubleshoot/test/baselines/supportbundle/baseline.tar.gz"

// TestRecordedDiscovery serves a support bundle's recorded API resource
// lists: resources the bundle holds no object of are listed with the
// cluster's names and scope, verbs are cut to the ones served, create-only
// resources are left out, and each group's recorded preferred version is
// the one clients use.
func TestRecordedDiscovery(t *testing.T) {
	s := start(t, map[string]string{"troubleshoot": troubleshoot})
	dc, err := discovery.NewDiscoveryClientForConfig(s.srv.RESTConfig("troubleshoot"))
	if err != nil {
		t.Fatal(err)
	}
	lists, err := dc.ServerPreferredResources()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]metav1.APIResource{}
	for _, l := range lists {
		for _, r := range l.APIResources {
			got[l.GroupVersion+" "+r.Name] = r
		}
	}
	cases := []struct {
		name string
		want *metav1.APIResource
	}{
		// No object in the bundle: known from resources.json alone.
		{"flowcontrol.apiserver.k8s.io/v1 flowschemas", &metav1.APIResource{Name: "flowschemas", SingularName: "flowschema", Kind: "FlowSchema", Verbs: metav1.Verbs{"get", "list", "watch"}}},
		{"scheduling.k8s.io/v1 priorityclasses", &metav1.APIResource{Name: "priorityclasses", SingularName: "priorityclass", Kind: "PriorityClass", Verbs: metav1.Verbs{"get", "list", "watch"}, ShortNames: []string{"pc"}}},
		// An empty recorded singular name is the kind, lower-case, as
		// client-go's RESTMapper takes it.
		{"metrics.k8s.io/v1beta1 pods", &metav1.APIResource{Name: "pods", SingularName: "podmetrics", Namespaced: true, Kind: "PodMetrics", Verbs: metav1.Verbs{"get", "list"}}},
		// autoscaling records v2 as preferred, v1 too.
		{"autoscaling/v2 horizontalpodautoscalers", &metav1.APIResource{Name: "horizontalpodautoscalers", SingularName: "horizontalpodautoscaler", Namespaced: true, Kind: "HorizontalPodAutoscaler", Verbs: metav1.Verbs{"get", "list", "watch"}, ShortNames: []string{"hpa"}, Categories: []string{"all"}}},
		{"autoscaling/v1 horizontalpodautoscalers", nil},
		// Create-only resources are not served.
		{"v1 bindings", nil},
		{"authentication.k8s.io/v1 tokenreviews", nil},
		// Objects and recorded discovery agree.
		{"v1 pods", &metav1.APIResource{Name: "pods", SingularName: "pod", Namespaced: true, Kind: "Pod", Verbs: metav1.Verbs{"get", "list", "watch"}, ShortNames: []string{"po"}, Categories: []string{"all"}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r, ok := got[tc.name]
			var have *metav1.APIResource
			if ok {
				have = &r
			}
			if diff := cmp.Diff(tc.want, have); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
