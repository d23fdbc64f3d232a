package rift.rules.no_endpoints_test

import data.rift.rules.no_endpoints

svc := {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "kafka", "namespace": "kafka"}, "spec": {"selector": {"app": "kafka"}}}

pod(ready) := {"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "kafka-0", "namespace": "kafka"}, "status": {"conditions": [{"type": "Ready", "status": ready}]}}

test_no_ready_pod if {
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": ["kafka-0"]}, "objects": {"Service": {"kafka": {"kafka": svc}}, "Pod": {"kafka": {"kafka-0": pod("False")}}}}
	contains(h.summary, "none Ready")
	h.repair.owner == "none"
	{"cause": "dependency-unavailable", "subject": {"apiVersion": "v1", "kind": "Service", "namespace": "kafka", "name": "kafka"}} in h.explains
}

test_selector_matches_nothing if {
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}}
	contains(h.summary, "matches nothing")
	h.repair.owner == "repository"
}

test_ready_pod_negative if {
	count(no_endpoints.hypothesis) == 0 with input as {"service_pods": {"kafka/kafka": ["kafka-0"]}, "objects": {"Service": {"kafka": {"kafka": svc}}, "Pod": {"kafka": {"kafka-0": pod("True")}}}}
}

test_selector_matches_nothing_with_failing_caller if {
	some h in no_endpoints.hypothesis with input as {
		"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}},
		"logs": {"shop/api-1": [{"file": "f", "lines": ["dial tcp kafka.kafka:9092: connect: connection refused"]}]},
	}
	h.status == "supported"
	count(h.supporting) == 2
}

ing_ref := {"apiVersion": "networking.k8s.io/v1", "kind": "Ingress", "namespace": "kafka", "name": "kafka-ui"}

routed(failures, change) := r if {
	base := {"routes": [{"object": ing_ref, "path": "spec.rules[0].http.paths[0].backend", "hosts": ["kafka.example.com"], "port": "80"}], "failures": failures}
	r := {"kafka/kafka": object.union(base, change)}
}

nginx_503 := {
	"object": {"apiVersion": "v1", "kind": "Pod", "namespace": "ingress-nginx", "name": "ingress-nginx-controller-1"},
	"container": "controller", "file": "logs/ingress-nginx/ingress-nginx-controller-1/controller.log",
	"line": "10.0.0.1 - - [02/Dec/2026:06:40:01 +0000] \"GET / HTTP/1.1\" 503 190 \"-\" \"curl/8.5.0\" 76 0.000 [kafka-kafka-80] [] - - - - 9c1f",
	"what": "5xx", "upstream": "kafka-kafka-80",
}

test_routed_failure_supports if {
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}, "service_routes": routed([nginx_503], {})}
	h.status == "supported"
	some e in h.supporting
	e.file == nginx_503.file
	contains(e.message, "[kafka-kafka-80]")
	some r in h.supporting
	r.object == ing_ref
	contains(r.message, "kafka.example.com")
}

test_route_without_failure_stays_open if {
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}, "service_routes": routed([], {})}
	h.status == "open"
}

test_failure_of_another_service_stays_open if {
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}, "service_routes": {"kafka/other": {"routes": [], "failures": [nginx_503]}}}
	h.status == "open"
}

label_change := {"labelChange": {
	"workload": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "kafka", "name": "kafka-ui"},
	"old": {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "kafka", "name": "kafka-ui-1"},
	"current": {"apiVersion": "apps/v1", "kind": "ReplicaSet", "namespace": "kafka", "name": "kafka-ui-2"},
	"at": "2026-12-02T06:30:00Z",
	"commit": {"revision": "0123456789abcdef0123", "subject": "ui: new labels", "time": "2026-12-02T06:29:58Z", "source": "kafka"},
}}

test_label_change_names_commit if {
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}, "service_routes": routed([nginx_503], label_change)}
	contains(h.repair.action, "0123456789ab")
	contains(h.repair.action, "ui: new labels")
	h.repair.rollback == "revert commit 0123456789ab"
	some e in h.supporting
	e.path == "spec.template.metadata.labels"
}

test_label_change_without_commit_names_no_commit if {
	nocommit := {"labelChange": object.remove(label_change.labelChange, ["commit"])}
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}, "service_routes": routed([nginx_503], nocommit)}
	not contains(h.repair.action, "commit")
	h.repair.rollback == "revert the commit"
}

test_failed_check_on_routed_host_supports if {
	check := {"object": ing_ref, "container": "", "file": "checks/shop.yaml", "line": "check home on https://kafka.example.com/: HTTP 503", "what": "check", "upstream": "https://kafka.example.com/"}
	some h in no_endpoints.hypothesis with input as {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}, "service_routes": routed([check], {})}
	h.status == "supported"
	some e in h.supporting
	e.file == "checks/shop.yaml"
	startswith(e.message, "a failed check on the routed path")
}

# Ready pods that declare no port of the name the Service targets are no
# endpoint: the named targetPort is the cause.
named(target, port_name, verdict) := {
	"service_pods": {"shop/web": ["web-1"]},
	"workloads": {"Service/shop/web": {"convergence": verdict}},
	"objects": {
		"Service": {"shop": {"web": {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "web", "namespace": "shop"}, "spec": {"selector": {"app": "web"}, "ports": [{"name": "http", "port": 80, "targetPort": target}]}}}},
		"Pod": {"shop": {"web-1": {
			"apiVersion": "v1", "kind": "Pod", "metadata": {"name": "web-1", "namespace": "shop"},
			"spec": {"containers": [{"name": "web", "ports": [{"name": port_name, "containerPort": 8080}]}]},
			"status": {"conditions": [{"type": "Ready", "status": "True"}]},
		}}},
	},
}

test_named_target_port_declared_by_no_pod if {
	some h in no_endpoints.hypothesis with input as named("http", "web", "failed")
	h.status == "supported"
	contains(h.summary, `targetPort "http" names no container port of its 1 selected pods (they declare web)`)
	h.repair.owner == "repository"
}

test_named_target_port_negatives if {
	# the pods declare it; a numeric targetPort; the layers see endpoints
	every inp in [named("http", "http", "failed"), named(8080, "web", "failed"), named("http", "web", "converged")] {
		count(no_endpoints.hypothesis) == 0 with input as inp
	}
}

sts_ref := {"apiVersion": "apps/v1", "kind": "StatefulSet", "namespace": "kafka", "name": "kafka"}

# scaled is input.service_workloads with the StatefulSet kafka at zero
# replicas, the rest of its entry from extra.
scaled(extra) := {"kafka/kafka": [object.union({"workload": sts_ref, "replicas": 0}, extra)]}

podless(workloads) := {"service_pods": {"kafka/kafka": []}, "objects": {"Service": {"kafka": {"kafka": svc}}}, "service_workloads": workloads}

test_scaled_to_zero_by_hand if {
	some h in no_endpoints.hypothesis with input as podless(scaled({"scaledBy": {"manager": "kubectl", "operation": "Update", "subresource": "scale", "time": "2026-12-02T06:00:00Z", "declared": false}}))
	contains(h.summary, "StatefulSet kafka, whose pod template it selects, is scaled to 0 replicas by kubectl")
	h.status == "open"
	h.repair.owner == "live-mitigation"
	contains(h.repair.action, "kubectl scale statefulset kafka -n kafka")
	some e in h.supporting
	e.object == sts_ref
	e.path == "spec.replicas"
	contains(e.message, "(set by kubectl through the scale subresource at 2026-12-02T06:00:00Z)")
}

test_scaled_to_zero_in_git if {
	some h in no_endpoints.hypothesis with input as podless(scaled({"git": {"source": "kafka", "revision": "0123456789abcdef", "subject": "kafka: scale to 0 for the migration", "replicas": 0}}))
	h.repair.owner == "repository"
	contains(h.repair.action, "Git source kafka at 0123456789ab declares 0 replicas for StatefulSet kafka")
	contains(h.repair.action, "kafka: scale to 0 for the migration")
}

test_scaled_to_zero_applied_declared if {
	some h in no_endpoints.hypothesis with input as podless(scaled({"scaledBy": {"manager": "helm", "operation": "Update", "subresource": "", "time": "t", "declared": true}}))
	h.repair.owner == "repository"
	contains(h.repair.action, "applied by helm")
}

test_scaled_to_zero_by_keda if {
	so := {"apiVersion": "keda.sh/v1alpha1", "kind": "ScaledObject", "namespace": "kafka", "name": "kafka"}
	some h in no_endpoints.hypothesis with input as podless(scaled({"autoscaler": so, "scaledBy": {"manager": "keda", "operation": "Update", "subresource": "scale", "time": "t", "declared": false}}))
	h.repair.owner == "controller-action"
	contains(h.repair.action, "ScaledObject kafka")
}

test_scaled_to_zero_unknown_writer if {
	some h in no_endpoints.hypothesis with input as podless(scaled({}))
	h.repair.owner == "none"
	contains(h.repair.action, "find who scaled StatefulSet kafka to zero")
}

test_scaled_to_zero_with_failing_route_supported if {
	some h in no_endpoints.hypothesis with input as object.union(podless(scaled({})), {"service_routes": routed([nginx_503], {})})
	h.status == "supported"
}

test_template_workload_without_pods if {
	some h in no_endpoints.hypothesis with input as podless({"kafka/kafka": [{"workload": sts_ref, "replicas": 3}]})
	contains(h.summary, "StatefulSet kafka, whose pod template it selects, has no pod in the bundle")
	h.repair.owner == "none"
	some e in h.supporting
	contains(e.message, "wants 3 replicas")
}

# Git renders the workload without a replica count and no field manager
# owns it: a scale write to a count nobody owned leaves no managedFields
# entry, but Git did not set zero, so the scale-down was made outside it.
test_scaled_to_zero_outside_git_without_a_trace if {
	hpa := {"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "namespace": "kafka", "name": "kafka"}
	some h in no_endpoints.hypothesis with input as podless(scaled({"git": {"source": "kafka", "revision": "abc", "subject": ""}, "autoscaler": hpa}))
	h.repair.owner == "live-mitigation"
	contains(h.repair.action, "Git source kafka declares no replica count")
	contains(h.repair.action, "HorizontalPodAutoscaler kafka does not scale a target back from zero")
}

# A numeric targetPort none of the Ready pods declares, while they declare
# others: the EndpointSlice is full, the routed path shows the refusals.
numeric_svc := {"apiVersion": "v1", "kind": "Service", "metadata": {"name": "kafka", "namespace": "kafka"}, "spec": {"selector": {"app": "kafka"}, "ports": [{"port": 9092, "targetPort": 9092}]}}

listening(port) := object.union(pod("True"), {"spec": {"containers": [{"name": "kafka", "ports": [{"name": "broker", "containerPort": port}]}]}})

numeric(port, routes) := {"service_pods": {"kafka/kafka": ["kafka-0"]}, "objects": {"Service": {"kafka": {"kafka": numeric_svc}}, "Pod": {"kafka": {"kafka-0": listening(port)}}}, "service_routes": routes}

test_numeric_target_port_not_declared if {
	some h in no_endpoints.hypothesis with input as numeric(9094, routed([nginx_503], {}))
	h.status == "supported"
	contains(h.summary, "targetPort 9092, which none of its 1 selected pods declares (they declare 9094)")
	h.repair.owner == "repository"
	some e in h.supporting
	e.path == "spec.ports[0].targetPort"
}

test_numeric_target_port_without_failure_is_silent if {
	count(no_endpoints.hypothesis) == 0 with input as numeric(9094, routed([], {}))
}

test_numeric_target_port_declared_is_silent if {
	count(no_endpoints.hypothesis) == 0 with input as numeric(9092, routed([nginx_503], {}))
}

test_numeric_target_port_without_declarations_is_silent if {
	bare := {"service_pods": {"kafka/kafka": ["kafka-0"]}, "objects": {"Service": {"kafka": {"kafka": numeric_svc}}, "Pod": {"kafka": {"kafka-0": pod("True")}}}, "service_routes": routed([nginx_503], {})}
	count(no_endpoints.hypothesis) == 0 with input as bare
}

# The Deployment controller's event dates the scale-down and gives the
# count to restore, in either wording Kubernetes has used.
scaled_down(msg) := object.union(podless(scaled({"scaledBy": {"manager": "kubectl-scale", "operation": "Update", "subresource": "scale", "time": "", "declared": false}})), {"events_by_object": {"StatefulSet/kafka/kafka": [
	{"reason": "ScalingReplicaSet", "message": "Scaled up replica set kafka-1 from 0 to 3", "time": "2026-12-02T05:00:00Z"},
	{"reason": "ScalingReplicaSet", "message": msg, "time": "2026-12-02T06:00:00Z"},
]}})

test_scale_down_event_gives_the_count if {
	some msg in ["Scaled down replica set kafka-1 from 3 to 0", "Scaled down replica set kafka-1 to 0 from 3"]
	some h in no_endpoints.hypothesis with input as scaled_down(msg)
	contains(h.repair.action, "--replicas=3)")
	some e in h.supporting
	e.event == "ScalingReplicaSet"
	e.time == "2026-12-02T06:00:00Z"
}

test_without_scale_down_event_the_count_is_named_n if {
	some h in no_endpoints.hypothesis with input as scaled_down("Scaled down replica set kafka-1 from 3 to 1")
	contains(h.repair.action, "--replicas=N, the count before the scale-down")
	not "ScalingReplicaSet" in {e.event | some e in h.supporting; e.event}
}
