package scenarios

import (
	"context"
	"fmt"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/internal/testcluster"
)

// Storefront is the bring-up of the scenarios whose users reach a shop
// through ingress-nginx: Deployments in one namespace, synced by Flux from
// Git, behind an ingress-nginx controller whose access log is scripted.
type Storefront struct {
	// Sync is the Kustomization that applies the shop.
	Sync FluxSync
	// Namespace is the shop's namespace; IngressNamespace the controller's.
	Namespace, IngressNamespace string
	// Controller is the ingress-nginx manifest, applied as Helm would.
	Controller []byte
	// Upstream is the controller's upstream token for the routed Service
	// ([namespace-service-port]).
	Upstream string
}

// Shop is the Storefront of the shop scenarios: namespace shop synced by
// Kustomization flux-system/shop from ./apps/shop of
// git.example.com/shop/deploy.git, behind ingress-nginx's controller in
// ingress-nginx, which routes to Service web on port 80.
func Shop(controller []byte) Storefront {
	return Storefront{
		Sync: FluxSync{
			Namespace: "flux-system", Name: "shop", URL: "https://git.example.com/shop/deploy.git",
			Path: "./" + ShopPath, TargetNamespace: "shop",
		},
		Namespace: "shop", IngressNamespace: "ingress-nginx", Controller: controller, Upstream: "shop-web-80",
	}
}

// ShopPath is the shop's directory in its Git repository.
const ShopPath = "apps/shop"

// Open brings the shop up with web at two replicas and cart at one
// (Bring), writes the 200s web served (Served, request ids prefixed ids)
// and plays an OOM kill cart has recovered from (ResolvedOOM): the
// opening of the shop scenarios, noise included.
func (s Storefront) Open(ctx context.Context, e *Env, subject string, files map[string][]byte, ids string) error {
	if err := s.Bring(ctx, e, subject, files, map[string]int32{"web": 2, "cart": 1}); err != nil {
		return err
	}
	if err := s.Served(ctx, e, "app=web", ids); err != nil {
		return err
	}
	carts, err := e.Client.CoreV1().Pods(s.Namespace).List(ctx, metav1.ListOptions{LabelSelector: "app=cart"})
	if err != nil || len(carts.Items) != 1 {
		return fmt.Errorf("cart pods: %v", err)
	}
	return e.ResolvedOOM(ctx, s.Namespace, carts.Items[0].Name, "cart")
}

// Release commits files under subject and reconciles the commit.
func (s Storefront) Release(ctx context.Context, e *Env, subject string, files map[string][]byte) error {
	sha, err := e.Git.Commit(ctx, subject, time.Now(), files)
	if err != nil {
		return err
	}
	return e.Reconcile(ctx, s.Sync, sha, time.Now())
}

// Bring adds nodes node-a and node-b and the namespaces, installs Flux's
// CRDs and the controller, commits files under subject, reconciles the
// commit, and waits until each Deployment of available has that many
// available replicas and the controller one.
func (s Storefront) Bring(ctx context.Context, e *Env, subject string, files map[string][]byte, available map[string]int32) error {
	if err := e.AddNodes(ctx, "8", "32Gi", "node-a", "node-b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, s.Namespace, s.IngressNamespace, s.Sync.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if _, err := e.Apply(ctx, s.Controller, ApplyOptions{FieldManager: "helm", Namespace: s.IngressNamespace}); err != nil {
		return err
	}
	if err := s.Release(ctx, e, subject, files); err != nil {
		return err
	}
	for name, n := range available {
		if err := e.WaitDeployment(ctx, s.Namespace, name, Available(n)); err != nil {
			return err
		}
	}
	return e.WaitDeployment(ctx, s.IngressNamespace, "ingress-nginx-controller", Available(1))
}

// Served writes, for each pod that selector picks in the shop, an access
// line the controller answered 200 from it, a few seconds back; ids
// prefixes the request ids.
func (s Storefront) Served(ctx context.Context, e *Env, selector, ids string) error {
	pods, err := e.Client.CoreV1().Pods(s.Namespace).List(ctx, metav1.ListOptions{LabelSelector: selector})
	if err != nil || len(pods.Items) == 0 {
		return fmt.Errorf("pods %s in %s: %v", selector, s.Namespace, err)
	}
	var lines []testcluster.LogLine
	for i, p := range pods.Items {
		at := time.Now().Add(time.Duration(i-4) * time.Second)
		lines = append(lines, testcluster.LogLine{Time: at, Text: NginxAccessLine(at, "GET", "/", 200, s.Upstream, p.Status.PodIP+":8080", fmt.Sprintf("%s%04d", ids, i))})
	}
	return e.Cluster.WriteContainerLog(s.IngressNamespace, "", "controller", lines)
}

// Unserved writes the controller's warning that Service svc has no active
// endpoint and a 503 for each of paths, in the last six seconds.
func (s Storefront) Unserved(e *Env, svc string, paths []string, ids string) error {
	now := time.Now()
	lines := []testcluster.LogLine{{Time: now.Add(-6 * time.Second), Text: NginxNoEndpoints(now.Add(-6*time.Second), s.Namespace, svc)}}
	for i, path := range paths {
		at := now.Add(time.Duration(i-len(paths)) * time.Second)
		lines = append(lines, testcluster.LogLine{Time: at, Text: NginxAccessLine(at, "GET", path, 503, s.Upstream, "", fmt.Sprintf("%s%04d", ids, i))})
	}
	return e.Cluster.WriteContainerLog(s.IngressNamespace, "", "controller", lines)
}

// Refused writes, for each of paths, ingress-nginx's error line for an
// upstream that refused the connection and the 502 it answered, against
// the addresses ("ip:port") in turn, in the last seconds.
func (s Storefront) Refused(e *Env, addrs, paths []string, ids string) error {
	now := time.Now()
	var lines []testcluster.LogLine
	for i, path := range paths {
		at := now.Add(time.Duration(i-len(paths)) * time.Second)
		addr := addrs[i%len(addrs)]
		lines = append(lines,
			testcluster.LogLine{Time: at, Text: fmt.Sprintf(`%s [error] 31#31: *%d connect() failed (111: Connection refused) while connecting to upstream, client: 10.244.0.1, server: shop.example.com, request: "GET %s HTTP/2.0", upstream: "http://%s%s", host: "shop.example.com"`,
				at.UTC().Format("2006/01/02 15:04:05"), 4100+i, path, addr, path)},
			testcluster.LogLine{Time: at, Text: NginxAccessLine(at, "GET", path, 502, s.Upstream, addr, fmt.Sprintf("%s%04d", ids, i))})
	}
	return e.Cluster.WriteContainerLog(s.IngressNamespace, "", "controller", lines)
}
