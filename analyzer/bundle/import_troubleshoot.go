package bundle

import (
	"encoding/json"
	"path"
	"strings"

	"sigs.k8s.io/yaml"
)

// troubleshootSkip are cluster-resources entries that hold RBAC review
// data, not objects.
var troubleshootSkip = map[string]bool{"auth-cani-list": true}

// planTroubleshoot maps a path of a troubleshoot support bundle to its role.
func planTroubleshoot(l *listing, root, rel string) (plan, bool) {
	parts := strings.Split(rel, "/")
	base := path.Base(rel)
	switch {
	case rel == "version.yaml":
		return plan{role: roleVersion}, true
	case parts[0] == "collector-errors" && len(parts) == 2 && strings.HasSuffix(base, ".json"):
		return plan{role: roleCollectorErr}, true
	case strings.HasSuffix(base, "-errors.json") || base == "errors.json" || strings.HasSuffix(parts[0], "-errors"):
		return plan{role: roleErrorList, nc: troubleshootNotCollected(parts)}, true
	case parts[0] != "cluster-resources":
		return plan{}, false
	case rel == "cluster-resources/groups.json":
		return plan{role: roleAPIGroups}, true
	case rel == "cluster-resources/resources.json":
		return plan{role: roleAPIResources}, true
	case len(parts) == 6 && parts[1] == "pods" && parts[2] == "logs" && strings.HasSuffix(base, "-logs-errors.log"):
		// Written instead of a log when fetching it failed.
		return plan{role: roleErrorText, nc: NotCollected{Resource: "pods/log", Namespace: parts[3]}}, true
	case len(parts) == 6 && parts[1] == "pods" && parts[2] == "logs" && strings.HasSuffix(base, ".log"):
		c, prev := strings.TrimSuffix(base, ".log"), false
		if strings.HasSuffix(c, "-previous") {
			c, prev = strings.TrimSuffix(c, "-previous"), true
		}
		return plan{role: roleLog, log: Log{Namespace: parts[3], Pod: parts[4], Container: c, Previous: prev}}, true
	case len(parts) > 1 && troubleshootSkip[parts[1]]:
		return plan{}, true
	case !isManifestName(base):
		return plan{}, true
	case len(parts) > 1 && parts[1] == "custom-resources" && strings.HasSuffix(base, ".yaml"):
		// Custom resources are written twice, as JSON and as YAML; read one.
		if l.files[root+strings.TrimSuffix(rel, ".yaml")+".json"] {
			return plan{}, true
		}
	}
	return plan{role: roleObjects}, true
}

// absentTroubleshoot states the pods and events a support bundle lacks:
// troubleshoot writes them to cluster-resources/pods/<namespace>.json and
// cluster-resources/events/<namespace>.json.
func absentTroubleshoot(l *listing, root string) []NotCollected {
	return absent("support bundle",
		[2]string{"cluster-resources/pods/<namespace>.json", "cluster-resources/events/<namespace>.json"},
		[2]bool{l.hasManifestIn(root + "cluster-resources/pods/"), l.hasManifestIn(root + "cluster-resources/events/")})
}

// troubleshootNotCollected derives what an errors file speaks for:
// cluster-resources/<resource>-errors.json (beside <resource>/),
// <collector>-errors/<namespace>/<name>.json (secrets, configmaps) and
// <collector>/errors.json (helm, metrics and the like).
func troubleshootNotCollected(parts []string) NotCollected {
	base := parts[len(parts)-1]
	switch {
	case strings.HasSuffix(parts[0], "-errors") && len(parts) == 3:
		return NotCollected{Resource: strings.TrimSuffix(parts[0], "-errors"), Namespace: parts[1]}
	case strings.HasSuffix(base, "-errors.json"):
		return NotCollected{Resource: strings.TrimSuffix(base, "-errors.json")}
	case len(parts) >= 2:
		return NotCollected{Resource: parts[len(parts)-2]}
	}
	return NotCollected{Resource: strings.TrimSuffix(base, ".json")}
}

// readErrorList reads a troubleshoot errors file: a JSON array of strings,
// one NotCollected entry each.
func (ld *loader) readErrorList(file string, nc NotCollected, data []byte) {
	var msgs []string
	if err := json.Unmarshal(data, &msgs); err != nil {
		ld.fail(file, -1, "malformed errors file, want a JSON array of strings: %v", err)
		return
	}
	for _, m := range msgs {
		e := nc
		e.Reason = "error: " + m
		ld.meta.NotCollected = append(ld.meta.NotCollected, e)
	}
}

// readErrorText reads a plain-text error written in place of a pod log.
func (ld *loader) readErrorText(file string, nc NotCollected, data []byte) {
	msg := strings.TrimSpace(string(data))
	if len(msg) > 500 {
		msg = msg[:500] + "…"
	}
	nc.Reason = "error: " + msg
	ld.meta.NotCollected = append(ld.meta.NotCollected, nc)
}

// readCollectorError reads collector-errors/<name>.json:
// {collector, error, timestamp}.
func (ld *loader) readCollectorError(file string, data []byte) {
	var ce struct {
		Collector string `json:"collector"`
		Error     string `json:"error"`
	}
	if err := json.Unmarshal(data, &ce); err != nil || ce.Collector == "" {
		ld.fail(file, -1, "malformed collector error, want {collector, error}: %v", err)
		return
	}
	ld.meta.NotCollected = append(ld.meta.NotCollected, NotCollected{Resource: ce.Collector, Reason: "error: " + ce.Error})
}

// readVersion reads version.yaml into the collector name and version.
func (ld *loader) readVersion(file string, data []byte) {
	var v struct {
		APIVersion string `json:"apiVersion"`
		Spec       struct {
			VersionNumber string `json:"versionNumber"`
		} `json:"spec"`
	}
	if err := yaml.Unmarshal(data, &v); err != nil {
		ld.fail(file, -1, "malformed version.yaml: %v", err)
		return
	}
	ld.meta.Collector = Collector{Name: "troubleshoot", Version: v.Spec.VersionNumber}
	if !strings.HasPrefix(v.APIVersion, "troubleshoot.") {
		ld.fail(file, -1, "apiVersion %q is not troubleshoot's", v.APIVersion)
	}
}
