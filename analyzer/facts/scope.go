package facts

import "github.com/rift-dev/rift/analyzer/bundle"

// builtinCluster maps the cluster-scoped kinds rift knows without asking
// the bundle to their API group: every cluster-scoped kind of the
// Kubernetes built-in API that an Event can name, and the cluster-scoped
// custom resources common enough to matter when the bundle lacks their
// CustomResourceDefinition. A kind whose name is also a namespaced kind
// of another group (OpenShift's config.openshift.io Ingress, say) is left
// out: an event that names no group could not tell them apart.
var builtinCluster = map[string]string{
	// core/v1
	"Node": "", "Namespace": "", "PersistentVolume": "", "ComponentStatus": "",
	// admissionregistration.k8s.io
	"MutatingWebhookConfiguration":     "admissionregistration.k8s.io",
	"ValidatingWebhookConfiguration":   "admissionregistration.k8s.io",
	"ValidatingAdmissionPolicy":        "admissionregistration.k8s.io",
	"ValidatingAdmissionPolicyBinding": "admissionregistration.k8s.io",
	"MutatingAdmissionPolicy":          "admissionregistration.k8s.io",
	"MutatingAdmissionPolicyBinding":   "admissionregistration.k8s.io",
	// the API machinery
	"CustomResourceDefinition":   "apiextensions.k8s.io",
	"APIService":                 "apiregistration.k8s.io",
	"FlowSchema":                 "flowcontrol.apiserver.k8s.io",
	"PriorityLevelConfiguration": "flowcontrol.apiserver.k8s.io",
	"StorageVersion":             "internal.apiserver.k8s.io",
	"StorageVersionMigration":    "storagemigration.k8s.io",
	// access
	"ClusterRole":               "rbac.authorization.k8s.io",
	"ClusterRoleBinding":        "rbac.authorization.k8s.io",
	"CertificateSigningRequest": "certificates.k8s.io",
	"ClusterTrustBundle":        "certificates.k8s.io",
	"PodSecurityPolicy":         "policy",
	// scheduling, nodes, networking
	"PriorityClass": "scheduling.k8s.io",
	"RuntimeClass":  "node.k8s.io",
	"IngressClass":  "networking.k8s.io",
	"IPAddress":     "networking.k8s.io",
	"ServiceCIDR":   "networking.k8s.io",
	"DeviceClass":   "resource.k8s.io",
	"ResourceSlice": "resource.k8s.io",
	// storage
	"StorageClass":          "storage.k8s.io",
	"VolumeAttachment":      "storage.k8s.io",
	"CSIDriver":             "storage.k8s.io",
	"CSINode":               "storage.k8s.io",
	"VolumeAttributesClass": "storage.k8s.io",
	"VolumeSnapshotClass":   "snapshot.storage.k8s.io",
	"VolumeSnapshotContent": "snapshot.storage.k8s.io",
	// common custom resources
	"GatewayClass":          "gateway.networking.k8s.io",
	"ClusterIssuer":         "cert-manager.io",
	"ClusterSecretStore":    "external-secrets.io",
	"ClusterExternalSecret": "external-secrets.io",
	"ClusterPolicy":         "kyverno.io",
	"ClusterOperator":       "config.openshift.io",
	"ClusterVersion":        "config.openshift.io",
	"MachineConfig":         "machineconfiguration.openshift.io",
	"MachineConfigPool":     "machineconfiguration.openshift.io",
}

// groupKind names a kind within its API group.
type groupKind struct{ group, kind string }

// scopes is what the bundle's CustomResourceDefinitions declare: for each
// group/kind, whether it is cluster-scoped, and the same by kind alone
// for references that name no group (a kind whose CRDs disagree is left
// out of byKind).
type scopes struct {
	crd    map[groupKind]bool
	byKind map[string]bool
}

type scopesKey struct{}

// scopesOf reads the scopes the bundle's CRDs declare, once per Index.
func scopesOf(ix *bundle.Index) *scopes {
	return ix.Derived(scopesKey{}, func() any { return readScopes(ix) }).(*scopes)
}

func readScopes(ix *bundle.Index) *scopes {
	s := &scopes{crd: map[groupKind]bool{}, byKind: map[string]bool{}}
	split := map[string]bool{}
	for _, o := range ix.OfKind("CustomResourceDefinition") {
		if bundle.APIGroup(o.GetAPIVersion()) != "apiextensions.k8s.io" {
			continue
		}
		spec := Map(o.Object, "spec")
		group, kind, scope := String(spec, "group"), String(spec, "names", "kind"), String(spec, "scope")
		if kind == "" || (scope != "Cluster" && scope != "Namespaced") {
			continue // nothing declared: the built-in table decides
		}
		cluster := scope == "Cluster"
		s.crd[groupKind{group, kind}] = cluster
		if prev, seen := s.byKind[kind]; (seen && prev != cluster) || split[kind] {
			split[kind] = true
			delete(s.byKind, kind)
			continue
		}
		s.byKind[kind] = cluster
	}
	return s
}

// cluster reports whether kind in group is cluster-scoped. What the
// bundle's CRDs declare wins over the built-in table. A group of "" is
// the core group or, for a reference without apiVersion, no group known:
// a core kind of the table answers first, then the kind alone.
func (s *scopes) cluster(kind, group string) bool {
	if c, ok := s.crd[groupKind{group, kind}]; ok {
		return c
	}
	g, builtin := builtinCluster[kind]
	if builtin && g == group {
		return true
	}
	if group != "" {
		return false
	}
	if c, ok := s.byKind[kind]; ok {
		return c
	}
	return builtin
}

// ClusterScoped reports whether objects of kind in API group ("" for the
// core group, or when the reference names none) are cluster-scoped: as the
// bundle's CustomResourceDefinitions declare (spec.scope), else as the
// built-in table of cluster-scoped kinds says. A kind neither knows is
// namespaced.
func ClusterScoped(ix *bundle.Index, kind, group string) bool {
	return scopesOf(ix).cluster(kind, group)
}

// Key returns r keyed by the one rule every stage shares: an object of a
// cluster-scoped kind has no namespace, whatever r (or the Event naming
// it) says; an object of a namespaced kind that names none takes ns, the
// namespace of the Event that names it. Its String is the Kind/ns/name
// key of the rule input, its Key the Index's key.
func Key(ix *bundle.Index, r bundle.Ref, ns string) bundle.Ref {
	return scopesOf(ix).key(r, ns)
}

func (s *scopes) key(r bundle.Ref, ns string) bundle.Ref {
	switch {
	case s.cluster(r.Kind, bundle.APIGroup(r.APIVersion)):
		r.Namespace = ""
	case r.Namespace == "":
		r.Namespace = ns
	}
	return r
}
