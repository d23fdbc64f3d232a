// Command podload creates the pods of a rift bundle in a real API server,
// so that hack/bench-lib.sh can time `kubectl get pods` against
// kube-apiserver and `rift serve` over the same pods (docs/serve.md).
//
// It reads objects/<ns>/pods.yaml from BUNDLE (rift's own format, as
// `rift dev gen-bundle` writes it), creates each namespace and its
// "default" ServiceAccount (the ServiceAccount admission plugin refuses
// pods without one, and no controller manager runs to make it), then
// creates every pod and writes its status through the status subresource,
// so that READY, STATUS and RESTARTS print as they do from the bundle. UID,
// resourceVersion and creationTimestamp are the server's. Pods that exist
// already are kept and their status written again.
//
// The server records managedFields for the create and the status write,
// as a cluster's pods carry them, and a Table row holds the object's whole
// metadata; --strip-managed-fields then empties them, so that each row is
// about the size rift serve sends for the same pod (the bundle has none).
//
//	podload --kubeconfig FILE [--workers 16] [--strip-managed-fields] BUNDLE.tar.gz
package main

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	corev1 "k8s.io/api/core/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/types"
	utilyaml "k8s.io/apimachinery/pkg/util/yaml"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"
)

func main() {
	kubeconfig := flag.String("kubeconfig", "", "kubeconfig of the API server to load")
	workers := flag.Int("workers", 16, "concurrent requests")
	strip := flag.Bool("strip-managed-fields", false, "empty each pod's managedFields after writing it")
	flag.Parse()
	if *kubeconfig == "" || flag.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "usage: podload --kubeconfig FILE [--workers N] [--strip-managed-fields] BUNDLE.tar.gz")
		os.Exit(2)
	}
	if err := run(*kubeconfig, *workers, *strip, flag.Arg(0)); err != nil {
		fmt.Fprintln(os.Stderr, "podload:", err)
		os.Exit(1)
	}
}

func run(kubeconfig string, workers int, strip bool, bundle string) error {
	pods, err := readPods(bundle)
	if err != nil {
		return err
	}
	cfg, err := clientcmd.BuildConfigFromFlags("", kubeconfig)
	if err != nil {
		return fmt.Errorf("kubeconfig %s: %w", kubeconfig, err)
	}
	// A bulk load, not a polite controller: no client-side throttling.
	cfg.QPS, cfg.Burst = -1, 0
	client, err := kubernetes.NewForConfig(cfg)
	if err != nil {
		return fmt.Errorf("client: %w", err)
	}
	ctx := context.Background()
	start := time.Now()
	if err := createNamespaces(ctx, client, pods); err != nil {
		return err
	}
	var done atomic.Int64
	err = parallel(workers, len(pods), func(i int) error {
		if err := createPod(ctx, client, pods[i], strip); err != nil {
			return err
		}
		if n := done.Add(1); n%5000 == 0 {
			fmt.Fprintf(os.Stderr, "podload: %d/%d pods, %s\n", n, len(pods), time.Since(start).Round(time.Second))
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Printf("podload: %d pods in %s\n", len(pods), time.Since(start).Round(time.Millisecond))
	return nil
}

// readPods decodes every objects/*/pods.yaml document of the bundle.
func readPods(bundle string) ([]*corev1.Pod, error) {
	f, err := os.Open(bundle)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return nil, fmt.Errorf("bundle %s: %w", bundle, err)
	}
	tr := tar.NewReader(zr)
	var pods []*corev1.Pod
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("bundle %s: %w", bundle, err)
		}
		if !strings.HasPrefix(h.Name, "objects/") || path.Base(h.Name) != "pods.yaml" {
			continue
		}
		dec := utilyaml.NewYAMLOrJSONDecoder(tr, 1<<20)
		for {
			var p corev1.Pod
			if err := dec.Decode(&p); errors.Is(err, io.EOF) {
				break
			} else if err != nil {
				return nil, fmt.Errorf("bundle %s: %s: %w", bundle, h.Name, err)
			}
			if p.Name != "" {
				pods = append(pods, &p)
			}
		}
	}
	if len(pods) == 0 {
		return nil, fmt.Errorf("bundle %s: no objects/*/pods.yaml", bundle)
	}
	return pods, nil
}

// createNamespaces creates each pod namespace and its default
// ServiceAccount; ones that exist already are kept.
func createNamespaces(ctx context.Context, client kubernetes.Interface, pods []*corev1.Pod) error {
	seen := map[string]bool{}
	for _, p := range pods {
		seen[p.Namespace] = true
	}
	var names []string
	for ns := range seen {
		names = append(names, ns)
	}
	sort.Strings(names)
	for _, ns := range names {
		_, err := client.CoreV1().Namespaces().Create(ctx, &corev1.Namespace{ObjectMeta: metav1.ObjectMeta{Name: ns}}, metav1.CreateOptions{})
		if err != nil && !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("namespace %s: %w", ns, err)
		}
		_, err = client.CoreV1().ServiceAccounts(ns).Create(ctx, &corev1.ServiceAccount{ObjectMeta: metav1.ObjectMeta{Name: "default"}}, metav1.CreateOptions{})
		if err != nil && !apierrors.IsAlreadyExists(err) {
			return fmt.Errorf("serviceaccount %s/default: %w", ns, err)
		}
	}
	return nil
}

// stripManagedFields is the merge patch that empties managedFields: a list
// of one empty entry (an empty list would leave them as they are).
var stripManagedFields = []byte(`{"metadata":{"managedFields":[{}]}}`)

// createPod creates p without its status, which create ignores, then
// writes the status through the status subresource, and with strip
// empties its managedFields.
func createPod(ctx context.Context, client kubernetes.Interface, p *corev1.Pod, strip bool) error {
	status := p.Status
	p.UID, p.ResourceVersion, p.CreationTimestamp = "", "", metav1.Time{}
	p.Status = corev1.PodStatus{}
	pods := client.CoreV1().Pods(p.Namespace)
	created, err := pods.Create(ctx, p, metav1.CreateOptions{})
	if apierrors.IsAlreadyExists(err) {
		created, err = pods.Get(ctx, p.Name, metav1.GetOptions{})
	}
	if err != nil {
		return fmt.Errorf("pod %s/%s: %w", p.Namespace, p.Name, err)
	}
	created.Status = status
	if _, err := pods.UpdateStatus(ctx, created, metav1.UpdateOptions{}); err != nil {
		return fmt.Errorf("pod %s/%s status: %w", p.Namespace, p.Name, err)
	}
	if strip {
		if _, err := pods.Patch(ctx, p.Name, types.MergePatchType, stripManagedFields, metav1.PatchOptions{}); err != nil {
			return fmt.Errorf("pod %s/%s managedFields: %w", p.Namespace, p.Name, err)
		}
	}
	return nil
}

// parallel runs fn(0..n-1) on workers goroutines and returns the first
// error; the others stop taking work after it.
func parallel(workers, n int, fn func(int) error) error {
	var (
		next     atomic.Int64
		mu       sync.Mutex
		firstErr error
		wg       sync.WaitGroup
	)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				mu.Lock()
				failed := firstErr != nil
				mu.Unlock()
				if failed {
					return
				}
				if err := fn(i); err != nil {
					mu.Lock()
					if firstErr == nil {
						firstErr = err
					}
					mu.Unlock()
					return
				}
			}
		}()
	}
	wg.Wait()
	return firstErr
}
