package bundle

import (
	"path"
	"strings"
	"time"
)

// planMustGather maps a path of an OpenShift must-gather image folder to
// its role.
func planMustGather(l *listing, root, rel string) (plan, bool) {
	parts := strings.Split(rel, "/")
	switch {
	case rel == "timestamp":
		return plan{role: roleTimestamp}, true
	case parts[0] != "namespaces" && parts[0] != "cluster-scoped-resources":
		return plan{}, false
	case parts[0] == "namespaces" && len(parts) >= 4 && parts[2] == "pods":
		return planMustGatherPod(l, root, parts), true
	case !isManifestName(rel):
		return plan{}, true
	case len(parts) >= 4 && l.files[root+path.Dir(rel)+".yaml"]:
		// <resource>/<name>.yaml repeats an item of <resource>.yaml.
		return plan{}, true
	}
	return plan{role: roleObjects}, true
}

// planMustGatherPod handles namespaces/<ns>/pods/<pod>/...: container logs
// at <ctr>/<ctr>/logs/{current,previous}.log, and <pod>.yaml, which repeats
// core/pods.yaml and is read only when that list is missing.
func planMustGatherPod(l *listing, root string, parts []string) plan {
	ns, pod := parts[1], parts[3]
	switch {
	case len(parts) == 8 && parts[6] == "logs" && (parts[7] == "current.log" || parts[7] == "previous.log"):
		return plan{role: roleLog, log: Log{Namespace: ns, Pod: pod, Container: parts[4], Previous: parts[7] == "previous.log"}}
	case len(parts) == 5 && parts[4] == pod+".yaml" && !l.files[root+path.Join("namespaces", ns, "core", "pods.yaml")]:
		return plan{role: roleObjects}
	}
	return plan{}
}

// absentMustGather states the pods and events a must-gather lacks in
// every image folder: they are namespaces/<ns>/core/pods.yaml (or one
// pods/<pod>/<pod>.yaml per pod) and namespaces/<ns>/core/events.yaml.
func absentMustGather(l *listing, roots []string) []NotCollected {
	var found [2]bool
	for f := range l.files {
		for _, r := range roots {
			rel, ok := strings.CutPrefix(f, r)
			if !ok {
				continue
			}
			parts := strings.Split(rel, "/")
			switch {
			case parts[0] != "namespaces":
			case len(parts) == 4 && parts[2] == "core" && parts[3] == "pods.yaml",
				len(parts) == 5 && parts[2] == "pods" && parts[4] == parts[3]+".yaml":
				found[0] = true
			case len(parts) == 4 && parts[2] == "core" && parts[3] == "events.yaml":
				found[1] = true
			}
		}
	}
	return absent("must-gather",
		[2]string{"namespaces/<namespace>/core/pods.yaml", "namespaces/<namespace>/core/events.yaml"}, found)
}

// mustGatherTimeLayout is Go's time.Time.String format, which must-gather's
// timestamp file uses (followed by a monotonic clock reading).
const mustGatherTimeLayout = "2006-01-02 15:04:05.999999999 -0700 MST"

// readTimestamp reads a must-gather timestamp file, whose last line is when
// gathering ended: that is the capture time.
func (ld *loader) readTimestamp(file string, data []byte) {
	lines := splitLines(data)
	if len(lines) == 0 {
		ld.fail(file, -1, "empty timestamp file")
		return
	}
	last := lines[len(lines)-1]
	if i := strings.Index(last, " m="); i >= 0 {
		last = last[:i]
	}
	t, err := time.Parse(mustGatherTimeLayout, strings.TrimSpace(last))
	if err != nil {
		ld.fail(file, -1, "cannot parse gather time %s: %v", quoteShort(last), err)
		return
	}
	t = t.UTC()
	if ld.meta.CreatedAt == nil || t.After(*ld.meta.CreatedAt) {
		ld.meta.CreatedAt = &t
	}
	ld.meta.Collector = Collector{Name: "must-gather"}
}
