// Package testcluster runs a real, throw-away Kubernetes control plane for
// integration tests and the fixture recorder: etcd, kube-apiserver,
// kube-controller-manager, kube-scheduler and kwok (fake nodes that run
// pods), all on free loopback ports, built by hack/testenv.sh.
//
// Nothing is faked above the kubelet: Deployments, StatefulSets, quotas,
// scheduling and EndpointSlices are handled by the real controllers.
// kwok plays the kubelet through Stage configurations.
package testcluster

import (
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"
)

// Options tunes one cluster. The zero value is a complete cluster.
type Options struct {
	// ClusterName and ContextName name the cluster and the context in the
	// written kubeconfig; both default to "rift-test".
	ClusterName string
	ContextName string
	// StartTimeout bounds start-up until every component is ready;
	// default two minutes (the machine may be busy compiling).
	StartTimeout time.Duration
	// KwokConfig are extra kwok configuration documents (YAML): Stages
	// added to the defaults, or Logs / ClusterLogs.
	KwokConfig []string
	// PodLogs are the containers whose logs a test scripts with
	// WriteContainerLog; every other container has an empty log.
	PodLogs []PodLog
	// DisableStages names default stages (metadata.name, e.g. "pod-ready")
	// to leave out, so that an extra stage can take their place.
	DisableStages []string
	// Holds narrow default stages: each adds one requirement to a stage's
	// selector, so that the stage leaves the pods it excludes where the
	// stage before left them and a test writes what the kubelet says for
	// those instead. The stage stays kwok's own file otherwise.
	Holds []StageHold
	// Extra flags appended to each component's command line.
	APIServerArgs, ControllerManagerArgs, SchedulerArgs []string
}

// Cluster is a running control plane. Its fields are read-only.
type Cluster struct {
	// Name and Context as written into Kubeconfig.
	Name, Context string
	// Kubeconfig is the path of an admin (system:masters) kubeconfig.
	Kubeconfig string
	// Server is the API server URL, https://127.0.0.1:<port>.
	Server string
	// Config is the admin rest.Config; Client a clientset built from it.
	Config *rest.Config
	Client kubernetes.Interface
	// Dir holds certificates, kubeconfigs and logs/<component>.log.
	Dir string

	t      testing.TB
	layout *layout
	mu     sync.Mutex // guards pki serials and procs
	pki    *pki
	procs  []*process
	nodes  int
}

func (o Options) withDefaults() Options {
	if o.ClusterName == "" {
		o.ClusterName = "rift-test"
	}
	if o.ContextName == "" {
		o.ContextName = "rift-test"
	}
	if o.StartTimeout == 0 {
		o.StartTimeout = 2 * time.Minute
	}
	return o
}

// Start runs a control plane for the test and stops it in t.Cleanup. Any
// failure is fatal for the test; a missing binary says to run
// `make testenv`. Component logs are printed when the test fails, or
// always when RIFT_TESTCLUSTER_LOGS=1.
func Start(t testing.TB, opts Options) *Cluster {
	t.Helper()
	opts = opts.withDefaults()
	tc, err := findToolchain()
	if err != nil {
		t.Fatalf("testcluster: %v", err)
	}
	c := &Cluster{Name: opts.ClusterName, Context: opts.ContextName, Dir: t.TempDir(), t: t}
	etcdData := etcdDataDir(t)
	// Registered after the temp dirs, so it runs before they are removed.
	t.Cleanup(c.stop)
	l, err := c.prepare(tc, opts, etcdData)
	if err != nil {
		t.Fatalf("testcluster: %v", err)
	}
	c.layout = l
	start := time.Now()
	if err := c.boot(tc, opts); err != nil {
		// Component logs follow from the cleanup, as for any failure.
		t.Fatalf("testcluster: %v", err)
	}
	t.Logf("testcluster: control plane ready at %s in %s (dir %s)", c.Server, time.Since(start).Round(10*time.Millisecond), c.Dir)
	return c
}

// etcdDataDir prefers memory-backed /dev/shm: etcd fsyncs every write,
// and on a shared disk that dominates start-up and bulk-create time.
func etcdDataDir(t testing.TB) string {
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if dir, err := os.MkdirTemp("/dev/shm", "rift-etcd-"); err == nil {
			t.Cleanup(func() { os.RemoveAll(dir) })
			return dir
		}
	}
	return t.TempDir()
}

// stop tears the components down in reverse start order and prints their
// logs if the test failed. The temp dirs are removed by their own cleanups.
func (c *Cluster) stop() {
	c.mu.Lock()
	procs := c.procs
	c.procs = nil
	c.mu.Unlock()
	if c.t.Failed() || os.Getenv("RIFT_TESTCLUSTER_LOGS") == "1" {
		c.t.Logf("testcluster: component logs (dir %s):\n%s", c.Dir, c.logsOf(procs, logTail()))
	}
	for i := len(procs) - 1; i >= 0; i-- {
		procs[i].stop(5 * time.Second)
	}
}

// LogPath returns the log file of a component: "etcd", "kube-apiserver",
// "kube-controller-manager", "kube-scheduler" or "kwok".
func (c *Cluster) LogPath(component string) string {
	return filepath.Join(c.Dir, "logs", component+".log")
}

// logTail is how many lines of each log a failure prints:
// RIFT_TESTCLUSTER_LOG_LINES, default 60.
func logTail() int {
	if n, err := strconv.Atoi(os.Getenv("RIFT_TESTCLUSTER_LOG_LINES")); err == nil && n > 0 {
		return n
	}
	return 60
}
