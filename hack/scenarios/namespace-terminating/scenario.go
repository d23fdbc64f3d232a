// Package namespaceterminating reproduces a namespace whose deletion
// cannot finish: a cleanup script deleted the shop namespace by mistake;
// the real namespace controller removed the Deployment, its pods and the
// Service, but a ConfigMap that a session operator (since uninstalled)
// guards with its finalizer stays, so the namespace stays Terminating
// (NamespaceFinalizersRemaining). The team ships web 2.1.0 to restore the
// service; Flux's server-side dry-run is refused by the real API server
// ("unable to create new content in namespace shop because it is being
// terminated"). Nothing in Git is wrong: the stuck deletion is.
package namespaceterminating

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.tmpl
var desired embed.FS

const (
	ns        = "shop"
	gitPath   = "apps/shop"
	finalizer = "sessions.acme.io/drain"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shop", URL: "https://git.example.com/shop/shop-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/namespace-terminating.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "namespace-terminating",
		Question:   "we shipped web 2.1.0 to bring the shop back; why does Flux fail to apply it?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func files(version string) (map[string][]byte, error) {
	return scenarios.Template(desired, "desired/web.yaml.tmpl", gitPath+"/web.yaml", "VERSION", version)
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-20-4-9.eu-west-1.compute.internal", "ip-10-20-33-71.eu-west-1.compute.internal"); err != nil {
		return err
	}
	v1, err := files("2.0.4")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "shop: web 2.0.4", v1, scenarios.Deployment{Name: "web", Available: 2}); err != nil {
		return err
	}
	// The session operator keeps a lock object with its finalizer; the
	// operator itself was uninstalled since, so nothing will remove it.
	lock := &corev1.ConfigMap{
		ObjectMeta: metav1.ObjectMeta{Name: "web-session-lock", Namespace: ns, Finalizers: []string{finalizer},
			Labels: map[string]string{"app.kubernetes.io/managed-by": "session-operator"}},
		Data: map[string]string{"holder": "web"},
	}
	if _, err := e.Client.CoreV1().ConfigMaps(ns).Create(ctx, lock, metav1.CreateOptions{FieldManager: "session-operator"}); err != nil {
		return fmt.Errorf("ConfigMap/%s/%s: %w", ns, lock.Name, err)
	}
	time.Sleep(2 * time.Second)
	if err := e.Client.CoreV1().Namespaces().Delete(ctx, ns, metav1.DeleteOptions{}); err != nil {
		return fmt.Errorf("Namespace/%s: %w", ns, err)
	}
	if err := e.Wait(ctx, "Namespace/"+ns+" held by its finalizers", 2*time.Minute, func(ctx context.Context) (bool, error) {
		return finalizersRemain(ctx, e)
	}); err != nil {
		return err
	}
	v2, err := files("2.1.0")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "shop: web 2.1.0", time.Now(), v2)
	if err != nil {
		return err
	}
	if err := e.StoreArtifact(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	refused, err := e.DryRunFlux(ctx, flux)
	if err != nil {
		return err
	}
	if refused == "" {
		return fmt.Errorf("Kustomization/%s/%s: the API server accepted the dry-run in a terminating namespace", flux.Namespace, flux.Name)
	}
	return e.KustomizationFailed(ctx, flux, e.Git.Revision(sha), "ReconciliationFailed", refused, time.Now())
}

// finalizersRemain reports whether the namespace controller says the
// namespace waits on finalizers of its content.
func finalizersRemain(ctx context.Context, e *scenarios.Env) (bool, error) {
	n, err := e.Client.CoreV1().Namespaces().Get(ctx, ns, metav1.GetOptions{})
	if err != nil {
		return false, err
	}
	for _, c := range n.Status.Conditions {
		if c.Type == corev1.NamespaceFinalizersRemaining && c.Status == corev1.ConditionTrue {
			return n.Status.Phase == corev1.NamespaceTerminating, nil
		}
	}
	return false, fmt.Errorf("conditions %+v", n.Status.Conditions)
}

// check asserts the state the controllers left: the namespace Terminating
// on the lock's finalizer, web and its pods gone, still, five seconds
// later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if ok, err := finalizersRemain(ctx, e); !ok {
			return fmt.Errorf("Namespace/%s: want Terminating with finalizers remaining: %v", ns, err)
		}
		pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			return err
		}
		if len(pods.Items) != 0 {
			return fmt.Errorf("Namespace/%s: %d pods remain", ns, len(pods.Items))
		}
		return nil
	})
}
