# METADATA
# title: GitOps dependency not ready
# description: >-
#   A Flux Kustomization or HelmRelease waits for an object in its
#   spec.dependsOn that is not Ready (reason DependencyNotReady). The
#   dependency's own failure explains this.
# custom:
#   id: dependency-not-ready
#   cause: dependency-not-ready
#   layer: gitops
#   stage: none
#   weight: 40
package rift.rules.dependency_not_ready

import data.rift.lib

hypothesis contains h if {
	some kind in {"Kustomization", "HelmRelease"}
	some ns, name
	obj := input.objects[kind][ns][name]
	c := lib.flux_ready_false(obj)
	c.reason == "DependencyNotReady"
	h := {
		"subject": lib.ref(obj),
		"summary": sprintf("%s %s waits for its dependencies: %s", [kind, name, c.message]),
		"supporting": [lib.condition_evidence(obj, c)],
		"contradicting": [],
		"nextCheck": sprintf("flux tree %s %s -n %s", [lower(kind), name, ns]),
		"repair": lib.repair(
			"none",
			"repair the dependency named in the message; this object follows once it is Ready",
			[],
			[],
			"none",
			lib.gitops_acceptance(lib.ref(obj)),
		),
		"explains": set(),
	}
}
