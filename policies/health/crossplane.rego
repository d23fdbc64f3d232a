# METADATA
# title: Crossplane and Upbound
# description: >-
#   Managed resources, composites and packages follow the conditions the
#   fallback reads (Synced before Ready; ReconcilePaused suspended).
#   Compositions, provider configs and other objects that carry no status
#   by design have nothing to converge to; any other object without a
#   status is waiting for its provider.
# custom:
#   id: health-crossplane
#   group: ["*.crossplane.io", "*.upbound.io"]
#   kinds: ["*"]
package rift.health.crossplane

import data.rift.health.lib

statusless := {"Composition", "CompositionRevision", "ProviderConfig", "ProviderConfigUsage", "ClusterProviderConfig", "EnvironmentConfig", "DeploymentRuntimeConfig", "ControllerConfig", "StoreConfig", "Usage"}

health := lib.converged(sprintf("a %s carries no status by design", [input.kind]), ["status"]) if {
	lib.no_status(input)
	input.kind in statusless
} else := lib.waiting if {
	lib.no_status(input)
} else := lib.result(legacy.status, legacy.reason, ["status.conditionedStatus.conditions"]) if {
	input.status.conditionedStatus
} else := lib.progressing("synced; waiting for the resource to become ready", [lib.cond_field("Synced"), lib.cond_field("Ready")]) if {
	lib.cond_true(input, "Synced")
	not lib.condition(input, "Ready")
} else := lib.failed(lib.say(lib.condition(input, "Installed")), [lib.cond_field("Installed")]) if {
	lib.cond_false(input, "Installed")
	lib.condition(input, "Installed").reason != "UnpackingPackage"
} else := lib.failed(lib.say(lib.condition(input, "Installed")), [lib.cond_field("Installed")]) if {
	lib.condition(input, "Installed").reason == "UnpackingPackage"
	input.kind == "Provider"
	lib.cond_true(input, "Healthy")
}

# legacy reads the conditions of Crossplane's first API (status.conditionedStatus).
legacy := {"status": "converged", "reason": object.get(c, "reason", "Ready")} if {
	some c in input.status.conditionedStatus.conditions
	c.type == "Ready"
	c.status == "True"
} else := {"status": "progressing", "reason": object.get(c, "reason", "not ready")} if {
	some c in input.status.conditionedStatus.conditions
	c.type == "Ready"
} else := {"status": "progressing", "reason": "not ready"}
