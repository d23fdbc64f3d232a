package rift.lib_test

import data.rift.lib

test_count_of_singular if lib.count_of(1, "restart") == "1 restart"

test_count_of_plural if {
	lib.count_of(0, "restart") == "0 restarts"
	lib.count_of(7, "restart") == "7 restarts"
}

# An init container's status is cited under initContainerStatuses.
test_status_path if {
	init := {"name": "wait-db", "state": {"waiting": {"reason": "CrashLoopBackOff"}}}
	app := {"name": "api", "state": {"waiting": {"reason": "PodInitializing"}}}
	pod := {"status": {"initContainerStatuses": [init], "containerStatuses": [app]}}
	lib.status_path(pod, init) == "status.initContainerStatuses[name=wait-db]"
	lib.status_path(pod, app) == "status.containerStatuses[name=api]"
}
