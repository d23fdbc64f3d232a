package bundle

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// TestLoadTroubleshootLayout covers the parts of troubleshoot's layout the
// corpus bundles lack: per-resource errors files, a pod log that could not
// be fetched, previous logs, and the JSON/YAML twins of custom resources.
func TestLoadTroubleshootLayout(t *testing.T) {
	pods := `{"kind":"PodList","apiVersion":"v1","items":[{"metadata":{"name":"web-1","namespace":"shop"},"status":{"phase":"Running"}}]}`
	crJSON := `[{"apiVersion":"kustomize.toolkit.fluxcd.io/v1","kind":"Kustomization","metadata":{"name":"apps","namespace":"flux-system"}}]`
	crYAML := "- apiVersion: kustomize.toolkit.fluxcd.io/v1\n  kind: Kustomization\n  metadata: {name: apps, namespace: flux-system}\n"
	p := archive(t, t.TempDir(), "sb.tar.gz", []member{
		{name: "support-bundle-2025/version.yaml", body: "apiVersion: troubleshoot.sh/v1beta2\nkind: SupportBundle\nspec: {versionNumber: v0.100.0}\n"},
		{name: "support-bundle-2025/cluster-resources/pods/shop.json", body: pods},
		{name: "support-bundle-2025/cluster-resources/pods-errors.json", body: `["pods is forbidden: User \"x\" cannot list resource \"pods\" in API group \"\" in the namespace \"payments\""]`},
		{name: "support-bundle-2025/cluster-resources/events-errors.json", body: `null`},
		{name: "support-bundle-2025/cluster-resources/pods/logs/shop/web-1/app.log", body: "ready\n"},
		{name: "support-bundle-2025/cluster-resources/pods/logs/shop/web-1/app-previous.log", body: "panic: boom\n"},
		{name: "support-bundle-2025/cluster-resources/pods/logs/shop/web-1/init-logs-errors.log", body: "container \"init\" in pod \"web-1\" is waiting to start: PodInitializing"},
		{name: "support-bundle-2025/cluster-resources/custom-resources/kustomizations.kustomize.toolkit.fluxcd.io/flux-system.json", body: crJSON},
		{name: "support-bundle-2025/cluster-resources/custom-resources/kustomizations.kustomize.toolkit.fluxcd.io/flux-system.yaml", body: crYAML},
		{name: "support-bundle-2025/cluster-resources/custom-resources/custom-resources-errors.json", body: `["helmreleases.helm.toolkit.fluxcd.io is forbidden"]`},
		{name: "support-bundle-2025/cluster-resources/auth-cani-list/shop.json", body: `[{"verbs":["get"]}]`},
		{name: "support-bundle-2025/analysis.json", body: `[]`},
	})
	b, err := Load(p, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff([]string{"Kustomization/flux-system/apps", "Pod/shop/web-1"}, refs(b)); diff != "" {
		t.Errorf("objects (-want +got):\n%s", diff)
	}
	want := []NotCollected{
		{Resource: "custom-resources", Reason: "error: helmreleases.helm.toolkit.fluxcd.io is forbidden"},
		// No cluster-resources/events/ folder: the absence is stated. The
		// pods-errors.json entry already speaks for pods.
		{Resource: "events", Reason: "absent: the support bundle holds no cluster-resources/events/<namespace>.json"},
		{Resource: "pods", Reason: `error: pods is forbidden: User "x" cannot list resource "pods" in API group "" in the namespace "payments"`},
		{Resource: "pods/log", Namespace: "shop", Reason: `error: container "init" in pod "web-1" is waiting to start: PodInitializing`},
	}
	if diff := cmp.Diff(want, b.Meta.NotCollected); diff != "" {
		t.Errorf("notCollected (-want +got):\n%s", diff)
	}
	logs := b.Index.Logs("shop", "web-1", "app")
	if len(logs) != 2 || logs[0].Previous || !logs[1].Previous || logs[1].Lines[0] != "panic: boom" {
		t.Errorf("logs = %+v", logs)
	}
	if b.Meta.Collector != (Collector{Name: "troubleshoot", Version: "v0.100.0"}) || len(b.Errors) != 0 ||
		cmp.Diff([]string{"analysis.json"}, b.Unknown) != "" {
		t.Errorf("collector %+v, errors %v, unknown %v", b.Meta.Collector, b.Errors, b.Unknown)
	}
}

// TestLoadTroubleshootDiscovery: the API discovery a support bundle
// records (groups.json, resources.json) is kept for rift serve, and a
// malformed one is a load error, not objects.
func TestLoadTroubleshootDiscovery(t *testing.T) {
	version := member{name: "sb/version.yaml", body: "apiVersion: troubleshoot.sh/v1beta2\nkind: SupportBundle\nspec: {versionNumber: v0.100.0}\n"}
	groups := `[{"name":"","versions":[{"groupVersion":"v1","version":"v1"}],"preferredVersion":{"groupVersion":"v1","version":"v1"}}]`
	resources := `[{"groupVersion":"v1","resources":[{"name":"pods","singularName":"pod","namespaced":true,"kind":"Pod","verbs":["get","list"],"shortNames":["po"]}]}]`
	cases := []struct {
		name    string
		members []member
		want    *Discovery
		errs    []string
	}{{
		name: "recorded",
		members: []member{version,
			{name: "sb/cluster-resources/groups.json", body: groups},
			{name: "sb/cluster-resources/resources.json", body: resources}},
		want: &Discovery{
			Groups: []metav1.APIGroup{{Versions: []metav1.GroupVersionForDiscovery{{GroupVersion: "v1", Version: "v1"}}, PreferredVersion: metav1.GroupVersionForDiscovery{GroupVersion: "v1", Version: "v1"}}},
			Resources: []metav1.APIResourceList{{GroupVersion: "v1", APIResources: []metav1.APIResource{
				{Name: "pods", SingularName: "pod", Namespaced: true, Kind: "Pod", Verbs: metav1.Verbs{"get", "list"}, ShortNames: []string{"po"}}}}},
		},
	}, {
		name:    "absent",
		members: []member{version, {name: "sb/cluster-resources/namespaces.json", body: `{"kind":"NamespaceList","apiVersion":"v1","items":[]}`}},
	}, {
		name:    "malformed",
		members: []member{version, {name: "sb/cluster-resources/resources.json", body: `{"groupVersion":"v1"}`}},
		want:    &Discovery{},
		errs:    []string{"cluster-resources/resources.json: malformed API discovery, want a JSON array of APIResourceList"},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			b, err := Load(archive(t, t.TempDir(), "sb.tar.gz", tc.members), LoadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tc.want, b.Discovery); diff != "" {
				t.Errorf("discovery (-want +got):\n%s", diff)
			}
			var errs []string
			for _, e := range b.Errors {
				// The reason up to the JSON decoder's own message.
				reason, _, _ := strings.Cut(e.Reason, ": ")
				errs = append(errs, e.File+": "+reason)
			}
			if diff := cmp.Diff(tc.errs, errs); diff != "" {
				t.Errorf("errors (-want +got):\n%s", diff)
			}
		})
	}
}
