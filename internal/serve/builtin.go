package serve

import "k8s.io/apimachinery/pkg/runtime/schema"

// builtin describes a Kubernetes built-in resource the way the real API
// server's discovery does: its plural, short names, scope and categories.
type builtin struct {
	version    string
	plural     string
	namespaced bool
	shortNames []string
	categories []string
	// always makes the resource discoverable (with an empty list) even when
	// the bundle holds none of it, so that `kubectl get pods` on a bundle
	// without pods says "No resources found" rather than "the server
	// doesn't have a resource type".
	always bool
}

// builtins is keyed by group and kind. Kinds a bundle holds that are not
// here take their plural from the bundle's CRDs, from the file the importer
// read them from, or from apimachinery's guess (catalog.go).
var builtins = map[schema.GroupKind]builtin{
	{Group: "", Kind: "Pod"}:                   {version: "v1", plural: "pods", namespaced: true, shortNames: []string{"po"}, categories: []string{"all"}, always: true},
	{Group: "", Kind: "Service"}:               {version: "v1", plural: "services", namespaced: true, shortNames: []string{"svc"}, categories: []string{"all"}, always: true},
	{Group: "", Kind: "Namespace"}:             {version: "v1", plural: "namespaces", shortNames: []string{"ns"}, always: true},
	{Group: "", Kind: "Node"}:                  {version: "v1", plural: "nodes", shortNames: []string{"no"}, always: true},
	{Group: "", Kind: "Event"}:                 {version: "v1", plural: "events", namespaced: true, shortNames: []string{"ev"}, always: true},
	{Group: "", Kind: "ConfigMap"}:             {version: "v1", plural: "configmaps", namespaced: true, shortNames: []string{"cm"}, always: true},
	{Group: "", Kind: "Secret"}:                {version: "v1", plural: "secrets", namespaced: true, always: true},
	{Group: "", Kind: "ServiceAccount"}:        {version: "v1", plural: "serviceaccounts", namespaced: true, shortNames: []string{"sa"}, always: true},
	{Group: "", Kind: "PersistentVolumeClaim"}: {version: "v1", plural: "persistentvolumeclaims", namespaced: true, shortNames: []string{"pvc"}, always: true},
	{Group: "", Kind: "PersistentVolume"}:      {version: "v1", plural: "persistentvolumes", shortNames: []string{"pv"}, always: true},
	{Group: "", Kind: "Endpoints"}:             {version: "v1", plural: "endpoints", namespaced: true, shortNames: []string{"ep"}, always: true},
	{Group: "", Kind: "ReplicationController"}: {version: "v1", plural: "replicationcontrollers", namespaced: true, shortNames: []string{"rc"}, categories: []string{"all"}},
	{Group: "", Kind: "ResourceQuota"}:         {version: "v1", plural: "resourcequotas", namespaced: true, shortNames: []string{"quota"}},
	{Group: "", Kind: "LimitRange"}:            {version: "v1", plural: "limitranges", namespaced: true, shortNames: []string{"limits"}},
	{Group: "", Kind: "PodTemplate"}:           {version: "v1", plural: "podtemplates", namespaced: true},
	{Group: "", Kind: "ComponentStatus"}:       {version: "v1", plural: "componentstatuses", shortNames: []string{"cs"}},

	{Group: "apps", Kind: "Deployment"}:         {version: "v1", plural: "deployments", namespaced: true, shortNames: []string{"deploy"}, categories: []string{"all"}, always: true},
	{Group: "apps", Kind: "ReplicaSet"}:         {version: "v1", plural: "replicasets", namespaced: true, shortNames: []string{"rs"}, categories: []string{"all"}, always: true},
	{Group: "apps", Kind: "StatefulSet"}:        {version: "v1", plural: "statefulsets", namespaced: true, shortNames: []string{"sts"}, categories: []string{"all"}, always: true},
	{Group: "apps", Kind: "DaemonSet"}:          {version: "v1", plural: "daemonsets", namespaced: true, shortNames: []string{"ds"}, categories: []string{"all"}, always: true},
	{Group: "apps", Kind: "ControllerRevision"}: {version: "v1", plural: "controllerrevisions", namespaced: true},

	{Group: "batch", Kind: "Job"}:     {version: "v1", plural: "jobs", namespaced: true, categories: []string{"all"}, always: true},
	{Group: "batch", Kind: "CronJob"}: {version: "v1", plural: "cronjobs", namespaced: true, shortNames: []string{"cj"}, categories: []string{"all"}, always: true},

	{Group: "autoscaling", Kind: "HorizontalPodAutoscaler"}: {version: "v2", plural: "horizontalpodautoscalers", namespaced: true, shortNames: []string{"hpa"}, categories: []string{"all"}},
	{Group: "policy", Kind: "PodDisruptionBudget"}:          {version: "v1", plural: "poddisruptionbudgets", namespaced: true, shortNames: []string{"pdb"}},

	{Group: "networking.k8s.io", Kind: "Ingress"}:       {version: "v1", plural: "ingresses", namespaced: true, shortNames: []string{"ing"}, always: true},
	{Group: "networking.k8s.io", Kind: "IngressClass"}:  {version: "v1", plural: "ingressclasses"},
	{Group: "networking.k8s.io", Kind: "NetworkPolicy"}: {version: "v1", plural: "networkpolicies", namespaced: true, shortNames: []string{"netpol"}},
	{Group: "discovery.k8s.io", Kind: "EndpointSlice"}:  {version: "v1", plural: "endpointslices", namespaced: true},
	{Group: "events.k8s.io", Kind: "Event"}:             {version: "v1", plural: "events", namespaced: true, shortNames: []string{"ev"}, always: true},

	{Group: "rbac.authorization.k8s.io", Kind: "Role"}:               {version: "v1", plural: "roles", namespaced: true},
	{Group: "rbac.authorization.k8s.io", Kind: "RoleBinding"}:        {version: "v1", plural: "rolebindings", namespaced: true},
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRole"}:        {version: "v1", plural: "clusterroles"},
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRoleBinding"}: {version: "v1", plural: "clusterrolebindings"},

	{Group: "storage.k8s.io", Kind: "StorageClass"}:     {version: "v1", plural: "storageclasses", shortNames: []string{"sc"}},
	{Group: "storage.k8s.io", Kind: "CSIDriver"}:        {version: "v1", plural: "csidrivers"},
	{Group: "storage.k8s.io", Kind: "CSINode"}:          {version: "v1", plural: "csinodes"},
	{Group: "storage.k8s.io", Kind: "VolumeAttachment"}: {version: "v1", plural: "volumeattachments"},

	{Group: "apiextensions.k8s.io", Kind: "CustomResourceDefinition"}:               {version: "v1", plural: "customresourcedefinitions", shortNames: []string{"crd", "crds"}, always: true},
	{Group: "apiregistration.k8s.io", Kind: "APIService"}:                           {version: "v1", plural: "apiservices"},
	{Group: "admissionregistration.k8s.io", Kind: "MutatingWebhookConfiguration"}:   {version: "v1", plural: "mutatingwebhookconfigurations"},
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingWebhookConfiguration"}: {version: "v1", plural: "validatingwebhookconfigurations"},
	{Group: "scheduling.k8s.io", Kind: "PriorityClass"}:                             {version: "v1", plural: "priorityclasses", shortNames: []string{"pc"}},
	{Group: "node.k8s.io", Kind: "RuntimeClass"}:                                    {version: "v1", plural: "runtimeclasses"},
	{Group: "coordination.k8s.io", Kind: "Lease"}:                                   {version: "v1", plural: "leases", namespaced: true},
	{Group: "certificates.k8s.io", Kind: "CertificateSigningRequest"}:               {version: "v1", plural: "certificatesigningrequests", shortNames: []string{"csr"}},
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "FlowSchema"}:                     {version: "v1", plural: "flowschemas"},
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "PriorityLevelConfiguration"}:     {version: "v1", plural: "prioritylevelconfigurations"},
}
