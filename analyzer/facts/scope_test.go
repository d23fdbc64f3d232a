package facts

import (
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// crd is a CustomResourceDefinition of kind in group with scope.
func crd(group, kind, scope string) *bundle.Object {
	return object(map[string]any{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": kind + "s." + group},
		"spec": map[string]any{"group": group, "scope": scope,
			"names": map[string]any{"kind": kind, "plural": kind + "s"}}})
}

func TestClusterScoped(t *testing.T) {
	ix := bundle.NewIndex([]*bundle.Object{
		crd("example.com", "Widget", "Cluster"),
		crd("example.com", "Gadget", "Namespaced"),
		crd("other.example.com", "Gadget", "Cluster"), // disagrees: kind alone says nothing
		crd("tenant.example.com", "ClusterIssuer", "Namespaced"),
		crd("example.com", "Node", "Namespaced"),
		crd("broken.example.com", "Thing", ""), // declares nothing
	}, nil)
	tests := []struct {
		kind, group string
		want        bool
	}{
		{"Node", "", true},
		{"Namespace", "", true},
		{"PersistentVolume", "", true},
		{"Pod", "", false},
		{"ClusterRoleBinding", "rbac.authorization.k8s.io", true},
		{"ValidatingAdmissionPolicyBinding", "admissionregistration.k8s.io", true},
		{"FlowSchema", "flowcontrol.apiserver.k8s.io", true},
		{"CertificateSigningRequest", "certificates.k8s.io", true},
		{"ClusterIssuer", "cert-manager.io", true},
		{"ClusterSecretStore", "", true},               // no group: the built-in table by kind
		{"ClusterIssuer", "", false},                   // no group: the one CRD of that kind says namespaced
		{"ClusterIssuer", "tenant.example.com", false}, // its CRD says namespaced
		{"StorageClass", "example.com", false},         // another group's StorageClass
		{"Widget", "example.com", true},                // declared by its CRD
		{"Widget", "", true},                           // no group: the CRDs by kind
		{"Gadget", "example.com", false},               // declared namespaced
		{"Gadget", "other.example.com", true},          // declared cluster-scoped
		{"Gadget", "", false},                          // CRDs disagree, the table knows nothing
		{"Node", "example.com", false},                 // a namespaced custom Node
		{"Thing", "broken.example.com", false},         // a CRD without scope declares nothing
		{"Ingress", "networking.k8s.io", false},
	}
	for _, tc := range tests {
		t.Run(tc.group+"/"+tc.kind, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, ClusterScoped(ix, tc.kind, tc.group)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}

func TestKey(t *testing.T) {
	ix := bundle.NewIndex([]*bundle.Object{crd("example.com", "Widget", "Cluster")}, nil)
	tests := []struct {
		name string
		ref  bundle.Ref
		ns   string
		want string
	}{
		{"Node in the Event's namespace", bundle.Ref{APIVersion: "v1", Kind: "Node", Name: "n1"}, "default", "Node/n1"},
		{"Node naming a namespace", bundle.Ref{Kind: "Node", Namespace: "default", Name: "n1"}, "default", "Node/n1"},
		{"custom resource declared cluster-scoped", bundle.Ref{APIVersion: "example.com/v1", Kind: "Widget", Name: "w"}, "default", "Widget/w"},
		{"namespaced object without namespace", bundle.Ref{APIVersion: "v1", Kind: "Pod", Name: "p"}, "shop", "Pod/shop/p"},
		{"namespaced object keeps its namespace", bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: "a", Name: "p"}, "shop", "Pod/a/p"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, Key(ix, tc.ref, tc.ns).String()); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
