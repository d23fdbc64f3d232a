// Package createfailedthenconverged reproduces a workload whose creation
// failed at first and then converged, with nothing wrong left: the commit
// that adds email-dispatcher (sending through SES with the IAM role of its
// own ServiceAccount) forgets the ServiceAccount manifest. Flux applies
// the Deployment, the Deployment controller creates the ReplicaSet, and
// the ServiceAccount admission plugin refuses every pod the ReplicaSet
// controller tries to create (FailedCreate "error looking up service
// account notifications/email-dispatcher: serviceaccount
// "email-dispatcher" not found"). The next commit adds the ServiceAccount;
// the ReplicaSet controller's next retry creates both pods, which refuse
// their first readiness probe while starting and are Ready since. The
// rollout completes; sms-gateway beside it has been healthy throughout.
package createfailedthenconverged

import (
	"context"
	"embed"
	"fmt"
	"strings"
	"time"

	appsv1 "k8s.io/api/apps/v1"
	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns         = "notifications"
	gitPath    = "apps/notifications"
	dispatcher = "email-dispatcher"
	selector   = "app.kubernetes.io/name=email-dispatcher"
	image      = "registry.example.com/notifications/email-dispatcher:2.0.0"
	// saMissing is what the ServiceAccount admission plugin says
	// (plugin/pkg/admission/serviceaccount, Admit).
	saMissing = `error looking up service account notifications/email-dispatcher: serviceaccount "email-dispatcher" not found`
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "notifications", URL: "https://github.com/acme-comms/notifications-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/create-failed-then-converged.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "create-failed-then-converged",
		Question:   "email-dispatcher could not create its pods after the 2.0.0 commit; is anything still wrong in notifications?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-8-12-44.eu-central-1.compute.internal", "ip-10-8-21-190.eu-central-1.compute.internal"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "sms-gateway.yaml", "desired/sms-gateway.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "notifications: sms-gateway 1.9.3", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "sms-gateway", scenarios.Available(2)); err != nil {
		return err
	}

	// The release: email-dispatcher runs as its own ServiceAccount, whose
	// manifest the commit does not carry.
	time.Sleep(2 * time.Second)
	add, err := scenarios.Files(desired, gitPath, "email-dispatcher.yaml", "desired/email-dispatcher.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "notifications: email-dispatcher 2.0.0 on SES with IRSA", time.Now(), add); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "FailedCreate of "+dispatcher, time.Minute, func(ctx context.Context) (bool, error) {
		evs, err := failedCreates(ctx, e)
		return err == nil && len(evs) > 0, err
	}); err != nil {
		return err
	}
	// The ReplicaSet controller retries with a growing back-off while the
	// author finds the missing manifest.
	time.Sleep(15 * time.Second)

	add, err = scenarios.Files(desired, gitPath, "email-dispatcher-sa.yaml", "desired/email-dispatcher-sa.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "notifications: add the email-dispatcher ServiceAccount", time.Now(), add); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, dispatcher, func(s appsv1.DeploymentStatus) bool {
		return scenarios.Available(2)(s) && complete(s)
	}); err != nil {
		return err
	}
	// Noise: each component refused its first readiness probe while it
	// started, and has been Ready since.
	pods, err := e.PodsWithImage(ctx, ns, selector, image)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("%s pods: %d (%v)", dispatcher, len(pods), err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], "dispatcher", 8080, "/ready", 2); err != nil {
		return err
	}
	gw, err := e.PodsWithImage(ctx, ns, "app.kubernetes.io/name=sms-gateway", "registry.example.com/notifications/sms-gateway:1.9.3")
	if err != nil || len(gw) == 0 {
		return fmt.Errorf("sms-gateway pods: %v", err)
	}
	return e.StartupRefusals(ctx, &gw[0], "gateway", 8080, "/healthz", 1)
}

// failedCreates lists the ReplicaSet controller's FailedCreate events
// for email-dispatcher's ReplicaSet.
func failedCreates(ctx context.Context, e *scenarios.Env) ([]corev1.Event, error) {
	return events(ctx, e, "FailedCreate")
}

func events(ctx context.Context, e *scenarios.Env, reason string) ([]corev1.Event, error) {
	list, err := e.Client.CoreV1().Events(ns).List(ctx, metav1.ListOptions{FieldSelector: "reason=" + reason + ",involvedObject.kind=ReplicaSet"})
	if err != nil {
		return nil, err
	}
	var out []corev1.Event
	for _, ev := range list.Items {
		if strings.HasPrefix(ev.InvolvedObject.Name, dispatcher+"-") {
			out = append(out, ev)
		}
	}
	return out, nil
}

func complete(s appsv1.DeploymentStatus) bool {
	for _, c := range s.Conditions {
		if c.Type == appsv1.DeploymentProgressing {
			return c.Reason == "NewReplicaSetAvailable"
		}
	}
	return false
}
