package serve_test

import (
	"strings"
	"testing"
)

// TestKubectl drives the real kubectl against one bundle of each format
// rift imports and compares the transcript with a golden file: get (wide
// and custom columns), describe, logs, events sorted, api-resources, CRDs
// and custom resources with their printer columns, the hypothesis ledger,
// explain from the served OpenAPI (built-in kinds, CRDs, the ledger), and
// the refusals (delete, exec, a missing log).
func TestKubectl(t *testing.T) {
	cases := []struct {
		name   string
		bundle string
		cmds   [][]string
	}{{
		name:   "rift",
		bundle: "fixtures/kafka-stale-probe/bundle",
		cmds: [][]string{
			{"get", "pods", "-A", "-o", "wide"},
			{"get", "pods", "-n", "kafka", "-o", "custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IMAGE:.spec.containers[0].image"},
			{"get", "pods", "-n", "kafka", "--field-selector", "spec.nodeName=node-c", "--chunk-size", "1"},
			{"get", "all", "-n", "kafka"},
			{"get", "events", "-n", "kafka", "--sort-by", ".lastTimestamp"},
			{"get", "events.events.k8s.io", "-n", "kafka", "-o", "custom-columns=REASON:.reason,REGARDING:.regarding.name", "--sort-by", ".metadata.name"},
			{"logs", "-n", "kafka", "kafka-0", "--tail", "2"},
			{"logs", "-n", "kafka", "kafka-0", "--previous"},
			{"get", "kustomizations.kustomize.toolkit.fluxcd.io", "-A"},
			{"get", "hypotheses"},
			{"explain", "hypotheses.nextCheck"},
			{"explain", "hypotheses.supporting"},
			{"explain", "hypotheses.repair", "--output", "plaintext-openapiv2"},
			{"api-resources"},
			{"auth", "can-i", "list", "pods", "-A"},
			{"auth", "can-i", "delete", "pods", "-n", "kafka"},
			{"delete", "pod", "-n", "kafka", "kafka-0"},
			{"exec", "-n", "kafka", "kafka-0", "--", "true"},
			{"get", "pod", "-n", "kafka", "nope"},
			{"get", "pods", "--field-selector", "spec.unknown=x"},
		},
	}, {
		name:   "troubleshoot",
		bundle: "testdata/corpus/troubleshoot/test/baselines/supportbundle/baseline.tar.gz",
		cmds: [][]string{
			{"get", "nodes", "-o", "wide"},
			{"get", "pods", "-A"},
			{"get", "deployments", "-A", "-o", "wide"},
			{"get", "crd"},
			{"get", "events", "-A", "--sort-by", ".lastTimestamp"},
			{"logs", "-n", "kube-system", "deployment/coredns", "--tail", "2"},
			{"api-resources"},
			{"explain", "pods.spec.nodeName"},
			{"explain", "helmcharts.spec.chart"},
			{"explain", "deployments.spec.strategy", "--output", "plaintext-openapiv2"},
		},
	}, {
		name:   "must-gather",
		bundle: "testdata/corpus/must-gather-clean/test/files/must-gather-metal.tar.xz",
		cmds: [][]string{
			{"get", "clusteroperators"},
			{"explain", "clusteroperators.spec"},
			{"get", "clusterversion", "-o", "wide"},
			{"get", "crd", "--chunk-size", "10", "-l", "!nonexistent"},
			{"get", "pods", "-n", "openshift-etcd", "-o", "wide"},
			{"get", "namespaces", "--field-selector", "status.phase=Active", "-o", "name"},
			{"logs", "-n", "openshift-etcd", "etcd-master-0.ci-ln-xj8t7ct-86010.origin-ci-int-aws.dev.rhcloud.com", "-c", "etcd-health-monitor", "--tail", "2"},
			{"logs", "-n", "openshift-etcd", "etcd-master-0.ci-ln-xj8t7ct-86010.origin-ci-int-aws.dev.rhcloud.com", "-c", "etcd-health-monitor", "--tail", "1", "--timestamps"},
		},
	}, {
		name:   "cluster-info-dump",
		bundle: "analyzer/bundle/testdata/cluster-info-dump",
		cmds: [][]string{
			{"get", "nodes"},
			{"get", "pods", "-n", "kube-system", "-o", "wide"},
			{"get", "events", "-n", "kube-system", "--sort-by", ".lastTimestamp"},
			{"logs", "-n", "kube-system", "coredns-5d78c-x2x9p", "-c", "sidecar"},
			{"logs", "-n", "kube-system", "coredns-5d78c-x2x9p"},
		},
	}}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := start(t, map[string]string{tc.name: tc.bundle})
			var b strings.Builder
			for _, c := range tc.cmds {
				b.WriteString(s.kubectl(t, c...))
			}
			golden(t, "kubectl-"+tc.name, []byte(b.String()))
		})
	}
}

// TestKubectlDescribe checks kubectl describe of a built-in kind (with its
// events, found through the events field selectors) and of a hypothesis.
// The ages kubectl computes from the wall clock are masked.
func TestKubectlDescribe(t *testing.T) {
	s := start(t, map[string]string{"rift": "fixtures/kafka-stale-probe/bundle"})
	var b strings.Builder
	b.WriteString(s.kubectl(t, "describe", "pod", "-n", "kafka", "kafka-0"))
	b.WriteString(s.kubectl(t, "describe", "statefulset", "-n", "kafka", "kafka"))
	b.WriteString(s.kubectl(t, "describe", "hypotheses", "001-rollout-blocked-statefulset-kafka-kafka"))
	golden(t, "kubectl-describe", []byte(maskClientAges(b.String())))
}

// TestKubectlContexts serves the before and after of a repair as two
// contexts of one kubeconfig.
func TestKubectlContexts(t *testing.T) {
	s := start(t, map[string]string{
		"before": "fixtures/kafka-stale-probe/bundle",
		"after":  "fixtures/kafka-stale-probe-after/bundle",
	})
	var b strings.Builder
	b.WriteString(s.kubectl(t, "config", "get-contexts", "-o", "name"))
	for _, ctx := range []string{"before", "after"} {
		b.WriteString(s.kubectl(t, "--context", ctx, "get", "pods", "-n", "kafka"))
		b.WriteString(s.kubectl(t, "--context", ctx, "get", "hypotheses"))
	}
	golden(t, "kubectl-contexts", []byte(b.String()))
}

// TestKubectlUnauthenticated checks that a request without the token, or
// with another, is refused.
func TestKubectlUnauthenticated(t *testing.T) {
	s := start(t, map[string]string{"rift": "fixtures/kafka-stale-probe/bundle"})
	out := s.kubectl(t, "--token", "not-the-token", "get", "pods", "-A")
	if !strings.Contains(out, "Unauthorized") && !strings.Contains(out, "provide credentials") {
		t.Errorf("kubectl with a wrong token: want a refusal, got:\n%s", out)
	}
	if strings.Contains(out, "kafka-0") {
		t.Errorf("kubectl with a wrong token got data:\n%s", out)
	}
}
