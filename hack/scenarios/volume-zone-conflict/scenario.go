// Package volumezoneconflict reproduces a stateful pod that cannot follow
// its volume: ledger-0's data lives on a zonal volume in eu-west-1a. The
// platform team rotates that zone's nodes: it cordons worker-a1 and
// drains it, and the replacement node has not joined yet. The StatefulSet
// controller recreates ledger-0, and the real scheduler finds no node it
// may use ("node(s) had volume node affinity conflict" for the node in
// eu-west-1b, "unschedulable" for the cordoned one). The StatefulSet's
// manifest is fine; the missing capacity is in the volume's zone.
package volumezoneconflict

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	storagev1 "k8s.io/api/storage/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "ledger"
	gitPath = "apps/ledger"
	zoneA   = "eu-west-1a"
	zoneB   = "eu-west-1b"
	nodeA   = "worker-a1"
	nodeB   = "worker-b1"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "ledger", URL: "https://git.example.com/fin/ledger-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/volume-zone-conflict.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "volume-zone-conflict",
		Question:   "ledger-0 has been Pending since the node rotation; why?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

// zonalStorage is the platform's storage: a class that binds on first
// consumer and one volume in eu-west-1a, as a zonal disk is.
func zonalStorage(ctx context.Context, e *scenarios.Env) error {
	mode := storagev1.VolumeBindingWaitForFirstConsumer
	retain := corev1.PersistentVolumeReclaimRetain
	create := metav1.CreateOptions{FieldManager: "kubectl-create"}
	sc := &storagev1.StorageClass{
		ObjectMeta: metav1.ObjectMeta{Name: "zonal-ssd"}, Provisioner: "kubernetes.io/no-provisioner",
		ReclaimPolicy: &retain, VolumeBindingMode: &mode,
	}
	if _, err := e.Client.StorageV1().StorageClasses().Create(ctx, sc, create); err != nil {
		return fmt.Errorf("StorageClass/zonal-ssd: %w", err)
	}
	pv := &corev1.PersistentVolume{
		ObjectMeta: metav1.ObjectMeta{Name: "pv-ledger-data-0c41e7"},
		Spec: corev1.PersistentVolumeSpec{
			Capacity:                      corev1.ResourceList{corev1.ResourceStorage: resource.MustParse("50Gi")},
			AccessModes:                   []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
			PersistentVolumeReclaimPolicy: retain,
			StorageClassName:              "zonal-ssd",
			PersistentVolumeSource:        corev1.PersistentVolumeSource{Local: &corev1.LocalVolumeSource{Path: "/mnt/ledger"}},
			NodeAffinity: &corev1.VolumeNodeAffinity{Required: &corev1.NodeSelector{NodeSelectorTerms: []corev1.NodeSelectorTerm{{
				MatchExpressions: []corev1.NodeSelectorRequirement{{Key: "topology.kubernetes.io/zone", Operator: corev1.NodeSelectorOpIn, Values: []string{zoneA}}},
			}}}},
		},
	}
	if _, err := e.Client.CoreV1().PersistentVolumes().Create(ctx, pv, create); err != nil {
		return fmt.Errorf("PersistentVolume/%s: %w", pv.Name, err)
	}
	return nil
}

func run(ctx context.Context, e *scenarios.Env) error {
	for _, n := range []struct{ name, zone string }{{nodeA, zoneA}, {nodeB, zoneB}} {
		labels := map[string]string{"topology.kubernetes.io/zone": n.zone, "topology.kubernetes.io/region": "eu-west-1"}
		if _, err := e.Cluster.AddNode(ctx, testcluster.NodeSpec{Name: n.name, CPU: "4", Memory: "16Gi", Labels: labels}); err != nil {
			return err
		}
	}
	if err := zonalStorage(ctx, e); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "ledger.yaml", "desired/ledger.yaml")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "ledger: postgres 16.4 on zonal storage", v1); err != nil {
		return err
	}
	if err := e.WaitStatefulSet(ctx, ns, "ledger", scenarios.Ready(1)); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	// The rotation: cordon the node, then drain it (the eviction deletes
	// the pod); its replacement in eu-west-1a has not joined.
	node, err := e.Client.CoreV1().Nodes().Get(ctx, nodeA, metav1.GetOptions{})
	if err != nil {
		return err
	}
	node.Spec.Unschedulable = true
	if _, err := e.Client.CoreV1().Nodes().Update(ctx, node, metav1.UpdateOptions{FieldManager: "kubectl-cordon"}); err != nil {
		return fmt.Errorf("Node/%s: cordon: %w", nodeA, err)
	}
	if err := e.Client.CoreV1().Pods(ns).Delete(ctx, "ledger-0", metav1.DeleteOptions{}); err != nil {
		return fmt.Errorf("Pod/%s/ledger-0: drain: %w", ns, err)
	}
	return e.Wait(ctx, "Pod/"+ns+"/ledger-0 refused by the scheduler", time.Minute, func(ctx context.Context) (bool, error) {
		return unschedulable(ctx, e)
	})
}

func unschedulable(ctx context.Context, e *scenarios.Env) (bool, error) {
	p, err := e.Client.CoreV1().Pods(ns).Get(ctx, "ledger-0", metav1.GetOptions{})
	if err != nil {
		return false, err
	}
	for _, c := range p.Status.Conditions {
		if c.Type == corev1.PodScheduled && c.Status == corev1.ConditionFalse && c.Reason == "Unschedulable" {
			return p.Spec.NodeName == "", nil
		}
	}
	return false, fmt.Errorf("conditions %+v", p.Status.Conditions)
}

// check asserts what the controllers did: ledger-0 recreated and refused
// by the scheduler, its claim still Bound to the eu-west-1a volume, still,
// five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if ok, err := unschedulable(ctx, e); !ok {
			return fmt.Errorf("Pod/%s/ledger-0: want Pending and unschedulable: %v", ns, err)
		}
		pvc, err := e.Client.CoreV1().PersistentVolumeClaims(ns).Get(ctx, "data-ledger-0", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if pvc.Status.Phase != corev1.ClaimBound || pvc.Spec.VolumeName != "pv-ledger-data-0c41e7" {
			return fmt.Errorf("PersistentVolumeClaim/%s/data-ledger-0: want Bound to pv-ledger-data-0c41e7, got %s %s", ns, pvc.Status.Phase, pvc.Spec.VolumeName)
		}
		return nil
	})
}
