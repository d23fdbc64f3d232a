package collector_test

import (
	"context"
	"fmt"
	"path/filepath"
	"runtime"
	"sync"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/rift-dev/rift/collector"
	"github.com/rift-dev/rift/internal/testcluster"
)

const (
	// outOfScopeKS Kustomizations of about 40 KiB each live outside the
	// scope: about 40 MiB as JSON, several times that decoded.
	outOfScopeKS = 1000
	ksFields     = 1000
	// gitopsHeapGrowth bounds the collector's heap growth over the run.
	// Holding every listed Kustomization takes well over it; paging
	// them (50 a page) takes a small part of it.
	gitopsHeapGrowth = 96 << 20
)

// TestCollectGitOpsPaged: the Flux objects listed in all namespaces are
// paged and dropped page by page, keeping only those in scope, so that
// memory is bounded by one page, as docs/collector.md promises, and not
// by every Kustomization in the cluster.
func TestCollectGitOpsPaged(t *testing.T) {
	c := testcluster.Start(t, testcluster.Options{ClusterName: "rift-mem", ContextName: "rift-mem"})
	cfg := rest.CopyConfig(c.Config)
	cfg.QPS, cfg.Burst = 2000, 4000
	dc, err := dynamic.NewForConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, dc, gitopsCRDs)
	waitEstablished(t, dc)
	apply(t, dc, "apiVersion: v1\nkind: Namespace\nmetadata: {name: shop}\n---\napiVersion: v1\nkind: Namespace\nmetadata: {name: unrelated}\n")
	ks := dc.Resource(schema.GroupVersionResource{Group: "kustomize.toolkit.fluxcd.io", Version: "v1", Resource: "kustomizations"})
	big := map[string]any{}
	for i := 0; i < ksFields; i++ {
		big[fmt.Sprintf("field-%04d", i)] = fmt.Sprintf("value %04d of a large out-of-scope Kustomization", i)
	}
	var wg sync.WaitGroup
	errs := make(chan error, outOfScopeKS)
	work := make(chan int)
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				u := &unstructured.Unstructured{Object: map[string]any{
					"apiVersion": "kustomize.toolkit.fluxcd.io/v1", "kind": "Kustomization",
					"metadata": map[string]any{"name": fmt.Sprintf("other-%04d", i), "namespace": "unrelated"},
					"spec":     map[string]any{"path": "./other", "targetNamespace": "unrelated", "postBuild": map[string]any{"substitute": big}},
				}}
				if _, err := ks.Namespace("unrelated").Create(context.Background(), u, metav1.CreateOptions{}); err != nil {
					errs <- err
				}
			}
		}()
	}
	for i := 0; i < outOfScopeKS; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}

	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapInuse
	var peak uint64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			peak = max(peak, m.HeapInuse)
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	_, err = collector.Run(context.Background(), collector.Config{
		Kubeconfig: loaderFor(c.Kubeconfig), Namespaces: []string{"shop"},
		Out: filepath.Join(t.TempDir(), "shop.tar.gz"), PageSize: 50, Version: "test",
	})
	close(done)
	<-sampled
	if err != nil {
		t.Fatal(err)
	}
	growth := int64(peak) - int64(base)
	t.Logf("heap in use grew by %d MiB while collecting beside %d out-of-scope Kustomizations", growth>>20, outOfScopeKS)
	if growth > gitopsHeapGrowth {
		t.Errorf("heap grew by %d MiB, want at most %d MiB: the out-of-scope Kustomizations were held", growth>>20, gitopsHeapGrowth>>20)
	}
}
