package testcluster

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"

	authenticationv1 "k8s.io/api/authentication/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/rest"
)

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)

// KubeconfigFor writes a kubeconfig for a restricted identity: a client
// certificate with CN=user and O=groups, signed by the cluster CA. The
// identity has only the rights RBAC grants it (nothing, until the test
// creates bindings). contextName defaults to the cluster's context.
func (c *Cluster) KubeconfigFor(user string, groups []string, contextName string) (string, error) {
	if user == "" {
		return "", fmt.Errorf("testcluster: KubeconfigFor: empty user name")
	}
	if contextName == "" {
		contextName = c.Context
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	base := "user-" + unsafeName.ReplaceAllString(user, "_")
	cert, key, err := c.pki.client(base, user, groups)
	if err != nil {
		return "", fmt.Errorf("user %s: %w", user, err)
	}
	path := filepath.Join(c.Dir, base+"-"+unsafeName.ReplaceAllString(contextName, "_")+".kubeconfig")
	if err := writeKubeconfig(path, c.Server, c.pki.path("ca.crt"), cert, key, c.Name, user, contextName); err != nil {
		return "", err
	}
	return path, nil
}

// ClientFor returns a rest.Config that authenticates as user in groups
// (see KubeconfigFor).
func (c *Cluster) ClientFor(user string, groups []string) (*rest.Config, error) {
	path, err := c.KubeconfigFor(user, groups, "")
	if err != nil {
		return nil, err
	}
	return restConfigFromFile(path)
}

// ServiceAccountKubeconfig writes a kubeconfig that signs in as the
// ServiceAccount namespace/name with a token from the TokenRequest API,
// the way workloads and CI jobs do. The ServiceAccount must exist.
func (c *Cluster) ServiceAccountKubeconfig(ctx context.Context, namespace, name, contextName string) (string, error) {
	if contextName == "" {
		contextName = c.Context
	}
	expiry := int64(3600)
	tr, err := c.Client.CoreV1().ServiceAccounts(namespace).CreateToken(ctx, name,
		&authenticationv1.TokenRequest{Spec: authenticationv1.TokenRequestSpec{ExpirationSeconds: &expiry}}, metav1.CreateOptions{})
	if err != nil {
		return "", fmt.Errorf("ServiceAccount/%s/%s: token request: %w", namespace, name, err)
	}
	user := "system:serviceaccount:" + namespace + ":" + name
	path := filepath.Join(c.Dir, "sa-"+unsafeName.ReplaceAllString(namespace+"-"+name+"-"+contextName, "_")+".kubeconfig")
	if err := writeTokenKubeconfig(path, c.Server, c.pki.path("ca.crt"), tr.Status.Token, c.Name, user, contextName); err != nil {
		return "", err
	}
	return path, nil
}
