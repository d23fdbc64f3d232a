package rift.rules.crash_loop_test

import data.rift.fixtures
import data.rift.rules.crash_loop

pod(waiting) := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web-1", "namespace": "shop"}, "status": {"containerStatuses": [{
	"name": "web", "restartCount": 7,
	"state": {"waiting": waiting},
	"lastState": {"terminated": {"exitCode": 1, "reason": "Error", "finishedAt": "2026-01-01T00:00:00Z"}},
}]}}

test_crash_loop_positive if {
	hs := crash_loop.hypothesis with input as fixtures.indexed({
		"objects": {"Pod": {"shop": {"web-1": pod({"reason": "CrashLoopBackOff", "message": "back-off"})}}},
		"pod_services": {"shop/web-1": ["web"]}, "events_by_object": {},
	})
	some h in hs
	h.subject.name == "web-1"
	contains(h.summary, "exit code 1")
	startswith(h.nextCheck, "kubectl logs web-1 -n shop -c web --previous")
	{"cause": "no-endpoints", "subject": {"apiVersion": "v1", "kind": "Service", "namespace": "shop", "name": "web"}} in h.explains

	# Its clients that dialled the pod found nothing listening.
	{"cause": "dependency-unavailable", "subject": {"apiVersion": "v1", "kind": "Pod", "namespace": "shop", "name": "web-1"}} in h.explains
}

test_crash_loop_negative_running if {
	count(crash_loop.hypothesis) == 0 with input as fixtures.indexed({"objects": {"Pod": {"shop": {"web-1": pod({"reason": "ContainerCreating"})}}}, "pod_services": {}, "events_by_object": {}})
}

test_init_container_cannot_run if {
	p := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "init-demo2", "namespace": "shop"}, "status": {"initContainerStatuses": [{
		"name": "install", "restartCount": 3,
		"state": {"waiting": {"reason": "RunContainerError", "message": "exec: \"wge\": executable file not found in $PATH"}},
		"lastState": {"terminated": {"exitCode": 127, "reason": "ContainerCannotRun"}},
	}]}}
	some h in crash_loop.hypothesis with input as fixtures.indexed({"objects": {"Pod": {"shop": {"init-demo2": p}}}, "pod_services": {}, "events_by_object": {}})
	contains(h.summary, "exit code 127")
}
