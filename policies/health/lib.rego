# Helpers for health rules. A health rule reads one object as input and
# defines `health` as {status, reason, fields}; see docs/health.md.
package rift.health.lib

# result is a judgement: status is one of converged, progressing, blocked,
# failed, suspended, unknown; fields are the paths it read.
result(status, reason, fields) := {"status": status, "reason": reason, "fields": fields}

converged(reason, fields) := result("converged", reason, fields)

progressing(reason, fields) := result("progressing", reason, fields)

failed(reason, fields) := result("failed", reason, fields)

blocked(reason, fields) := result("blocked", reason, fields)

suspended(reason, fields) := result("suspended", reason, fields)

unknown(reason, fields) := result("unknown", reason, fields)

# condition is the status condition of type t.
condition(obj, t) := cs[0] if {
	cs := [c | some c in object.get(obj, ["status", "conditions"], []); is_object(c); c.type == t]
	count(cs) > 0
}

# cond_status is "True", "False" or "Unknown" for condition t.
cond_status(obj, t) := object.get(condition(obj, t), "status", "")

cond_true(obj, t) if cond_status(obj, t) == "True"

cond_false(obj, t) if cond_status(obj, t) == "False"

# say formats a condition as Type=Status Reason: message.
say(c) := trim_space(sprintf("%s=%s %s%s", [c.type, c.status, object.get(c, "reason", ""), suffix(object.get(c, "message", ""))]))

suffix(m) := sprintf(": %s", [m]) if m != ""

else := ""

# field names the condition of type t, for fields.
cond_field(t) := sprintf("status.conditions[type=%s]", [t])

# generation_lag holds when the controller has not observed the latest spec.
generation_lag(obj) if obj.status.observedGeneration < obj.metadata.generation

lag_reason(obj) := sprintf("the controller has observed generation %v of %v", [obj.status.observedGeneration, obj.metadata.generation])

lag_fields := ["metadata.generation", "status.observedGeneration"]

# has_status holds when the object carries a non-empty status.
has_status(obj) if count(object.get(obj, "status", {})) > 0

# message reads the first non-empty of the object's status message fields.
message(obj) := text([object.get(obj, ["status", k], "") | some k in ["message", "statusMessage", "reason", "error"]])

# no_status holds when the controller has written no status yet: none,
# or only empty fields (conditions: []).
no_status(obj) if count([v | some v in object.get(obj, "status", {}); not empty(v)]) == 0

empty(v) if v == null

empty(v) if v == ""

empty(v) if v == []

empty(v) if v == {}

empty(v) if v == 0

# cond_message is the message of condition t, or "".
cond_message(obj, t) := m if {
	m := object.get(condition(obj, t), "message", "")
} else := ""

# waiting is the judgement of an object whose controller has not reported
# on it yet: it was just created, or its controller is not running.
waiting := progressing("no status yet: waiting for the controller to report on it", ["status"])

# observed_lag holds when status.observedGeneration (a number, or a number
# written as a string) is behind metadata.generation.
observed_lag(obj) if to_number(obj.status.observedGeneration) < obj.metadata.generation

# text is the first non-empty string of xs, else "".
text(xs) := ys[0] if {
	ys := [x | some x in xs; is_string(x); x != ""]
	count(ys) > 0
} else := ""
