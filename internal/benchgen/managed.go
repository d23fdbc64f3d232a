package benchgen

import (
	"encoding/json"
	"slices"
	"time"
)

// managers name who writes an object of a kind (spec and metadata) and
// who writes its status, as on a cluster a Helm or GitOps pipeline
// applies: the field managers' names a real bundle shows.
var managers = map[string][2]string{
	"Pod":           {"kube-controller-manager", "kubelet"},
	"ReplicaSet":    {"kube-controller-manager", "kube-controller-manager"},
	"Deployment":    {"helm", "kube-controller-manager"},
	"StatefulSet":   {"helm", "kube-controller-manager"},
	"Service":       {"helm", ""},
	"EndpointSlice": {"kube-controller-manager", ""},
	"Event":         {"kubelet", ""},
	"ConfigMap":     {"helm", ""},
	// CustomMix: Flux applies them, their operators write the status.
	"Certificate":  {"kustomize-controller", "cert-manager-certificates-readiness"},
	"Issuer":       {"kustomize-controller", "cert-manager-issuers"},
	"Rollout":      {"kustomize-controller", "rollouts-controller"},
	"AnalysisRun":  {"rollouts-controller", "rollouts-controller"},
	"Kafka":        {"kustomize-controller", "strimzi-cluster-operator"},
	"KafkaTopic":   {"kustomize-controller", "strimzi-topic-operator"},
	"KafkaUser":    {"kustomize-controller", "strimzi-user-operator"},
	"Bucket":       {"kustomize-controller", "provider-aws-s3"},
	"ScaledObject": {"kustomize-controller", "keda-operator"},
	"Cluster":      {"kustomize-controller", "cloudnative-pg"},
	"Alertmanager": {"kustomize-controller", "PrometheusOperator"},
}

// addManagedFields adds metadata.managedFields as the API server keeps
// them (troubleshoot bundles carry them; must-gathers are stripped of
// them): one entry for the writer of the object's metadata and spec, one
// for the writer of its status, each a fieldsV1 tree of the fields it
// owns, stamped with the object's creation time.
func addManagedFields(o map[string]any) {
	m := o["metadata"].(map[string]any)
	kind, _ := o["kind"].(string)
	who, ok := managers[kind]
	if !ok {
		who = [2]string{"kustomize-controller", "source-controller"} // custom resources
	}
	at, _ := m["creationTimestamp"].(string)
	if at == "" {
		at = ts(CaptureTime.Add(-time.Hour))
	}
	main := map[string]any{}
	meta := map[string]any{}
	for _, k := range []string{"labels", "annotations", "ownerReferences"} {
		if v, ok := m[k]; ok {
			meta["f:"+k] = fields(v)
		}
	}
	if len(meta) > 0 {
		main["f:metadata"] = meta
	}
	for k, v := range o {
		if k != "apiVersion" && k != "kind" && k != "metadata" && k != "status" {
			main["f:"+k] = fields(v)
		}
	}
	entries := []any{entry(o, who[0], at, main, "")}
	if st, ok := o["status"]; ok && who[1] != "" {
		entries = append(entries, entry(o, who[1], at, map[string]any{"f:status": fields(st)}, "status"))
	}
	m["managedFields"] = entries
}

func entry(o map[string]any, manager, at string, f map[string]any, sub string) map[string]any {
	e := map[string]any{"apiVersion": o["apiVersion"], "fieldsType": "FieldsV1", "fieldsV1": f,
		"manager": manager, "operation": "Update", "time": at}
	if sub != "" {
		e["subresource"] = sub
	}
	return e
}

// fields is the fieldsV1 tree of a value: a map's keys as "f:KEY", a list
// of named maps (containers, ports, env) by "k:{"name":...}", and any
// other list or value as a leaf.
func fields(v any) map[string]any {
	switch v := v.(type) {
	case map[string]any:
		out := make(map[string]any, len(v))
		for k, x := range v {
			out["f:"+k] = fields(x)
		}
		return out
	case []any:
		out := map[string]any{}
		for _, x := range v {
			m, ok := x.(map[string]any)
			if !ok {
				return map[string]any{}
			}
			key := map[string]any{}
			for _, k := range []string{"name", "type", "uid", "ip", "key"} {
				if s, ok := m[k]; ok {
					key[k] = s
					break
				}
			}
			if len(key) == 0 {
				return map[string]any{}
			}
			b, _ := json.Marshal(key) // strings and numbers only
			f := fields(m)
			f["."] = map[string]any{}
			out["k:"+string(b)] = f
		}
		return out
	}
	return map[string]any{}
}

// sortedKeys returns m's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
