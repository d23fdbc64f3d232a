# METADATA
# title: Cluster API
# description: >-
#   Clusters, machines and pools follow their phase first (Provisioning or
#   Pending progressing, Failed failed), then their conditions, whose
#   severity tells a failure (Error) from a wait (Info). A
#   MachineHealthCheck failed while fewer machines are healthy than it
#   expects; a managed control plane that is updating is progressing.
# custom:
#   id: health-cluster-api
#   kinds:
#   - cluster.x-k8s.io/Cluster
#   - cluster.x-k8s.io/Machine
#   - cluster.x-k8s.io/MachinePool
#   - cluster.x-k8s.io/MachineDeployment
#   - cluster.x-k8s.io/MachineSet
#   - cluster.x-k8s.io/MachineHealthCheck
#   - controlplane.cluster.x-k8s.io/AWSManagedControlPlane
#   - controlplane.cluster.x-k8s.io/KubeadmControlPlane
#   - addons.cluster.x-k8s.io/ClusterResourceSet
package rift.health.cluster_api

import data.rift.health.lib

health := lib.suspended("paused", ["spec.paused"]) if {
	input.spec.paused == true
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.failed(input.status.failureMessage, ["status.failureMessage"]) if {
	input.status.failureMessage
} else := lib.failed(sprintf("phase %s", [input.status.phase]), ["status.phase"]) if {
	input.status.phase == "Failed"
} else := lib.failed(sprintf("%d of %d machines healthy", [input.status.currentHealthy, input.status.expectedMachines]), ["status.currentHealthy", "status.expectedMachines"]) if {
	input.kind == "MachineHealthCheck"
	input.status.currentHealthy < input.status.expectedMachines
} else := lib.converged(sprintf("%d of %d machines healthy", [input.status.currentHealthy, input.status.expectedMachines]), ["status.currentHealthy", "status.expectedMachines"]) if {
	input.kind == "MachineHealthCheck"
} else := lib.failed(lib.say(errs[0]), ["status.conditions"]) if {
	count(errs) > 0
} else := lib.progressing(sprintf("phase %s", [input.status.phase]), ["status.phase"]) if {
	input.status.phase in {"Provisioning", "Pending", "Deleting", "ScalingUp", "ScalingDown"}
} else := lib.progressing("the control plane is updating", [lib.cond_field("EKSControlPlaneUpdating")]) if {
	lib.cond_true(input, "EKSControlPlaneUpdating")
} else := lib.progressing("the control plane is updating", ["spec.version", "status.version"]) if {
	input.kind == "AWSManagedControlPlane"
	input.spec.version
	input.status.version
	input.spec.version != input.status.version
} else := lib.progressing(lib.text([lib.cond_message(input, "Ready"), "not ready"]), [lib.cond_field("Ready"), "status.ready"]) if {
	input.kind == "AWSManagedControlPlane"
	lib.cond_false(input, "Ready")
	object.get(lib.condition(input, "Ready"), "severity", "") != "Error"
}

errs := [c | some c in object.get(input.status, "conditions", []); c.status == "False"; object.get(c, "severity", "") == "Error"]
