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
