// Package initwaitforever reproduces a scale-out that never finishes: the
// ledger StatefulSet's init container waits until the bootstrap seed
// answers on ledger-seed:7000. A commit retires the seed (Flux prunes its
// Deployment and Service); ledger-0 and ledger-1, initialised long ago,
// keep running. The next commit scales ledger to 3 for the month-end
// load: ledger-2 waits in its init container for a Service that no longer
// exists, and no controller says so. The StatefulSet controller has no
// progress deadline, so the capture waits past the ten minutes after
// which rift calls such a pod stuck.
package initwaitforever

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
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "ledger"
	gitPath = "apps/ledger"
	stuck   = "ledger-2"
	// waitPast is how long the capture waits after ledger-2 is created:
	// past layers.UnreadyAfter (ten minutes), with a margin.
	waitPast = 10*time.Minute + 40*time.Second
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "ledger", URL: "https://git.example.com/fintech/ledger-config.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/init-wait-forever.
func Scenario() scenarios.Scenario {
	hold := scenarios.InitHeldForPods(stuck)
	return scenarios.Scenario{
		Name:       "init-wait-forever",
		Question:   "ledger was scaled to 3 this morning; why are only 2 replicas ready?",
		Namespaces: []string{ns},
		Cluster: testcluster.Options{Holds: []testcluster.StageHold{hold},
			PodLogs: []testcluster.PodLog{{Namespace: ns, Pod: stuck, Container: "wait-for-seed"}}},
		Run:   run,
		Check: check,
	}
}

// files is the repository at one commit; seed says whether the seed's
// manifest is there, removed by this commit, or gone before it.
func files(replicas string, seed seedState) (map[string][]byte, error) {
	b, err := desired.ReadFile("desired/ledger.yaml")
	if err != nil {
		return nil, err
	}
	out := map[string][]byte{gitPath + "/ledger.yaml": []byte(strings.ReplaceAll(string(b), "{{REPLICAS}}", replicas))}
	switch seed {
	case seedRemoved:
		out[gitPath+"/ledger-seed.yaml"] = nil
	case seedKept:
		s, err := scenarios.Files(desired, gitPath, "ledger-seed.yaml", "desired/ledger-seed.yaml")
		if err != nil {
			return nil, err
		}
		for k, v := range s {
			out[k] = v
		}
	}
	return out, nil
}

type seedState int

const (
	seedKept seedState = iota
	seedRemoved
	seedGone
)

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "worker-a", "worker-b", "worker-c"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	for _, c := range []struct {
		message, replicas string
		seed              seedState
	}{
		{"ledger 4.2.0: two replicas and the bootstrap seed", "2", seedKept},
		{"ledger-seed: retire the bootstrap seed", "2", seedRemoved},
	} {
		fs, err := files(c.replicas, c.seed)
		if err != nil {
			return err
		}
		if _, err := e.Ship(ctx, flux, c.message, fs); err != nil {
			return err
		}
		if err := e.WaitStatefulSet(ctx, ns, "ledger", readyReplicas(2, 2)); err != nil {
			return err
		}
		time.Sleep(2 * time.Second)
	}
	fs, err := files("3", seedGone)
	if err != nil {
		return err
	}
	if _, err := e.Ship(ctx, flux, "ledger: 3 replicas for the month-end load", fs); err != nil {
		return err
	}
	var created time.Time
	if err := e.Wait(ctx, stuck+" initialising", 2*time.Minute, func(ctx context.Context) (bool, error) {
		p, err := e.Client.CoreV1().Pods(ns).Get(ctx, stuck, metav1.GetOptions{})
		if err != nil {
			return false, nil
		}
		created = p.CreationTimestamp.Time
		return len(p.Status.InitContainerStatuses) > 0 && p.Status.InitContainerStatuses[0].State.Running != nil, nil
	}); err != nil {
		return err
	}
	// busybox's nc cannot resolve the retired Service; the loop says so
	// every five seconds.
	var lines []testcluster.LogLine
	for t := created.Add(2 * time.Second); t.Before(created.Add(waitPast)); t = t.Add(5 * time.Second) {
		lines = append(lines,
			testcluster.LogLine{Time: t, Stream: "stderr", Text: "nc: bad address 'ledger-seed.ledger.svc.cluster.local'"},
			testcluster.LogLine{Time: t.Add(time.Millisecond), Text: "waiting for ledger-seed:7000"})
	}
	time.Sleep(time.Until(created.Add(waitPast)))
	return e.Cluster.WriteContainerLog(ns, stuck, "wait-for-seed", lines)
}

func readyReplicas(ready, total int32) func(s appsv1.StatefulSetStatus) bool {
	return func(s appsv1.StatefulSetStatus) bool { return s.ReadyReplicas == ready && s.Replicas == total }
}

// check asserts the state: ledger-0 and ledger-1 Ready, ledger-2 Pending
// with its init container running and not Ready, the seed Service gone.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if _, err := e.Client.CoreV1().Services(ns).Get(ctx, "ledger-seed", metav1.GetOptions{}); err == nil {
			return fmt.Errorf("Service/%s/ledger-seed: want pruned", ns)
		}
		p, err := e.Client.CoreV1().Pods(ns).Get(ctx, stuck, metav1.GetOptions{})
		if err != nil {
			return err
		}
		if p.Status.Phase != corev1.PodPending || len(p.Status.InitContainerStatuses) == 0 || p.Status.InitContainerStatuses[0].State.Running == nil {
			return fmt.Errorf("Pod/%s/%s: want Pending with wait-for-seed running, got %s %+v", ns, stuck, p.Status.Phase, p.Status.InitContainerStatuses)
		}
		return e.WaitStatefulSet(ctx, ns, "ledger", readyReplicas(2, 3))
	})
}
