package benchgen

import (
	"fmt"
	"hash/fnv"
	"time"
)

// podRef is what services, endpoints and events need of a generated Pod.
type podRef struct {
	name, ns, ip, uid string
	failing           bool
	// movedDigest: the pod started before its Deployment's tag moved.
	movedDigest bool
}

// pods adds the Pods: every 20th belongs to a StatefulSet, the rest to
// Deployment i mod D's current ReplicaSet. A failing Deployment keeps one
// ready Pod; its others crash-loop (with current and previous logs) or
// cannot pull their image.
func (g *gen) pods() {
	P, D, S, R := g.n["Pod"], g.n["Deployment"], g.n["StatefulSet"], g.n["ReplicaSet"]
	g.byApp = map[string][]podRef{}
	perDeploy := make([]int, D)
	perSts := make([]int, S)
	for i := range P {
		ip := fmt.Sprintf("10.%d.%d.%d", 1+i>>16&127, i>>8&255, i&255)
		started := CaptureTime.Add(-time.Duration(2+g.rng.IntN(48)) * time.Hour)
		var app, ns, name, image string
		var own []any
		var k int
		sts := S > 0 && (i%20 == 19 || D == 0)
		if sts {
			s := (i / 20) % S
			k = perSts[s]
			perSts[s]++
			app, ns, image = stsName(s), stsNamespace(s), "registry.example.com/postgres:16.4"
			name = fmt.Sprintf("%s-%d", app, k)
			own = owner("apps/v1", "StatefulSet", app, app+"-sts")
		} else if D > 0 {
			d := i % D
			k = perDeploy[d]
			perDeploy[d]++
			app, ns, image = deployName(d), namespace(d), g.image(d)
			rs := fmt.Sprintf("%s-%s", app, hash(d, 2))
			name = fmt.Sprintf("%s-%05d", rs, k)
			if d < R {
				own = owner("apps/v1", "ReplicaSet", rs, rs)
			}
		} else {
			app, ns, image, name = "solo", "team-000", "registry.example.com/solo:1", fmt.Sprintf("solo-%d", i)
		}
		d := i % max(D, 1)
		failing := !sts && D > 0 && deployFails(d) && k >= 1
		ref := podRef{name: name, ns: ns, ip: ip, uid: fmt.Sprintf("pod-%d", i), failing: failing,
			movedDigest: !sts && D > 0 && digestMoved(d) && k == 0}
		g.byApp[ns+"/"+app] = append(g.byApp[ns+"/"+app], ref)
		g.allPods = append(g.allPods, ref)
		g.add(ns, "pods", g.pod(ref, app, image, own, started, !sts && D > 0 && badImage(d)))
	}
}

func (g *gen) pod(p podRef, app, image string, own []any, started time.Time, pullFails bool) map[string]any {
	m := meta(p.name, p.ns, p.uid, started.Add(-time.Minute), map[string]any{"app": app})
	if own != nil {
		m["ownerReferences"] = own
	}
	cs := map[string]any{"name": "app", "image": image, "imageID": imageID(image, p.movedDigest),
		"ready": true, "started": true, "restartCount": int64(0),
		"state": map[string]any{"running": map[string]any{"startedAt": ts(started)}}}
	phase := "Running"
	if p.failing && pullFails {
		phase = "Pending"
		cs["ready"], cs["started"], cs["imageID"] = false, false, ""
		cs["state"] = map[string]any{"waiting": map[string]any{"reason": "ImagePullBackOff", "message": "Back-off pulling image \"" + image + "\""}}
	} else if p.failing {
		restarts := int64(5 + g.rng.IntN(25))
		last := CaptureTime.Add(-time.Duration(1+g.rng.IntN(5)) * time.Minute)
		cs["ready"], cs["started"], cs["restartCount"] = false, false, restarts
		cs["state"] = map[string]any{"waiting": map[string]any{"reason": "CrashLoopBackOff", "message": "back-off 5m0s restarting failed container"}}
		cs["lastState"] = map[string]any{"terminated": map[string]any{"exitCode": int64(1), "reason": "Error",
			"startedAt": ts(last.Add(-10 * time.Second)), "finishedAt": ts(last)}}
		dir := "logs/" + p.ns + "/" + p.name + "/"
		g.logs[dir+"app.log"] = fmt.Sprintf("%s INFO starting %s\n%s INFO connecting to db-0.%s:5432\n", ts(last.Add(-9*time.Second)), app, ts(last.Add(-8*time.Second)), p.ns)
		g.logs[dir+"app.previous.log"] = fmt.Sprintf("%s INFO starting %s\n%s ERROR dial tcp 10.0.0.1:5432: connect: connection refused\n%s FATAL giving up\n",
			ts(last.Add(-10*time.Second)), app, ts(last.Add(-2*time.Second)), ts(last))
	}
	ready := cs["ready"] == true
	return map[string]any{"apiVersion": "v1", "kind": "Pod", "metadata": m,
		"spec": map[string]any{"nodeName": fmt.Sprintf("node-%d", len(p.uid)%7+int(p.ip[len(p.ip)-1])%13),
			"containers": []any{map[string]any{"name": "app", "image": image}}},
		"status": map[string]any{"phase": phase, "podIP": p.ip, "startTime": ts(started),
			"conditions": []any{
				condition("PodScheduled", true, "", "", started.Add(-time.Minute)),
				condition("Ready", ready, "", "", started),
			},
			"containerStatuses": []any{cs}}}
}

// imageID is the digest a pod runs for image: the same image gives the
// same digest, and a pod started before its tag moved runs an older one.
func imageID(image string, moved bool) string {
	h := fnv.New64a()
	h.Write([]byte(image))
	if moved {
		h.Write([]byte("@previous"))
	}
	return "registry.example.com/app@sha256:" + fmt.Sprintf("%064x", h.Sum64())
}
