package rift.rules.controller_stalled_test

import data.rift.rules.controller_stalled

dep(name, ns) := {
	"apiVersion": "apps/v1", "kind": "Deployment",
	"metadata": {"name": name, "namespace": ns, "generation": 5, "creationTimestamp": "2026-01-01T00:00:00Z"},
	"status": {"observedGeneration": 4},
}

# lag is the layers' entry of input.controller_lags for dep(name, ns).
lag(name, ns, stalled) := {
	"ref": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": ns, "name": name},
	"observed": 4, "generation": 5, "since": "2026-01-01T00:10:00Z", "stalled": stalled,
}

# input_of builds the input of Deployments given as [name, namespace, stalled].
input_of(ds) := {
	"objects": {"Deployment": {ns: {name: dep(name, ns) | some [name, ns2, _] in ds; ns2 == ns} | some [_, ns, _] in ds}},
	"controller_lags": {sprintf("Deployment/%s/%s", [ns, name]): lag(name, ns, stalled) | some [name, ns, stalled] in ds},
}

test_stalled_lag_is_supported if {
	some h in controller_stalled.hypothesis with input as input_of([["web", "shop", true]])
	h.status == "supported"
	h.subject == {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"}
	h.supporting == [{
		"object": {"apiVersion": "apps/v1", "kind": "Deployment", "namespace": "shop", "name": "web"},
		"path": "status.observedGeneration", "message": "observedGeneration 4 < generation 5", "time": "2026-01-01T00:10:00Z",
	}]
}

# The layers did not call it stalled: it may be in flight.
test_lag_in_flight_is_open if {
	some h in controller_stalled.hypothesis with input as input_of([["web", "shop", false]])
	h.status == "open"
}

# A lag the layers could not date cites no time.
test_undated_lag_cites_no_time if {
	inp := input_of([["web", "shop", false]])
	undated := json.remove(inp, ["controller_lags/Deployment~1shop~1web/since"])
	some h in controller_stalled.hypothesis with input as undated
	h.status == "open"
	not h.supporting[0].time
}

test_no_lag_negative if {
	count(controller_stalled.hypothesis) == 0 with input as {"objects": {"Deployment": {"shop": {"web": dep("web", "shop")}}}, "controller_lags": {}}
}

# Two Deployments stalled in two namespaces: the deployment controller is
# the one cause, and it explains both.
test_two_stalled_deployments_name_their_controller if {
	hs := controller_stalled.hypothesis with input as input_of([["web", "shop", true], ["api", "billing", true]])
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
	every ds in [
		[["web", "shop", true]],
		[["web", "shop", true], ["fresh", "shop", false]],
	] {
		hs := controller_stalled.hypothesis with input as input_of(ds)
		every h in hs {
			h.subject.kind == "Deployment"
		}
	}
}
