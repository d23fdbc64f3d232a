package benchgen

import (
	"fmt"
	"strings"
	"sync"
	"time"
)

// group is one object file of the generated mix: the objects of one
// resource in one namespace, dressed (dress) once, in the order the
// archive's files are written, however many files show them.
type group struct {
	ns, resource string
	objs         []map[string]any
	dressOnce    func()
}

// groups takes g's object files out of g (so that each is dropped once
// written) and gives each a dressing step that numbers resourceVersions
// from *rv and, if managed, adds managedFields.
func (g *gen) groups(rv *int, managed bool) []*group {
	out := make([]*group, 0, len(g.files))
	for _, p := range sortedKeys(g.files) {
		// objects/<ns>/<resource>.yaml
		parts := strings.Split(strings.TrimSuffix(p, ".yaml"), "/")
		gr := &group{ns: parts[1], resource: parts[2], objs: g.files[p]}
		gr.dressOnce = sync.OnceFunc(func() {
			for _, o := range gr.objs {
				*rv++
				dress(o, *rv)
				if managed {
					addManagedFields(o)
				}
			}
		})
		out = append(out, gr)
	}
	g.files = nil
	return out
}

// apiGroup is the API group of an object's apiVersion, "core" for v1.
func apiGroup(o map[string]any) string {
	av, _ := o["apiVersion"].(string)
	if g, _, ok := strings.Cut(av, "/"); ok {
		return g
	}
	return "core"
}

// nodeNames lists the nodes the generated Pods run on, sorted.
func nodeNames(gs []*group) []string {
	seen := map[string]bool{}
	for _, gr := range gs {
		if gr.resource != "pods" {
			continue
		}
		for _, o := range gr.objs {
			if n, ok := o["spec"].(map[string]any)["nodeName"].(string); ok {
				seen[n] = true
			}
		}
	}
	return sortedKeys(seen)
}

// namespaceObject is a Namespace as the API server returns it.
func namespaceObject(name string) map[string]any {
	return map[string]any{"apiVersion": "v1", "kind": "Namespace",
		"metadata": map[string]any{"name": name, "uid": "ns-" + name, "resourceVersion": "1",
			"creationTimestamp": ts(CaptureTime.Add(-90 * 24 * time.Hour)),
			"labels":            map[string]any{"kubernetes.io/metadata.name": name}},
		"spec":   map[string]any{"finalizers": []any{"kubernetes"}},
		"status": map[string]any{"phase": "Active"}}
}

// nodeObject is a ready Node, as a kubelet reports it.
func nodeObject(name string) map[string]any {
	ip := "192.168.0." + strings.TrimPrefix(name, "node-")
	since := ts(CaptureTime.Add(-30 * 24 * time.Hour))
	cond := func(typ, status, reason string) map[string]any {
		return map[string]any{"type": typ, "status": status, "reason": reason, "message": "kubelet reports " + reason,
			"lastHeartbeatTime": ts(CaptureTime.Add(-20 * time.Second)), "lastTransitionTime": since}
	}
	res := map[string]any{"cpu": "8", "memory": "32863012Ki", "pods": "110", "ephemeral-storage": "102350Mi"}
	return map[string]any{"apiVersion": "v1", "kind": "Node",
		"metadata": map[string]any{"name": name, "uid": "node-uid-" + name, "resourceVersion": "1", "creationTimestamp": since,
			"labels": map[string]any{"kubernetes.io/hostname": name, "kubernetes.io/os": "linux", "kubernetes.io/arch": "amd64",
				"node.kubernetes.io/instance-type": "m5.2xlarge", "topology.kubernetes.io/zone": "zone-a"}},
		"spec": map[string]any{"podCIDR": fmt.Sprintf("10.42.%s.0/24", strings.TrimPrefix(name, "node-")), "providerID": "aws:///zone-a/" + name},
		"status": map[string]any{"addresses": []any{map[string]any{"type": "InternalIP", "address": ip}, map[string]any{"type": "Hostname", "address": name}},
			"allocatable": res, "capacity": res,
			"conditions": []any{cond("MemoryPressure", "False", "KubeletHasSufficientMemory"), cond("DiskPressure", "False", "KubeletHasNoDiskPressure"),
				cond("PIDPressure", "False", "KubeletHasSufficientPID"), cond("Ready", "True", "KubeletReady")},
			"nodeInfo": map[string]any{"architecture": "amd64", "containerRuntimeVersion": "containerd://1.7.22", "kernelVersion": "6.1.0",
				"kubeletVersion": "v1.31.2", "kubeProxyVersion": "v1.31.2", "operatingSystem": "linux", "osImage": "Ubuntu 24.04 LTS"}}}
}

// podLog is a started container's log as its collector keeps it: the
// generator's log of a failing pod, else two lines of a healthy start.
func podLog(g *gen, ns, pod string, started string, previous bool) (string, bool) {
	key := "logs/" + ns + "/" + pod + "/app.log"
	if previous {
		key = "logs/" + ns + "/" + pod + "/app.previous.log"
	}
	if l, ok := g.logs[key]; ok {
		return l, true
	}
	if previous || started == "" {
		return "", false
	}
	return started + " INFO starting " + pod + "\n" + started + " INFO listening on :8080\n", true
}
