# METADATA
# title: KubeVirt virtual machines and CDI data volumes
# description: >-
#   A VirtualMachine follows its printableStatus (Running converged; Stopped
#   or Paused suspended, since someone stopped it; error states failed;
#   the rest progressing). A VirtualMachineInstance follows its phase, and
#   is suspended when paused or finished. A DataVolume converges when its
#   import or clone Succeeded.
# custom:
#   id: health-kubevirt
#   kinds:
#   - kubevirt.io/VirtualMachine
#   - kubevirt.io/VirtualMachineInstance
#   - cdi.kubevirt.io/DataVolume
package rift.health.kubevirt

import data.rift.health.lib

vm_errors := {"CrashLoopBackOff", "ErrorUnschedulable", "ErrImagePull", "ImagePullBackOff", "ErrorPvcNotFound", "ErrorDataVolumeNotFound", "DataVolumeError", "FailedUnpause"}

health := lib.waiting if {
	lib.no_status(input)
} else := vm if {
	input.kind == "VirtualMachine"
} else := vmi if {
	input.kind == "VirtualMachineInstance"
} else := dv if {
	input.kind == "DataVolume"
}

vm := lib.suspended(sprintf("%s", [input.status.printableStatus]), ["status.printableStatus"]) if {
	input.status.printableStatus in {"Stopped", "Paused"}
} else := lib.failed(input.status.printableStatus, ["status.printableStatus"]) if {
	input.status.printableStatus in vm_errors
} else := lib.converged("Running", ["status.printableStatus"]) if {
	input.status.printableStatus == "Running"
} else := lib.progressing(object.get(input.status, "printableStatus", "not running yet"), ["status.printableStatus"])

vmi := lib.suspended("paused by the user", [lib.cond_field("Paused")]) if {
	lib.cond_true(input, "Paused")
} else := lib.suspended("Succeeded: the guest shut down", ["status.phase"]) if {
	input.status.phase == "Succeeded"
} else := lib.failed("Failed", ["status.phase"]) if {
	input.status.phase == "Failed"
} else := lib.converged("Running", ["status.phase"]) if {
	input.status.phase == "Running"
} else := lib.progressing(object.get(input.status, "phase", "not running yet"), ["status.phase"])

dv := lib.converged("Succeeded", ["status.phase"]) if {
	input.status.phase == "Succeeded"
} else := lib.failed(lib.text([lib.cond_message(input, "Ready"), "Failed"]), ["status.phase"]) if {
	input.status.phase == "Failed"
} else := lib.suspended("Paused", ["status.phase"]) if {
	input.status.phase == "Paused"
} else := lib.failed(lib.text([lib.cond_message(input, "Running"), "the transfer failed"]), [lib.cond_field("Running")]) if {
	lib.condition(input, "Running").reason == "Error"
} else := lib.progressing(object.get(input.status, "phase", "in progress"), ["status.phase", "status.progress"])
