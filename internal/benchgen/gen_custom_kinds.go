package benchgen

import (
	"fmt"
	"time"
)

// The bodies of CustomMix's kinds: spec and status as each operator's
// documentation and the Argo CD health corpus show them, about as large
// as real ones, and a failure of the kind the operator reports most.

func certificate(name, ns string, k int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"secretName": name + "-tls", "dnsNames": []any{name + "." + ns + ".example.com", name + ".internal.example.com"},
		"issuerRef": map[string]any{"name": "letsencrypt", "kind": "ClusterIssuer", "group": "cert-manager.io"},
		"duration":  "2160h0m0s", "renewBefore": "360h0m0s", "usages": []any{"digital signature", "key encipherment"},
		"privateKey": map[string]any{"algorithm": "ECDSA", "size": int64(256), "rotationPolicy": "Always"}}
	if fail {
		return spec, map[string]any{"failedIssuanceAttempts": int64(3), "lastFailureTime": ts(at),
			"conditions": []any{
				condition("Ready", false, "DoesNotExist", "Issuing certificate as Secret does not exist", at),
				condition("Issuing", false, "Failed", "The certificate request has failed to complete and will be retried: Failed to wait for order resource \""+name+"-1-3027285\" to become ready: order is in \"invalid\" state: 403 urn:ietf:params:acme:error:unauthorized", at),
			}}
	}
	return spec, map[string]any{"notBefore": ts(at.Add(-30 * 24 * time.Hour)), "notAfter": ts(at.Add(60 * 24 * time.Hour)),
		"renewalTime": ts(at.Add(45 * 24 * time.Hour)), "revision": int64(k%4 + 1),
		"conditions": []any{condition("Ready", true, "Ready", "Certificate is up to date and has not expired", at)}}
}

func issuer(name, ns string, _ int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"acme": map[string]any{"server": "https://acme-v02.api.letsencrypt.org/directory", "email": "platform@example.com",
		"privateKeySecretRef": map[string]any{"name": name + "-account-key"},
		"solvers":             []any{map[string]any{"http01": map[string]any{"ingress": map[string]any{"ingressClassName": "nginx"}}}}}}
	if fail {
		return spec, map[string]any{"acme": map[string]any{}, "conditions": []any{condition("Ready", false, "ErrRegisterACMEAccount",
			"Failed to register ACME account: Get \"https://acme-v02.api.letsencrypt.org/directory\": dial tcp: lookup acme-v02.api.letsencrypt.org: i/o timeout", at)}}
	}
	return spec, map[string]any{"acme": map[string]any{"uri": "https://acme-v02.api.letsencrypt.org/acme/acct/" + fmt.Sprint(1000000+len(name)*7919), "lastRegisteredEmail": "platform@example.com"},
		"conditions": []any{condition("Ready", true, "ACMEAccountRegistered", "The ACME account was registered with the ACME server", at)}}
}

func rollout(name, ns string, k int, fail bool, at time.Time) (map[string]any, map[string]any) {
	hash := fmt.Sprintf("%x", uint32(k*2654435761+7))
	spec := map[string]any{"replicas": int64(3), "revisionHistoryLimit": int64(3),
		"selector": map[string]any{"matchLabels": map[string]any{"app": name}},
		"template": map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": name}},
			"spec": map[string]any{"containers": []any{map[string]any{"name": "app", "image": fmt.Sprintf("registry.example.com/%s:2.%d.0", name, k%9),
				"ports":     []any{map[string]any{"name": "http", "containerPort": int64(8080), "protocol": "TCP"}},
				"resources": map[string]any{"requests": map[string]any{"cpu": "100m", "memory": "128Mi"}, "limits": map[string]any{"memory": "256Mi"}}}}}},
		"strategy": map[string]any{"canary": map[string]any{"canaryService": name + "-canary", "stableService": name + "-stable",
			"steps": []any{map[string]any{"setWeight": int64(20)}, map[string]any{"pause": map[string]any{"duration": "5m"}},
				map[string]any{"setWeight": int64(50)}, map[string]any{"analysis": map[string]any{"templates": []any{map[string]any{"templateName": "success-rate"}}}}}}}}
	st := map[string]any{"observedGeneration": "4", "replicas": int64(3), "updatedReplicas": int64(3), "readyReplicas": int64(3),
		"availableReplicas": int64(3), "currentPodHash": hash, "stableRS": hash, "currentStepIndex": int64(4), "phase": "Healthy",
		"selector": "app=" + name, "canary": map[string]any{},
		"conditions": []any{condition("Available", true, "AvailableReason", "Rollout has minimum availability", at),
			condition("Progressing", true, "NewReplicaSetAvailable", "Rollout \""+name+"\" has successfully progressed.", at),
			condition("Healthy", true, "RolloutHealthy", "Rollout is healthy", at)}}
	if fail {
		msg := "RolloutAborted: Rollout aborted update to revision 5: Metric \"success-rate\" assessed Failed due to failed (3) > failureLimit (2)"
		st["abort"], st["phase"], st["message"], st["currentStepIndex"] = true, "Degraded", msg, int64(0)
		st["conditions"] = []any{condition("Available", true, "AvailableReason", "Rollout has minimum availability", at),
			condition("Progressing", false, "RolloutAborted", msg, at), condition("Healthy", false, "RolloutHealthy", "Rollout is not healthy", at)}
	}
	return spec, st
}

func analysisRun(name, ns string, _ int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"metrics": []any{map[string]any{"name": "success-rate", "interval": "1m", "count": int64(5), "failureLimit": int64(2),
		"successCondition": "result[0] >= 0.95", "provider": map[string]any{"prometheus": map[string]any{"address": "http://prometheus.monitoring:9090",
			"query": "sum(rate(http_requests_total{namespace=\"" + ns + "\",code!~\"5..\"}[5m])) / sum(rate(http_requests_total{namespace=\"" + ns + "\"}[5m]))"}}}}}
	phase, failed := "Successful", int64(0)
	if fail {
		phase, failed = "Failed", 3
	}
	st := map[string]any{"phase": phase, "startedAt": ts(at.Add(-5 * time.Minute)), "runSummary": map[string]any{"count": int64(1), "successful": int64(1 - min(failed, 1)), "failed": min(failed, 1)},
		"metricResults": []any{map[string]any{"name": "success-rate", "phase": phase, "count": int64(5), "successful": 5 - failed, "failed": failed}}}
	if fail {
		st["message"] = "Metric \"success-rate\" assessed Failed due to failed (3) > failureLimit (2)"
	}
	return spec, st
}

func kafka(name, ns string, _ int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"kafka": map[string]any{"version": "3.7.0", "replicas": int64(3),
		"listeners": []any{map[string]any{"name": "plain", "port": int64(9092), "type": "internal", "tls": false},
			map[string]any{"name": "tls", "port": int64(9093), "type": "internal", "tls": true}},
		"config":  map[string]any{"offsets.topic.replication.factor": int64(3), "min.insync.replicas": int64(2)},
		"storage": map[string]any{"type": "jbod", "volumes": []any{map[string]any{"id": int64(0), "type": "persistent-claim", "size": "100Gi", "deleteClaim": false}}}},
		"entityOperator": map[string]any{"topicOperator": map[string]any{}, "userOperator": map[string]any{}}}
	cond := condition("Ready", true, "", "", at)
	if fail {
		cond = map[string]any{"type": "NotReady", "status": "True", "reason": "TimeoutException", "lastTransitionTime": ts(at),
			"message": "Exceeded timeout of 300000ms while waiting for Pods resource " + name + "-kafka-0 in namespace " + ns + " to be ready"}
	}
	return spec, map[string]any{"observedGeneration": int64(1), "clusterId": "c-" + name, "kafkaVersion": "3.7.0",
		"listeners":  []any{map[string]any{"name": "plain", "bootstrapServers": name + "-kafka-bootstrap." + ns + ".svc:9092"}},
		"conditions": []any{cond}}
}

func kafkaTopic(name, ns string, k int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"partitions": int64(6 + k%7), "replicas": int64(3), "config": map[string]any{"retention.ms": "604800000", "cleanup.policy": "delete"}}
	cond := condition("Ready", true, "", "", at)
	if fail {
		cond = condition("Ready", false, "KafkaError", "org.apache.kafka.common.errors.PolicyViolationException: Topic replication factor must be 3", at)
	}
	return spec, map[string]any{"observedGeneration": int64(1), "topicName": name, "conditions": []any{cond}}
}

func kafkaUser(name, ns string, _ int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"authentication": map[string]any{"type": "scram-sha-512"}, "authorization": map[string]any{"type": "simple",
		"acls": []any{map[string]any{"resource": map[string]any{"type": "topic", "name": "orders", "patternType": "prefix"}, "operations": []any{"Read", "Describe"}}}}}
	cond := condition("Ready", true, "", "", at)
	if fail {
		cond = condition("Ready", false, "InvalidResourceException", "Authorization type simple requires the Kafka cluster to enable authorization", at)
	}
	return spec, map[string]any{"observedGeneration": int64(1), "username": name, "secret": name, "conditions": []any{cond}}
}

func bucket(name, ns string, _ int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"forProvider": map[string]any{"region": "eu-west-1", "tags": map[string]any{"team": ns, "managed-by": "crossplane"}},
		"providerConfigRef": map[string]any{"name": "default"}, "deletionPolicy": "Delete", "managementPolicies": []any{"*"}}
	conds := []any{condition("Synced", true, "ReconcileSuccess", "", at), condition("Ready", true, "Available", "", at)}
	if fail {
		conds = []any{condition("Synced", false, "ReconcileError", "observe failed: cannot run refresh: refresh failed: AccessDenied: Access Denied, status code: 403", at),
			condition("Ready", false, "Creating", "", at)}
	}
	return spec, map[string]any{"atProvider": map[string]any{"arn": "arn:aws:s3:::" + ns + "-" + name, "id": ns + "-" + name, "region": "eu-west-1",
		"hostedZoneId": "Z1BKCTXD74EZPE"}, "conditions": conds}
}

func scaledObject(name, ns string, k int, fail bool, at time.Time) (map[string]any, map[string]any) {
	target := deployName(k)
	spec := map[string]any{"scaleTargetRef": map[string]any{"name": target}, "minReplicaCount": int64(2), "maxReplicaCount": int64(10),
		"triggers": []any{map[string]any{"type": "prometheus", "metadata": map[string]any{"serverAddress": "http://prometheus.monitoring:9090",
			"query": "sum(rate(http_requests_total{deployment=\"" + target + "\"}[2m]))", "threshold": "100"}}}}
	conds := []any{condition("Ready", true, "ScaledObjectReady", "ScaledObject is defined correctly and is ready for scaling", at),
		condition("Active", true, "ScalerActive", "Scaling is performed because triggers are active", at),
		condition("Fallback", false, "NoFallbackFound", "No fallbacks are active on this scaled object", at)}
	if fail {
		conds[0] = condition("Ready", false, "ScaledObjectCheckFailed", "ScaledObject doesn't have correct scaleTargetRef specification", at)
	}
	return spec, map[string]any{"scaleTargetKind": "apps/v1.Deployment", "originalReplicaCount": int64(3),
		"scaleTargetGVKR":     map[string]any{"group": "apps", "kind": "Deployment", "resource": "deployments", "version": "v1"},
		"externalMetricNames": []any{"s0-prometheus"}, "hpaName": "keda-hpa-" + name, "conditions": conds}
}

func cnpgCluster(name, ns string, _ int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"instances": int64(3), "imageName": "ghcr.io/cloudnative-pg/postgresql:16.3",
		"storage": map[string]any{"size": "20Gi"}, "bootstrap": map[string]any{"initdb": map[string]any{"database": "app", "owner": "app"}}}
	st := map[string]any{"instances": int64(3), "readyInstances": int64(3), "phase": "Cluster in healthy state", "currentPrimary": name + "-1",
		"conditions": []any{condition("Ready", true, "ClusterIsReady", "Cluster is Ready", at)}}
	if fail {
		st["readyInstances"], st["phase"] = int64(1), "Failing over"
		st["conditions"] = []any{condition("Ready", false, "ClusterIsNotReady", "Cluster Is Not Ready", at)}
	}
	return spec, st
}

func alertmanager(name, ns string, _ int, fail bool, at time.Time) (map[string]any, map[string]any) {
	spec := map[string]any{"replicas": int64(2), "retention": "120h", "version": "v0.27.0",
		"alertmanagerConfigSelector": map[string]any{"matchLabels": map[string]any{"alertmanagerConfig": name}},
		"resources":                  map[string]any{"requests": map[string]any{"cpu": "50m", "memory": "64Mi"}}}
	avail := map[string]any{"type": "Available", "status": "True", "reason": "", "message": "", "observedGeneration": int64(1), "lastTransitionTime": ts(at)}
	ready := int64(2)
	if fail {
		avail["status"], avail["reason"], avail["message"] = "False", "NoPodReady", "shard 0: pod alertmanager-"+name+"-0: containers with unready status: [alertmanager]"
		ready = 0
	}
	return spec, map[string]any{"replicas": int64(2), "updatedReplicas": int64(2), "availableReplicas": ready, "unavailableReplicas": 2 - ready, "paused": false,
		"conditions": []any{avail, map[string]any{"type": "Reconciled", "status": "True", "reason": "", "message": "", "observedGeneration": int64(1), "lastTransitionTime": ts(at)}}}
}
