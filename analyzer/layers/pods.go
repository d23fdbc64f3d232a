package layers

import (
	"sort"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// podKinds are the subjects that run pods of their own.
var podKinds = map[string]bool{
	"Deployment": true, "StatefulSet": true, "DaemonSet": true, "ReplicaSet": true,
	"Job": true, "CronJob": true, "Pod": true,
}

// podSet is a workload's pods and the template revision each one runs.
type podSet struct {
	pods []*bundle.Object
	// current is the revision of the current template ("" when the bundle
	// does not show it, in which case no pod is called old).
	current string
	// revLabel is the pod label holding the revision.
	revLabel string
	// revisions are the ReplicaSets or ControllerRevisions of the workload.
	revisions []*bundle.Object
	// template is the pod template the pods are compared with.
	template map[string]any
}

func (ps podSet) rev(p *bundle.Object) string { return label(p, ps.revLabel) }

func (ps podSet) isCurrent(p *bundle.Object) bool {
	return ps.current == "" || ps.revLabel == "" || ps.rev(p) == ps.current
}

func childrenOfKind(ix *bundle.Index, o *bundle.Object, kind string) []*bundle.Object {
	var out []*bundle.Object
	for _, c := range ix.Children(o.GetUID()) {
		if c.GetKind() == kind {
			out = append(out, c)
		}
	}
	return out
}

// podsOf follows ownerReferences from a workload to its pods.
func podsOf(ix *bundle.Index, o *bundle.Object) podSet {
	ps := podSet{template: mapAt(o.Object, "spec", "template")}
	switch o.GetKind() {
	case "Deployment":
		ps.revLabel = "pod-template-hash"
		ps.revisions = childrenOfKind(ix, o, "ReplicaSet")
		for _, rs := range ps.revisions {
			ps.pods = append(ps.pods, childrenOfKind(ix, rs, "Pod")...)
		}
		ps.current = currentReplicaSetHash(o, ps.revisions)
	case "StatefulSet":
		ps.revLabel = "controller-revision-hash"
		ps.pods = childrenOfKind(ix, o, "Pod")
		ps.revisions = childrenOfKind(ix, o, "ControllerRevision")
		ps.current = str(o.Object, "status", "updateRevision")
	case "DaemonSet":
		ps.revLabel = "controller-revision-hash"
		ps.pods = childrenOfKind(ix, o, "Pod")
		ps.revisions = childrenOfKind(ix, o, "ControllerRevision")
		ps.current = latestRevisionHash(ps.revisions)
	case "ReplicaSet":
		ps.pods = childrenOfKind(ix, o, "Pod")
	case "Job":
		ps.pods = childrenOfKind(ix, o, "Pod")
	case "CronJob":
		ps.template = mapAt(o.Object, "spec", "jobTemplate", "spec", "template")
		if j := latestJob(childrenOfKind(ix, o, "Job")); j != nil {
			ps.pods = childrenOfKind(ix, j, "Pod")
		}
	case "Pod":
		ps.pods = []*bundle.Object{o}
		ps.template = nil
	}
	sortByName(ps.pods)
	return ps
}

// sortByName sorts objs by name, reading each name once.
func sortByName(objs []*bundle.Object) {
	if len(objs) < 2 {
		return
	}
	keyed := make([]nameObject, len(objs))
	for i, o := range objs {
		keyed[i] = nameObject{o.GetName(), o}
	}
	sort.Slice(keyed, func(i, j int) bool { return keyed[i].name < keyed[j].name })
	for i := range keyed {
		objs[i] = keyed[i].o
	}
}

type nameObject struct {
	name string
	o    *bundle.Object
}

// currentReplicaSetHash finds the ReplicaSet the Deployment controller
// treats as new: the one whose template equals the Deployment's (ignoring
// the pod-template-hash label it adds). Failing that, the one carrying the
// Deployment's revision annotation, once the controller has caught up.
func currentReplicaSetHash(d *bundle.Object, rss []*bundle.Object) string {
	tmpl := mapAt(d.Object, "spec", "template")
	for _, rs := range rss {
		rt := mapAt(rs.Object, "spec", "template")
		if tmpl != nil && rt != nil && covers(tmpl, rt, nil) && covers(withoutHash(rt), tmpl, nil) {
			return label(rs, "pod-template-hash")
		}
	}
	gen, _ := num(d.Object, "metadata", "generation")
	obs, _ := num(d.Object, "status", "observedGeneration")
	want := annotation(d, "deployment.kubernetes.io/revision")
	if obs < gen || want == "" {
		return ""
	}
	for _, rs := range rss {
		if annotation(rs, "deployment.kubernetes.io/revision") == want {
			return label(rs, "pod-template-hash")
		}
	}
	return ""
}

func withoutHash(t map[string]any) map[string]any {
	l := mapAt(t, "metadata", "labels")
	if _, ok := l["pod-template-hash"]; !ok {
		return t
	}
	nl := make(map[string]any, len(l))
	for k, v := range l {
		if k != "pod-template-hash" {
			nl[k] = v
		}
	}
	md := make(map[string]any, len(mapAt(t, "metadata")))
	for k, v := range mapAt(t, "metadata") {
		md[k] = v
	}
	md["labels"] = nl
	out := make(map[string]any, len(t))
	for k, v := range t {
		out[k] = v
	}
	out["metadata"] = md
	return out
}

// latestRevisionHash returns the hash of the highest ControllerRevision,
// which is the DaemonSet's current template.
func latestRevisionHash(crs []*bundle.Object) string {
	var best *bundle.Object
	var bestRev int64 = -1
	for _, c := range crs {
		if r, ok := num(c.Object, "revision"); ok && r > bestRev {
			best, bestRev = c, r
		}
	}
	if best == nil {
		return ""
	}
	return label(best, "controller-revision-hash")
}

func latestJob(jobs []*bundle.Object) *bundle.Object {
	var best *bundle.Object
	for _, j := range jobs {
		if best == nil || str(j.Object, "metadata", "creationTimestamp") > str(best.Object, "metadata", "creationTimestamp") ||
			(str(j.Object, "metadata", "creationTimestamp") == str(best.Object, "metadata", "creationTimestamp") && j.GetName() > best.GetName()) {
			best = j
		}
	}
	return best
}
