package rift.rules.sandbox_failed_test

import data.rift.fixtures
import data.rift.lib
import data.rift.rules.sandbox_failed

calico := `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "8c2f": plugin type="calico" failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/`

aws_cni := `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox "41ab": plugin type="aws-cni" name="aws-cni" failed (add): add cmd: failed to assign an IP address to container`

gvisor := `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox runtime: no runtime for "runsc" is configured`

pause := `Failed to create pod sandbox: rpc error: code = Unknown desc = failed to get sandbox image "registry.k8s.io/pause:3.9": failed to pull image "registry.k8s.io/pause:3.9": dial tcp 34.96.108.209:443: i/o timeout`

pod(name, node, phase) := {
	"apiVersion": "v1", "kind": "Pod",
	"metadata": {"name": name, "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web-6d", "controller": true}]},
	"spec": {"nodeName": node, "runtimeClassName": "gvisor"},
	"status": {"phase": phase},
}

rs := {"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": {"name": "web-6d", "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web", "controller": true}]}}

ev(name, msg) := {
	"reason": "FailedCreatePodSandBox", "type": "Warning", "message": msg, "count": 6, "firstTime": "2026-01-01T00:00:00Z", "time": "2026-01-01T00:00:30Z",
	"object": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": name, "uid": ""},
}

doc(pods, msgs) := fixtures.indexed({
	"objects": {"Pod": {"shop": {p.metadata.name: p | some p in pods}}, "ReplicaSet": {"shop": {"web-6d": rs}}},
	"events_by_reason": {"FailedCreatePodSandBox": [ev(name, msg) | some name, msg in msgs]},
	"events_by_object": {concat("", ["Pod/shop/", name]): [ev(name, msg)] | some name, msg in msgs},
	"pod_services": {},
})

hyps(d) := hs if {
	hs := [h | some h in sandbox_failed.hypothesis] with input as d
}

# The node's network plugin: the node is the subject, nothing in Git is
# wrong, and the workload the pod holds is explained.
test_network_plugin_is_the_node if {
	[h] := hyps(doc([pod("web-6d-a", "worker-c", "Pending")], {"web-6d-a": calico}))
	h.subject == {"apiVersion": "v1", "kind": "Node", "namespace": "", "name": "worker-c"}
	h.repair.owner == "external-dependency"
	contains(h.summary, "its network plugin gives new pods no network")
	contains(h.summary, "1 pod stuck in ContainerCreating: shop/web-6d-a")
	lib.explain("not-converged", {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"}) in h.explains
	lib.explain("rollout-blocked", {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-6d"}) in h.explains
}

# Two pods on one node are one hypothesis; a pod on another node is its own.
test_one_hypothesis_a_node if {
	hs := hyps(doc(
		[pod("web-6d-a", "worker-c", "Pending"), pod("web-6d-b", "worker-c", "Pending"), pod("web-6d-c", "worker-d", "Pending")],
		{"web-6d-a": aws_cni, "web-6d-b": aws_cni, "web-6d-c": aws_cni},
	))
	count(hs) == 2
	some h in hs
	h.subject.name == "worker-c"
	contains(h.summary, "2 pods stuck in ContainerCreating: shop/web-6d-a, shop/web-6d-b")
	count(h.supporting) == 2
}

test_pause_image_is_the_node if {
	[h] := hyps(doc([pod("web-6d-a", "worker-c", "Pending")], {"web-6d-a": pause}))
	h.subject.kind == "Node"
	contains(h.summary, "sandbox (pause) image")
	h.repair.owner == "external-dependency"
}

# A runtime handler the node lacks is the template's RuntimeClass.
test_runtime_handler_is_the_template if {
	[h] := hyps(doc([pod("web-6d-a", "worker-c", "Pending")], {"web-6d-a": gvisor}))
	h.subject == {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-6d"}
	h.repair.owner == "repository"
}

# A pod that got its sandbox since is running: the events are history.
test_running_pod_is_not_held if {
	count(hyps(doc([pod("web-6d-a", "worker-c", "Running")], {"web-6d-a": calico}))) == 0
}

# A sandbox created after a transient failure: the kubelet pulls the
# image, and the failure is history although the pod is still Pending.
test_progress_after_the_failure if {
	pulling := {
		"reason": "Pulling", "type": "Normal", "message": "Pulling image", "count": 1, "firstTime": "2026-01-01T00:01:00Z", "time": "2026-01-01T00:01:00Z",
		"object": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "web-6d-a", "uid": ""},
	}
	d := json.patch(doc([pod("web-6d-a", "worker-c", "Pending")], {"web-6d-a": calico}), [{"op": "add", "path": "/events_by_object/Pod~1shop~1web-6d-a/-", "value": pulling}])
	count(hyps(d)) == 0
}
