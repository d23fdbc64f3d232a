package rift.rules.controller_stalled_test

import data.rift.rules.controller_stalled

dep(observed, progressing) := {
	"apiVersion": "apps/v1", "kind": "Deployment",
	"metadata": {"name": "web", "namespace": "shop", "generation": 5, "creationTimestamp": "2026-01-01T00:00:00Z"},
	"status": {"observedGeneration": observed, "conditions": progressing},
}

test_old_lag_is_supported if {
	some h in controller_stalled.hypothesis with input as {
		"bundle": {"captureTime": "2026-01-01T01:00:00Z"},
		"objects": {"Deployment": {"shop": {"web": dep(4, [{"type": "Progressing", "status": "True", "lastUpdateTime": "2026-01-01T00:10:00Z"}])}}},
	}
	h.status == "supported"
}

test_fresh_lag_is_open if {
	some h in controller_stalled.hypothesis with input as {
		"bundle": {"captureTime": "2026-01-01T00:01:00Z"},
		"objects": {"Deployment": {"shop": {"web": dep(4, [])}}},
	}
	h.status == "open"
}

test_caught_up_negative if {
	count(controller_stalled.hypothesis) == 0 with input as {"bundle": {"captureTime": "2026-01-01T00:01:00Z"}, "objects": {"Deployment": {"shop": {"web": dep(5, [])}}}}
}

named(name, ns, observed) := object.union(dep(observed, []), {"metadata": {"name": name, "namespace": ns}})

# Two Deployments unobserved for an hour in two namespaces: the deployment
# controller is the one cause, and it explains both.
test_two_stalled_deployments_name_their_controller if {
	hs := controller_stalled.hypothesis with input as {
		"bundle": {"captureTime": "2026-01-01T01:00:00Z"},
		"objects": {"Deployment": {"shop": {"web": named("web", "shop", 4)}, "billing": {"api": named("api", "billing", 4)}}},
	}
	some h in hs
	h.subject == {"apiVersion": "", "kind": "Controller", "namespace": "", "name": "deployment-controller"}
	h.status == "supported"
	contains(h.summary, "has not acted on 2 Deployments in 2 namespaces")
	h.explains == {
		{"cause": "controller-stalled", "subject": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"}},
		{"cause": "controller-stalled", "subject": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "billing", "name": "api"}},
	}
	count(hs) == 3
}

# One stalled workload, or a second whose lag may still be in flight, is
# no evidence about the controller as a whole.
test_one_stalled_workload_names_no_controller if {
	every objs in [
		{"Deployment": {"shop": {"web": named("web", "shop", 4)}}},
		{"Deployment": {"shop": {"web": named("web", "shop", 4), "fresh": object.union(named("fresh", "shop", 4), {"metadata": {"creationTimestamp": "2026-01-01T00:58:00Z"}})}}},
	] {
		hs := controller_stalled.hypothesis with input as {"bundle": {"captureTime": "2026-01-01T01:00:00Z"}, "objects": objs}
		every h in hs {
			h.subject.kind == "Deployment"
		}
	}
}
