// Package readinessgatehealthcheck reproduces a rollout held by a pod
// readiness gate: account-web's pods carry the AWS Load Balancer
// Controller's gate, so a pod is Ready only once the ALB target group
// finds it healthy. Release 5.3.0 moves the health endpoint from /healthz
// to /health/ready and updates the readiness probe, but the Ingress
// still tells the ALB to check /healthz. The new pod's containers run and
// pass the kubelet's probe; the target group gets 404 (the controller's
// condition: False, Target.ResponseCodeMismatch, "Health checks failed
// with these codes: [404]"), so the pod is not Ready and, with
// maxUnavailable 0, the rollout stops while the three 5.2.0 pods serve.
package readinessgatehealthcheck

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.tmpl
var desired embed.FS

const (
	ns       = "accounts"
	gitPath  = "apps/accounts"
	selector = "app.kubernetes.io/name=account-web"
	oldImage = "registry.example.com/accounts/account-web:5.2.0"
	newImage = "registry.example.com/accounts/account-web:5.3.0"
	gate     = corev1.PodConditionType("target-health.elbv2.k8s.aws/k8s-accounts-accountw-4c1d2e9f7a")
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "accounts", URL: "https://git.example.com/identity/accounts-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/readiness-gate-health-check.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "readiness-gate-health-check",
		Question:   "why is the account-web 5.3.0 rollout stuck when its pods run and pass their readiness probe?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{Holds: []testcluster.StageHold{scenarios.PodReadyUnlessImage(newImage)}},
		Run:        run,
		Check:      check,
	}
}

func files(version, probe string) (map[string][]byte, error) {
	return scenarios.Template(desired, "desired/account-web.yaml.tmpl", gitPath+"/account-web.yaml", "VERSION", version, "PROBE", probe)
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-40-12-7.eu-west-1.compute.internal", "ip-10-40-44-19.eu-west-1.compute.internal"); err != nil {
		return err
	}
	v1, err := files("5.2.0", "/healthz")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "accounts: account-web 5.2.0", v1, scenarios.Deployment{Name: "account-web", Available: 3}); err != nil {
		return err
	}
	old, err := e.PodsWithImage(ctx, ns, selector, oldImage)
	if err != nil || len(old) != 3 {
		return fmt.Errorf("account-web pods: %d (%v)", len(old), err)
	}
	// The controller registered the 5.2.0 pods and found them healthy.
	for _, p := range old {
		if err := e.SetGate(ctx, ns, p.Name, scenarios.ReadinessGate{Type: gate, Status: corev1.ConditionTrue, At: time.Now()}); err != nil {
			return err
		}
	}
	time.Sleep(2 * time.Second)
	v2, err := files("5.3.0", "/health/ready")
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "accounts: account-web 5.3.0 (health endpoint /health/ready)", v2); err != nil {
		return err
	}
	pods, err := e.WaitCreatedOnNode(ctx, ns, selector, newImage, 1)
	if err != nil {
		return err
	}
	started := pods[0].CreationTimestamp.Add(3 * time.Second)
	// Registration takes one health-check interval, then the ALB's
	// unhealthy threshold of two failed checks 15s apart.
	time.Sleep(time.Until(started.Add(40 * time.Second)))
	return e.RunGated(ctx, ns, pods[0].Name, started, scenarios.ReadinessGate{
		Type: gate, Status: corev1.ConditionFalse, Reason: "Target.ResponseCodeMismatch",
		Message: "Health checks failed with these codes: [404]", At: started.Add(38 * time.Second),
	})
}

// check asserts what the controllers did: account-web keeps three
// available 5.2.0 pods and one 5.3.0 pod whose containers are ready and
// which is not, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if err := e.SurgeHeld(ctx, ns, "account-web", selector, oldImage, 3); err != nil {
			return err
		}
		pods, err := e.PodsWithImage(ctx, ns, selector, newImage)
		if err != nil || len(pods) != 1 {
			return fmt.Errorf("Deployment/%s/account-web: %d pods of 5.3.0, want 1 (%v)", ns, len(pods), err)
		}
		ready, containers := "", ""
		for _, c := range pods[0].Status.Conditions {
			switch c.Type {
			case corev1.PodReady:
				ready = string(c.Status) + " " + c.Reason
			case corev1.ContainersReady:
				containers = string(c.Status)
			}
		}
		if ready != "False ReadinessGatesNotReady" || containers != "True" {
			return fmt.Errorf("Pod/%s/%s: want Ready False ReadinessGatesNotReady and ContainersReady True, got %+v", ns, pods[0].Name, pods[0].Status.Conditions)
		}
		return nil
	})
}
