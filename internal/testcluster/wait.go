package testcluster

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
)

const pollInterval = 200 * time.Millisecond

// poll calls check until it reports done, the process dies, or ctx ends.
// The last check error is part of the timeout error, so a component that
// never gets ready says why.
func poll(ctx context.Context, p *process, what string, check func(context.Context) (bool, error)) error {
	var last error
	for {
		if done, err := p.exited(); done {
			return fmt.Errorf("%s: exited while waiting for %s (%v); log tail:\n%s", p.name, what, err, p.tail(40))
		}
		ok, err := check(ctx)
		if ok {
			return nil
		}
		last = err
		select {
		case <-ctx.Done():
			return fmt.Errorf("%s: not ready (%s) before the start timeout, last error: %v", p.name, what, last)
		case <-time.After(pollInterval):
		}
	}
}

// insecureTLS is for the health endpoints of kube-controller-manager,
// kube-scheduler and kwok, which serve self-signed certificates on
// loopback; nothing but "ok" is read from them.
func insecureTLS() *tls.Config {
	return &tls.Config{InsecureSkipVerify: true} //nolint:gosec // loopback health probe only
}

func waitHTTP(ctx context.Context, p *process, url string, tlsConf *tls.Config) error {
	client := &http.Client{Timeout: 2 * time.Second, Transport: &http.Transport{TLSClientConfig: tlsConf}}
	defer client.CloseIdleConnections()
	return poll(ctx, p, url, func(ctx context.Context) (bool, error) {
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
		if err != nil {
			return false, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return false, err
		}
		defer resp.Body.Close()
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
		if resp.StatusCode != http.StatusOK {
			return false, fmt.Errorf("HTTP %d: %s", resp.StatusCode, strings.TrimSpace(string(body)))
		}
		return true, nil
	})
}

func waitAPIServer(ctx context.Context, p *process, client kubernetes.Interface) error {
	return poll(ctx, p, "/readyz", func(ctx context.Context) (bool, error) {
		body, err := client.Discovery().RESTClient().Get().AbsPath("/readyz").DoRaw(ctx)
		if err != nil {
			return false, fmt.Errorf("%w: %s", err, strings.TrimSpace(string(body)))
		}
		return true, nil
	})
}

// waitDefaultServiceAccount waits for the serviceaccount controller to
// create default/default: until then the ServiceAccount admission plugin
// rejects every Pod, so a cluster without it is not usable yet.
func waitDefaultServiceAccount(ctx context.Context, kcm *process, client kubernetes.Interface) error {
	return poll(ctx, kcm, "ServiceAccount default/default", func(ctx context.Context) (bool, error) {
		_, err := client.CoreV1().ServiceAccounts("default").Get(ctx, "default", metav1.GetOptions{})
		if apierrors.IsNotFound(err) {
			return false, fmt.Errorf("ServiceAccount/default/default: not created yet")
		}
		return err == nil, err
	})
}

// logs renders the tail of every component log for a failure message.
func (c *Cluster) logs(n int) string {
	c.mu.Lock()
	procs := append([]*process(nil), c.procs...)
	c.mu.Unlock()
	return c.logsOf(procs, n)
}

func (c *Cluster) logsOf(procs []*process, n int) string {
	var b strings.Builder
	for _, p := range procs {
		fmt.Fprintf(&b, "===== %s (%s) =====\n%s\n", p.name, p.logPath, p.tail(n))
	}
	return b.String()
}
