package bundle

import (
	"strings"
	"testing"
	"time"

	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
)

// TestLoadCorpus loads real captures from public repositories and checks
// counts and fields against what the files hold. The golden files are the
// full rift inspect text of each.
func TestLoadCorpus(t *testing.T) {
	tests := []struct {
		name         string
		path         string
		format       Format
		objects      int
		logs         int
		errors       int
		notCollected int
		capture      string
		inferred     bool
		kinds        map[string]int
		errorHas     []string
	}{{
		name: "troubleshoot-baseline", path: "troubleshoot/test/baselines/supportbundle/baseline.tar.gz",
		format: FormatTroubleshoot, objects: 375, logs: 2, errors: 2, notCollected: 6,
		capture: "2025-12-10T17:26:28Z", inferred: true,
		kinds:    map[string]int{"Pod": 7, "Event": 97, "ClusterRole": 72, "HelmChart": 2, "CustomResourceDefinition": 23},
		errorHas: []string{`run-example/run-example.log: symlink to "../cluster-resources/pods/logs/default/run-example/collector.log" skipped`},
	}, {
		name: "troubleshoot-support-bundle", path: "troubleshoot/pkg/analyze/files/support-bundle",
		// It holds no pods and no events: the loader states both absent.
		format: FormatTroubleshoot, objects: 44, capture: "2025-03-13T20:09:35Z", inferred: true, errors: 1, notCollected: 2,
		kinds:    map[string]int{"Deployment": 10, "ReplicaSet": 14, "Node": 6, "Namespace": 5},
		errorHas: []string{`cluster-resources/namespaces.json[4]: Namespace/local-path-storage: status.phase: "Failed" is not a Namespace phase`},
	}, {
		name: "troubleshoot-analyze-files", path: "troubleshoot/pkg/analyze/files",
		format: FormatDirectory, objects: 166, errors: 39, capture: "2025-03-13T20:09:35Z", inferred: true,
		kinds: map[string]int{"Event": 110, "Pod": 11, "Node": 7},
		errorHas: []string{
			`pods/default-unhealthy.json[0]: Pod/default-unhealthy/random-pod-75b66db9b9-nqhp8: status.phase: "CrashLoopBackOff" is not a Pod phase`,
			`pods/other-unhealthy.json[0]: Pod/other-unhealthy/other-pod-75b66db9b9-nqhp8: status.phase: "CrashLoopBackOff" is not a Pod phase`,
			`support-bundle/cluster-resources/nodes.json[0]: Node/repldev-marc: duplicate object, first read from nodes.json[0]`,
		},
	}, {
		name: "must-gather", path: "must-gather-clean/test/files/must-gather-metal.tar.xz",
		format: FormatMustGather, objects: 8248, logs: 832, capture: "2021-09-14T14:44:22.408322048Z",
		kinds: map[string]int{"Event": 5171, "Pod": 235, "ClusterOperator": 32, "Secret": 1076, "Node": 6, "Namespace": 58},
	}, {
		name: "is-healthy", path: "is-healthy", format: FormatDirectory, objects: 90, errors: 66,
		capture: "2025-11-03T05:09:18Z", inferred: true,
		errorHas: []string{
			`pkg/health/testdata/Kubernetes/Pod/container-creating.yaml[0]: Pod/argocd/image-pull-backoff: metadata.creationTimestamp: invalid time "@now-5m" (want RFC 3339); field dropped`,
			`pkg/health/testdata/Kubernetes/Namespace/terminating-namespace.yaml[0]: Namespace/stuck-namespace: metadata.deletionTimestamp: invalid time "@now-1h"`,
			`pkg/health/testdata/Kubernetes/Deployment/deployment-degraded.yaml[0]: Deployment/default/guestbook-ui: status.conditions[0].status: "false" is not True, False or Unknown`,
		},
	}, {
		name: "gitops-engine-health", path: "gitops-engine-health", format: FormatDirectory, objects: 23, errors: 25,
		capture: "2022-04-14T19:44:23Z", inferred: true,
		errorHas: []string{`pkg/health/testdata/application-degraded.yaml[0]: Application: metadata is missing or not an object`},
	}, {
		name: "argo-cd-flux-health", path: "argo-cd-flux-health", format: FormatDirectory, objects: 11, errors: 23,
		capture: "2024-07-16T12:00:00Z", inferred: true,
		kinds: map[string]int{"Kustomization": 1, "HelmRelease": 1, "GitRepository": 1},
	}}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			b := loadCorpus(t, tc.path)
			want, _ := time.Parse(time.RFC3339Nano, tc.capture)
			if b.Format != tc.format || len(b.Objects) != tc.objects || len(b.Logs) != tc.logs ||
				len(b.Errors) != tc.errors || len(b.Meta.NotCollected) != tc.notCollected ||
				!b.CaptureTime.Equal(want) || b.CaptureTimeInferred != tc.inferred {
				t.Errorf("got format %s, %d objects, %d logs, %d errors, %d notCollected, capture %s inferred %v;\nwant %s, %d, %d, %d, %d, %s %v",
					b.Format, len(b.Objects), len(b.Logs), len(b.Errors), len(b.Meta.NotCollected), b.CaptureTime.Format(time.RFC3339Nano), b.CaptureTimeInferred,
					tc.format, tc.objects, tc.logs, tc.errors, tc.notCollected, tc.capture, tc.inferred)
			}
			for kind, n := range tc.kinds {
				if got := len(b.Index.OfKind(kind)); got != n {
					t.Errorf("%d objects of kind %s, want %d", got, kind, n)
				}
			}
			all := make([]string, len(b.Errors))
			for i, e := range b.Errors {
				all[i] = e.Error()
			}
			for _, w := range tc.errorHas {
				if !containsPrefix(all, w) {
					t.Errorf("no load error starting %q", w)
				}
			}
			checkGolden(t, "corpus/"+tc.name+".golden", summaryText(t, b))
		})
	}
}

func containsPrefix(list []string, prefix string) bool {
	for _, s := range list {
		if strings.HasPrefix(s, prefix) {
			return true
		}
	}
	return false
}

// TestCorpusFields checks decoded fields and index lookups on real objects:
// integers stay int64, logs find their containers.
func TestCorpusFields(t *testing.T) {
	b, err := Load(corpus(t, "troubleshoot/pkg/analyze/files"), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	pod, ok := b.Index.Get(Key{Kind: "Pod", Namespace: "message-oomkill-pod", Name: "oom-kill-job3-gbb89"})
	if !ok {
		t.Fatal("OOMKilled pod not loaded")
	}
	statuses, _, _ := unstructured.NestedSlice(pod.Object, "status", "containerStatuses")
	term := statuses[0].(map[string]any)["state"].(map[string]any)["terminated"].(map[string]any)
	if term["exitCode"] != int64(137) || term["reason"] != "OOMKilled" {
		t.Errorf("terminated = %v, want exitCode int64 137 and reason OOMKilled", term)
	}
	limit, _, _ := unstructured.NestedString(pod.Object["spec"].(map[string]any)["containers"].([]any)[0].(map[string]any), "resources", "limits", "memory")
	if limit != "100Mi" {
		t.Errorf("memory limit %q, want 100Mi", limit)
	}
	// The FailedMount pod's events by involved object:
	// facts.TestEventsForLoaded.

	mg := mustGather(t)
	pods := mg.Index.PodsInNamespace("openshift-etcd")
	withLogs := 0
	for _, p := range pods {
		for _, c := range p.Object["spec"].(map[string]any)["containers"].([]any) {
			name := c.(map[string]any)["name"].(string)
			if ls := mg.Index.Logs("openshift-etcd", p.GetName(), name); len(ls) > 0 && len(ls[0].Lines) > 0 {
				withLogs++
			}
		}
	}
	if len(pods) == 0 || withLogs == 0 {
		t.Errorf("openshift-etcd: %d pods, %d containers with log lines; want both > 0", len(pods), withLogs)
	}
	for _, s := range mg.Index.OfKind("Secret") {
		data, _ := s.Object["data"].(map[string]any)
		for k, v := range data {
			if v != RedactedValue {
				t.Fatalf("%s: data[%s] kept its value", s.Ref(), k)
			}
		}
	}
}

var corpusCache = map[string]*Bundle{}

// loadCorpus loads a corpus bundle once per test binary: the must-gather
// takes seconds and several tests read it. Tests must not modify it.
func loadCorpus(t *testing.T, rel string) *Bundle {
	t.Helper()
	if b, ok := corpusCache[rel]; ok {
		return b
	}
	b, err := Load(corpus(t, rel), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	corpusCache[rel] = b
	return b
}

func mustGather(t *testing.T) *Bundle {
	return loadCorpus(t, "must-gather-clean/test/files/must-gather-metal.tar.xz")
}
