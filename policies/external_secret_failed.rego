# METADATA
# title: ExternalSecret not synced
# description: >-
#   An ExternalSecret reports Ready=False: the operator could not read the
#   secret from its provider, so the target Secret is missing or stale. It
#   explains the missing Secret and the pods that wait for it.
# custom:
#   id: external-secret-failed
#   cause: external-secret-failed
#   layer: dependencies
#   stage: started
#   weight: 70
package rift.rules.external_secret_failed

import data.rift.lib

hypothesis contains h if {
	some ns, name
	es := input.objects.ExternalSecret[ns][name]
	c := lib.failed_condition(es, "Ready")
	target := object.get(es, ["spec", "target", "name"], name)
	secret := {"apiVersion": "v1", "kind": "Secret", "namespace": ns, "name": target}
	h := {
		"subject": lib.ref(es),
		"summary": sprintf("ExternalSecret %s cannot sync Secret %s: %s", [name, target, object.get(c, "message", c.reason)]),
		"supporting": array.concat([lib.condition_evidence(es, c)], [lib.event(es, e) | some e in lib.events(es); e.type == "Warning"]),
		"contradicting": [],
		"nextCheck": sprintf("kubectl get externalsecret %s -n %s -o jsonpath={.status.conditions}", [name, ns]),
		"repair": lib.repair(
			"external-dependency",
			sprintf("restore access from the secret store %v to the provider, or fix the remote key in Git if it is wrong", [object.get(es, ["spec", "secretStoreRef", "name"], "")]),
			["the SecretStore is Ready and the remote key exists", "credentials are not rotated before evidence shows they are the cause"],
			["the store becomes Ready but the ExternalSecret still fails"],
			"none: nothing is changed in the cluster by this repair",
			[lib.accept("dependencies", sprintf("ExternalSecret %s Ready=True and Secret %s exists", [name, target])), lib.accept("runtime", "pods that use the Secret start")],
		),
		"explains": ({lib.explain("config-missing", secret)} | {lib.explain("config-missing", p) |
			some r in lib.referrers(secret, "Pod")
			p := object.remove(r, {"path"})
		}),
	}
}
