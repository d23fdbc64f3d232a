package collector_test

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"
	clientcmdapi "k8s.io/client-go/tools/clientcmd/api"

	"github.com/rift-dev/rift/internal/cli"
	"github.com/rift-dev/rift/internal/testcluster"
)

// TestCollectInterrupted sends SIGINT to a running rift collect at several
// points: while it lists pods, while it reads a log and while it holds the
// Git export. Each time it exits 130 and leaves no bundle, no staged
// bundle, no spool and no /tmp/rift-git-* export (the unredacted tree).
// The points are made to last: a proxy in front of the API server holds
// the request, and a git shim keeps git archive open after its output.
func TestCollectInterrupted(t *testing.T) {
	c := testcluster.Start(t, testcluster.Options{ClusterName: "rift-int", ContextName: "rift-int"})
	ctx := context.Background()
	if _, err := c.AddNode(ctx, testcluster.NodeSpec{Name: "node-a", Pods: 100}); err != nil {
		t.Fatal(err)
	}
	dc, err := dynamic.NewForConfig(c.Config)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, dc, seedManifests("shop"))
	waitPods(t, c, "shop", 3)
	repo, _ := gitRepo(t)
	shim := gitShim(t)

	for _, tc := range []struct {
		name string
		hold func(*http.Request) bool // the API request to hold, if any
		git  bool                     // hold the Git export instead
	}{
		{"listing pods", func(r *http.Request) bool { return r.URL.Path == "/api/v1/namespaces/shop/pods" }, false},
		{"reading a log", func(r *http.Request) bool { return strings.HasSuffix(r.URL.Path, "/log") }, false},
		{"exporting git", nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := newHoldProxy(t, c.Config, tc.hold)
			kc := proxyKubeconfig(t, p.URL)
			dir, tmp := t.TempDir(), t.TempDir()
			out := filepath.Join(dir, "out.tar.gz")
			cmd := exec.Command(os.Args[0], "collect", "--kubeconfig", kc, "-n", "shop", "--git", repo, "--output-file", out)
			cmd.Env = append(os.Environ(), childEnv+"=1", "TMPDIR="+tmp, "PATH="+shim+string(os.PathListSeparator)+os.Getenv("PATH"))
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			t.Cleanup(func() { cmd.Process.Kill() })

			reached := func() bool {
				if tc.git {
					m, _ := filepath.Glob(filepath.Join(tmp, "rift-git-*", "apps"))
					return len(m) > 0
				}
				select {
				case <-p.held:
					return true
				default:
					return false
				}
			}
			var werr error
		wait:
			for {
				if reached() {
					break
				}
				select {
				case werr = <-done:
					t.Fatalf("collect ended (%v) before the point was reached:\n%s", werr, stderr.String())
					break wait
				case <-time.After(5 * time.Millisecond):
				}
			}
			cmd.Process.Signal(os.Interrupt)
			werr = <-done
			code := 0
			if ee, ok := werr.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if werr != nil {
				t.Fatal(werr)
			}
			if code != cli.ExitInterrupted || !strings.Contains(stderr.String(), "interrupted") {
				t.Errorf("exit %d, want %d saying interrupted:\n%s", code, cli.ExitInterrupted, stderr.String())
			}
			for _, d := range []string{dir, tmp} {
				if diff := cmp.Diff([]string(nil), entries(t, d)); diff != "" {
					t.Errorf("%s after the interrupt (-want +got):\n%s", d, diff)
				}
			}
		})
	}
}

func entries(t *testing.T, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		out = append(out, e.Name())
	}
	return out
}

// holdProxy forwards plain HTTP to the API server with the admin's
// credentials, and holds the first request hold matches until its client
// gives up.
type holdProxy struct {
	*httptest.Server
	held chan struct{}
}

func newHoldProxy(t *testing.T, cfg *rest.Config, hold func(*http.Request) bool) *holdProxy {
	t.Helper()
	rt, err := rest.TransportFor(cfg)
	if err != nil {
		t.Fatal(err)
	}
	up, err := url.Parse(cfg.Host)
	if err != nil {
		t.Fatal(err)
	}
	rp := httputil.NewSingleHostReverseProxy(up)
	rp.Transport = rt
	p := &holdProxy{held: make(chan struct{})}
	var once sync.Once
	p.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if hold != nil && hold(r) {
			first := false
			once.Do(func() { first = true; close(p.held) })
			if first {
				<-r.Context().Done()
				return
			}
		}
		rp.ServeHTTP(w, r)
	}))
	t.Cleanup(p.Close)
	return p
}

// proxyKubeconfig writes a kubeconfig whose one context reaches the API
// server through the proxy at server.
func proxyKubeconfig(t *testing.T, server string) string {
	t.Helper()
	cfg := clientcmdapi.NewConfig()
	cfg.Clusters["rift-int"] = &clientcmdapi.Cluster{Server: server}
	cfg.AuthInfos["rift-int"] = &clientcmdapi.AuthInfo{}
	cfg.Contexts["rift-int"] = &clientcmdapi.Context{Cluster: "rift-int", AuthInfo: "rift-int", Namespace: "shop"}
	cfg.CurrentContext = "rift-int"
	p := filepath.Join(t.TempDir(), "kubeconfig")
	if err := clientcmd.WriteToFile(*cfg, p); err != nil {
		t.Fatal(err)
	}
	return p
}

// gitShim returns a directory holding a git that runs the real one and,
// for git archive, then keeps its output open (exec sleep), so that the
// collector holds its Git export until it is interrupted.
func gitShim(t *testing.T) string {
	t.Helper()
	real, err := exec.LookPath("git")
	if err != nil {
		t.Fatalf("git is required to test the Git export: %v", err)
	}
	dir := t.TempDir()
	script := "#!/bin/sh\n" + real + " \"$@\" || exit $?\n" +
		"for a in \"$@\"; do [ \"$a\" = archive ] && exec sleep 600; done\nexit 0\n"
	if err := os.WriteFile(filepath.Join(dir, "git"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
