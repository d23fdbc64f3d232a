package serve

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/fields"
	"k8s.io/apimachinery/pkg/runtime/schema"
)

// fieldPaths are the field-selector labels each kind supports beside
// metadata.name and metadata.namespace, mapped to the object path they
// read, as the API server's per-kind field label conversions do. Keyed by
// group and kind.
var fieldPaths = map[schema.GroupKind]map[string]string{
	{Kind: "Pod"}: {
		"spec.nodeName": "spec.nodeName", "spec.restartPolicy": "spec.restartPolicy",
		"spec.schedulerName": "spec.schedulerName", "spec.serviceAccountName": "spec.serviceAccountName",
		"spec.hostNetwork": "spec.hostNetwork", "status.phase": "status.phase",
		"status.podIP": "status.podIP", "status.nominatedNodeName": "status.nominatedNodeName",
	},
	{Kind: "Event"}: {
		"involvedObject.kind": "involvedObject.kind", "involvedObject.namespace": "involvedObject.namespace",
		"involvedObject.name": "involvedObject.name", "involvedObject.uid": "involvedObject.uid",
		"involvedObject.apiVersion": "involvedObject.apiVersion", "involvedObject.resourceVersion": "involvedObject.resourceVersion",
		"involvedObject.fieldPath": "involvedObject.fieldPath", "reason": "reason", "type": "type",
		"source": "source.component", "reportingComponent": "reportingComponent",
	},
	{Group: "events.k8s.io", Kind: "Event"}: {
		"regarding.kind": "regarding.kind", "regarding.namespace": "regarding.namespace",
		"regarding.name": "regarding.name", "regarding.uid": "regarding.uid",
		"regarding.apiVersion": "regarding.apiVersion", "regarding.resourceVersion": "regarding.resourceVersion",
		"regarding.fieldPath": "regarding.fieldPath", "reason": "reason", "type": "type",
		"reportingController": "reportingController",
	},
	{Kind: "Secret"}:                    {"type": "type"},
	{Kind: "Namespace"}:                 {"status.phase": "status.phase"},
	{Kind: "Node"}:                      {"spec.unschedulable": "spec.unschedulable"},
	{Kind: "ReplicationController"}:     {"status.replicas": "status.replicas"},
	{Group: "apps", Kind: "ReplicaSet"}: {"status.replicas": "status.replicas"},
	{Group: "batch", Kind: "Job"}:       {"status.successful": "status.succeeded"},
}

// fieldMatcher matches objects of one kind against a field selector.
type fieldMatcher struct {
	sel   fields.Selector
	paths map[string]string
}

// newFieldMatcher parses s and refuses labels the kind does not support,
// with the API server's message.
func newFieldMatcher(gk schema.GroupKind, s string) (*fieldMatcher, error) {
	if s == "" {
		return nil, nil
	}
	sel, err := fields.ParseSelector(s)
	if err != nil {
		return nil, err
	}
	paths := fieldPaths[gk]
	for _, rq := range sel.Requirements() {
		if rq.Field == "metadata.name" || rq.Field == "metadata.namespace" {
			continue
		}
		if _, ok := paths[rq.Field]; !ok {
			return nil, fmt.Errorf("field label not supported: %s", rq.Field)
		}
	}
	return &fieldMatcher{sel: sel, paths: paths}, nil
}

// matches builds the object's field set (only the labels the selector
// names) and matches it.
func (m *fieldMatcher) matches(obj map[string]any) bool {
	if m == nil {
		return true
	}
	set := fields.Set{}
	for _, rq := range m.sel.Requirements() {
		p := m.paths[rq.Field]
		if p == "" {
			p = rq.Field
		}
		set[rq.Field] = fieldString(obj, p)
	}
	return m.sel.Matches(set)
}

// fieldString reads a dotted path as the string the API server compares.
func fieldString(obj map[string]any, path string) string {
	var cur any = obj
	for _, seg := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return ""
		}
		cur = m[seg]
	}
	switch v := cur.(type) {
	case nil:
		return ""
	case string:
		return v
	default:
		return fmt.Sprint(v)
	}
}
