package rift.health.lib_test

import data.rift.health.lib

obj := {"metadata": {"generation": 3}, "status": {"observedGeneration": 2, "conditions": [{"type": "Ready", "status": "False", "reason": "Failed", "message": "boom"}]}}

test_condition if lib.condition(obj, "Ready").reason == "Failed"

test_cond_false if lib.cond_false(obj, "Ready")

test_say if lib.say(lib.condition(obj, "Ready")) == "Ready=False Failed: boom"

test_generation_lag if lib.generation_lag(obj)

test_lag_reason if lib.lag_reason(obj) == "the controller has observed generation 2 of 3"

test_message_empty if lib.message(obj) == ""

test_has_status if lib.has_status(obj)
