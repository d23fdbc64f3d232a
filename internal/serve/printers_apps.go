package serve

import (
	"fmt"
	"strings"
	"time"

	"k8s.io/apimachinery/pkg/runtime/schema"
)

func init() {
	printers[schema.GroupKind{Group: "apps", Kind: "Deployment"}] = printer{cols("Name", "Ready", "Up-to-date", "Available", "Age", "+Containers", "+Images", "+Selector"), func(o map[string]any, now time.Time) []any {
		c, i := containersImages(podSpec(o))
		return []any{name(o), fmt.Sprintf("%d/%d", num(o, "status", "readyReplicas"), num(o, "spec", "replicas")),
			num(o, "status", "updatedReplicas"), num(o, "status", "availableReplicas"), age(o, now), c, i, selector(o)}
	}}
	rs := printer{cols("Name", "Desired", "Current", "Ready", "Age", "+Containers", "+Images", "+Selector"), func(o map[string]any, now time.Time) []any {
		c, i := containersImages(podSpec(o))
		return []any{name(o), num(o, "spec", "replicas"), num(o, "status", "replicas"), num(o, "status", "readyReplicas"), age(o, now), c, i, selector(o)}
	}}
	printers[schema.GroupKind{Group: "apps", Kind: "ReplicaSet"}] = rs
	printers[schema.GroupKind{Kind: "ReplicationController"}] = rs
	printers[schema.GroupKind{Group: "apps", Kind: "StatefulSet"}] = printer{cols("Name", "Ready", "Age", "+Containers", "+Images"), func(o map[string]any, now time.Time) []any {
		c, i := containersImages(podSpec(o))
		return []any{name(o), fmt.Sprintf("%d/%d", num(o, "status", "readyReplicas"), num(o, "spec", "replicas")), age(o, now), c, i}
	}}
	printers[schema.GroupKind{Group: "apps", Kind: "DaemonSet"}] = printer{cols("Name", "Desired", "Current", "Ready", "Up-to-date", "Available", "Node Selector", "Age", "+Containers", "+Images", "+Selector"), func(o map[string]any, now time.Time) []any {
		c, i := containersImages(podSpec(o))
		ns, _ := get(podSpec(o), "nodeSelector").(map[string]any)
		return []any{name(o), num(o, "status", "desiredNumberScheduled"), num(o, "status", "currentNumberScheduled"), num(o, "status", "numberReady"),
			num(o, "status", "updatedNumberScheduled"), num(o, "status", "numberAvailable"), labelString(ns), age(o, now), c, i, selector(o)}
	}}
	printers[schema.GroupKind{Group: "batch", Kind: "Job"}] = printer{cols("Name", "Status", "Completions", "Duration", "Age", "+Containers", "+Images", "+Selector"), jobCells}
	printers[schema.GroupKind{Group: "batch", Kind: "CronJob"}] = printer{cols("Name", "Schedule", "Timezone", "Suspend", "Active", "Last Schedule", "Age", "+Containers", "+Images", "+Selector"), func(o map[string]any, now time.Time) []any {
		spec, _ := get(o, "spec", "jobTemplate", "spec", "template", "spec").(map[string]any)
		c, i := containersImages(spec)
		last := "<none>"
		if t := str(o, "status", "lastScheduleTime"); t != "" {
			last = since(t, now)
		}
		sel, _ := get(o, "spec", "jobTemplate", "spec", "selector").(map[string]any)
		suspend := get(o, "spec", "suspend") == true
		return []any{name(o), str(o, "spec", "schedule"), orNone(str(o, "spec", "timeZone")), suspend, int64(len(list(o, "status", "active"))), last, age(o, now), c, i, selectorString(sel)}
	}}
	printers[schema.GroupKind{Kind: "Service"}] = printer{cols("Name", "Type", "Cluster-IP", "External-IP", "Port(s)", "Age", "+Selector"), serviceCells}
	printers[schema.GroupKind{Group: "networking.k8s.io", Kind: "Ingress"}] = printer{cols("Name", "Class", "Hosts", "Address", "Ports", "Age"), func(o map[string]any, now time.Time) []any {
		var hosts, addrs []string
		for _, r := range list(o, "spec", "rules") {
			if h := str(r, "host"); h != "" {
				hosts = append(hosts, h)
			}
		}
		for _, a := range list(o, "status", "loadBalancer", "ingress") {
			addrs = append(addrs, str(a, "ip")+str(a, "hostname"))
		}
		ports := "80"
		if len(list(o, "spec", "tls")) > 0 {
			ports = "80, 443"
		}
		class := str(o, "spec", "ingressClassName")
		if class == "" {
			class = "<none>"
		}
		if len(hosts) == 0 {
			hosts = []string{"*"}
		}
		return []any{name(o), class, strings.Join(hosts, ","), strings.Join(addrs, ","), ports, age(o, now)}
	}}
	printers[schema.GroupKind{Group: "apiextensions.k8s.io", Kind: "CustomResourceDefinition"}] = printer{cols("Name", "Created At"), func(o map[string]any, now time.Time) []any {
		return []any{name(o), str(o, "metadata", "creationTimestamp")}
	}}
}

func podSpec(o map[string]any) map[string]any {
	s, _ := get(o, "spec", "template", "spec").(map[string]any)
	return s
}

func selector(o map[string]any) string {
	sel, _ := get(o, "spec", "selector").(map[string]any)
	if _, structured := sel["matchLabels"]; !structured {
		if _, ok := sel["matchExpressions"]; !ok && len(sel) > 0 {
			return labelString(sel) // ReplicationController: a plain map
		}
	}
	return selectorString(sel)
}

func jobCells(o map[string]any, now time.Time) []any {
	c, i := containersImages(podSpec(o))
	completions := fmt.Sprintf("%d/%d", num(o, "status", "succeeded"), num(o, "spec", "completions"))
	if get(o, "spec", "completions") == nil {
		completions = fmt.Sprintf("%d/1", num(o, "status", "succeeded"))
	}
	status := "Running"
	for _, cond := range list(o, "status", "conditions") {
		if str(cond, "status") != "True" {
			continue
		}
		switch str(cond, "type") {
		case "Complete":
			status = "Complete"
		case "Failed":
			status = "Failed"
		case "Suspended":
			status = "Suspended"
		case "FailureTarget":
			status = "FailureTarget"
		case "SuccessCriteriaMet":
			status = "SuccessCriteriaMet"
		}
	}
	dur := ""
	if start := str(o, "status", "startTime"); start != "" {
		end := str(o, "status", "completionTime")
		st, _ := time.Parse(time.RFC3339, start)
		et := now
		if end != "" {
			et, _ = time.Parse(time.RFC3339, end)
		}
		dur = shortDuration(et.Sub(st))
	}
	return []any{name(o), status, completions, dur, age(o, now), c, i, selector(o)}
}

func shortDuration(d time.Duration) string {
	if d < 0 {
		return "0s"
	}
	s := d.Round(time.Second).String()
	return strings.TrimSuffix(strings.TrimSuffix(s, "0s"), "0m")
}

func serviceCells(o map[string]any, now time.Time) []any {
	typ := str(o, "spec", "type")
	if typ == "" {
		typ = "ClusterIP"
	}
	clusterIP := str(o, "spec", "clusterIP")
	if clusterIP == "" {
		clusterIP = "<none>"
	}
	ext := stringList(get(o, "spec", "externalIPs"))
	switch typ {
	case "LoadBalancer":
		for _, a := range list(o, "status", "loadBalancer", "ingress") {
			ext = append(ext, str(a, "ip")+str(a, "hostname"))
		}
		if len(ext) == 0 {
			ext = []string{"<pending>"}
		}
	case "ExternalName":
		ext = []string{str(o, "spec", "externalName")}
	}
	extStr := strings.Join(ext, ",")
	if extStr == "" {
		extStr = "<none>"
	}
	var ports []string
	for _, p := range list(o, "spec", "ports") {
		proto := str(p, "protocol")
		if proto == "" {
			proto = "TCP"
		}
		if np := num(p, "nodePort"); np != 0 {
			ports = append(ports, fmt.Sprintf("%d:%d/%s", num(p, "port"), np, proto))
		} else {
			ports = append(ports, fmt.Sprintf("%d/%s", num(p, "port"), proto))
		}
	}
	sel, _ := get(o, "spec", "selector").(map[string]any)
	pstr := strings.Join(ports, ",")
	if pstr == "" {
		pstr = "<none>"
	}
	return []any{name(o), typ, clusterIP, extStr, pstr, age(o, now), labelString(sel)}
}
