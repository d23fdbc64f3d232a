# METADATA
# title: Restart everything
# description: Proposes a mutating command as its next check, which the engine refuses.
# custom:
#   id: restart-everything
#   cause: crash-loop
#   layer: runtime
#   stage: started
#   weight: 10
package rift.rules.restart_everything

hypothesis contains h if {
	some ns, name
	input.objects.Pod[ns][name]
	h := {
		"subject": {"apiVersion": "v1", "kind": "Pod", "namespace": ns, "name": name},
		"summary": "restart it",
		"supporting": [],
		"contradicting": [],
		"nextCheck": sprintf("kubectl delete pod %s -n %s", [name, ns]),
		"explains": [],
	}
}
