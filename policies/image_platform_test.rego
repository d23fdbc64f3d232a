package rift.rules.image_platform_mismatch_test

import data.rift.fixtures
import data.rift.lib
import data.rift.rules.image_platform_mismatch

pod(last) := {
	"apiVersion": "v1", "kind": "Pod",
	"metadata": {"name": "web-1", "namespace": "shop", "ownerReferences": [{"apiVersion": "apps/v1", "kind": "ReplicaSet", "name": "web-6d", "controller": true}]},
	"spec": {"nodeName": "n1", "containers": [{"name": "app", "image": "registry.example/web:2.0"}]},
	"status": {"phase": "Running", "containerStatuses": [{
		"name": "app", "image": "registry.example/web:2.0", "ready": false, "restartCount": 3,
		"state": {"waiting": {"reason": "CrashLoopBackOff"}},
		"lastState": {"terminated": last},
	}]},
}

node := {"apiVersion": "v1", "kind": "Node", "metadata": {"name": "n1", "labels": {"kubernetes.io/arch": "arm64"}}}

doc(p, logs) := fixtures.indexed({
	"objects": {"Pod": {"shop": {"web-1": p}}, "Node": {"": {"n1": node}}},
	"pod_services": {}, "events_by_object": {},
	"logs": {"shop/web-1": logs},
})

hyps(d) := hs if {
	hs := [h | some h in image_platform_mismatch.hypothesis] with input as d
}

# The entrypoint cannot exec on the node's architecture: said in the log
# or by the runtime in the last termination.
test_exec_format_error if {
	[h] := hyps(doc(pod({"reason": "Error", "exitCode": 255}), [{"container": "app", "previous": true, "file": "logs/shop/web-1/app.previous.log", "lines": ["exec /app/web: exec format error"]}]))
	h.subject == {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "shop", "name": "web-6d"}
	contains(h.summary, "(arm64)")
	h.repair.owner == "repository"
	lib.explain("crash-loop", lib.ref(pod({}))) in h.explains
	[r] := hyps(doc(pod({"reason": "StartError", "exitCode": 128, "message": `failed to create containerd task: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: exec: "/app/web": exec format error: unknown`}), []))
	r.supporting[0].path == "status.containerStatuses[name=app].lastState.terminated"
}

# Another crash is crash-loop's alone.
test_other_crash_negative if {
	count(hyps(doc(pod({"reason": "Error", "exitCode": 1}), [{"container": "app", "previous": true, "file": "f", "lines": ["panic: nil map"]}]))) == 0
}
