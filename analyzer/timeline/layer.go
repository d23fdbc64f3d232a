package timeline

import "github.com/rift-dev/rift/analyzer/layers"

// kindLayer places an object's own facts on the layer that owns them. Kinds
// not listed are applied objects: rift knows they were applied but not
// which controller acts on them.
var kindLayer = map[string]string{
	"GitRepository": layers.LayerGitOps, "OCIRepository": layers.LayerGitOps,
	"HelmRepository": layers.LayerGitOps, "HelmChart": layers.LayerGitOps,
	"Bucket": layers.LayerGitOps, "Kustomization": layers.LayerGitOps,
	"HelmRelease": layers.LayerGitOps, "Application": layers.LayerGitOps,
	"ApplicationSet": layers.LayerGitOps,

	"Deployment": layers.LayerController, "StatefulSet": layers.LayerController,
	"DaemonSet": layers.LayerController, "ReplicaSet": layers.LayerController,
	"ReplicationController": layers.LayerController, "ControllerRevision": layers.LayerController,
	"Job": layers.LayerController, "CronJob": layers.LayerController,
	"HorizontalPodAutoscaler": layers.LayerController, "PodDisruptionBudget": layers.LayerController,

	"Pod": layers.LayerRuntime, "Node": layers.LayerRuntime,

	"Service": layers.LayerDependencies, "Endpoints": layers.LayerDependencies,
	"EndpointSlice": layers.LayerDependencies, "ConfigMap": layers.LayerDependencies,
	"Secret": layers.LayerDependencies, "PersistentVolumeClaim": layers.LayerDependencies,
	"PersistentVolume": layers.LayerDependencies, "StorageClass": layers.LayerDependencies,
	"ServiceAccount": layers.LayerDependencies, "ExternalSecret": layers.LayerDependencies,
	"SecretStore": layers.LayerDependencies, "ClusterSecretStore": layers.LayerDependencies,
	"Certificate": layers.LayerDependencies, "Ingress": layers.LayerDependencies,
	"NetworkPolicy": layers.LayerDependencies, "VolumeAttachment": layers.LayerDependencies,
	"HTTPRoute": layers.LayerDependencies, "Gateway": layers.LayerDependencies,
}

func layerOfKind(kind string) string {
	if l, ok := kindLayer[kind]; ok {
		return l
	}
	return layers.LayerApplied
}

// layerRank orders layers causally for entries with equal times.
func layerRank(l string) int {
	for i, n := range layers.Order {
		if n == l {
			return i
		}
	}
	return len(layers.Order)
}

// workloadKinds are the kinds an ownership walk may end at to name a chain
// when the caller passed no layers.Workload for it.
var workloadKinds = map[string]bool{
	"Deployment": true, "StatefulSet": true, "DaemonSet": true, "ReplicaSet": true,
	"Job": true, "CronJob": true, "Pod": true, "ReplicationController": true,
}
