package statefulsetstorage

import (
	"context"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	storagev1 "k8s.io/api/storage/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"

	"github.com/rift-dev/rift/hack/scenarios"
)

// localVolumes is the platform team's storage, created by hand long
// before: a no-provisioner StorageClass that binds on first consumer and
// one 100Gi local NVMe PersistentVolume per database node. The scheduler
// and the PV controller bind them to the StatefulSet's claims.
func localVolumes(ctx context.Context, e *scenarios.Env) error {
	mode := storagev1.VolumeBindingWaitForFirstConsumer
	retain := corev1.PersistentVolumeReclaimRetain
	sc := &storagev1.StorageClass{
		ObjectMeta:        metav1.ObjectMeta{Name: "local-nvme"},
		Provisioner:       "kubernetes.io/no-provisioner",
		ReclaimPolicy:     &retain,
		VolumeBindingMode: &mode,
	}
	create := metav1.CreateOptions{FieldManager: "kubectl-create"}
	if _, err := e.Client.StorageV1().StorageClasses().Create(ctx, sc, create); err != nil {
		return fmt.Errorf("StorageClass/local-nvme: %w", err)
	}
	for i, n := range nodes {
		pv := &corev1.PersistentVolume{
			ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("local-pv-%s-nvme0", n), Labels: map[string]string{"storage.example.com/disk": fmt.Sprintf("nvme0-%d", i)}},
			Spec: corev1.PersistentVolumeSpec{
				Capacity:                      corev1.ResourceList{corev1.ResourceStorage: resource.MustParse("100Gi")},
				AccessModes:                   []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
				PersistentVolumeReclaimPolicy: retain,
				StorageClassName:              "local-nvme",
				PersistentVolumeSource:        corev1.PersistentVolumeSource{Local: &corev1.LocalVolumeSource{Path: "/mnt/disks/nvme0"}},
				NodeAffinity: &corev1.VolumeNodeAffinity{Required: &corev1.NodeSelector{NodeSelectorTerms: []corev1.NodeSelectorTerm{{
					MatchExpressions: []corev1.NodeSelectorRequirement{{Key: "kubernetes.io/hostname", Operator: corev1.NodeSelectorOpIn, Values: []string{n}}},
				}}}},
			},
		}
		if _, err := e.Client.CoreV1().PersistentVolumes().Create(ctx, pv, create); err != nil {
			return fmt.Errorf("PersistentVolume/%s: %w", pv.Name, err)
		}
	}
	return nil
}

// check asserts what the API server and the controllers did: the
// Kustomization failed on the StatefulSet's Forbidden spec change and kept
// the previous applied revision; the StatefulSet still asks for 20Gi and
// runs three Ready pods on one revision, each claim Bound to a local
// volume; still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		gvr := schema.GroupVersionResource{Group: "kustomize.toolkit.fluxcd.io", Version: "v1", Resource: "kustomizations"}
		k, err := e.Dynamic.Resource(gvr).Namespace(flux.Namespace).Get(ctx, flux.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		conds, _, _ := unstructured.NestedSlice(k.Object, "status", "conditions")
		applied, _, _ := unstructured.NestedString(k.Object, "status", "lastAppliedRevision")
		attempted, _, _ := unstructured.NestedString(k.Object, "status", "lastAttemptedRevision")
		if len(conds) != 1 || applied == attempted || !strings.Contains(fmt.Sprint(conds[0]), "Forbidden: updates to statefulset spec") {
			return fmt.Errorf("Kustomization/%s/%s: want Ready=False on the Forbidden StatefulSet change, applied != attempted, got %v %s %s", flux.Namespace, flux.Name, conds, applied, attempted)
		}
		s, err := e.Client.AppsV1().StatefulSets(ns).Get(ctx, "orders-db", metav1.GetOptions{})
		if err != nil {
			return err
		}
		size := s.Spec.VolumeClaimTemplates[0].Spec.Resources.Requests[corev1.ResourceStorage]
		if size.String() != "20Gi" || s.Status.ReadyReplicas != 3 || s.Status.CurrentRevision != s.Status.UpdateRevision {
			return fmt.Errorf("StatefulSet/%s/orders-db: want 20Gi, 3 ready on one revision, got %s %+v", ns, size.String(), s.Status)
		}
		for i := range 3 {
			name := fmt.Sprintf("pgdata-orders-db-%d", i)
			pvc, err := e.Client.CoreV1().PersistentVolumeClaims(ns).Get(ctx, name, metav1.GetOptions{})
			if err != nil {
				return err
			}
			if pvc.Status.Phase != corev1.ClaimBound {
				return fmt.Errorf("PersistentVolumeClaim/%s/%s: %s, want Bound", ns, name, pvc.Status.Phase)
			}
		}
		return nil
	})
}
