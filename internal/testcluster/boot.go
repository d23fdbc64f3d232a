package testcluster

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strconv"

	"k8s.io/client-go/kubernetes"
)

// prepare writes everything the components read: certificates, the
// kubeconfigs of the admin, the controller manager and the scheduler, and
// the kwok configuration.
func (c *Cluster) prepare(tc *toolchain, opts Options, etcdData string) (*layout, error) {
	l := &layout{dir: c.Dir, logDir: filepath.Join(c.Dir, "logs"), etcdData: etcdData}
	if err := os.MkdirAll(l.logDir, 0o755); err != nil {
		return nil, err
	}
	ports, err := freePorts(6)
	if err != nil {
		return nil, err
	}
	l.etcdClient, l.etcdPeer, l.apiserver, l.kcm, l.scheduler, l.kwok = ports[0], ports[1], ports[2], ports[3], ports[4], ports[5]
	c.Server = "https://127.0.0.1:" + strconv.Itoa(l.apiserver)

	pkiDir := filepath.Join(c.Dir, "pki")
	if err := os.MkdirAll(pkiDir, 0o700); err != nil {
		return nil, err
	}
	if c.pki, err = newPKI(pkiDir); err != nil {
		return nil, err
	}
	l.ca, l.caKey, l.saKey, l.saPub = c.pki.path("ca.crt"), c.pki.path("ca.key"), c.pki.path("sa.key"), c.pki.path("sa.pub")
	// One serving certificate for the API server and kwok's kubelet
	// endpoint; both listen on loopback only.
	l.serveCert, l.serveKey, err = c.pki.serving("serving", []string{"localhost", "kubernetes", "kubernetes.default", "kubernetes.default.svc", "kubernetes.default.svc.cluster.local"},
		[]net.IP{net.ParseIP("127.0.0.1"), net.ParseIP("10.96.0.1")})
	if err != nil {
		return nil, err
	}
	if l.adminCert, l.adminKey, err = c.pki.client("admin", "rift-admin", []string{"system:masters"}); err != nil {
		return nil, err
	}
	l.adminKubeconfig = filepath.Join(c.Dir, "kubeconfig")
	if err := writeKubeconfig(l.adminKubeconfig, c.Server, l.ca, l.adminCert, l.adminKey, c.Name, "rift-admin", c.Context); err != nil {
		return nil, err
	}
	c.Kubeconfig = l.adminKubeconfig
	if l.kcmKubeconfig, err = c.componentKubeconfig("kube-controller-manager", "system:kube-controller-manager"); err != nil {
		return nil, err
	}
	if l.schedulerKubeconfig, err = c.componentKubeconfig("kube-scheduler", "system:kube-scheduler"); err != nil {
		return nil, err
	}
	if l.stages, err = selectStages(tc.stages, opts.DisableStages); err != nil {
		return nil, err
	}
	if l.stages, err = holdStages(l.stages, opts.Holds, c.Dir); err != nil {
		return nil, err
	}
	l.kwokConfig = filepath.Join(c.Dir, "kwok.yaml")
	logs, err := c.logsConfig(opts.PodLogs)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(l.kwokConfig, []byte(kwokConfiguration(append(logs, opts.KwokConfig...))), 0o644); err != nil {
		return nil, err
	}
	return l, nil
}

func (c *Cluster) componentKubeconfig(name, user string) (string, error) {
	cert, key, err := c.pki.client(name, user, nil)
	if err != nil {
		return "", err
	}
	path := filepath.Join(c.Dir, name+".kubeconfig")
	return path, writeKubeconfig(path, c.Server, c.pki.path("ca.crt"), cert, key, c.Name, user, c.Context)
}

// boot starts the components in dependency order and waits for each tier
// to be ready before starting the next.
func (c *Cluster) boot(tc *toolchain, opts Options) error {
	ctx, cancel := context.WithTimeout(context.Background(), opts.StartTimeout)
	defer cancel()
	l := c.layout
	etcd, err := c.run("etcd", tc.bin["etcd"], etcdArgs(l))
	if err != nil {
		return err
	}
	if err := waitHTTP(ctx, etcd, fmt.Sprintf("http://127.0.0.1:%d/health", l.etcdClient), nil); err != nil {
		return err
	}
	api, err := c.run("kube-apiserver", tc.bin["kube-apiserver"], apiserverArgs(l, opts.APIServerArgs))
	if err != nil {
		return err
	}
	if c.Config, err = restConfigFromFile(c.Kubeconfig); err != nil {
		return err
	}
	if c.Client, err = kubernetes.NewForConfig(c.Config); err != nil {
		return fmt.Errorf("admin client: %w", err)
	}
	if err := waitAPIServer(ctx, api, c.Client); err != nil {
		return err
	}
	kcm, err := c.run("kube-controller-manager", tc.bin["kube-controller-manager"], controllerManagerArgs(l, opts.ControllerManagerArgs))
	if err != nil {
		return err
	}
	sched, err := c.run("kube-scheduler", tc.bin["kube-scheduler"], schedulerArgs(l, opts.SchedulerArgs))
	if err != nil {
		return err
	}
	kwok, err := c.run("kwok", tc.bin["kwok"], kwokArgs(l))
	if err != nil {
		return err
	}
	insecure := insecureTLS()
	if err := waitHTTP(ctx, kcm, fmt.Sprintf("https://127.0.0.1:%d/healthz", l.kcm), insecure); err != nil {
		return err
	}
	if err := waitHTTP(ctx, sched, fmt.Sprintf("https://127.0.0.1:%d/healthz", l.scheduler), insecure); err != nil {
		return err
	}
	if err := waitHTTP(ctx, kwok, fmt.Sprintf("https://127.0.0.1:%d/healthz", l.kwok), insecure); err != nil {
		return err
	}
	return waitDefaultServiceAccount(ctx, kcm, c.Client)
}

func (c *Cluster) run(name, bin string, args []string) (*process, error) {
	p, err := startProcess(name, bin, args, c.layout.logDir)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.procs = append(c.procs, p)
	c.mu.Unlock()
	return p, nil
}
