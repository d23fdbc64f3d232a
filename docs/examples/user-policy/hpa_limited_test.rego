package rift.rules.example_hpa_limited_test

import data.rift.rules.example_hpa_limited

hpa(status, reason) := {
	"apiVersion": "autoscaling/v2", "kind": "HorizontalPodAutoscaler", "metadata": {"name": "web", "namespace": "shop"},
	"spec": {"maxReplicas": 10},
	"status": {"conditions": [{"type": "ScalingLimited", "status": status, "reason": reason, "message": "the desired replica count is more than the maximum replica count"}]},
}

test_capped_autoscaler if {
	some h in example_hpa_limited.hypothesis with input as {"objects": {"HorizontalPodAutoscaler": {"shop": {"web": hpa("True", "TooManyReplicas")}}}}
	h.subject.name == "web"
	contains(h.summary, "maxReplicas 10")
}

test_autoscaler_within_limits if {
	count(example_hpa_limited.hypothesis) == 0 with input as {"objects": {"HorizontalPodAutoscaler": {"shop": {"web": hpa("False", "DesiredWithinRange")}}}}
}
