// Package objref resolves object names typed the kubectl way (kind/name
// with a namespace, or kind/namespace/name; kinds by singular, plural or
// short name, in any case) against a bundle. Every command that takes an
// object name resolves it here, so `sts`, `statefulsets` and `StatefulSet`
// mean the same everywhere.
package objref

import "strings"

// gk names a kind within its API group.
type gk struct{ group, kind string }

// names are the plural and short names of a kind, lower-case, as
// `kubectl api-resources` lists them.
type names struct {
	plural string
	short  []string
}

// builtin holds the names of the kinds rift reads most, keyed by group and
// kind: the Kubernetes built-ins and the Flux, Argo CD and Argo Rollouts
// custom resources. What a bundle's CustomResourceDefinitions declare
// (spec.names) is added to it, and any other kind in the bundle is known
// by its lower-case name and a regular plural.
var builtin = map[gk]names{
	{"", "Pod"}:                                          {"pods", []string{"po"}},
	{"", "Service"}:                                      {"services", []string{"svc"}},
	{"", "Namespace"}:                                    {"namespaces", []string{"ns"}},
	{"", "Node"}:                                         {"nodes", []string{"no"}},
	{"", "Event"}:                                        {"events", []string{"ev"}},
	{"events.k8s.io", "Event"}:                           {"events", []string{"ev"}},
	{"", "ConfigMap"}:                                    {"configmaps", []string{"cm"}},
	{"", "Secret"}:                                       {"secrets", nil},
	{"", "ServiceAccount"}:                               {"serviceaccounts", []string{"sa"}},
	{"", "PersistentVolumeClaim"}:                        {"persistentvolumeclaims", []string{"pvc"}},
	{"", "PersistentVolume"}:                             {"persistentvolumes", []string{"pv"}},
	{"", "Endpoints"}:                                    {"endpoints", []string{"ep"}},
	{"", "ReplicationController"}:                        {"replicationcontrollers", []string{"rc"}},
	{"", "ResourceQuota"}:                                {"resourcequotas", []string{"quota"}},
	{"", "LimitRange"}:                                   {"limitranges", []string{"limits"}},
	{"apps", "Deployment"}:                               {"deployments", []string{"deploy"}},
	{"apps", "ReplicaSet"}:                               {"replicasets", []string{"rs"}},
	{"apps", "StatefulSet"}:                              {"statefulsets", []string{"sts"}},
	{"apps", "DaemonSet"}:                                {"daemonsets", []string{"ds"}},
	{"apps", "ControllerRevision"}:                       {"controllerrevisions", nil},
	{"batch", "Job"}:                                     {"jobs", nil},
	{"batch", "CronJob"}:                                 {"cronjobs", []string{"cj"}},
	{"autoscaling", "HorizontalPodAutoscaler"}:           {"horizontalpodautoscalers", []string{"hpa"}},
	{"policy", "PodDisruptionBudget"}:                    {"poddisruptionbudgets", []string{"pdb"}},
	{"networking.k8s.io", "Ingress"}:                     {"ingresses", []string{"ing"}},
	{"networking.k8s.io", "IngressClass"}:                {"ingressclasses", nil},
	{"networking.k8s.io", "NetworkPolicy"}:               {"networkpolicies", []string{"netpol"}},
	{"discovery.k8s.io", "EndpointSlice"}:                {"endpointslices", nil},
	{"storage.k8s.io", "StorageClass"}:                   {"storageclasses", []string{"sc"}},
	{"apiextensions.k8s.io", "CustomResourceDefinition"}: {"customresourcedefinitions", []string{"crd", "crds"}},
	{"scheduling.k8s.io", "PriorityClass"}:               {"priorityclasses", []string{"pc"}},
	{"certificates.k8s.io", "CertificateSigningRequest"}: {"certificatesigningrequests", []string{"csr"}},
	// Flux
	{"kustomize.toolkit.fluxcd.io", "Kustomization"}:     {"kustomizations", []string{"ks"}},
	{"helm.toolkit.fluxcd.io", "HelmRelease"}:            {"helmreleases", []string{"hr"}},
	{"source.toolkit.fluxcd.io", "GitRepository"}:        {"gitrepositories", []string{"gitrepo"}},
	{"source.toolkit.fluxcd.io", "HelmRepository"}:       {"helmrepositories", []string{"helmrepo"}},
	{"source.toolkit.fluxcd.io", "HelmChart"}:            {"helmcharts", []string{"hc"}},
	{"source.toolkit.fluxcd.io", "OCIRepository"}:        {"ocirepositories", []string{"ocirepo"}},
	{"source.toolkit.fluxcd.io", "Bucket"}:               {"buckets", nil},
	{"image.toolkit.fluxcd.io", "ImagePolicy"}:           {"imagepolicies", []string{"imgpol"}},
	{"image.toolkit.fluxcd.io", "ImageRepository"}:       {"imagerepositories", []string{"imgrepo"}},
	{"image.toolkit.fluxcd.io", "ImageUpdateAutomation"}: {"imageupdateautomations", []string{"iua"}},
	// Argo CD and Argo Rollouts
	{"argoproj.io", "Application"}:    {"applications", []string{"app", "apps"}},
	{"argoproj.io", "ApplicationSet"}: {"applicationsets", []string{"appset", "appsets"}},
	{"argoproj.io", "AppProject"}:     {"appprojects", []string{"appproj", "appprojs"}},
	{"argoproj.io", "Rollout"}:        {"rollouts", []string{"ro"}},
}

// plural is the regular English plural of a lower-case kind, the one a
// CustomResourceDefinition without names would most likely declare.
func plural(s string) string {
	switch {
	case strings.HasSuffix(s, "s"), strings.HasSuffix(s, "x"), strings.HasSuffix(s, "ch"), strings.HasSuffix(s, "sh"):
		return s + "es"
	case strings.HasSuffix(s, "y") && len(s) > 1 && !strings.ContainsRune("aeiou", rune(s[len(s)-2])):
		return s[:len(s)-1] + "ies"
	}
	return s + "s"
}
