// Package certificatenotready reproduces a TLS certificate that is never
// issued: the storefront Ingress asks cert-manager (ingress-shim, from
// its cert-manager.io/cluster-issuer annotation) for a certificate for
// shop.acme.internal, the ACME server refuses to issue for that name
// (rejectedIdentifier), so the Certificate stays Ready=False DoesNotExist
// with Issuing=False Failed and the Secret storefront-tls the Ingress
// references does not exist. The pods serve; the Ingress has no
// certificate of its own. static-assets, with an issued certificate, is the
// healthy neighbour.
package certificatenotready

import (
	"context"
	"embed"
	"fmt"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/rift-dev/rift/hack/scenarios"
)

//go:embed desired/*.yaml
var desired embed.FS

const (
	ns      = "web"
	gitPath = "apps/web"
	// The order error cert-manager's ACME issuer reports for a name the
	// ACME server will not issue for (Let's Encrypt refuses non-public
	// suffixes such as .internal).
	orderErr = `Failed to wait for order resource "storefront-tls-1-1953608086" to become ready: order is in "errored" state: Failed to create Order: 400 urn:ietf:params:acme:error:rejectedIdentifier: Error creating new order :: Cannot issue for "shop.acme.internal": Domain name does not end with a valid public suffix (TLD)`
)

var flux = scenarios.FluxSync{
	Namespace: "flux-system", Name: "web", URL: "https://git.example.com/ecommerce/web-platform.git",
	Path: "./" + gitPath, TargetNamespace: ns,
}

// Scenario returns the recorder entry for fixtures/certificate-not-ready.
func Scenario() scenarios.Scenario {
	return scenarios.Scenario{
		Name:       "certificate-not-ready",
		Question:   "why does https://shop.acme.internal not present its certificate?",
		Namespaces: []string{ns},
		Run:        run,
		Check:      check,
	}
}

func run(ctx context.Context, e *scenarios.Env) error {
	if err := e.AddNodes(ctx, "4", "16Gi", "k8s-worker-3a", "k8s-worker-3b"); err != nil {
		return err
	}
	if err := e.Namespaces(ctx, ns, flux.Namespace); err != nil {
		return err
	}
	if err := e.InstallFluxCRDs(ctx); err != nil {
		return err
	}
	if err := e.InstallCRDs(ctx, scenarios.CertManagerCRDs); err != nil {
		return err
	}
	assets, err := scenarios.Files(desired, gitPath, "static-assets.yaml", "desired/static-assets.yaml")
	if err != nil {
		return err
	}
	sha, err := e.Git.Commit(ctx, "web: static-assets behind static.acme.com", time.Now(), assets)
	if err != nil {
		return err
	}
	if err := e.Reconcile(ctx, flux, sha, time.Now()); err != nil {
		return err
	}
	if err := e.IngressCertificate(ctx, ns, "static-assets", "static-assets-tls", "letsencrypt-prod", []string{"static.acme.com"}); err != nil {
		return err
	}
	if err := e.CertificateIssued(ctx, ns, "static-assets-tls", "static-assets-tls", time.Now()); err != nil {
		return err
	}
	if err := e.WaitDeployment(ctx, ns, "static-assets", scenarios.Available(2)); err != nil {
		return err
	}
	pods, err := e.PodsWithImage(ctx, ns, "app=static-assets", "registry.example.com/web/static-assets:2026.47")
	if err != nil || len(pods) == 0 {
		return fmt.Errorf("static-assets pods: %v", err)
	}
	if err := e.StartupRefusals(ctx, &pods[0], "nginx", 8080, "/", 1); err != nil {
		return err
	}

	time.Sleep(2 * time.Second)
	shop, err := scenarios.Files(desired, gitPath, "static-assets.yaml", "desired/static-assets.yaml", "storefront.yaml", "desired/storefront.yaml")
	if err != nil {
		return err
	}
	if sha, err = e.Git.Commit(ctx, "web: storefront 8.3.0 on shop.acme.internal", time.Now(), shop); err != nil {
		return err
	}
	synced := time.Now()
	if err := e.Reconcile(ctx, flux, sha, synced); err != nil {
		return err
	}
	if err := e.IngressCertificate(ctx, ns, "storefront", "storefront-tls", "letsencrypt-prod", []string{"shop.acme.internal"}); err != nil {
		return err
	}
	if err := e.CertificateIssuanceFailed(ctx, ns, "storefront-tls", orderErr, synced.Add(500*time.Millisecond)); err != nil {
		return err
	}
	return e.WaitDeployment(ctx, ns, "storefront-web", scenarios.Available(2))
}

// check asserts the state: Secret storefront-tls does not exist while the
// Ingress names it, static-assets-tls does, and both Deployments are
// available, still, five seconds later.
func check(ctx context.Context, e *scenarios.Env) error {
	return scenarios.Steady(ctx, 5*time.Second, func(ctx context.Context) error {
		ing, err := e.Client.NetworkingV1().Ingresses(ns).Get(ctx, "storefront", metav1.GetOptions{})
		if err != nil {
			return err
		}
		if len(ing.Spec.TLS) != 1 || ing.Spec.TLS[0].SecretName != "storefront-tls" {
			return fmt.Errorf("Ingress/%s/storefront: want TLS from storefront-tls, got %+v", ns, ing.Spec.TLS)
		}
		if _, err := e.Client.CoreV1().Secrets(ns).Get(ctx, "storefront-tls", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
			return fmt.Errorf("Secret/%s/storefront-tls: want not found, got %v", ns, err)
		}
		if _, err := e.Client.CoreV1().Secrets(ns).Get(ctx, "static-assets-tls", metav1.GetOptions{}); err != nil {
			return fmt.Errorf("Secret/%s/static-assets-tls: %w", ns, err)
		}
		for _, d := range []string{"storefront-web", "static-assets"} {
			if err := e.WaitDeployment(ctx, ns, d, scenarios.Available(2)); err != nil {
				return err
			}
		}
		return nil
	})
}
