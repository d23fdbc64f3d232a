package collector

// The resources the collector reads, as "resource" (core) or
// "resource.group". Which of them exist is decided by discovery at run time;
// absent optional APIs are skipped silently, since "not installed" is itself
// a fact the analysis can see from the other objects.

// namespacedResources are listed in every scoped namespace. Secrets are not
// here: they go through the metadata API (collectSecrets).
var namespacedResources = []string{
	"deployments.apps", "replicasets.apps", "statefulsets.apps", "daemonsets.apps", "controllerrevisions.apps",
	"jobs.batch", "cronjobs.batch",
	"pods", "services", "endpoints", "endpointslices.discovery.k8s.io",
	"ingresses.networking.k8s.io", "networkpolicies.networking.k8s.io",
	"httproutes.gateway.networking.k8s.io", "grpcroutes.gateway.networking.k8s.io",
	"persistentvolumeclaims", "configmaps", "serviceaccounts", "resourcequotas", "limitranges",
	"poddisruptionbudgets.policy", "horizontalpodautoscalers.autoscaling",
	"events", "events.events.k8s.io",
	"externalsecrets.external-secrets.io", "secretstores.external-secrets.io",
	"certificates.cert-manager.io",
	// Argo Rollouts replace Deployments for progressive delivery; their
	// analyses say why a canary was aborted.
	"rollouts.argoproj.io", "analysisruns.argoproj.io",
}

// webhookResources are listed whole (they are cluster-scoped and few), then
// trimmed to names and rules.
var webhookResources = []string{
	"validatingwebhookconfigurations.admissionregistration.k8s.io",
	"mutatingwebhookconfigurations.admissionregistration.k8s.io",
}

// Flux and Argo CD objects are listed in every namespace and kept when they
// own or target a scoped namespace (see gitops.go).
const (
	fluxKustomizations = "kustomizations.kustomize.toolkit.fluxcd.io"
	fluxHelmReleases   = "helmreleases.helm.toolkit.fluxcd.io"
	argoApplications   = "applications.argoproj.io"
)

// fluxSources are the source kinds a Kustomization or HelmRelease can name.
var fluxSources = map[string]string{
	"GitRepository":  "gitrepositories.source.toolkit.fluxcd.io",
	"OCIRepository":  "ocirepositories.source.toolkit.fluxcd.io",
	"HelmRepository": "helmrepositories.source.toolkit.fluxcd.io",
	"HelmChart":      "helmcharts.source.toolkit.fluxcd.io",
	"Bucket":         "buckets.source.toolkit.fluxcd.io",
}
