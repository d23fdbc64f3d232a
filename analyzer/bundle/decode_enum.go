package bundle

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// enumField is a core field whose values Kubernetes fixes. A value outside
// the set can only come from a hand-edited or corrupted capture (a Pod
// "phase: CrashLoopBackOff", say) and would mislead every rule that reads
// it, so it is reported and the field dropped, as for a bad time.
type enumField struct {
	group, kind string
	path        []string
	values      []string
}

var enumFields = []enumField{
	{"", "Pod", []string{"status", "phase"}, []string{"Pending", "Running", "Succeeded", "Failed", "Unknown"}},
	{"", "Namespace", []string{"status", "phase"}, []string{"Active", "Terminating"}},
	{"", "PersistentVolumeClaim", []string{"status", "phase"}, []string{"Pending", "Bound", "Lost"}},
	{"", "PersistentVolume", []string{"status", "phase"}, []string{"Pending", "Available", "Bound", "Released", "Failed"}},
}

// conditionStatuses are the values of status.conditions[].status in the
// Kubernetes APIs. Operators may define more (Gardener's Progressing,
// prometheus-operator's Degraded), so a custom resource's condition status
// is only required to be a string: its CRD schema, not rift, says which.
var conditionStatuses = []string{"True", "False", "Unknown"}

// kubernetesGroup reports an API group of Kubernetes itself: the core
// group, the groups without a dot (apps, batch, policy) and *.k8s.io.
func kubernetesGroup(g string) bool {
	return !strings.Contains(g, ".") || strings.HasSuffix(g, ".k8s.io")
}

// checkEnums drops out-of-set values of the enumFields of o and of its
// conditions' status (any status that is not a string; for the Kubernetes
// APIs, any but True, False and Unknown), and returns one message per
// dropped field.
func checkEnums(o *Object) []string {
	var msgs []string
	gvk := o.GroupVersionKind()
	for _, f := range enumFields {
		if f.group != gvk.Group || f.kind != gvk.Kind {
			continue
		}
		parent, ok := nestedMap(o.Object, f.path[:len(f.path)-1])
		if !ok {
			continue
		}
		leaf := f.path[len(f.path)-1]
		v, present := parent[leaf]
		if s, isStr := v.(string); !present || isStr && (s == "" || slices.Contains(f.values, s)) {
			continue
		}
		msgs = append(msgs, fmt.Sprintf("%s: %s is not a %s phase (want %s); field dropped",
			strings.Join(f.path, "."), quoteShort(v), f.kind, strings.Join(f.values, ", ")))
		delete(parent, leaf)
	}
	status, _ := o.Object["status"].(map[string]any)
	conds, _ := status["conditions"].([]any)
	for i, c := range conds {
		cm, ok := c.(map[string]any)
		if !ok {
			continue
		}
		v, present := cm["status"]
		s, isStr := v.(string)
		switch {
		case !present || isStr && slices.Contains(conditionStatuses, s):
			continue
		case !isStr:
			// A YAML `status: True` is a boolean: no API server holds
			// one where its schema asks for a string.
			msgs = append(msgs, fmt.Sprintf("status.conditions[%s].status: %s is not a string; field dropped",
				strconv.Itoa(i), quoteShort(v)))
		case kubernetesGroup(gvk.Group):
			msgs = append(msgs, fmt.Sprintf("status.conditions[%s].status: %s is not True, False or Unknown; field dropped",
				strconv.Itoa(i), quoteShort(v)))
		default:
			continue
		}
		delete(cm, "status")
	}
	return msgs
}

func nestedMap(m map[string]any, path []string) (map[string]any, bool) {
	for _, p := range path {
		next, ok := m[p].(map[string]any)
		if !ok {
			return nil, false
		}
		m = next
	}
	return m, true
}
