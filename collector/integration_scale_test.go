package collector_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	corev1 "k8s.io/api/core/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/rest"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/collector"
	"github.com/rift-dev/rift/internal/testcluster"
)

const (
	scalePods   = 3000
	scaleEvents = 20000
	// scaleMaxRSS is the peak resident memory allowed to the collecting
	// process, rift collect. Holding the 43,000 objects at once would take
	// several times this, and so would a collector that never collects
	// garbage (1.8 GiB, when main applied the analysis's settings to it).
	scaleMaxRSS = 200 << 20
)

// riftBinary builds cmd/rift into a temporary directory: the scale test
// measures the program users run, whose process-wide settings (the
// collector's, made in main) decide its memory as much as the library does.
func riftBinary(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "rift")
	cmd := exec.Command("go", "build", "-o", bin, "github.com/rift-dev/rift/cmd/rift")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build cmd/rift: %v\n%s", err, out)
	}
	return bin
}

func testScale(t *testing.T, c *testcluster.Cluster) {
	ctx := context.Background()
	cfg := rest.CopyConfig(c.Config)
	cfg.QPS, cfg.Burst = 5000, 10000
	cs, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := cs.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: "big"}}, metav1.CreateOptions{}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	parallel(t, scalePods, func(i int) error {
		_, err := cs.CoreV1().Pods("big").Create(ctx, &corev1.Pod{
			ObjectMeta: metav1.ObjectMeta{Name: fmt.Sprintf("worker-%05d", i), Labels: map[string]string{"app": "worker"}},
			Spec:       corev1.PodSpec{NodeName: "node-a", Containers: []corev1.Container{{Name: "w", Image: "registry.example.com/worker:1"}}},
		}, metav1.CreateOptions{})
		return err
	})
	parallel(t, scaleEvents, func(i int) error {
		ts := metav1.NewTime(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second))
		_, err := cs.CoreV1().Events("big").Create(ctx, &corev1.Event{
			ObjectMeta:     metav1.ObjectMeta{Name: fmt.Sprintf("worker-%05d.%d", i%scalePods, i)},
			InvolvedObject: corev1.ObjectReference{APIVersion: "v1", Kind: "Pod", Namespace: "big", Name: fmt.Sprintf("worker-%05d", i%scalePods)},
			Reason:         "BackOff", Message: "Back-off restarting failed container w", Type: "Warning",
			Source: corev1.EventSource{Component: "kubelet"}, FirstTimestamp: ts, LastTimestamp: ts, Count: 1,
		}, metav1.CreateOptions{})
		return err
	})
	t.Logf("scale: seeded %d pods and %d events in %s", scalePods, scaleEvents, time.Since(start).Round(time.Second))

	// The same process collecting the small shop namespace is the baseline:
	// what the big one adds is what paging did not bound.
	bin := riftBinary(t)
	_, baseRSS, _ := collectInChild(t, bin, c, "shop")
	out, rss, elapsed := collectInChild(t, bin, c, "big")
	fi, _ := os.Stat(out)
	t.Logf("scale: collected in %s, peak RSS %d MiB (shop alone: %d MiB), bundle %d KiB",
		elapsed.Round(100*time.Millisecond), rss>>20, baseRSS>>20, fi.Size()>>10)
	if rss > scaleMaxRSS {
		t.Errorf("peak RSS %d MiB, want at most %d MiB", rss>>20, scaleMaxRSS>>20)
	}

	b, err := bundle.Load(out, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pods, coreEvents, pages := 0, 0, map[string]bool{}
	for _, o := range b.Objects {
		switch {
		case o.GetKind() == "Pod" && o.GetNamespace() == "big":
			pods++
			pages[o.Source.File] = true
		case o.GetKind() == "Event" && o.GroupVersionKind().Group == "" && o.GetNamespace() == "big" && o.Object["reason"] == "BackOff":
			coreEvents++ // the seeded ones; the controllers add their own
		}
	}
	if pods != scalePods || coreEvents != scaleEvents {
		t.Errorf("bundle has %d pods and %d seeded core events, want %d and %d", pods, coreEvents, scalePods, scaleEvents)
	}
	if want := (scalePods + collector.DefaultPageSize - 1) / collector.DefaultPageSize; len(pages) != want {
		t.Errorf("pods came in %d pages, want %d (paginated lists)", len(pages), want)
	}
}

// collectInChild runs `rift collect` (bin) on ns, as a user would with the
// log limits the test keeps small, and returns the bundle, the process's
// peak RSS in bytes and the wall time.
func collectInChild(t *testing.T, bin string, c *testcluster.Cluster, ns string) (string, int64, time.Duration) {
	t.Helper()
	out := filepath.Join(t.TempDir(), ns+".tar.gz")
	cmd := exec.Command(bin, "collect", "--kubeconfig", c.Kubeconfig, "-n", ns, "--out", out, "--log-lines", "10", "--log-bytes", "1024")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("collector process: %v\n%s", err, stderr.String())
	}
	elapsed := time.Since(start)
	t.Logf("%s: %s", ns, lastLines(stderr.String(), 3))
	return out, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10, elapsed // Maxrss is KiB on Linux
}

// parallel runs f(0..n-1) on 32 workers and fails the test on the first
// error.
func parallel(t *testing.T, n int, f func(i int) error) {
	t.Helper()
	var wg sync.WaitGroup
	var once sync.Once
	var first error
	ch := make(chan int)
	for range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range ch {
				if err := f(i); err != nil {
					once.Do(func() { first = err })
				}
			}
		}()
	}
	for i := range n {
		ch <- i
	}
	close(ch)
	wg.Wait()
	if first != nil {
		t.Fatal(first)
	}
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
