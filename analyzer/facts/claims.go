package facts

import (
	"fmt"
	"strings"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// noProvisioner is the provisioner of StorageClasses for local volumes
// created by hand: nothing provisions a claim of such a class.
const noProvisioner = "kubernetes.io/no-provisioner"

// ClaimBlocked reports why a Pending PersistentVolumeClaim can never bind
// without a change, or ok false when it may still bind (or is Bound):
//
//   - its StorageClass does not exist: the PV controller's latest
//     ProvisioningFailed event says `storageclass.storage.k8s.io "X" not
//     found`, and no StorageClass X is in the bundle;
//   - its StorageClass has no provisioner (kubernetes.io/no-provisioner)
//     and the PV controller reports it cannot provision the claim
//     (ProvisioningFailed), so only a PersistentVolume made by hand binds
//     it.
//
// It reads the events, never a guess from the class name alone: a class
// the collector did not read is not a missing class.
func ClaimBlocked(ix *bundle.Index, pvc *bundle.Object) (string, bool) {
	if String(pvc.Object, "status", "phase") != "Pending" {
		return "", false
	}
	var last *Event
	for _, e := range EventsFor(ix, pvc) {
		if e.Reason == "ProvisioningFailed" && (last == nil || !e.Last.Before(last.Last)) {
			last = e
		}
	}
	if last == nil {
		return "", false
	}
	class := String(pvc.Object, "spec", "storageClassName")
	sc, found := ix.Get(bundle.Key{Group: "storage.k8s.io", Kind: "StorageClass", Name: class})
	switch {
	case class != "" && !found && strings.Contains(last.Message, fmt.Sprintf("storageclass.storage.k8s.io %q not found", class)):
		return fmt.Sprintf("PersistentVolumeClaim %s is Pending: StorageClass %s does not exist (%s)", pvc.GetName(), class, last.Message), true
	case found && String(sc.Object, "provisioner") == noProvisioner:
		return fmt.Sprintf("PersistentVolumeClaim %s is Pending: StorageClass %s has no provisioner (%s), so only a PersistentVolume created by hand can bind it (%s)", pvc.GetName(), class, noProvisioner, last.Message), true
	}
	return "", false
}

// PodClaimBlocked returns the first reason a Pending pod's claim can never
// bind (ClaimBlocked), for the pods of a workload.
func PodClaimBlocked(ix *bundle.Index, pods []*bundle.Object) (string, bool) {
	for _, p := range pods {
		if String(p.Object, "status", "phase") != "Pending" {
			continue
		}
		for _, v := range Slice(p.Object, "spec", "volumes") {
			vm, _ := v.(map[string]any)
			claim := String(vm, "persistentVolumeClaim", "claimName")
			if claim == "" {
				continue
			}
			if pvc, ok := ix.Get(bundle.Key{Kind: "PersistentVolumeClaim", Namespace: p.GetNamespace(), Name: claim}); ok {
				if r, ok := ClaimBlocked(ix, pvc); ok {
					return fmt.Sprintf("Pod %s/%s cannot start: %s", p.GetNamespace(), p.GetName(), r), true
				}
			}
		}
	}
	return "", false
}
