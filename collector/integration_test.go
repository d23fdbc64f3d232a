package collector_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/collector"
	"github.com/rift-dev/rift/internal/cli"
	"github.com/rift-dev/rift/internal/testcluster"
)

// TestCollect runs the collector against a real control plane seeded with
// three application namespaces (shop is collected; payments and other are
// not), Flux and Argo CD objects, and known Secret values.
func TestCollect(t *testing.T) {
	c := testcluster.Start(t, testcluster.Options{ClusterName: "rift-it", ContextName: "rift-it"})
	ctx := context.Background()
	if _, err := c.AddNode(ctx, testcluster.NodeSpec{Name: "node-a", Pods: 4000}); err != nil {
		t.Fatal(err)
	}
	dc, err := dynamic.NewForConfig(c.Config)
	if err != nil {
		t.Fatal(err)
	}
	apply(t, dc, gitopsCRDs)
	for _, ns := range []string{"shop", "payments", "other"} {
		apply(t, dc, seedManifests(ns))
	}
	apply(t, dc, storageAndWebhooks)
	waitEstablished(t, dc)
	apply(t, dc, gitopsObjects)
	waitPods(t, c, "shop", 3) // 2 web + 1 db, run by kwok

	t.Run("admin", func(t *testing.T) { testAdmin(t, c) })
	t.Run("restricted identity", func(t *testing.T) { testRestricted(t, c, dc) })
	t.Run("preflight refusals", func(t *testing.T) { testRefusals(t, c) })
	t.Run("exec credential plugin", func(t *testing.T) { testExecPlugin(t, c) })
	t.Run("scale", func(t *testing.T) { testScale(t, c) })
}

func waitPods(t *testing.T, c *testcluster.Cluster, ns string, n int) {
	t.Helper()
	err := testcluster.WaitFor(context.Background(), 2*time.Minute, func(ctx context.Context) (bool, error) {
		l, err := c.Client.CoreV1().Pods(ns).List(ctx, metav1.ListOptions{})
		if err != nil {
			return false, err
		}
		running := 0
		for _, p := range l.Items {
			if p.Status.Phase == "Running" {
				running++
			}
		}
		return running >= n, nil
	})
	if err != nil {
		t.Fatalf("pods in %s: %v", ns, err)
	}
}

func loaderFor(kubeconfig string) clientcmd.ClientConfig {
	return clientcmd.NewNonInteractiveDeferredLoadingClientConfig(
		&clientcmd.ClientConfigLoadingRules{ExplicitPath: kubeconfig}, &clientcmd.ConfigOverrides{})
}

func testAdmin(t *testing.T, c *testcluster.Cluster) {
	repo, head := gitRepo(t)
	out := filepath.Join(t.TempDir(), "shop.tar.gz")
	var log bytes.Buffer
	sum, err := collector.Run(context.Background(), collector.Config{
		Kubeconfig: loaderFor(c.Kubeconfig), Namespaces: []string{"shop"}, Out: out,
		Git: collector.GitOptions{Path: repo}, LogLines: 20, LogBytes: 4096, Log: &log, Version: "test",
	})
	if err != nil {
		t.Fatalf("collect: %v\n%s", err, log.String())
	}
	t.Logf("collector output:\n%s", log.String())
	if !strings.Contains(log.String(), "preflight:\n  context:    rift-it\n  cluster:    rift-it\n") {
		t.Errorf("preflight not printed before collecting:\n%s", log.String())
	}

	b, err := bundle.Load(out, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range b.Errors {
		t.Errorf("load error: %v", e)
	}
	if b.Format != bundle.FormatRift || b.CaptureTimeInferred {
		t.Errorf("format %s, capture time inferred %v", b.Format, b.CaptureTimeInferred)
	}
	scope := b.Meta.Scope
	if scope.Context != "rift-it" || scope.Cluster != "rift-it" || !strings.HasPrefix(scope.Server, "127.0.0.1:") ||
		scope.Identity.Username != "rift-admin" || !slices.Equal(scope.Namespaces, []string{"shop"}) {
		t.Errorf("scope = %+v", scope)
	}
	if len(b.Meta.Files) != sum.Files-1 {
		t.Errorf("files[] has %d entries, summary says %d files besides bundle.yaml", len(b.Meta.Files), sum.Files-1)
	}

	// Nothing unscoped: every namespaced object is in shop, or is a GitOps
	// object that targets shop.
	got := map[string]bool{}
	for _, o := range b.Objects {
		ref := o.Ref()
		switch ns := o.GetNamespace(); ns {
		case "shop", "":
		case "flux-system", "argocd":
			got[ref.String()] = true
		default:
			t.Errorf("unscoped object %s in the bundle (%s)", ref, o.Source.File)
		}
		if o.GetKind() == "Namespace" && o.GetName() != "shop" {
			t.Errorf("unscoped Namespace %s", o.GetName())
		}
		if o.GetKind() == "Secret" && strings.HasPrefix(o.Source.File, "objects/") && (o.Object["data"] != nil || o.Object["stringData"] != nil) {
			t.Errorf("Secret %s carries data", ref)
		}
	}
	if sec, ok := b.Index.Get(bundle.Key{Kind: "Secret", Namespace: "shop", Name: "db-creds"}); !ok {
		t.Error("Secret db-creds not collected")
	} else if sec.Object["type"] != "Opaque" || sec.GetLabels()["app"] != "web" {
		t.Errorf("Secret db-creds metadata: type %v, labels %v", sec.Object["type"], sec.GetLabels())
	}
	var cluster []string
	for _, o := range b.Objects {
		if o.GetNamespace() == "" && o.GetKind() != "Node" && o.GetKind() != "Namespace" {
			cluster = append(cluster, o.Ref().String())
		}
	}
	sort.Strings(cluster)
	// The custom resources' definitions come with them (serve's columns and
	// scope); g1 is named by shop-apps' inventory, g2 by nothing.
	wantCluster := []string{
		"CustomResourceDefinition/applications.argoproj.io", "CustomResourceDefinition/appprojects.argoproj.io", "CustomResourceDefinition/doohickeys.example.com",
		"CustomResourceDefinition/gadgets.example.com", "CustomResourceDefinition/gitrepositories.source.toolkit.fluxcd.io",
		"CustomResourceDefinition/kustomizations.kustomize.toolkit.fluxcd.io", "CustomResourceDefinition/widgets.example.com",
		"Gadget/g1", "PersistentVolume/pv-shop", "StorageClass/fast", "ValidatingWebhookConfiguration/policy",
	}
	if diff := cmp.Diff(wantCluster, cluster); diff != "" {
		t.Errorf("cluster-scoped objects (-want +got):\n%s", diff)
	}
	// The kinds the GitOps inventories name are listed in the scope (w2 too,
	// as every kind is listed whole); w3 is out of scope and no inventory
	// names a Sprocket.
	var custom []string
	for _, kind := range []string{"Widget", "Doohickey", "Sprocket"} {
		for _, o := range b.Index.OfKind(kind) {
			custom = append(custom, o.Ref().String())
		}
	}
	if diff := cmp.Diff([]string{"Widget/shop/w1", "Widget/shop/w2", "Doohickey/shop/d1"}, custom); diff != "" {
		t.Errorf("custom resources from the inventories (-want +got):\n%s", diff)
	}
	if wh, ok := b.Index.Get(bundle.Key{Group: "admissionregistration.k8s.io", Kind: "ValidatingWebhookConfiguration", Name: "policy"}); ok {
		hook := wh.Object["webhooks"].([]any)[0].(map[string]any)
		if _, has := hook["clientConfig"].(map[string]any)["caBundle"]; has || hook["rules"] == nil {
			t.Errorf("webhook not trimmed to names and rules: %v", hook)
		}
	}
	wantGitOps := map[string]bool{
		"Kustomization/flux-system/shop-apps": true, "GitRepository/flux-system/deploy": true, "Application/argocd/shop": true,
		// shop's project, for its sync windows; "unused" is nobody's.
		"AppProject/argocd/default": true,
	}
	if diff := cmp.Diff(wantGitOps, got); diff != "" {
		t.Errorf("GitOps objects outside shop (-want +got):\n%s", diff)
	}
	for _, kind := range []string{"Deployment", "ReplicaSet", "StatefulSet", "ControllerRevision", "Pod", "Service",
		"EndpointSlice", "ConfigMap", "Secret", "ServiceAccount", "Event", "Node", "Namespace"} {
		if len(b.Index.OfKind(kind)) == 0 {
			t.Errorf("no %s collected", kind)
		}
	}
	if gr, ok := b.Index.Get(bundle.Key{Group: "source.toolkit.fluxcd.io", Kind: "GitRepository", Namespace: "flux-system", Name: "deploy"}); ok {
		if u, _ := gr.Object["spec"].(map[string]any)["url"].(string); strings.Contains(u, "ghp_pat") {
			t.Errorf("GitRepository URL kept its credentials: %s", u)
		}
	}

	// The Git sources: the Flux Kustomization's path and the Argo CD
	// Application's path, both at HEAD and rendered by kustomize.
	var srcs []string
	for _, s := range b.Sources {
		srcs = append(srcs, fmt.Sprintf("%s %s %s %s %s history=%d rendered=%d", s.Name, s.Path, s.Revision, s.Renderer, s.URL, len(s.History), len(s.Rendered)))
	}
	wantSrcs := []string{
		"shop apps/shop " + head + " kustomize https://git.example.com/shop/deploy.git history=1 rendered=2",
		"shop-apps ./apps/shop " + head + " kustomize https://git.example.com/shop/deploy.git history=1 rendered=2",
	}
	if diff := cmp.Diff(wantSrcs, srcs); diff != "" {
		t.Errorf("sources (-want +got):\n%s", diff)
	}

	assertNoSecrets(t, out, append(append(secretsOf("shop"), secretsOf("payments")...), append(secretsOf("other"), gitSecret, "ghp_pat0123456789abcdef")...))

	// rift analyze reads it: exit 0 (healthy) or 1 (findings), never 2.
	var aout, aerr bytes.Buffer
	code := cli.Execute([]string{"analyze", out, "-o", "json"}, &aout, &aerr)
	var report map[string]any
	if (code != cli.ExitOK && code != cli.ExitFindings) || json.Unmarshal(aout.Bytes(), &report) != nil || len(report) == 0 {
		t.Errorf("rift analyze: exit %d, stderr %s, stdout %.300s", code, aerr.String(), aout.String())
	}

	// The analysis runs on it: the shop workloads get their layers.
	ws := layers.Build(b)
	var names []string
	for _, w := range ws {
		names = append(names, w.Ref.String())
	}
	for _, want := range []string{"Deployment/shop/web", "StatefulSet/shop/db"} {
		if !slices.Contains(names, want) {
			t.Errorf("analysis has no %s (has %v)", want, names)
		}
	}
}
