package benchgen

import (
	"fmt"
	"time"
)

// Planted failures, by Deployment index: a crash loop, an image that cannot
// be pulled, a rollout the controller has not observed yet, and a mutable
// tag that moved under one running pod.
func crashLoops(d int) bool   { return d%25 == 3 }
func digestMoved(d int) bool  { return d%50 == 11 }
func badImage(d int) bool     { return d%40 == 7 }
func unobserved(d int) bool   { return d%33 == 5 }
func deployFails(d int) bool  { return crashLoops(d) || badImage(d) }
func namespace(d int) string  { return fmt.Sprintf("team-%03d", d/20) }
func deployName(d int) string { return fmt.Sprintf("app-%d", d) }
func stsName(s int) string    { return fmt.Sprintf("db-%d", s) }
func stsNamespace(s int) string {
	return fmt.Sprintf("team-%03d", s/5)
}

func ts(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// hash is a stable pod-template-hash for a Deployment revision.
func hash(d, rev int) string { return fmt.Sprintf("%08x", uint32(d*2654435761+rev*40503)) }

func meta(name, ns, uid string, created time.Time, labels map[string]any) map[string]any {
	m := map[string]any{"name": name, "namespace": ns, "uid": uid, "creationTimestamp": ts(created)}
	if labels != nil {
		m["labels"] = labels
	}
	return m
}

func owner(apiVersion, kind, name, uid string) []any {
	return []any{map[string]any{"apiVersion": apiVersion, "kind": kind, "name": name, "uid": uid, "controller": true, "blockOwnerDeletion": true}}
}

func condition(typ string, ok bool, reason, msg string, at time.Time) map[string]any {
	s := "True"
	if !ok {
		s = "False"
	}
	return map[string]any{"type": typ, "status": s, "reason": reason, "message": msg, "lastTransitionTime": ts(at)}
}

func (g *gen) image(d int) string {
	if badImage(d) {
		return fmt.Sprintf("registry.example.com/%s:does-not-exist", deployName(d))
	}
	// One tag per Deployment, shared by its template and every pod: a
	// random tag per call gave each pod its own image and digest, which no
	// cluster does and which made image-digest-mismatch fire on nearly
	// every Deployment.
	return fmt.Sprintf("registry.example.com/%s:1.%d.%d", deployName(d), d%7, (d*13)%20)
}

// workloads adds the Deployments and their ReplicaSets: ReplicaSet r
// belongs to Deployment r mod D; the first D are current, the rest old and
// scaled to zero.
func (g *gen) workloads() {
	D, R := g.n["Deployment"], g.n["ReplicaSet"]
	created := CaptureTime.Add(-30 * 24 * time.Hour)
	rolled := CaptureTime.Add(-40 * time.Minute)
	for d := range D {
		name, ns := deployName(d), namespace(d)
		labels := map[string]any{"app": name, "app.kubernetes.io/managed-by": "Helm"}
		gen, obs := int64(2), int64(2)
		if unobserved(d) {
			gen = 3
		}
		ready := int64(3)
		if deployFails(d) {
			ready = 1
		}
		tmpl := map[string]any{
			"metadata": map[string]any{"labels": map[string]any{"app": name}},
			"spec": map[string]any{"containers": []any{map[string]any{"name": "app", "image": g.image(d),
				"ports": []any{map[string]any{"containerPort": int64(8080)}}}}},
		}
		dm := meta(name, ns, name+"-d", created, labels)
		dm["generation"] = gen
		g.add(ns, "deployments", map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "metadata": dm,
			"spec": map[string]any{"replicas": int64(3), "selector": map[string]any{"matchLabels": map[string]any{"app": name}}, "template": tmpl},
			"status": map[string]any{"observedGeneration": obs, "replicas": int64(3), "updatedReplicas": int64(3),
				"readyReplicas": ready, "availableReplicas": ready, "unavailableReplicas": 3 - ready,
				"conditions": []any{
					condition("Available", ready == 3, "MinimumReplicasAvailable", "Deployment has minimum availability.", rolled),
					condition("Progressing", true, "NewReplicaSetAvailable", "ReplicaSet has successfully progressed.", rolled),
				}}})
	}
	for r := range R {
		if D == 0 {
			break
		}
		d, rev := r%D, 2-r/D
		name, ns := deployName(d), namespace(d)
		rs := fmt.Sprintf("%s-%s", name, hash(d, rev))
		if r >= D {
			rs = fmt.Sprintf("%s-%s-%d", name, hash(d, rev), r/D)
		}
		replicas := int64(0)
		if r < D {
			replicas = 3
		}
		m := meta(rs, ns, rs, rolled.Add(-time.Duration(r/D)*24*time.Hour), map[string]any{"app": name, "pod-template-hash": hash(d, rev)})
		m["ownerReferences"] = owner("apps/v1", "Deployment", name, name+"-d")
		m["annotations"] = map[string]any{"deployment.kubernetes.io/revision": fmt.Sprint(rev)}
		g.add(ns, "replicasets", map[string]any{"apiVersion": "apps/v1", "kind": "ReplicaSet", "metadata": m,
			"spec":   map[string]any{"replicas": replicas, "selector": map[string]any{"matchLabels": map[string]any{"app": name, "pod-template-hash": hash(d, rev)}}},
			"status": map[string]any{"replicas": replicas, "readyReplicas": replicas, "observedGeneration": int64(1)}})
	}
}

// statefulSets adds the StatefulSets and their ControllerRevisions
// (revision c belongs to StatefulSet c mod S).
func (g *gen) statefulSets() {
	S, C := g.n["StatefulSet"], g.n["ControllerRevision"]
	created := CaptureTime.Add(-60 * 24 * time.Hour)
	for s := range S {
		name, ns := stsName(s), stsNamespace(s)
		g.add(ns, "statefulsets", map[string]any{"apiVersion": "apps/v1", "kind": "StatefulSet",
			"metadata": map[string]any{"name": name, "namespace": ns, "uid": name + "-sts", "generation": int64(4), "creationTimestamp": ts(created)},
			"spec": map[string]any{"replicas": int64(3), "serviceName": name, "selector": map[string]any{"matchLabels": map[string]any{"app": name}},
				"template": map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": name}},
					"spec": map[string]any{"containers": []any{map[string]any{"name": "db", "image": "registry.example.com/postgres:16.4"}}}}},
			"status": map[string]any{"observedGeneration": int64(4), "replicas": int64(3), "readyReplicas": int64(3),
				"currentRevision": name + "-rev-0", "updateRevision": name + "-rev-0"}})
	}
	for c := range C {
		if S == 0 {
			break
		}
		s := c % S
		name, ns := stsName(s), stsNamespace(s)
		rev := fmt.Sprintf("%s-rev-%d", name, c/S)
		m := meta(rev, ns, rev, created.Add(time.Duration(c/S)*time.Hour), map[string]any{"app": name})
		m["ownerReferences"] = owner("apps/v1", "StatefulSet", name, name+"-sts")
		g.add(ns, "controllerrevisions", map[string]any{"apiVersion": "apps/v1", "kind": "ControllerRevision", "metadata": m,
			"revision": int64(c/S + 1), "data": map[string]any{"spec": map[string]any{"template": map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": name}}}}}})
	}
}
