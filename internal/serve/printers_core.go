package serve

import (
	"fmt"
	"sort"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

func init() {
	printers[schema.GroupKind{Kind: "Pod"}] = printer{cols("Name", "Ready", "Status", "Restarts", "Age", "+IP", "+Node", "+Nominated Node", "+Readiness Gates"), podCells}
	printers[schema.GroupKind{Kind: "Node"}] = printer{cols("Name", "Status", "Roles", "Age", "Version", "+Internal-IP", "+External-IP", "+OS-Image", "+Kernel-Version", "+Container-Runtime"), nodeCells}
	printers[schema.GroupKind{Kind: "Namespace"}] = printer{cols("Name", "Status", "Age"), func(o map[string]any, now time.Time) []any {
		return []any{name(o), str(o, "status", "phase"), age(o, now)}
	}}
	ev := printer{cols("Last Seen", "Type", "Reason", "Object", "+Subobject", "+Source", "Message", "+First Seen", "+Count", "+Name"), eventCells}
	printers[schema.GroupKind{Kind: "Event"}] = ev
	printers[schema.GroupKind{Group: "events.k8s.io", Kind: "Event"}] = printer{ev.columns, func(o map[string]any, now time.Time) []any {
		return eventCells(toCoreEvent(o), now)
	}}
	printers[schema.GroupKind{Kind: "ConfigMap"}] = printer{cols("Name", "Data", "Age"), func(o map[string]any, now time.Time) []any {
		d, _ := o["data"].(map[string]any)
		b, _ := o["binaryData"].(map[string]any)
		return []any{name(o), int64(len(d) + len(b)), age(o, now)}
	}}
	printers[schema.GroupKind{Kind: "Secret"}] = printer{cols("Name", "Type", "Data", "Age"), func(o map[string]any, now time.Time) []any {
		d, _ := o["data"].(map[string]any)
		return []any{name(o), str(o, "type"), int64(len(d)), age(o, now)}
	}}
	printers[schema.GroupKind{Kind: "PersistentVolumeClaim"}] = printer{cols("Name", "Status", "Volume", "Capacity", "Access Modes", "StorageClass", "VolumeAttributesClass", "Age", "+VolumeMode"), func(o map[string]any, now time.Time) []any {
		return []any{name(o), str(o, "status", "phase"), str(o, "spec", "volumeName"), str(o, "status", "capacity", "storage"),
			accessModes(o, "status"), orNone(str(o, "spec", "storageClassName")), orNone(str(o, "spec", "volumeAttributesClassName")), age(o, now), orNone(str(o, "spec", "volumeMode"))}
	}}
	printers[schema.GroupKind{Kind: "PersistentVolume"}] = printer{cols("Name", "Capacity", "Access Modes", "Reclaim Policy", "Status", "Claim", "StorageClass", "VolumeAttributesClass", "Reason", "Age", "+VolumeMode"), func(o map[string]any, now time.Time) []any {
		claim := ""
		if n := str(o, "spec", "claimRef", "name"); n != "" {
			claim = str(o, "spec", "claimRef", "namespace") + "/" + n
		}
		return []any{name(o), str(o, "spec", "capacity", "storage"), accessModes(o, "spec"), str(o, "spec", "persistentVolumeReclaimPolicy"),
			str(o, "status", "phase"), claim, str(o, "spec", "storageClassName"), orNone(str(o, "spec", "volumeAttributesClassName")), str(o, "status", "reason"), age(o, now), orNone(str(o, "spec", "volumeMode"))}
	}}
	printers[schema.GroupKind{Kind: "Endpoints"}] = printer{cols("Name", "Endpoints", "Age"), func(o map[string]any, now time.Time) []any {
		var eps []string
		for _, s := range list(o, "subsets") {
			for _, a := range list(s, "addresses") {
				ports := list(s, "ports")
				if len(ports) == 0 {
					eps = append(eps, str(a, "ip"))
				}
				for _, p := range ports {
					eps = append(eps, fmt.Sprintf("%s:%d", str(a, "ip"), num(p, "port")))
				}
			}
		}
		if len(eps) > 3 {
			eps = append(eps[:3], fmt.Sprintf("+ %d more...", len(eps)-3))
		}
		return []any{name(o), orNone(strings.Join(eps, ",")), age(o, now)}
	}}
}

func accessModes(o map[string]any, where string) string {
	short := map[string]string{"ReadWriteOnce": "RWO", "ReadOnlyMany": "ROX", "ReadWriteMany": "RWX", "ReadWriteOncePod": "RWOP"}
	var out []string
	for _, m := range stringList(get(o, where, "accessModes")) {
		out = append(out, short[m])
	}
	return strings.Join(out, ",")
}

// podCells is kubectl's printPod: the aggregate status from the init and
// app containers' states, readiness and restarts.
func podCells(o map[string]any, now time.Time) []any {
	spec, _ := o["spec"].(map[string]any)
	status, _ := o["status"].(map[string]any)
	total := len(list(spec, "containers"))
	restartable := map[string]bool{}
	for _, c := range list(spec, "initContainers") {
		if str(c, "restartPolicy") == "Always" {
			restartable[str(c, "name")] = true
			total++
		}
	}
	reason := str(status, "phase")
	if r := str(status, "reason"); r != "" {
		reason = r
	}
	for _, c := range list(status, "conditions") {
		if str(c, "type") == "PodScheduled" && str(c, "reason") == "SchedulingGated" {
			reason = "SchedulingGated"
		}
	}
	var restarts, sidecarRestarts, ready int64
	var lastRestart, lastSidecarRestart string
	initializing := false
	inits := list(status, "initContainerStatuses")
	for i, cs := range inits {
		restarts += num(cs, "restartCount")
		fin := str(cs, "lastState", "terminated", "finishedAt")
		lastRestart = maxTime(lastRestart, fin)
		if restartable[str(cs, "name")] {
			sidecarRestarts += num(cs, "restartCount")
			lastSidecarRestart = maxTime(lastSidecarRestart, fin)
		}
		term, _ := get(cs, "state", "terminated").(map[string]any)
		waiting := str(cs, "state", "waiting", "reason")
		switch {
		case term != nil && num(term, "exitCode") == 0:
			continue
		case restartable[str(cs, "name")] && get(cs, "started") == true:
			if get(cs, "ready") == true {
				ready++
			}
			continue
		case term != nil:
			switch {
			case str(term, "reason") != "":
				reason = "Init:" + str(term, "reason")
			case num(term, "signal") != 0:
				reason = fmt.Sprintf("Init:Signal:%d", num(term, "signal"))
			default:
				reason = fmt.Sprintf("Init:ExitCode:%d", num(term, "exitCode"))
			}
		case waiting != "" && waiting != "PodInitializing":
			reason = "Init:" + waiting
		default:
			reason = fmt.Sprintf("Init:%d/%d", i, len(list(spec, "initContainers")))
		}
		initializing = true
		break
	}
	if !initializing || conditionTrue(status, "Initialized") {
		restarts, lastRestart = sidecarRestarts, lastSidecarRestart
		hasRunning, errorReason := false, ""
		css := list(status, "containerStatuses")
		for i := len(css) - 1; i >= 0; i-- {
			cs := css[i]
			restarts += num(cs, "restartCount")
			lastRestart = maxTime(lastRestart, str(cs, "lastState", "terminated", "finishedAt"))
			term, _ := get(cs, "state", "terminated").(map[string]any)
			switch {
			case str(cs, "state", "waiting", "reason") != "":
				reason = str(cs, "state", "waiting", "reason")
			case term != nil:
				switch {
				case str(term, "reason") != "":
					reason = str(term, "reason")
				case num(term, "signal") != 0:
					reason = fmt.Sprintf("Signal:%d", num(term, "signal"))
				default:
					reason = fmt.Sprintf("ExitCode:%d", num(term, "exitCode"))
				}
				if num(term, "exitCode") != 0 {
					errorReason = reason
				}
			case get(cs, "ready") == true && get(cs, "state", "running") != nil:
				hasRunning = true
				ready++
			}
		}
		if reason == "Completed" {
			switch {
			case hasRunning && conditionTrue(status, "Ready"):
				reason = "Running"
			case errorReason != "":
				reason = errorReason
			case hasRunning:
				reason = "NotReady"
			}
		}
	}
	phase := str(status, "phase")
	if str(o, "metadata", "deletionTimestamp") != "" {
		if str(status, "reason") == "NodeLost" {
			reason = "Unknown"
		} else if phase != "Succeeded" && phase != "Failed" {
			reason = "Terminating"
		}
	}
	restartStr := itoa(restarts)
	if restarts != 0 && lastRestart != "" {
		restartStr = fmt.Sprintf("%d (%s ago)", restarts, since(lastRestart, now))
	}
	ip := ""
	if ips := list(status, "podIPs"); len(ips) > 0 {
		ip = str(ips[0], "ip")
	}
	gates := "<none>"
	if rg := list(spec, "readinessGates"); len(rg) > 0 {
		n := 0
		for _, g := range rg {
			if conditionTrue(status, str(g, "conditionType")) {
				n++
			}
		}
		gates = fmt.Sprintf("%d/%d", n, len(rg))
	}
	return []any{name(o), fmt.Sprintf("%d/%d", ready, total), reason, restartStr, age(o, now),
		orNone(ip), orNone(str(spec, "nodeName")), orNone(str(status, "nominatedNodeName")), gates}
}

func conditionTrue(status map[string]any, typ string) bool {
	for _, c := range list(status, "conditions") {
		if str(c, "type") == typ {
			return str(c, "status") == "True"
		}
	}
	return false
}

// maxTime returns the later of two RFC 3339 times (they sort as strings
// when both are in UTC, as the API server writes them).
func maxTime(a, b string) string {
	if b > a {
		return b
	}
	return a
}

func nodeCells(o map[string]any, now time.Time) []any {
	status := "Unknown"
	for _, c := range list(o, "status", "conditions") {
		if str(c, "type") == "Ready" {
			status = map[string]string{"True": "Ready", "False": "NotReady"}[str(c, "status")]
			if status == "" {
				status = "Unknown"
			}
		}
	}
	if get(o, "spec", "unschedulable") == true {
		status += ",SchedulingDisabled"
	}
	var roles []string
	labels, _ := get(o, "metadata", "labels").(map[string]any)
	for k := range labels {
		if r, ok := strings.CutPrefix(k, "node-role.kubernetes.io/"); ok && r != "" {
			roles = append(roles, r)
		} else if k == "kubernetes.io/role" {
			roles = append(roles, fmt.Sprint(labels[k]))
		}
	}
	sort.Strings(roles)
	addr := map[string]string{}
	for _, a := range list(o, "status", "addresses") {
		if addr[str(a, "type")] == "" {
			addr[str(a, "type")] = str(a, "address")
		}
	}
	info := func(k string) string { return str(o, "status", "nodeInfo", k) }
	return []any{name(o), status, orNone(strings.Join(roles, ",")), age(o, now), info("kubeletVersion"),
		orNone(addr["InternalIP"]), orNone(addr["ExternalIP"]), info("osImage"), info("kernelVersion"), info("containerRuntimeVersion")}
}

// eventCells is kubectl's printEvent on a core/v1 Event.
func eventCells(o map[string]any, now time.Time) []any {
	first := str(o, "firstTimestamp")
	if first == "" {
		first = str(o, "eventTime")
	}
	firstAge := since(first, now)
	lastAge := firstAge
	if l := str(o, "lastTimestamp"); l != "" {
		lastAge = since(l, now)
	}
	count := num(o, "count")
	if s, ok := o["series"].(map[string]any); ok {
		lastAge, count = since(str(s, "lastObservedTime"), now), num(s, "count")
	} else if count == 0 {
		count = 1
	}
	target := strings.ToLower(str(o, "involvedObject", "kind"))
	if n := str(o, "involvedObject", "name"); n != "" {
		target += "/" + n
	}
	source := str(o, "source", "component")
	if source == "" {
		source = str(o, "reportingComponent")
	}
	if h := str(o, "source", "host"); h != "" {
		source += ", " + h
	} else if in := str(o, "reportingInstance"); in != "" {
		source += ", " + in
	}
	return []any{lastAge, str(o, "type"), str(o, "reason"), target, str(o, "involvedObject", "fieldPath"),
		source, strings.TrimSpace(str(o, "message")), firstAge, count, name(o)}
}
