package hypothesis

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/open-policy-agent/opa/v1/ast"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// merged loads several fixtures into one bundle.
func merged(t *testing.T, names ...string) *bundle.Bundle {
	t.Helper()
	var objs []*bundle.Object
	for _, n := range names {
		objs = append(objs, fixture(t, n, "2026-11-06T07:30:00Z").Objects...)
	}
	return bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, []*bundle.Log{{
		Namespace: "shop", Pod: "api-6d5f-q7w8e", Container: "api", File: "logs/shop/api.log",
		Lines: []string{"boot", "dial tcp redis.shop:6379: connect: connection refused"},
	}}, nil)
}

// get walks a decoded input document by keys and indexes.
func get(v any, path ...any) any {
	for _, p := range path {
		switch k := p.(type) {
		case string:
			m, _ := v.(map[string]any)
			v = m[k]
		case int:
			l, _ := v.([]any)
			if k >= len(l) {
				return nil
			}
			v = l[k]
		}
	}
	return v
}

// TestInputContract checks the indexed maps docs/rules.md promises.
func TestInputContract(t *testing.T) {
	v, err := Input{Bundle: merged(t, "kafka-stale-probe", "dns-externalsecret-chain", "healthy-web")}.value(nil)
	if err != nil {
		t.Fatal(err)
	}
	// Round-trip through JSON so values compare the way rules see them.
	doc, err := ast.JSON(v)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(doc)
	var in map[string]any
	if err := json.Unmarshal(b, &in); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		path []any
		want any
	}{
		{[]any{"version"}, InputVersion},
		{[]any{"objects", "StatefulSet", "kafka", "kafka", "status", "updateRevision"}, "kafka-7b9c4d"},
		{[]any{"objects", "Node", "", "node-a", "metadata", "name"}, "node-a"},
		{[]any{"events_by_object", "Pod/kafka/kafka-0", 0, "reason"}, "Unhealthy"},
		{[]any{"events_by_object", "Pod/kafka/kafka-0", 0, "count"}, float64(312)},
		{[]any{"events_by_object", "Pod/kafka/kafka-0", 0, "time"}, "2026-11-02T10:40:00Z"},
		{[]any{"events_by_object", "Pod/kafka/kafka-0", 0, "object", "fieldPath"}, "spec.containers{kafka}"},
		{[]any{"events_by_uid", "pod-kafka-0", 0, "firstTime"}, "2026-11-02T09:00:10Z"},
		{[]any{"events_by_reason", "Unhealthy", 0, "object", "name"}, "kafka-0"},
		{[]any{"referenced_by", "Secret/shop/app-secrets"}, []any{
			map[string]any{"apiVersion": "external-secrets.io/v1beta1", "kind": "ExternalSecret", "namespace": "shop", "name": "app-secrets", "path": "spec.target.name"},
			map[string]any{"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "api-6d5f-q7w8e", "path": "spec.containers[name=api].envFrom"},
		}},
		{[]any{"referenced_by", "ClusterSecretStore/vault", 0, "name"}, "app-secrets"},
		{[]any{"pods_by_container_reason", "CreateContainerConfigError"}, []any{"shop/api-6d5f-q7w8e"}},
		{[]any{"pods_by_phase", "Running"}, []any{"kafka/kafka-0", "kafka/kafka-1", "shop/web-1"}},
		{[]any{"service_pods", "shop/web"}, []any{"web-1"}},
		{[]any{"pod_services", "shop/web-1"}, []any{"web"}},
		{[]any{"pods_by_node", "node-a"}, []any{"kafka/kafka-0", "shop/api-6d5f-q7w8e", "shop/web-1"}},
		{[]any{"logs", "shop/api-6d5f-q7w8e", 0, "lines", 1}, "dial tcp redis.shop:6379: connect: connection refused"},
		{[]any{"bundle", "objectCount"}, float64(11)},
		{[]any{"workloads"}, map[string]any{}},
		{[]any{"timeline", "entries"}, nil},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, get(in, tt.path...)); diff != "" {
			t.Errorf("input%v (-want +got):\n%s", tt.path, diff)
		}
	}
}

// TestSanitize: Secret and ConfigMap values and the last-applied copy never
// reach the rules; key names do.
func TestSanitize(t *testing.T) {
	const value = "hunter2-never-printed"
	o := &bundle.Object{Unstructured: &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "v1", "kind": "Secret",
		"metadata": map[string]any{"name": "db", "namespace": "shop",
			"annotations":   map[string]any{"kubectl.kubernetes.io/last-applied-configuration": `{"stringData":{"password":"` + value + `"}}`, "team": "a"},
			"managedFields": []any{map[string]any{"manager": "kubectl"}}},
		"data":       map[string]any{"password": "aHVudGVyMg=="},
		"stringData": map[string]any{"user": value},
	}}}
	v, err := newConverter().objectValue(o)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := ast.JSON(v)
	if err != nil {
		t.Fatal(err)
	}
	got := plain.(map[string]any)
	b, _ := json.Marshal(got)
	for _, leak := range []string{value, "aHVudGVyMg==", "managedFields"} {
		if strings.Contains(string(b), leak) {
			t.Errorf("sanitized object contains %q: %s", leak, b)
		}
	}
	if diff := cmp.Diff([]any{"password", "user"}, got["dataKeys"]); diff != "" {
		t.Errorf("dataKeys (-want +got):\n%s", diff)
	}
	if _, ok := o.Object["data"]; !ok {
		t.Error("objectValue modified the bundle's object")
	}
}

// TestEvaluateDeterministic: parallel evaluation gives byte-identical
// ledgers run after run.
func TestEvaluateDeterministic(t *testing.T) {
	e := builtinEngine(t)
	in := Input{Bundle: merged(t, "kafka-stale-probe", "dns-externalsecret-chain", "pending-before-migration")}
	first, _ := json.Marshal(evaluate(t, e, in))
	for range 5 {
		again, _ := json.Marshal(evaluate(t, e, in))
		if diff := cmp.Diff(string(first), string(again)); diff != "" {
			t.Fatalf("ledger changed between runs (-first +again):\n%s", diff)
		}
	}
}

// TestUnknownVerdict: an empty bundle cannot be called healthy.
func TestUnknownVerdict(t *testing.T) {
	l := evaluate(t, builtinEngine(t), Input{})
	if l.Summary.Verdict != VerdictUnknown || len(l.Hypotheses) != 0 {
		t.Errorf("summary %+v, hypotheses %v", l.Summary, ids(l))
	}
}

// value is the whole input with the given parts, every workload field
// built: what the tests compare against the plain-document oracle.
func (in Input) value(need partSet) (ast.Value, error) {
	return in.valueFor(need, nil)
}
