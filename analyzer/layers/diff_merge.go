package layers

import "fmt"

// mergeKeys returns the fields that identify an element of the list named
// list, the way Kubernetes strategic merge patch does, or nil when the list
// has no merge key (then elements are matched as a set, or by position for
// scalars). Lists of named maps not in the table merge by name when every
// name is present and unique.
func mergeKeys(list string, elems []map[string]any) []string {
	switch list {
	case "containers", "initContainers", "ephemeralContainers", "env", "volumes", "imagePullSecrets", "resourceClaims":
		return []string{"name"}
	case "volumeMounts", "volumeDevices":
		// Kubernetes merges mounts by mountPath, but people name them by
		// volume; name identifies them unless one volume is mounted twice.
		if uniqueField(elems, "name") {
			return []string{"name"}
		}
		return []string{"name", "mountPath"}
	case "ports":
		if len(elems) > 0 && hasField(elems, "containerPort") {
			return []string{"containerPort", "protocol"}
		}
		if hasField(elems, "port") {
			return []string{"port", "protocol"}
		}
	case "hostAliases":
		return []string{"ip"}
	case "tolerations", "conditions":
		return nil
	}
	if len(elems) > 0 && uniqueField(elems, "name") {
		return []string{"name"}
	}
	return nil
}

func hasField(elems []map[string]any, f string) bool {
	for _, e := range elems {
		if _, ok := e[f]; !ok {
			return false
		}
	}
	return true
}

func uniqueField(elems []map[string]any, f string) bool {
	seen := make(map[string]bool, len(elems))
	for _, e := range elems {
		v, ok := e[f].(string)
		if !ok || seen[v] {
			return false
		}
		seen[v] = true
	}
	return true
}

// elemKey builds the merge key of one element; protocol defaults to TCP as
// the API server defaults it, so a manifest that omits it still matches.
func elemKey(e map[string]any, keys []string) []kv {
	out := make([]kv, 0, len(keys))
	for _, k := range keys {
		v, ok := e[k]
		if !ok && k == "protocol" {
			v = "TCP"
		}
		if n, isNum := toInt(v); isNum && k != "name" {
			v = n
		}
		out = append(out, kv{name: k, value: v})
	}
	return out
}

func keyString(k []kv) string {
	s := ""
	for _, p := range k {
		s += fmt.Sprintf("%s=%v;", p.name, p.value)
	}
	return s
}

// atomicFields are compared as one unit and reported whole: a probe whose
// handler changed from exec to tcpSocket is one divergence, shown with both
// probes, not a missing tcpSocket and an unexplained exec.
var atomicFields = map[string]bool{
	"readinessProbe": true, "livenessProbe": true, "startupProbe": true,
	"lifecycle": true, "command": true, "args": true,
}

// atomicElems are lists whose elements are reported whole when they differ.
var atomicElems = map[string]bool{
	"env": true, "envFrom": true, "ports": true, "volumes": true, "volumeMounts": true,
	"tolerations": true, "imagePullSecrets": true, "hostAliases": true,
}
