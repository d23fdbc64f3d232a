package collector_test

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/collector"
	"github.com/rift-dev/rift/internal/cli"
	"github.com/rift-dev/rift/internal/testcluster"
)

// restrictedRBAC lets user "auditor" read everything the collector reads
// except Secrets and Events (both APIs).
const restrictedRBAC = `apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRole
metadata: {name: rift-auditor}
rules:
- apiGroups: [""]
  resources: [pods, pods/log, services, endpoints, persistentvolumeclaims, persistentvolumes, configmaps, serviceaccounts, resourcequotas, limitranges, namespaces, nodes]
  verbs: [get, list]
- apiGroups: [apps, batch, discovery.k8s.io, networking.k8s.io, policy, autoscaling, storage.k8s.io, admissionregistration.k8s.io, kustomize.toolkit.fluxcd.io, source.toolkit.fluxcd.io, argoproj.io]
  resources: ["*"]
  verbs: [get, list]
---
apiVersion: rbac.authorization.k8s.io/v1
kind: ClusterRoleBinding
metadata: {name: rift-auditor}
roleRef: {apiGroup: rbac.authorization.k8s.io, kind: ClusterRole, name: rift-auditor}
subjects: [{apiGroup: rbac.authorization.k8s.io, kind: User, name: auditor}]
`

func testRestricted(t *testing.T, c *testcluster.Cluster, dc dynamic.Interface) {
	apply(t, dc, restrictedRBAC)
	kc, err := c.KubeconfigFor("auditor", []string{"auditors"}, "")
	if err != nil {
		t.Fatal(err)
	}
	// RBAC reaches the authorizer's cache a moment after the binding is
	// created: wait until the auditor can list Deployments in shop.
	rc, err := clientcmd.BuildConfigFromFlags("", kc)
	if err != nil {
		t.Fatal(err)
	}
	ac, err := kubernetes.NewForConfig(rc)
	if err != nil {
		t.Fatal(err)
	}
	err = testcluster.WaitFor(context.Background(), 30*time.Second, func(ctx context.Context) (bool, error) {
		_, err := ac.AppsV1().Deployments("shop").List(ctx, metav1.ListOptions{Limit: 1})
		return err == nil, nil
	})
	if err != nil {
		t.Fatalf("auditor RBAC not effective: %v", err)
	}
	out := filepath.Join(t.TempDir(), "restricted.tar.gz")
	var log bytes.Buffer
	_, err = collector.Run(context.Background(), collector.Config{Kubeconfig: loaderFor(kc), Namespaces: []string{"shop"}, Out: out,
		LogLines: 5, LogBytes: 1024, Log: &log})
	if err != nil {
		t.Fatalf("collect as auditor: %v\n%s", err, log.String())
	}
	b, err := bundle.Load(out, bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Meta.Scope.Identity.Username != "auditor" {
		t.Errorf("identity = %+v", b.Meta.Scope.Identity)
	}
	forbidden := map[string]bool{}
	for _, nc := range b.Meta.NotCollected {
		if strings.HasPrefix(nc.Reason, "forbidden: ") && nc.Namespace == "shop" {
			forbidden[nc.Resource] = true
		}
	}
	for _, r := range []string{"secrets", "events", "events.events.k8s.io"} {
		if !forbidden[r] {
			t.Errorf("notCollected lacks %s in shop as forbidden: %+v", r, b.Meta.NotCollected)
		}
	}
	if len(b.Index.OfKind("Secret")) != 0 || len(b.Index.OfKind("Event")) != 0 {
		t.Errorf("restricted bundle has Secrets or Events")
	}
	if len(b.Index.OfKind("Deployment")) == 0 {
		t.Errorf("allowed reads were not collected")
	}
	if !strings.Contains(log.String(), "not collected: secrets in shop: forbidden") {
		t.Errorf("summary does not report the forbidden reads:\n%s", log.String())
	}
	// The web Deployment reads a Secret key: with Secrets unreadable its
	// dependencies layer is unknown, not ok.
	for _, w := range layers.Build(b) {
		if w.Ref.String() != "Deployment/shop/web" {
			continue
		}
		for _, l := range w.Layers {
			if l.Name == layers.LayerDependencies && l.Status != layers.StatusUnknown {
				t.Errorf("dependencies layer of web = %s, want unknown", l.Status)
			}
		}
		return
	}
	t.Error("no Deployment/shop/web workload in the analysis")
}

func testRefusals(t *testing.T, c *testcluster.Cluster) {
	dir := t.TempDir()
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"expect-cluster mismatch", []string{"--expect-cluster", "prod-eu", "-n", "shop"},
			`--expect-cluster "prod-eu" does not match the resolved cluster "rift-it"`},
		{"missing namespace", []string{"-n", "shop", "--namespaces", "ghost"},
			`namespace "ghost" does not exist on cluster "rift-it"`},
		{"unknown context", []string{"--context", "staging", "-n", "shop"}, `context "staging" is not in the kubeconfig`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "-")+".tar.gz")
			var stdout, stderr bytes.Buffer
			code := cli.Execute(append([]string{"collect", "--kubeconfig", c.Kubeconfig, "--out", out}, tt.args...), &stdout, &stderr)
			if code != cli.ExitUsage || !strings.Contains(stderr.String(), tt.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit %d with %q", code, stderr.String(), cli.ExitUsage, tt.want)
			}
			if matches, _ := filepath.Glob(out + "*"); len(matches) > 0 {
				t.Errorf("refused run wrote %v", matches)
			}
		})
	}
}
