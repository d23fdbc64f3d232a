package serve

import (
	"fmt"
	"os"
	"path/filepath"

	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"
)

// Kubeconfig is a kubeconfig with one context per bundle (named as the
// bundle), each trusting the server's certificate and carrying its token;
// the first bundle is the current context.
func (s *Server) Kubeconfig() *clientcmdapi.Config {
	cfg := clientcmdapi.NewConfig()
	user := "rift-serve"
	cfg.AuthInfos[user] = &clientcmdapi.AuthInfo{Token: s.token}
	for _, name := range s.order {
		cfg.Clusters[name] = &clientcmdapi.Cluster{Server: s.URL(name), CertificateAuthorityData: s.caPEM}
		cfg.Contexts[name] = &clientcmdapi.Context{Cluster: name, AuthInfo: user}
	}
	cfg.CurrentContext = s.order[0]
	return cfg
}

// WriteKubeconfig writes Kubeconfig to path, readable by the owner only,
// creating its directory.
func (s *Server) WriteKubeconfig(path string) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	data, err := clientcmd.Write(*s.Kubeconfig())
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := os.WriteFile(path, data, 0o600); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// RESTConfig is a client-go config for one context.
func (s *Server) RESTConfig(context string) *rest.Config {
	return &rest.Config{
		Host:            s.URL(context),
		BearerToken:     s.token,
		TLSClientConfig: rest.TLSClientConfig{CAData: s.caPEM},
	}
}
