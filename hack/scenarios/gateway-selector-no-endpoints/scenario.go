// Package gatewayselectornoendpoints reproduces an API that a Gateway
// routes to but nothing answers: a commit moves Service api's selector
// to app.kubernetes.io/name while the pods keep the app label. Flux
// applies it and is Ready, the pods are Ready, the EndpointSlice
// controller empties Service api, and Envoy answers 503 with response flag
// UH (no healthy upstream) for cluster httproute/orders/api/rule/0. The
// noise: the HPA controller's metric warnings, the API pods' readiness
// refusals while they started, and worker's resolved OOM kill.
package gatewayselectornoendpoints

import (
	"context"
	"embed"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/hack/scenarios"
	"github.com/rift-dev/rift/internal/testcluster"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "orders"
	gwNS    = "envoy-gateway-system"
	gitPath = "apps/orders"
	cluster = "httproute/orders/api/rule/0"
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "orders", URL: "https://git.example.com/orders/deploy.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for
// fixtures/gateway-selector-no-endpoints.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "gateway-selector-no-endpoints",
		Question:   "Flux applied the orders change and the api pods are Ready; why does api.orders.example.com answer 503?",
		Namespaces: []string{ns, gwNS},
		Cluster:    testcluster.Options{PodLogs: []testcluster.PodLog{{Namespace: gwNS, Container: "envoy"}}},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "node-a", "node-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, gwNS, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := e.InstallGatewayAPICRDs(ctx); err != nil {
		return err
	}
	gw, err := desired.ReadFile("desired/envoy.yaml")
	if err != nil {
		return err
	}
	if _, err := e.Apply(ctx, gw, scenarios.ApplyOptions{FieldManager: "envoy-gateway", Namespace: gwNS}); err != nil {
		return err
	}
	v1, err := scenarios.Files(desired, gitPath, "api.yaml", "desired/api-v1.yaml", "worker.yaml", "desired/worker.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "orders: api 5.8.2 on api.orders.example.com, worker", time.Now(), v1)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := routeAccepted(ctx, e); err != nil {
		return err
	}
	for name, n := range map[string]int32{"api": 2, "worker": 1} {
		if err := e.WaitDeployment(ctx, ns, name, scenarios.Available(n)); err != nil {
			return err
		}
	}
	if err := e.WaitDeployment(ctx, gwNS, "envoy-envoy-gateway-system-eg-5391c79d", scenarios.Available(1)); err != nil {
		return err
	}
	pods, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=api"})
	if err != nil || len(pods.Items) != 2 {
		return fmt.Errorf("api pods: %v", err)
	}
	var lines []testcluster.LogLine
	for i, p := range pods.Items {
		if err := e.StartupRefusals(ctx, &p, "api", 8080, "/ready", 1); err != nil {
			return err
		}
		at := time.Now().Add(time.Duration(i-3) * time.Second)
		lines = append(lines, testcluster.LogLine{Time: at, Text: envoyLine(at, "/v1/orders", 200, "-", p.Status.PodIP+":8080", i)})
	}
	if err := e.Cluster.WriteContainerLog(gwNS, "", "envoy", lines); err != nil {
		return err
	}
	workers, err := e.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{LabelSelector: "app=worker"})
	if err != nil || len(workers.Items) != 1 {
		return fmt.Errorf("worker pods: %v", err)
	}
	if err := e.ResolvedOOM(ctx, ns, workers.Items[0].Name, "worker"); err != nil {
		return err
	}

	v2, err := scenarios.Files(desired, gitPath, "api.yaml", "desired/api-v2.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "orders: recommended app.kubernetes.io labels on the api Service", time.Now(), v2); err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.Wait(ctx, "Service/orders/api without endpoints", time.Minute, func(ctx context.Context) (bool, error) {
		n, err := scenarios.ReadyEndpoints(ctx, e, ns, "api")
		return err == nil && n == 0, err
	}); err != nil {
		return err
	}
	now := time.Now()
	lines = nil
	for i, path := range []string{"/v1/orders", "/v1/orders/88213", "/v1/orders", "/v1/carts/4411/checkout"} {
		at := now.Add(time.Duration(i-4) * time.Second)
		lines = append(lines, testcluster.LogLine{Time: at, Text: envoyLine(at, path, 503, "UH", "", 10+i)})
	}
	return e.Cluster.WriteContainerLog(gwNS, "", "envoy", lines)
}

// envoyLine is one line of Envoy Gateway's default JSON access log. A
// request no endpoint can serve has response flag UH
// (no_healthy_upstream) and no upstream host.
func envoyLine(at time.Time, path string, code int, flags, upstreamHost string, n int) string {
	details, host, sent := "via_upstream", upstreamHost, 412
	if flags == "UH" {
		details, host, sent = "no_healthy_upstream", "-", 19
	}
	return fmt.Sprintf(`{"start_time":%q,"method":"GET","x-envoy-origin-path":%q,"protocol":"HTTP/1.1","response_code":"%d","response_flags":%q,"response_code_details":%q,"connection_termination_details":"-","upstream_transport_failure_reason":"-","bytes_received":"0","bytes_sent":"%d","duration":"1","x-envoy-upstream-service-time":"-","x-forwarded-for":"203.0.113.7","user-agent":"orders-web/2.4","x-request-id":"7c0e%04d-5b1d-4f7a-9a51-2f0d3c8e%04d","x-envoy-origin-host":"api.orders.example.com","upstream_host":%q,"upstream_cluster":%q,"upstream_local_address":"-","downstream_local_address":"10.244.1.7:10080","downstream_remote_address":"203.0.113.7:51234","requested_server_name":"-","route_name":"%s/match/0/api_orders_example_com"}`,
		at.UTC().Format("2006-01-02T15:04:05.000Z"), path, code, flags, details, sent, n, n, host, cluster, cluster)
}

// routeAccepted writes HTTPRoute api's status as Envoy Gateway does when
// the Gateway accepts it and its backend resolves.
func routeAccepted(ctx context.Context, e *scenarios.Env) error {
	ts := time.Now().UTC().Format(time.RFC3339)
	cond := func(t, reason, msg string) map[string]any {
		return map[string]any{"type": t, "status": "True", "reason": reason, "message": msg, "lastTransitionTime": ts, "observedGeneration": int64(1)}
	}
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "gateway.networking.k8s.io/v1", "kind": "HTTPRoute",
		"metadata": map[string]any{"name": "api", "namespace": ns},
		"status": map[string]any{"parents": []any{map[string]any{
			"controllerName": "gateway.envoyproxy.io/gatewayclass-controller",
			"parentRef":      map[string]any{"group": "gateway.networking.k8s.io", "kind": "Gateway", "name": "eg", "namespace": gwNS},
			"conditions":     []any{cond("Accepted", "Accepted", "Route is accepted"), cond("ResolvedRefs", "ResolvedRefs", "Resolved all the Object references for the Route")},
		}}},
	}}
	return e.ApplyStatus(ctx, u, "envoy-gateway")
}

// check asserts what the controllers did: api runs two Ready pods that
// Service api no longer selects, so it has no endpoint (also five seconds
// later).
func check(ctx context.Context, e *scenarios.Env) error {
	d, err := e.Client.AppsV1().Deployments(ns).Get(ctx, "api", metav1.GetOptions{})
	if err != nil {
		return err
	}
	if d.Status.ReadyReplicas != 2 {
		return fmt.Errorf("Deployment/%s/api: %d ready, want 2", ns, d.Status.ReadyReplicas)
	}
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		if got, err := scenarios.ReadyEndpoints(ctx, e, ns, "api"); err != nil || got != 0 {
			return fmt.Errorf("Service/%s/api: %d ready endpoints (%v), want 0", ns, got, err)
		}
		return nil
	})
}
