package scenarios

import (
	"context"
	"fmt"
	"io/fs"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/internal/testcluster"
)

// SecretDelivery is the shape of an incident in which External Secrets
// Operator never produces the Secret a newly released workload reads: the
// provider answers with ProviderErr, ESO reports SecretSyncedError, and the
// kubelet cannot build the pods' environment (CreateContainerConfigError).
// Scenarios of this shape differ only in names and in the provider's
// answer (a DNS failure, a refused credential), which is what the analysis
// must tell apart.
type SecretDelivery struct {
	// Namespace holds the app, its healthy neighbour and the ExternalSecret.
	Namespace string
	// GitPath is the directory of the desired manifests in the repository.
	GitPath string
	// Flux is the source and Kustomization that apply GitPath.
	Flux FluxSync
	// Desired holds the manifests, as desired/<file>.
	Desired fs.FS
	// Nodes are the kwok nodes to create (4 CPU, 16Gi each).
	Nodes []string
	// Neighbour is the healthy workload released first (2 replicas).
	Neighbour Release
	// App is the workload whose Secret never arrives.
	App Release
	// SecretFile is the manifest of the SecretStore and ExternalSecret.
	SecretFile string
	// Store is the SecretStore's name.
	Store string
	// ExternalSecret and RemoteKey name the ExternalSecret and its key.
	ExternalSecret, RemoteKey string
	// Retries is how many failed syncs ESO has counted by capture.
	Retries int32
	// Secret is the name of the Secret that never exists.
	Secret string
	// ProviderErr is the provider client's error, as ESO records it.
	ProviderErr string
}

// Release is one workload released by a commit.
type Release struct {
	// Name, File, Image and Selector identify the Deployment.
	Name, File, Image, Selector string
	// Container is the container the kubelet's events name.
	Container string
	// Replicas is the Deployment's replica count.
	Replicas int
	// Commit is the commit subject that releases it.
	Commit string
	// Port, Path and Refusals describe startup noise: Refusals readiness
	// failures (connection refused) on Port/Path of the first pod.
	Port     int
	Path     string
	Refusals int32
	// PullTime and PullBytes make the kubelet's Pulled message.
	PullTime  string
	PullBytes int64
}

// Run reproduces the incident.
func (d SecretDelivery) Run(ctx context.Context, e *Env) error {
	for _, n := range d.Nodes {
		if _, err := e.Cluster.AddNode(ctx, testcluster.NodeSpec{Name: n, CPU: "4", Memory: "16Gi"}); err != nil {
			return err
		}
	}
	if err := e.Namespaces(ctx, d.Namespace, d.Flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := e.InstallCRDs(ctx, ExternalSecretsCRDs); err != nil {
		return err
	}
	nb := d.Neighbour
	gw, err := Files(d.Desired, d.GitPath, nb.File, "desired/"+nb.File)
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, nb.Commit, time.Now(), gw)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, d.Flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, d.Namespace, nb.Name, Available(int32(nb.Replicas))); err != nil {
		return err
	}
	front, err := e.PodsWithImage(ctx, d.Namespace, nb.Selector, nb.Image)
	if err != nil || len(front) == 0 {
		return fmt.Errorf("%s pods: %v", nb.Name, err)
	}
	if err := e.StartupRefusals(ctx, &front[0], nb.Container, nb.Port, nb.Path, nb.Refusals); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	app := d.App
	release, err := Files(d.Desired, d.GitPath, nb.File, "desired/"+nb.File,
		app.File, "desired/"+app.File, d.SecretFile, "desired/"+d.SecretFile)
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, app.Commit, time.Now(), release); err != nil {
		return err
	}
	synced := time.Now()
	if err := e.Reconcile(ctx, d.Flux, sha, synced); err != nil {
		return err
	}
	if err := e.SecretStoreValid(ctx, d.Namespace, d.Store, synced.Add(time.Second)); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, d.Namespace, app.Selector, app.Image, app.Replicas)
	if err != nil {
		return err
	}
	// ESO reconciles the new ExternalSecret within moments of the apply,
	// before any pod exists, then retries with back-off; the counts carry
	// the retries since.
	time.Sleep(time.Until(synced.Add(12 * time.Second)))
	if err := e.ExternalSecretSyncFailed(ctx, d.Namespace, d.ExternalSecret, d.RemoteKey, d.ProviderErr, d.Retries, synced.Add(300*time.Millisecond)); err != nil {
		return err
	}
	for i := range pods {
		if err := d.configError(ctx, e, &pods[i]); err != nil {
			return err
		}
	}
	return nil
}

// configError is the kubelet's account: it pulls the image once, then
// every sync fails to resolve the secretKeyRef.
func (d SecretDelivery) configError(ctx context.Context, e *Env, p *corev1.Pod) error {
	app := d.App
	created := p.CreationTimestamp.Time
	pulled := created.Add(3 * time.Second)
	msg := fmt.Sprintf("Successfully pulled image %q in %s (%s including waiting). Image size: %d bytes.", app.Image, app.PullTime, app.PullTime, app.PullBytes)
	if _, err := e.KubeletEvent(ctx, p, app.Container, corev1.EventTypeNormal, "Pulling", fmt.Sprintf("Pulling image %q", app.Image), 1, created.Add(time.Second), created.Add(time.Second)); err != nil {
		return err
	}
	if _, err := e.KubeletEvent(ctx, p, app.Container, corev1.EventTypeNormal, "Pulled", msg, 1, pulled, pulled); err != nil {
		return err
	}
	secretErr := fmt.Sprintf("secret %q not found", d.Secret)
	return e.CreateContainerConfigError(ctx, d.Namespace, p.Name, app.Container, secretErr, 4, pulled.Add(time.Millisecond))
}

// Check asserts the state: the Secret does not exist, no pod of the app is
// available and each waits in CreateContainerConfigError, still, five
// seconds later; the neighbour serves.
func (d SecretDelivery) Check(ctx context.Context, e *Env) error {
	ns, app := d.Namespace, d.App
	return Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if _, err := e.Client.CoreV1().Secrets(ns).Get(ctx, d.Secret, metav1.GetOptions{}); !apierrors.IsNotFound(err) {
			return fmt.Errorf("Secret/%s/%s: want not found, got %v", ns, d.Secret, err)
		}
		dep, err := e.Client.AppsV1().Deployments(ns).Get(ctx, app.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if s := dep.Status; s.AvailableReplicas != 0 || int(s.UnavailableReplicas) != app.Replicas {
			return fmt.Errorf("Deployment/%s/%s: want 0 available, %d unavailable, got %+v", ns, app.Name, app.Replicas, s)
		}
		pods, err := e.PodsWithImage(ctx, ns, app.Selector, app.Image)
		if err != nil || len(pods) != app.Replicas {
			return fmt.Errorf("Deployment/%s/%s: %d pods, want %d (%v)", ns, app.Name, len(pods), app.Replicas, err)
		}
		for _, p := range pods {
			if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CreateContainerConfigError" {
				return fmt.Errorf("Pod/%s/%s: want waiting CreateContainerConfigError, got %+v", ns, p.Name, p.Status.ContainerStatuses[0].State)
			}
		}
		return e.WaitDeployment(ctx, ns, d.Neighbour.Name, Available(int32(d.Neighbour.Replicas)))
	})
}
