package scenarios

import (
	"context"
	"fmt"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// CertManagerCRDs is cert-manager's Certificate (cert-manager.io/v1).
var CertManagerCRDs = []CRD{{"cert-manager.io", "v1", "Certificate", "certificates"}}

// IngressCertificate creates the Certificate cert-manager's ingress-shim
// creates for an Ingress annotated cert-manager.io/cluster-issuer: named
// after the TLS Secret, owned by the Ingress, for the TLS hosts.
func (e *Env) IngressCertificate(ctx context.Context, namespace, ingress, secret, issuer string, hosts []string) error {
	ing, err := e.Client.NetworkingV1().Ingresses(namespace).Get(ctx, ingress, metav1.GetOptions{})
	if err != nil {
		return fmt.Errorf("Ingress/%s/%s: %w", namespace, ingress, err)
	}
	names := make([]any, len(hosts))
	for i, h := range hosts {
		names[i] = h
	}
	u := &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "cert-manager.io/v1", "kind": "Certificate",
		"metadata": map[string]any{
			"name": secret, "namespace": namespace,
			"ownerReferences": []any{map[string]any{
				"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "name": ingress,
				"uid": string(ing.UID), "controller": true, "blockOwnerDeletion": true,
			}},
		},
		"spec": map[string]any{
			"dnsNames":   names,
			"issuerRef":  map[string]any{"group": "cert-manager.io", "kind": "ClusterIssuer", "name": issuer},
			"secretName": secret,
			"usages":     []any{"digital signature", "key encipherment"},
		},
	}}
	_, err = e.ApplyObject(ctx, u, "cert-manager-ingress-shim")
	return err
}

// CertificateIssued writes a Certificate's status as cert-manager's
// readiness controller does once its Secret holds a valid certificate,
// and creates that Secret (kubernetes.io/tls) as the issuing controller
// does. The recorder never collects Secret data; the key and certificate
// are placeholders.
func (e *Env) CertificateIssued(ctx context.Context, namespace, name, secret string, issued time.Time) error {
	s := &corev1.Secret{
		ObjectMeta: metav1.ObjectMeta{Name: secret, Namespace: namespace, Annotations: map[string]string{
			"cert-manager.io/certificate-name": name, "cert-manager.io/issuer-kind": "ClusterIssuer",
			"cert-manager.io/issuer-name": "letsencrypt-prod", "cert-manager.io/issuer-group": "cert-manager.io",
		}},
		Type: corev1.SecretTypeTLS,
		Data: map[string][]byte{corev1.TLSCertKey: []byte("placeholder"), corev1.TLSPrivateKeyKey: []byte("placeholder")},
	}
	if _, err := e.Client.CoreV1().Secrets(namespace).Create(ctx, s, metav1.CreateOptions{FieldManager: "cert-manager-certificates-issuing"}); err != nil {
		return fmt.Errorf("Secret/%s/%s: %w", namespace, secret, err)
	}
	ts := issued.UTC().Format(time.RFC3339)
	u := statusObject("cert-manager.io/v1", "Certificate", namespace, name, map[string]any{
		"conditions": []any{map[string]any{
			"type": "Ready", "status": "True", "reason": "Ready",
			"message": "Certificate is up to date and has not expired", "lastTransitionTime": ts, "observedGeneration": int64(1),
		}},
		"notBefore":   issued.Add(-time.Hour).UTC().Format(time.RFC3339),
		"notAfter":    issued.Add(89 * 24 * time.Hour).UTC().Format(time.RFC3339),
		"renewalTime": issued.Add(59 * 24 * time.Hour).UTC().Format(time.RFC3339),
		"revision":    int64(1),
	})
	return e.ApplyStatus(ctx, u, "cert-manager-certificates-readiness")
}

// CertificateIssuanceFailed writes what cert-manager's controllers leave
// after a first issuance whose CertificateRequest failed: Ready=False
// DoesNotExist ("Issuing certificate as Secret does not exist", readiness
// controller), Issuing=False Failed with "The certificate request has
// failed to complete and will be retried: <request message>" (issuing
// controller), lastFailureTime and failedIssuanceAttempts, and the events
// Issuing, Generated, Requested and the Warning Failed, each from the
// controller that records it.
func (e *Env) CertificateIssuanceFailed(ctx context.Context, namespace, name, requestMessage string, first time.Time) error {
	failed := first.Add(4 * time.Second)
	msg := "The certificate request has failed to complete and will be retried: " + requestMessage
	u := statusObject("cert-manager.io/v1", "Certificate", namespace, name, map[string]any{
		"conditions": []any{
			map[string]any{"type": "Ready", "status": "False", "reason": "DoesNotExist", "message": "Issuing certificate as Secret does not exist",
				"lastTransitionTime": first.UTC().Format(time.RFC3339), "observedGeneration": int64(1)},
			map[string]any{"type": "Issuing", "status": "False", "reason": "Failed", "message": msg,
				"lastTransitionTime": failed.UTC().Format(time.RFC3339), "observedGeneration": int64(1)},
		},
		"lastFailureTime":        failed.UTC().Format(time.RFC3339),
		"failedIssuanceAttempts": int64(1),
	})
	if err := e.ApplyStatus(ctx, u, "cert-manager-certificates-issuing"); err != nil {
		return err
	}
	ref := ObjectRef{APIVersion: "cert-manager.io/v1", Kind: "Certificate", Namespace: namespace, Name: name}
	for _, ev := range []struct {
		component, typ, reason, msg string
		at                          time.Time
	}{
		{"cert-manager-certificates-trigger", corev1.EventTypeNormal, "Issuing", "Issuing certificate as Secret does not exist", first},
		{"cert-manager-certificates-key-manager", corev1.EventTypeNormal, "Generated", fmt.Sprintf("Stored new private key in temporary Secret resource %q", name+"-x7k2p"), first.Add(200 * time.Millisecond)},
		{"cert-manager-certificates-request-manager", corev1.EventTypeNormal, "Requested", fmt.Sprintf("Created new CertificateRequest resource %q", name+"-1"), first.Add(400 * time.Millisecond)},
		{"cert-manager-certificates-issuing", corev1.EventTypeWarning, "Failed", msg, failed},
	} {
		if err := e.ControllerEvent(ctx, ref, ev.component, ev.typ, ev.reason, ev.msg, 1, ev.at, ev.at); err != nil {
			return err
		}
	}
	return nil
}
