package rift.health.karpenter_test

import data.rift.health.karpenter

test_launched if karpenter.health.status == "progressing" with input as {"status": {"conditions": [{"type": "Launched", "status": "True"}]}}

test_not_ready if karpenter.health.status == "failed" with input as {"status": {"conditions": [{"type": "Ready", "status": "False", "reason": "NotReady"}]}}

test_disrupting if {
	karpenter.health.status == "progressing" with input as {"status": {"conditions": [
		{"type": "Ready", "status": "True", "reason": "Ready"},
		{"type": "Disrupting", "status": "True", "reason": "Expired", "message": "TTL expired"},
	]}}
}
