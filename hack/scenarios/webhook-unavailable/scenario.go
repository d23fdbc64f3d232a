// Package webhookunavailable reproduces a rollout held by an admission
// webhook that cannot answer. The platform team's policy-agent validates
// every pod created in namespaces labelled policy.acme.io/enforce=true
// (failurePolicy Fail). Its two pods are OOMKilled at start, over and
// over, so its Service has no ready endpoint; when the payments team ships
// checkout-api 4.2.0, the ReplicaSet controller's pod creations fail in
// the real API server ("failed calling webhook ...: no endpoints available
// for service "policy-agent""). The old pods keep serving; Flux reports
// the commit applied.
//
// Two fixtures come from it: webhook-unavailable, collected from both
// namespaces (the agent's crash is the root), and
// webhook-unavailable-app-only, collected from payments alone, as an
// application team sends it (the webhook is the cause the bundle can show).
package webhookunavailable

import (
	"context"
	"embed"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml desired/*.tmpl
var desired embed.FS

const (
	appNS      = "payments"
	agentNS    = "policy-system"
	appPath    = "apps/payments"
	agentPath  = "platform/policy-system"
	repoURL    = "https://git.acme.io/fleet/cluster-prod.git"
	appSel     = "app.kubernetes.io/name=checkout-api"
	agentSel   = "app.kubernetes.io/name=policy-agent"
	oldImage   = "registry.acme.io/payments/checkout-api:4.1.0"
	agentImage = "registry.acme.io/platform/policy-agent:2.2.0"
)

var (
	appFlux = scenarios.FluxSync{
		Namespace: "flux-system", Name: "payments", URL: repoURL, Path: "./" + appPath, TargetNamespace: appNS,
	}
	agentFlux = scenarios.FluxSync{
		Namespace: "flux-system", Name: "policy-agent", URL: repoURL, Path: "./" + agentPath, TargetNamespace: agentNS,
	}
	cluster = testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: agentNS, Container: "agent"}}}
)

// Scenario returns the recorder entry for fixtures/webhook-unavailable.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "webhook-unavailable",
		Question:   "why does checkout-api 4.2.0 never get a pod?",
		Namespaces: []string{appNS, agentNS},
		Cluster:    cluster,
		Run:        run,
		Check:      check,
	}
}

// AppOnly returns the recorder entry for
// fixtures/webhook-unavailable-app-only: the same incident, collected
// from the application's namespace alone.
func AppOnly() scenarios.Scenario {
	s := Scenario()
	s.Name = "webhook-unavailable-app-only"
	s.Namespaces = []string{appNS}
	return s
}

func checkout(version string) (map[string][]byte, error) {
	files, err := scenarios.Files(desired, appPath, "namespace.yaml", "desired/namespace-payments.yaml")
	if err != nil {
		return nil, err
	}
	api, err := scenarios.Template(desired, "desired/checkout-api.yaml.tmpl", appPath+"/checkout-api.yaml", "VERSION", version)
	if err != nil {
		return nil, err
	}
	for k, v := range api {
		files[k] = v
	}
	return files, nil
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "prod-general-a-7k2lq", "prod-general-b-m9x4t"); err != nil {
		return err
	}
	v1, err := checkout("4.1.0")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, appFlux, []string{appNS, agentNS}, "payments: checkout-api 4.1.0", v1, scenarios.Deployment{Name: "checkout-api", Available: 2}); err != nil {
		return err
	}
	// The agent comes after the application's pods exist: its webhook
	// would otherwise be called for them, and kwok's pods answer nothing.
	agent, err := scenarios.Files(desired, agentPath, "policy-agent.yaml", "desired/policy-agent.yaml")
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, agentFlux, "platform: policy-agent 2.2.0 enforcing pod policies", agent); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, agentNS, "policy-agent", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, agentNS, agentSel, agentImage)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("policy-agent pods: %d (%v)", len(pods), err)
	}
	if err := oom(ctx, e, pods); err != nil {
		return err
	}
	if err := e.Wait(ctx, "Endpoints/"+agentNS+"/policy-agent", time.Minute, func(ctx context.Context) (bool, error) {
		ep, err := e.Client.CoreV1().Endpoints(agentNS).Get(ctx, "policy-agent", metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		for _, s := range ep.Subsets {
			if len(s.Addresses) > 0 {
				return false, fmt.Errorf("ready addresses %+v", s.Addresses)
			}
		}
		return true, nil
	}); err != nil {
		return err
	}
	time.Sleep(2 * time.Second)
	v2, err := checkout("4.2.0")
	if err != nil {
		return err
	}
	at, err := e.Ship(ctx, appFlux, "payments: checkout-api 4.2.0", v2)
	if err != nil {
		return err
	}
	// Both Kustomizations follow the one repository: the agent's applies
	// the new commit too, which changes nothing under its path.
	sha, err := e.Git.Head(ctx)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, agentFlux, sha, at); err != nil {
		return err
	}
	// The ReplicaSet controller retries with back-off; let it fail a few
	// times before the capture.
	time.Sleep(10 * time.Second)
	return nil
}

// oom is the kubelet's account of the agent: it is killed at its memory
// limit while it fills its caches at start, and backs off.
func oom(ctx context.Context, e *scenarios.Env, pods []corev1.Pod) error {
	now := time.Now()
	start := now.Add(-9 * time.Second)
	line := func(d time.Duration, msg string) testcluster.LogLine {
		ts := start.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: fmt.Sprintf(`{"level":"info","ts":%q,"logger":"setup","msg":%s}`,
			ts.UTC().Format("2006-01-02T15:04:05.000Z07:00"), msg)}
	}
	previous := []testcluster.LogLine{
		line(30*time.Millisecond, `"starting policy-agent","version":"2.2.0"`),
		line(210*time.Millisecond, `"loaded policies","count":184`),
		line(480*time.Millisecond, `"starting informers","resources":["pods","namespaces","serviceaccounts","configmaps","replicasets"]`),
	}
	return e.CrashLoopAll(ctx, agentNS, pods, previous, scenarios.CrashLoop{
		Container: "agent", Reason: "OOMKilled", ExitCode: 137, Restarts: 4,
		LastStart: start, LastFinish: start.Add(6 * time.Second),
		FirstBackOff: now.Add(-2 * time.Minute), BackOffs: 6, Backoff: 40 * time.Second,
	})
}

// check asserts what the real controllers did: checkout-api reports
// ReplicaFailure FailedCreate with the API server's webhook error, its
// new ReplicaSet has no pod and the two 4.1.0 pods are available, still,
// five seconds later; both agent pods are in CrashLoopBackOff.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if err := e.CreateRefused(ctx, appNS, "checkout-api", appSel, oldImage, 2,
			`failed calling webhook "validate-pods.policy.acme.io"`, `no endpoints available for service "policy-agent"`); err != nil {
			return err
		}
		agents, err := e.PodsWithImage(ctx, agentNS, agentSel, agentImage)
		if err != nil || len(agents) != 2 {
			return fmt.Errorf("Deployment/%s/policy-agent: %d pods, want 2 (%v)", agentNS, len(agents), err)
		}
		for _, p := range agents {
			if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CrashLoopBackOff" {
				return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff, got %+v", agentNS, p.Name, p.Status.ContainerStatuses[0].State)
			}
		}
		return nil
	})
}
