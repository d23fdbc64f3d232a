// Package deploymentsunobserved reproduces one stalled controller behind
// failures in two teams: kube-controller-manager runs with the deployment
// controller switched off (--controllers=*,-deployment-controller, a
// hardening flag gone wrong). Two Flux Kustomizations, comms and billing,
// each apply a new Deployment and are Ready; the StatefulSet controller
// runs comms' redis as usual; neither Deployment is ever observed: no
// observedGeneration, no ReplicaSet, no pod, for more than five minutes.
// Each team sees "my Deployment has no pods"; the cause is one controller.
package deploymentsunobserved

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

// monorepo holds both teams' paths: each commit moves both sources'
// revision, and Flux applies it to both Kustomizations.
const monorepo = "https://git.example.org/platform/apps.git"

// stalledFor is how long the Deployments stay unobserved before
// collection: longer than a busy controller's backlog could explain.
const stalledFor = 330 * time.Second

type team struct {
	ns, deployment, file string
	flux                 scenarios.FluxSync
}

var teams = []team{
	{ns: "comms", deployment: "notification-worker", file: "notification-worker.yaml", flux: scenarios.FluxSync{
		Namespace: "flux-system", Name: "comms", URL: monorepo,
		Path: "./apps/comms", TargetNamespace: "comms",
	}},
	{ns: "billing", deployment: "invoice-renderer", file: "invoice-renderer.yaml", flux: scenarios.FluxSync{
		Namespace: "flux-system", Name: "billing", URL: monorepo,
		Path: "./apps/billing", TargetNamespace: "billing",
	}},
}

// Scenario returns the recorder entry for fixtures/deployments-unobserved.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "deployments-unobserved",
		Question:   "comms' notification-worker and billing's invoice-renderer were both deployed minutes ago and Flux is Ready for both; why does neither have a single pod?",
		Namespaces: []string{"comms", "billing"},
		Cluster:    testcluster.Options{ControllerManagerArgs: []string{"--controllers=*,-deployment-controller"}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "node-pool-a-01", "node-pool-a-02"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, "comms", "billing", "flux-system"); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	// comms runs redis through the StatefulSet controller, which works.
	redis, err := scenarios.Files(desired, "apps/comms", "redis.yaml", "desired/redis.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "comms: redis", time.Now(), redis)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, teams[0].flux, sha, time.Now()); err != nil {
		return err
	}
	if err := waitRedis(ctx, e); err != nil {
		return err
	}
	for _, t := range teams {
		files, err := scenarios.Files(desired, t.flux.Path[2:], t.file, "desired/"+t.file)
		if err != nil {
			return err
		}
		if sha, err = e.Git.Commit(ctx, fmt.Sprintf("%s: %s", t.ns, t.deployment), time.Now(), files); err != nil {
			return err
		}
		if err := e.Reconcile(ctx, t.flux, sha, time.Now()); err != nil {
			return err
		}
	}
	// The billing commit is a new revision of the monorepo for comms too:
	// Flux applies it (nothing under apps/comms changed).
	if err := e.Reconcile(ctx, teams[0].flux, sha, time.Now()); err != nil {
		return err
	}
	e.Logf("waiting %s with the Deployments unobserved", stalledFor)
	time.Sleep(stalledFor)
	return nil
}

func waitRedis(ctx context.Context, e *scenarios.Env) error {
	return e.WaitStatefulSet(ctx, "comms", "redis", scenarios.Ready(1))
}

// check asserts what the controllers did and did not do: the StatefulSet
// controller runs redis, while neither Deployment was ever observed or
// has a ReplicaSet.
func check(ctx context.Context, e *scenarios.Env) error {
	if err := waitRedis(ctx, e); err != nil {
		return err
	}
	for _, t := range teams {
		d, err := e.Client.AppsV1().Deployments(t.ns).Get(ctx, t.deployment, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if d.Status.ObservedGeneration >= d.Generation {
			return fmt.Errorf("Deployment/%s/%s: observedGeneration %d, generation %d: the controller acted", t.ns, d.Name, d.Status.ObservedGeneration, d.Generation)
		}
		rs, err := e.Client.AppsV1().ReplicaSets(t.ns).List(ctx, metav1.ListOptions{LabelSelector: "app.kubernetes.io/name=" + t.deployment})
		if err != nil {
			return err
		}
		if len(rs.Items) != 0 {
			return fmt.Errorf("Deployment/%s/%s: %d ReplicaSets, want none", t.ns, d.Name, len(rs.Items))
		}
	}
	return nil
}
