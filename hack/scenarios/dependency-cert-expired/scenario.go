// Package dependencycertexpired reproduces clients refused by their
// dependency's certificate: carrier-gateway serves TLS with a certificate
// someone installed by hand a year ago (the Secret carrier-gateway-tls,
// outside Git), and it expired at midnight. shipping-api fetches carrier
// rates from it at start; after the nightly node rotation restarted its
// pods, each start fails the handshake ("tls: failed to verify
// certificate: x509: certificate has expired or is not yet valid") and
// exits, so both pods crash-loop. Nothing in shipping-api changed.
package dependencycertexpired

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

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns       = "shipping"
	gitPath  = "apps/shipping"
	selector = "app.kubernetes.io/name=shipping-api"
	image    = "registry.example.com/shipping/shipping-api:3.7.2"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "shipping", URL: "https://git.example.com/logistics/shipping-deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/dependency-cert-expired.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "dependency-cert-expired",
		Question:   "why did shipping-api start crash-looping overnight without a deploy?",
		Namespaces: []string{ns},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: ns, Container: "api"}}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "ip-10-50-2-17.eu-west-1.compute.internal", "ip-10-50-19-3.eu-west-1.compute.internal"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns); err != nil {
		return err
	}
	// Installed by hand, outside Git: the gateway's serving certificate.
	tls := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: "carrier-gateway-tls", Namespace: ns},
		Type:       corev1.SecretTypeTLS,
		Data:       map[string][]byte{"tls.crt": []byte("-----BEGIN CERTIFICATE-----\n"), "tls.key": []byte("-----BEGIN PRIVATE KEY-----\n")},
	}
	if _, err := e.Client.CoreV1().Secrets(ns).Create(ctx, tls, metav1.CreateOptions{FieldManager: "kubectl-create"}); err != nil {
		return fmt.Errorf("Secret/%s/%s: %w", ns, tls.Name, err)
	}
	v1, err := scenarios.Files(desired, gitPath, "shipping.yaml", "desired/shipping.yaml")
	if err != nil {
		return err
	}
	if err := e.FluxUp(ctx, flux, []string{ns}, "shipping: shipping-api 3.7.2, carrier-gateway 1.9.0", v1,
		scenarios.Deployment{Name: "shipping-api", Available: 2}, scenarios.Deployment{Name: "carrier-gateway", Available: 1}); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, selector, image)
	if err != nil || len(pods) != 2 {
		return fmt.Errorf("shipping-api pods: %d (%v)", len(pods), err)
	}
	now := time.Now()
	start := now.Add(-25 * time.Second)
	line := func(d time.Duration, level, msg string) testcluster.LogLine {
		ts := start.Add(d)
		return testcluster.LogLine{Time: ts, Stream: "stderr", Text: fmt.Sprintf(`{"level":%q,"ts":%q,"msg":%s}`, level, ts.UTC().Format(time.RFC3339Nano), msg)}
	}
	expired := fmt.Sprintf(`Get \"https://carrier-gateway.shipping.svc:8443/v2/rates\": tls: failed to verify certificate: x509: certificate has expired or is not yet valid: current time %s is after %s`,
		start.UTC().Format(time.RFC3339), start.UTC().Truncate(24*time.Hour).Add(-time.Second).Format(time.RFC3339))
	previous := []testcluster.LogLine{
		line(20*time.Millisecond, "info", `"starting shipping-api","version":"3.7.2"`),
		line(90*time.Millisecond, "fatal", fmt.Sprintf(`"loading carrier rates","error":"%s"`, expired)),
	}
	return e.CrashLoopAll(ctx, ns, pods, previous, scenarios.CrashLoop{
		Container: "api", Reason: "Error", ExitCode: 1, Restarts: 4,
		LastStart: start, LastFinish: start.Add(100 * time.Millisecond),
		FirstBackOff: now.Add(-3 * time.Minute), BackOffs: 7, Backoff: 40 * time.Second,
	})
}

// check asserts the state left: both shipping-api pods in
// CrashLoopBackOff, carrier-gateway available, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		pods, err := e.PodsWithImage(ctx, ns, selector, image)
		if err != nil || len(pods) != 2 {
			return fmt.Errorf("Deployment/%s/shipping-api: %d pods, want 2 (%v)", ns, len(pods), err)
		}
		for _, p := range pods {
			if w := p.Status.ContainerStatuses[0].State.Waiting; w == nil || w.Reason != "CrashLoopBackOff" {
				return fmt.Errorf("Pod/%s/%s: want CrashLoopBackOff, got %+v", ns, p.Name, p.Status.ContainerStatuses[0].State)
			}
		}
		return e.WaitDeployment(ctx, ns, "carrier-gateway", scenarios.Available(1))
	})
}
