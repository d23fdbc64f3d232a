// Package kinds is the one table of the API resources rift knows by
// name without a CRD: the Kubernetes built-ins and the Flux, Argo CD and
// Argo Rollouts custom resources, keyed by group and kind, as the API
// server's discovery describes them. The object-name resolver
// (internal/objref) and the bundle API server (internal/serve) both read
// it, so `sts` and `ks` mean the same in `rift analyze --workload` and in
// `kubectl get` against `rift serve`.
package kinds

import "k8s.io/apimachinery/pkg/runtime/schema"

// Resource describes one resource the way discovery does.
type Resource struct {
	Version    string   // the version served by default
	Plural     string   // lower-case, as in URLs and `kubectl get`
	Namespaced bool     // false: cluster-scoped
	Short      []string // short names (kubectl api-resources)
	Categories []string // such as "all"
	// Always makes rift serve list the resource even when a bundle holds
	// none of it, so that `kubectl get pods` on a bundle without pods says
	// "No resources found" rather than "the server doesn't have a resource
	// type".
	Always bool
}

// Builtin is keyed by group and kind. Callers must not modify it.
var Builtin = map[schema.GroupKind]Resource{
	{Group: "", Kind: "Pod"}:                   {Version: "v1", Plural: "pods", Namespaced: true, Short: []string{"po"}, Categories: []string{"all"}, Always: true},
	{Group: "", Kind: "Service"}:               {Version: "v1", Plural: "services", Namespaced: true, Short: []string{"svc"}, Categories: []string{"all"}, Always: true},
	{Group: "", Kind: "Namespace"}:             {Version: "v1", Plural: "namespaces", Short: []string{"ns"}, Always: true},
	{Group: "", Kind: "Node"}:                  {Version: "v1", Plural: "nodes", Short: []string{"no"}, Always: true},
	{Group: "", Kind: "Event"}:                 {Version: "v1", Plural: "events", Namespaced: true, Short: []string{"ev"}, Always: true},
	{Group: "", Kind: "ConfigMap"}:             {Version: "v1", Plural: "configmaps", Namespaced: true, Short: []string{"cm"}, Always: true},
	{Group: "", Kind: "Secret"}:                {Version: "v1", Plural: "secrets", Namespaced: true, Always: true},
	{Group: "", Kind: "ServiceAccount"}:        {Version: "v1", Plural: "serviceaccounts", Namespaced: true, Short: []string{"sa"}, Always: true},
	{Group: "", Kind: "PersistentVolumeClaim"}: {Version: "v1", Plural: "persistentvolumeclaims", Namespaced: true, Short: []string{"pvc"}, Always: true},
	{Group: "", Kind: "PersistentVolume"}:      {Version: "v1", Plural: "persistentvolumes", Short: []string{"pv"}, Always: true},
	{Group: "", Kind: "Endpoints"}:             {Version: "v1", Plural: "endpoints", Namespaced: true, Short: []string{"ep"}, Always: true},
	{Group: "", Kind: "ReplicationController"}: {Version: "v1", Plural: "replicationcontrollers", Namespaced: true, Short: []string{"rc"}, Categories: []string{"all"}},
	{Group: "", Kind: "ResourceQuota"}:         {Version: "v1", Plural: "resourcequotas", Namespaced: true, Short: []string{"quota"}},
	{Group: "", Kind: "LimitRange"}:            {Version: "v1", Plural: "limitranges", Namespaced: true, Short: []string{"limits"}},
	{Group: "", Kind: "PodTemplate"}:           {Version: "v1", Plural: "podtemplates", Namespaced: true},
	{Group: "", Kind: "ComponentStatus"}:       {Version: "v1", Plural: "componentstatuses", Short: []string{"cs"}},

	{Group: "apps", Kind: "Deployment"}:         {Version: "v1", Plural: "deployments", Namespaced: true, Short: []string{"deploy"}, Categories: []string{"all"}, Always: true},
	{Group: "apps", Kind: "ReplicaSet"}:         {Version: "v1", Plural: "replicasets", Namespaced: true, Short: []string{"rs"}, Categories: []string{"all"}, Always: true},
	{Group: "apps", Kind: "StatefulSet"}:        {Version: "v1", Plural: "statefulsets", Namespaced: true, Short: []string{"sts"}, Categories: []string{"all"}, Always: true},
	{Group: "apps", Kind: "DaemonSet"}:          {Version: "v1", Plural: "daemonsets", Namespaced: true, Short: []string{"ds"}, Categories: []string{"all"}, Always: true},
	{Group: "apps", Kind: "ControllerRevision"}: {Version: "v1", Plural: "controllerrevisions", Namespaced: true},

	{Group: "batch", Kind: "Job"}:     {Version: "v1", Plural: "jobs", Namespaced: true, Categories: []string{"all"}, Always: true},
	{Group: "batch", Kind: "CronJob"}: {Version: "v1", Plural: "cronjobs", Namespaced: true, Short: []string{"cj"}, Categories: []string{"all"}, Always: true},

	{Group: "autoscaling", Kind: "HorizontalPodAutoscaler"}: {Version: "v2", Plural: "horizontalpodautoscalers", Namespaced: true, Short: []string{"hpa"}, Categories: []string{"all"}},
	{Group: "policy", Kind: "PodDisruptionBudget"}:          {Version: "v1", Plural: "poddisruptionbudgets", Namespaced: true, Short: []string{"pdb"}},

	{Group: "networking.k8s.io", Kind: "Ingress"}:       {Version: "v1", Plural: "ingresses", Namespaced: true, Short: []string{"ing"}, Always: true},
	{Group: "networking.k8s.io", Kind: "IngressClass"}:  {Version: "v1", Plural: "ingressclasses"},
	{Group: "networking.k8s.io", Kind: "NetworkPolicy"}: {Version: "v1", Plural: "networkpolicies", Namespaced: true, Short: []string{"netpol"}},
	{Group: "discovery.k8s.io", Kind: "EndpointSlice"}:  {Version: "v1", Plural: "endpointslices", Namespaced: true},
	{Group: "events.k8s.io", Kind: "Event"}:             {Version: "v1", Plural: "events", Namespaced: true, Short: []string{"ev"}, Always: true},

	{Group: "rbac.authorization.k8s.io", Kind: "Role"}:               {Version: "v1", Plural: "roles", Namespaced: true},
	{Group: "rbac.authorization.k8s.io", Kind: "RoleBinding"}:        {Version: "v1", Plural: "rolebindings", Namespaced: true},
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRole"}:        {Version: "v1", Plural: "clusterroles"},
	{Group: "rbac.authorization.k8s.io", Kind: "ClusterRoleBinding"}: {Version: "v1", Plural: "clusterrolebindings"},

	{Group: "storage.k8s.io", Kind: "StorageClass"}:     {Version: "v1", Plural: "storageclasses", Short: []string{"sc"}},
	{Group: "storage.k8s.io", Kind: "CSIDriver"}:        {Version: "v1", Plural: "csidrivers"},
	{Group: "storage.k8s.io", Kind: "CSINode"}:          {Version: "v1", Plural: "csinodes"},
	{Group: "storage.k8s.io", Kind: "VolumeAttachment"}: {Version: "v1", Plural: "volumeattachments"},

	{Group: "apiextensions.k8s.io", Kind: "CustomResourceDefinition"}:               {Version: "v1", Plural: "customresourcedefinitions", Short: []string{"crd", "crds"}, Always: true},
	{Group: "apiregistration.k8s.io", Kind: "APIService"}:                           {Version: "v1", Plural: "apiservices"},
	{Group: "admissionregistration.k8s.io", Kind: "MutatingWebhookConfiguration"}:   {Version: "v1", Plural: "mutatingwebhookconfigurations"},
	{Group: "admissionregistration.k8s.io", Kind: "ValidatingWebhookConfiguration"}: {Version: "v1", Plural: "validatingwebhookconfigurations"},
	{Group: "scheduling.k8s.io", Kind: "PriorityClass"}:                             {Version: "v1", Plural: "priorityclasses", Short: []string{"pc"}},
	{Group: "node.k8s.io", Kind: "RuntimeClass"}:                                    {Version: "v1", Plural: "runtimeclasses"},
	{Group: "coordination.k8s.io", Kind: "Lease"}:                                   {Version: "v1", Plural: "leases", Namespaced: true},
	{Group: "certificates.k8s.io", Kind: "CertificateSigningRequest"}:               {Version: "v1", Plural: "certificatesigningrequests", Short: []string{"csr"}},
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "FlowSchema"}:                     {Version: "v1", Plural: "flowschemas"},
	{Group: "flowcontrol.apiserver.k8s.io", Kind: "PriorityLevelConfiguration"}:     {Version: "v1", Plural: "prioritylevelconfigurations"},

	// Flux
	{Group: "kustomize.toolkit.fluxcd.io", Kind: "Kustomization"}:     {Version: "v1", Plural: "kustomizations", Namespaced: true, Short: []string{"ks"}},
	{Group: "helm.toolkit.fluxcd.io", Kind: "HelmRelease"}:            {Version: "v2", Plural: "helmreleases", Namespaced: true, Short: []string{"hr"}},
	{Group: "source.toolkit.fluxcd.io", Kind: "GitRepository"}:        {Version: "v1", Plural: "gitrepositories", Namespaced: true, Short: []string{"gitrepo"}},
	{Group: "source.toolkit.fluxcd.io", Kind: "HelmRepository"}:       {Version: "v1", Plural: "helmrepositories", Namespaced: true, Short: []string{"helmrepo"}},
	{Group: "source.toolkit.fluxcd.io", Kind: "HelmChart"}:            {Version: "v1", Plural: "helmcharts", Namespaced: true, Short: []string{"hc"}},
	{Group: "source.toolkit.fluxcd.io", Kind: "OCIRepository"}:        {Version: "v1", Plural: "ocirepositories", Namespaced: true, Short: []string{"ocirepo"}},
	{Group: "source.toolkit.fluxcd.io", Kind: "Bucket"}:               {Version: "v1", Plural: "buckets", Namespaced: true},
	{Group: "image.toolkit.fluxcd.io", Kind: "ImagePolicy"}:           {Version: "v1", Plural: "imagepolicies", Namespaced: true, Short: []string{"imgpol"}},
	{Group: "image.toolkit.fluxcd.io", Kind: "ImageRepository"}:       {Version: "v1", Plural: "imagerepositories", Namespaced: true, Short: []string{"imgrepo"}},
	{Group: "image.toolkit.fluxcd.io", Kind: "ImageUpdateAutomation"}: {Version: "v1", Plural: "imageupdateautomations", Namespaced: true, Short: []string{"iua"}},

	// Argo CD and Argo Rollouts
	{Group: "argoproj.io", Kind: "Application"}:    {Version: "v1alpha1", Plural: "applications", Namespaced: true, Short: []string{"app", "apps"}},
	{Group: "argoproj.io", Kind: "ApplicationSet"}: {Version: "v1alpha1", Plural: "applicationsets", Namespaced: true, Short: []string{"appset", "appsets"}},
	{Group: "argoproj.io", Kind: "AppProject"}:     {Version: "v1alpha1", Plural: "appprojects", Namespaced: true, Short: []string{"appproj", "appprojs"}},
	{Group: "argoproj.io", Kind: "Rollout"}:        {Version: "v1alpha1", Plural: "rollouts", Namespaced: true, Short: []string{"ro"}},
}

// Lookup returns the Resource of a group and kind, if the table has it.
func Lookup(group, kind string) (Resource, bool) {
	r, ok := Builtin[schema.GroupKind{Group: group, Kind: kind}]
	return r, ok
}
