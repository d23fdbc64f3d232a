// Package rworollingupdate reproduces a rolling update that cannot finish
// because of its volume: the uploads Deployment (one replica, the default
// RollingUpdate strategy) mounts a ReadWriteOnce EBS volume. Git moves it
// from 2.3.0 to 2.4.0; the Deployment controller surges a new pod, which
// the scheduler places on the other node (the chart prefers spreading
// replicas), and the attach/detach controller refuses to attach the
// volume there while the old pod holds it (Multi-Attach error). The old
// pod is kept until the new one is Ready, so nothing moves: uploads keeps
// serving 2.3.0 and the rollout hangs.
package rworollingupdate

import (
	"context"
	"embed"
	"fmt"
	"strconv"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/api/resource"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "files"
	gitPath  = "apps/files"
	oldImage = "registry.example.com/files/uploads:2.3.0"
	newImage = "registry.example.com/files/uploads:2.4.0"
	selector = "app.kubernetes.io/name=uploads"
	pvName   = "pv-uploads-data"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "files", URL: "https://git.example.com/acme/files-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/rwo-rolling-update.
func Scenario() scenarios.Scenario {
	hold := scenarios.PodReadyUnlessImage(newImage)
	return scenarios.Scenario{
		Name:       "rwo-rolling-update",
		Question:   "the uploads 2.4.0 rollout has hung for minutes with its new pod in ContainerCreating; why?",
		Namespaces: []string{ns},
		// The recorder plays the attach/detach controller, which in a
		// cluster without the EBS CSI driver would only time out.
		Cluster: testcluster.Options{Holds: []testcluster.StageHold{hold},
			ControllerManagerArgs: []string{"--controllers=*,-persistentvolume-attach-detach-controller"}},
		Run:   run,
		Check: check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-8-1-12.eu-central-1.compute.internal", "ip-10-8-2-40.eu-central-1.compute.internal"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	// The volume was provisioned once, statically, for this claim.
	pv := &corev1.PersistentVolume{
		ObjectMeta: metav1.ObjectMeta{Name: pvName},
		Spec: corev1.PersistentVolumeSpec{
			Capacity:                      corev1.ResourceList{corev1.ResourceStorage: resource.MustParse("20Gi")},
			AccessModes:                   []corev1.PersistentVolumeAccessMode{corev1.ReadWriteOnce},
			PersistentVolumeReclaimPolicy: corev1.PersistentVolumeReclaimRetain,
			StorageClassName:              "gp3",
			ClaimRef:                      &corev1.ObjectReference{Kind: "PersistentVolumeClaim", Namespace: ns, Name: "uploads-data"},
			PersistentVolumeSource: corev1.PersistentVolumeSource{CSI: &corev1.CSIPersistentVolumeSource{
				Driver: "ebs.csi.aws.com", VolumeHandle: "vol-0c4b1e2f9a7d3e518", FSType: "ext4",
			}},
		},
	}
	if _, err := e.Client.CoreV1().PersistentVolumes().Create(ctx, pv, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("PersistentVolume/%s: %w", pvName, err)
	}
	v1, err := scenarios.Files(desired, gitPath, "uploads.yaml", "desired/uploads-2.3.0.yaml", "claim.yaml", "desired/claim.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "files: uploads 2.3.0 with its data volume", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "PersistentVolumeClaim/"+ns+"/uploads-data bound", time.Minute, func(ctx context.Context) (bool, error) {
		c, err := e.Client.CoreV1().PersistentVolumeClaims(ns).Get(ctx, "uploads-data", metav1.GetOptions{})
		return err == nil && c.Status.Phase == corev1.ClaimBound, err
	}); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "uploads", scenarios.Available(1)); err != nil {
		return err
	}
	old, err := e.PodsWithImage(ctx, ns, selector, oldImage)
	if err != nil || len(old) != 1 {
		return fmt.Errorf("uploads 2.3.0 pods: %d (%v)", len(old), err)
	}

	time.Sleep(2 * time.Second)
	v2, err := scenarios.Files(desired, gitPath, "uploads.yaml", "desired/uploads-2.4.0.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "files: uploads 2.4.0", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, newImage, 1)
	if err != nil {
		return err
	}
	p := &pods[0]
	if p.Spec.NodeName == old[0].Spec.NodeName {
		return fmt.Errorf("Pod/%s/%s: scheduled beside the old pod on %s; the scenario needs the other node", ns, p.Name, p.Spec.NodeName)
	}
	// The attach/detach controller retries with a growing back-off and
	// reports each refusal on the new pod.
	created := p.CreationTimestamp.Time
	time.Sleep(time.Until(created.Add(40 * time.Second)))
	return multiAttach(ctx, e, p, old[0].Name, 6, created.Add(time.Second), time.Now())
}

// multiAttach records the attach/detach controller's refusal on p, as its
// event recorder does (reconciler.go reportMultiAttachError): the volume
// is ReadWriteOnce and already used by holder on another node.
func multiAttach(ctx context.Context, e *scenarios.Env, p *corev1.Pod, holder string, count int32, first, last time.Time) error {
	ev := &corev1.Event{
		ObjectMeta: metav1.ObjectMeta{Name: p.Name + "." + strconv.FormatInt(first.UnixNano(), 16), Namespace: ns},
		InvolvedObject: corev1.ObjectReference{
			Kind: "Pod", Namespace: ns, Name: p.Name, UID: p.UID, APIVersion: "v1", ResourceVersion: p.ResourceVersion,
		},
		Reason:         "FailedAttachVolume",
		Message:        fmt.Sprintf("Multi-Attach error for volume %q Volume is already used by pod(s) %s", pvName, holder),
		Type:           corev1.EventTypeWarning,
		Count:          count,
		FirstTimestamp: metav1.NewTime(first), LastTimestamp: metav1.NewTime(last),
		Source:              corev1.EventSource{Component: "attachdetach-controller"},
		ReportingController: "attachdetach-controller",
	}
	if _, err := e.Client.CoreV1().Events(ns).Create(ctx, ev, metav1.CreateOptions{}); err != nil {
		return fmt.Errorf("Pod/%s/%s: event: %w", ns, p.Name, err)
	}
	return nil
}

// check asserts what the controllers did: one available 2.3.0 pod, one
// unavailable 2.4.0 pod on the other node, the claim bound, still, five
// seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "uploads", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s := d.Status; s.AvailableReplicas != 1 || s.UpdatedReplicas != 1 || s.Replicas != 2 {
			return fmt.Errorf("Deployment/%s/uploads: want 1 available, 1 updated, 2 replicas, got %+v", ns, s)
		}
		newPods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(newPods) != 1 {
			return fmt.Errorf("uploads 2.4.0 pods: %d (%v)", len(newPods), err)
		}
		old, err := e.PodsWithImage(ctx, ns, selector, oldImage)
		if err != nil || len(old) != 1 || old[0].Spec.NodeName == newPods[0].Spec.NodeName {
			return fmt.Errorf("uploads 2.3.0 pods: %d, want 1 on another node (%v)", len(old), err)
		}
		return nil
	})
}
