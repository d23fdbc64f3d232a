package benchgen

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strings"
)

// dress fills in, on an object of the mix, the fields that the API
// server's defaulting, the kubelet and the controllers add to every real
// object and that the generator leaves out: the pod spec's defaults, the
// service-account volume, resources and probes, the node's address, and
// so on. A bundle in a collector's format is then about as large and as
// deep per object as one that collector wrote (the corpora in
// testdata/corpus hold Pods of 7-15 KB). dress only adds fields that are
// absent, so the planted failures stay exactly as generated; rv is the
// object's resourceVersion.
func dress(o map[string]any, rv int) {
	m, _ := o["metadata"].(map[string]any)
	if m == nil {
		return
	}
	m["resourceVersion"] = fmt.Sprint(rv)
	spec, _ := o["spec"].(map[string]any)
	switch o["kind"] {
	case "Pod":
		podSpec(spec)
		podStatus(o["status"].(map[string]any), spec)
		setDefault(m, "annotations", map[string]any{"prometheus.io/scrape": "true", "prometheus.io/port": "8080"})
		// The ReplicaSet controller labels its pods with its template's
		// hash, the suffix of its name.
		if own, _ := m["ownerReferences"].([]any); len(own) == 1 && own[0].(map[string]any)["kind"] == "ReplicaSet" {
			rs := own[0].(map[string]any)["name"].(string)
			setDefault(m["labels"].(map[string]any), "pod-template-hash", rs[strings.LastIndexByte(rs, '-')+1:])
		}
	case "Deployment":
		setDefault(spec, "strategy", map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"maxSurge": "25%", "maxUnavailable": "25%"}})
		setDefault(spec, "revisionHistoryLimit", int64(10))
		setDefault(spec, "progressDeadlineSeconds", int64(600))
		setDefault(m, "annotations", map[string]any{"deployment.kubernetes.io/revision": "2", "meta.helm.sh/release-name": m["name"], "meta.helm.sh/release-namespace": m["namespace"]})
		template(spec)
	case "StatefulSet":
		setDefault(spec, "podManagementPolicy", "OrderedReady")
		setDefault(spec, "revisionHistoryLimit", int64(10))
		setDefault(spec, "updateStrategy", map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"partition": int64(0)}})
		template(spec)
	case "Service":
		setDefault(spec, "sessionAffinity", "None")
		setDefault(spec, "ipFamilies", []any{"IPv4"})
		setDefault(spec, "ipFamilyPolicy", "SingleStack")
		setDefault(spec, "internalTrafficPolicy", "Cluster")
		setDefault(spec, "clusterIPs", []any{spec["clusterIP"]})
		o["status"] = map[string]any{"loadBalancer": map[string]any{}}
	case "Event":
		setDefault(o, "reportingComponent", "kubelet")
		setDefault(o, "reportingInstance", "node-1")
		setDefault(o, "eventTime", nil)
	case "ConfigMap":
		data := o["data"].(map[string]any)
		setDefault(data, "application.yaml", appConfig(m["name"].(string)))
	}
}

// template dresses a workload's pod template as the API server stores it.
func template(spec map[string]any) {
	t, _ := spec["template"].(map[string]any)
	if t == nil {
		return
	}
	if tm, ok := t["metadata"].(map[string]any); ok {
		setDefault(tm, "creationTimestamp", nil)
	}
	podSpec(t["spec"].(map[string]any))
}

func podSpec(s map[string]any) {
	if s == nil {
		return
	}
	for k, v := range map[string]any{
		"restartPolicy": "Always", "dnsPolicy": "ClusterFirst", "schedulerName": "default-scheduler",
		"securityContext": map[string]any{}, "serviceAccount": "default", "serviceAccountName": "default",
		"terminationGracePeriodSeconds": int64(30), "enableServiceLinks": true,
		"preemptionPolicy": "PreemptLowerPriority", "priority": int64(0),
	} {
		setDefault(s, k, v)
	}
	setDefault(s, "tolerations", []any{toleration("node.kubernetes.io/not-ready"), toleration("node.kubernetes.io/unreachable")})
	setDefault(s, "volumes", []any{map[string]any{"name": "kube-api-access", "projected": map[string]any{
		"defaultMode": int64(420), "sources": []any{
			map[string]any{"serviceAccountToken": map[string]any{"expirationSeconds": int64(3607), "path": "token"}},
			map[string]any{"configMap": map[string]any{"name": "kube-root-ca.crt", "items": []any{map[string]any{"key": "ca.crt", "path": "ca.crt"}}}},
			map[string]any{"downwardAPI": map[string]any{"items": []any{map[string]any{"path": "namespace",
				"fieldRef": map[string]any{"apiVersion": "v1", "fieldPath": "metadata.namespace"}}}}},
		}}}})
	cs, _ := s["containers"].([]any)
	for _, c := range cs {
		c := c.(map[string]any)
		setDefault(c, "imagePullPolicy", "IfNotPresent")
		setDefault(c, "terminationMessagePath", "/dev/termination-log")
		setDefault(c, "terminationMessagePolicy", "File")
		setDefault(c, "resources", map[string]any{"limits": map[string]any{"cpu": "500m", "memory": "512Mi"}, "requests": map[string]any{"cpu": "100m", "memory": "128Mi"}})
		setDefault(c, "volumeMounts", []any{map[string]any{"mountPath": "/var/run/secrets/kubernetes.io/serviceaccount", "name": "kube-api-access", "readOnly": true}})
		setDefault(c, "env", []any{
			map[string]any{"name": "POD_NAMESPACE", "valueFrom": map[string]any{"fieldRef": map[string]any{"apiVersion": "v1", "fieldPath": "metadata.namespace"}}},
			map[string]any{"name": "GOMAXPROCS", "value": "2"},
		})
		probe := map[string]any{"httpGet": map[string]any{"path": "/healthz", "port": int64(8080), "scheme": "HTTP"},
			"periodSeconds": int64(10), "timeoutSeconds": int64(1), "successThreshold": int64(1), "failureThreshold": int64(3)}
		setDefault(c, "livenessProbe", probe)
		setDefault(c, "readinessProbe", probe)
	}
}

// podStatus adds the node's address, the pod's IPs, its QoS class and
// each started container's ID.
func podStatus(st, spec map[string]any) {
	node, _ := spec["nodeName"].(string)
	host := "192.168.0." + strings.TrimPrefix(node, "node-")
	setDefault(st, "hostIP", host)
	setDefault(st, "hostIPs", []any{map[string]any{"ip": host}})
	setDefault(st, "podIPs", []any{map[string]any{"ip": st["podIP"]}})
	setDefault(st, "qosClass", "Burstable")
	css, _ := st["containerStatuses"].([]any)
	for _, c := range css {
		c := c.(map[string]any)
		setDefault(c, "lastState", map[string]any{})
		if c["imageID"] != "" {
			sum := sha256.Sum256([]byte(fmt.Sprint(st["podIP"], c["name"])))
			setDefault(c, "containerID", "containerd://"+hex.EncodeToString(sum[:]))
		}
	}
}

func toleration(key string) map[string]any {
	return map[string]any{"key": key, "operator": "Exists", "effect": "NoExecute", "tolerationSeconds": int64(300)}
}

// appConfig is a ConfigMap's configuration file, about a kilobyte.
func appConfig(name string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "service:\n  name: %s\n  port: 8080\n", name)
	for i := range 12 {
		fmt.Fprintf(&b, "upstream-%02d:\n  url: http://%s-upstream-%02d.svc.cluster.local:8080\n  timeout: 5s\n  retries: 3\n", i, name, i)
	}
	return b.String()
}

func setDefault(m map[string]any, k string, v any) {
	if m == nil {
		return
	}
	if _, ok := m[k]; !ok {
		m[k] = v
	}
}
