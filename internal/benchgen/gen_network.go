package benchgen

import (
	"fmt"
	"time"
)

// services adds the Services and EndpointSlices. Service j selects
// Deployment j's Pods, then the StatefulSets'; every 15th selects a label
// no Pod carries, so it has no endpoints. EndpointSlice e belongs to
// Service e mod the Service count and lists that Service's Pods, ready or
// not.
func (g *gen) services() {
	Sv, E, D, S := g.n["Service"], g.n["EndpointSlice"], g.n["Deployment"], g.n["StatefulSet"]
	type svc struct{ name, ns, app string }
	all := make([]svc, 0, Sv)
	created := CaptureTime.Add(-30 * 24 * time.Hour)
	for j := range Sv {
		var app, ns string
		switch {
		case j < D:
			app, ns = deployName(j), namespace(j)
		case S > 0:
			app, ns = stsName((j-D)%S), stsNamespace((j-D)%S)
		case D > 0:
			app, ns = deployName(j%D), namespace(j%D)
		default:
			app, ns = "solo", "team-000"
		}
		sel := app
		if j%15 == 14 {
			sel = app + "-typo"
		}
		s := svc{fmt.Sprintf("svc-%d", j), ns, sel}
		all = append(all, s)
		g.add(ns, "services", map[string]any{"apiVersion": "v1", "kind": "Service",
			"metadata": meta(s.name, ns, s.name, created, nil),
			"spec": map[string]any{"type": "ClusterIP", "clusterIP": fmt.Sprintf("172.20.%d.%d", j>>8&255, j&255),
				"selector": map[string]any{"app": sel},
				"ports":    []any{map[string]any{"name": "http", "port": int64(80), "targetPort": int64(8080), "protocol": "TCP"}}}})
	}
	for e := range E {
		if Sv == 0 {
			break
		}
		s := all[e%Sv]
		eps := []any{}
		for _, p := range g.byApp[s.ns+"/"+s.app] {
			eps = append(eps, map[string]any{"addresses": []any{p.ip},
				"conditions": map[string]any{"ready": !p.failing, "serving": !p.failing, "terminating": false},
				"targetRef":  map[string]any{"kind": "Pod", "name": p.name, "namespace": p.ns, "uid": p.uid}})
		}
		name := fmt.Sprintf("%s-%d", s.name, e/Sv)
		m := meta(name, s.ns, name, created, map[string]any{"kubernetes.io/service-name": s.name, "endpointslice.kubernetes.io/managed-by": "endpointslice-controller.k8s.io"})
		m["ownerReferences"] = owner("v1", "Service", s.name, s.name)
		g.add(s.ns, "endpointslices", map[string]any{"apiVersion": "discovery.k8s.io/v1", "kind": "EndpointSlice", "metadata": m,
			"addressType": "IPv4", "endpoints": eps,
			"ports": []any{map[string]any{"name": "http", "port": int64(8080), "protocol": "TCP"}}})
	}
}

// events adds core/v1 Events about the Pods, round-robin: a failing Pod
// gets BackOff or ErrImagePull warnings, a healthy one the usual start
// sequence.
func (g *gen) events() {
	Ev, P := g.n["Event"], len(g.allPods)
	normal := []string{"Scheduled", "Pulling", "Pulled", "Created", "Started"}
	for e := range Ev {
		var p podRef
		if P > 0 {
			p = g.allPods[e%P]
		} else {
			p = podRef{name: "solo", ns: "team-000", uid: "solo"}
		}
		reason, typ, msg := normal[(e/max(P, 1))%len(normal)], "Normal", "normal lifecycle step"
		at := CaptureTime.Add(-time.Duration(60+g.rng.IntN(3600*6)) * time.Second)
		if p.failing {
			reason, typ, msg = "BackOff", "Warning", "Back-off restarting failed container app in pod "+p.name
			at = CaptureTime.Add(-time.Duration(1+g.rng.IntN(1200)) * time.Second)
		}
		name := fmt.Sprintf("%s.%x", p.name, 0x180000000+e)
		g.add(p.ns, "events", map[string]any{"apiVersion": "v1", "kind": "Event",
			"metadata":       map[string]any{"name": name, "namespace": p.ns, "uid": name, "creationTimestamp": ts(at)},
			"involvedObject": map[string]any{"apiVersion": "v1", "kind": "Pod", "name": p.name, "namespace": p.ns, "uid": p.uid, "fieldPath": "spec.containers{app}"},
			"reason":         reason, "type": typ, "message": msg, "count": int64(1 + g.rng.IntN(9)),
			"firstTimestamp": ts(at.Add(-time.Minute)), "lastTimestamp": ts(at),
			"source": map[string]any{"component": "kubelet", "host": "node-1"}})
	}
}
