package scenarios

import (
	"context"
	"fmt"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// ResolvedOOM plays an OOM kill the pod has recovered from, as the kubelet
// reports it: CrashLoopBackOff after an OOMKilled (137) run with its
// BackOff event, then, ten seconds later, the container running again and
// Ready, with the kill kept in lastState and the restart count. It is a
// red herring: a loud, resolved failure beside the current one.
func (e *Env) ResolvedOOM(ctx context.Context, namespace, pod, container string) error {
	t0 := time.Now()
	start, killed := t0.Add(-8*time.Second), t0.Add(-2*time.Second)
	if err := e.CrashLoopBackOff(ctx, namespace, pod, CrashLoop{
		Container: container, Reason: "OOMKilled", ExitCode: 137, Restarts: 1,
		LastStart: start, LastFinish: killed, FirstBackOff: killed, BackOffs: 1, Backoff: 10 * time.Second,
	}); err != nil {
		return err
	}
	restarted := killed.Add(10 * time.Second)
	time.Sleep(time.Until(restarted.Add(3 * time.Second)))
	p, err := e.Client.CoreV1().Pods(namespace).Get(ctx, pod, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Pod/%s/%s: %w", namespace, pod, err)
	}
	ready := time.Now()
	for i := range p.Status.ContainerStatuses {
		cs := &p.Status.ContainerStatuses[i]
		if cs.Name == container {
			cs.Started, cs.Ready = ptrTo(true), true
			cs.State = corev1.ContainerState{Running: &corev1.ContainerStateRunning{StartedAt: metav1.NewTime(restarted)}}
		}
	}
	for i := range p.Status.Conditions {
		c := &p.Status.Conditions[i]
		if c.Type == corev1.PodReady || c.Type == corev1.ContainersReady {
			c.Status, c.Reason, c.Message, c.LastTransitionTime = corev1.ConditionTrue, "", "", metav1.NewTime(ready)
		}
	}
	if _, err := e.Client.CoreV1().Pods(namespace).UpdateStatus(ctx, p, metav1.UpdateOptions{FieldManager: "kubelet"}); err != nil {
		return fmt.Errorf("Pod/%s/%s: status: %w", namespace, pod, err)
	}
	return nil
}

// NginxAccessLine is one ingress-nginx access log line in the
// controller's default upstreaminfo format: the upstream is
// [namespace-service-port], and a request no endpoint answered has "-"
// for the upstream address, length, time and status.
func NginxAccessLine(at time.Time, method, path string, status int, upstream, upstreamAddr string, reqID string) string {
	addr, length, rtime, ustatus := "-", "-", "-", "-"
	if upstreamAddr != "" {
		addr, length, rtime, ustatus = upstreamAddr, "612", "0.004", fmt.Sprint(status)
	}
	return fmt.Sprintf(`10.244.0.1 - - [%s] "%s %s HTTP/2.0" %d 190 "-" "Mozilla/5.0 (X11; Linux x86_64)" 38 0.000 [%s] [] %s %s %s %s %s`,
		at.UTC().Format("02/Jan/2006:15:04:05 -0700"), method, path, status, upstream, addr, length, rtime, ustatus, reqID)
}

// NginxNoEndpoints is the ingress-nginx controller's klog warning for a
// backend Service without endpoints (internal/ingress/controller).
func NginxNoEndpoints(at time.Time, namespace, service string) string {
	return fmt.Sprintf(`W%s       7 controller.go:1214] Service "%s/%s" does not have any active Endpoint.`,
		at.UTC().Format("0102 15:04:05.000000"), namespace, service)
}

// ReadyEndpoints counts the ready endpoints the EndpointSlices of a
// Service list.
func ReadyEndpoints(ctx context.Context, e *Env, namespace, svc string) (int, error) {
	slices, err := e.Client.DiscoveryV1().EndpointSlices(namespace).List(ctx, metav1.ListOptions{LabelSelector: "kubernetes.io/service-name=" + svc})
	if err != nil {
		return 0, err
	}
	n := 0
	for _, s := range slices.Items {
		for _, ep := range s.Endpoints {
			if ep.Conditions.Ready != nil && *ep.Conditions.Ready {
				n++
			}
		}
	}
	return n, nil
}

// GatewayAPICRDs are the Gateway API kinds the routed-path scenarios use
// (gateway.networking.k8s.io/v1).
var GatewayAPICRDs = []CRD{
	{"gateway.networking.k8s.io", "v1", "Gateway", "gateways"},
	{"gateway.networking.k8s.io", "v1", "HTTPRoute", "httproutes"},
}

// InstallGatewayAPICRDs installs GatewayAPICRDs as InstallCRDs does, with
// the api-approved.kubernetes.io annotation the API server requires of a
// *.k8s.io group (the Gateway API project's own CRDs carry it).
func (e *Env) InstallGatewayAPICRDs(ctx context.Context) error {
	for _, c := range GatewayAPICRDs {
		crd := crdObject(c)
		crd.SetAnnotations(map[string]string{
			"api-approved.kubernetes.io":               "https://github.com/kubernetes-sigs/gateway-api/pull/2466",
			"gateway.networking.k8s.io/bundle-version": "v1.3.0",
			"gateway.networking.k8s.io/channel":        "standard",
		})
		if _, err := e.ApplyObject(ctx, crd, "kubectl"); err != nil {
			return err
		}
	}
	return e.Wait(ctx, "Gateway API CRDs served", time.Minute, func(ctx context.Context) (bool, error) {
		for _, c := range GatewayAPICRDs {
			if _, err := e.mapping(schemaGVK(c.Group, c.Version, c.Kind)); err != nil {
				return false, err
			}
		}
		return true, nil
	})
}

func crdObject(c CRD) *unstructured.Unstructured {
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
		"metadata": map[string]any{"name": c.Plural + "." + c.Group},
		"spec": map[string]any{
			"group": c.Group, "scope": "Namespaced",
			"names": map[string]any{"kind": c.Kind, "listKind": c.Kind + "List", "plural": c.Plural, "singular": strings.ToLower(c.Kind)},
			"versions": []any{map[string]any{
				"name": c.Version, "served": true, "storage": true,
				"subresources": map[string]any{"status": map[string]any{}},
				"schema": map[string]any{"openAPIV3Schema": map[string]any{
					"type": "object", "x-kubernetes-preserve-unknown-fields": true,
				}},
			}},
		},
	}}
}
