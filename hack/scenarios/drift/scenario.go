// Package drift reproduces an out-of-band change that GitOps no longer
// corrects: during an incident the on-call engineer suspended the
// notifications Kustomization (flux suspend), then ran `kubectl set image`
// to a hotfix build and `kubectl scale` to 5 replicas. The Deployment
// controller rolled the hotfix out; Git still declares 2.0.1 and 3
// replicas, and Flux, suspended, reports the last revision it applied.
package drift

import (
	"context"
	"embed"
	"fmt"
	"time"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns          = "notifications"
	gitPath     = "apps/notifications"
	gitImage    = "registry.example.com/notifications/email-sender:2.0.1"
	hotfixImage = "registry.example.com/notifications/email-sender:2.0.2-hotfix.1"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "notifications", URL: "https://git.example.com/comms/notifications-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/drift.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "drift",
		Question:   "why does email-sender run an image and replica count that Git does not declare?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "ip-172-31-7-201.ec2.internal", "ip-172-31-40-12.ec2.internal"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "email-sender.yaml", "desired/email-sender.yaml",
		"sms-gateway.yaml", "desired/sms-gateway.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "notifications: email-sender 2.0.1 and sms-gateway", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "email-sender", scenarios.Available(3)); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "sms-gateway", scenarios.Available(2)); err != nil {
		return err
	}
	sms, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=sms-gateway", "registry.example.com/notifications/sms-gateway:1.4.0")
	if err != nil || len(sms) == 0 {
		return fmt.Errorf("sms-gateway pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &sms[0], "gateway", 8081, "/healthz", 2); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	return handEdit(ctx, e)
}

// handEdit is what the on-call engineer typed: `flux suspend kustomization
// notifications`, `kubectl set image deployment/email-sender
// sender=<hotfix>` and `kubectl scale deployment/email-sender
// --replicas=5`, each with the field manager its client uses.
func handEdit(ctx context.Context, e *scenarios.Env) error {
	if err := e.SuspendKustomization(ctx, flux); err != nil {
		return err
	}
	time.Sleep(time.Second)
	deploys := e.Client.AppsV1().Deployments(ns)
	patch := fmt.Sprintf(`{"spec":{"template":{"spec":{"containers":[{"name":"sender","image":%q}]}}}}`, hotfixImage)
	if _, err := deploys.Patch(ctx, "email-sender", types.StrategicMergePatchType, []byte(patch), metav1.PatchOptions{FieldManager: "kubectl-set"}); err != nil {
		return fmt.Errorf("Deployment/%s/email-sender: set image: %w", ns, err)
	}
	if err := e.WaitDeployment(ctx, ns, "email-sender", scenarios.Available(3)); err != nil {
		return err
	}
	scale := &autoscalingv1.Scale{
		ObjectMeta: metav1.ObjectMeta{Name: "email-sender", Namespace: ns},
		Spec:       autoscalingv1.ScaleSpec{Replicas: 5},
	}
	cur, err := deploys.GetScale(ctx, "email-sender", metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Deployment/%s/email-sender: scale: %w", ns, err)
	}
	scale.ResourceVersion = cur.ResourceVersion
	if _, err := deploys.UpdateScale(ctx, "email-sender", scale, metav1.UpdateOptions{FieldManager: "kubectl-scale"}); err != nil {
		return fmt.Errorf("Deployment/%s/email-sender: scale: %w", ns, err)
	}
	if err := e.WaitDeployment(ctx, ns, "email-sender", scenarios.Available(5)); err != nil {
		return err
	}
	// The 2.0.1 pods terminate after the rollout; wait until kwok has
	// deleted them, as it would be by the time anyone looks.
	return e.Wait(ctx, "2.0.1 pods gone", 2*time.Minute, func(ctx context.Context) (bool, error) {
		old, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=email-sender", gitImage)
		return err == nil && len(old) == 0, fmt.Errorf("%d old pods (%v)", len(old), err)
	})
}

// check asserts the state: the live Deployment runs the hotfix image on 5
// replicas, all available, the Kustomization is suspended and still
// reports the commit whose manifest says 2.0.1 and 3 replicas.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 3*time.Second, func(ctx context.Context) error {
		d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "email-sender", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if img := d.Spec.Template.Spec.Containers[0].Image; img != hotfixImage || *d.Spec.Replicas != 5 || d.Status.AvailableReplicas != 5 {
			return fmt.Errorf("Deployment/%s/email-sender: want %s on 5 available replicas, got %s, %d/%d", ns, hotfixImage, img, d.Status.AvailableReplicas, *d.Spec.Replicas)
		}
		gvr := schema.GroupVersionResource{Group: "kustomize.toolkit.fluxcd.io", Version: "v1", Resource: "kustomizations"}
		k, err := e.Dynamic.Resource(gvr).Namespace(flux.Namespace).Get(ctx, flux.Name, metav1.GetOptions{})
		if err != nil {
			return err
		}
		suspended, _, _ := unstructured.NestedBool(k.Object, "spec", "suspend")
		head, err := e.Git.Head(ctx)
		if err != nil {
			return err
		}
		applied, _, _ := unstructured.NestedString(k.Object, "status", "lastAppliedRevision")
		if !suspended || applied != e.Git.Revision(head) {
			return fmt.Errorf("Kustomization/%s/%s: want suspended at %s, got suspend=%v applied %s", flux.Namespace, flux.Name, head, suspended, applied)
		}
		return nil
	})
}
