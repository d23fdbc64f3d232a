package timeline

import (
	"fmt"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// createdKinds are the kinds whose creation marks a rollout step: a new
// template revision (ReplicaSet, ControllerRevision) or a new pod.
var createdKinds = map[string]bool{"ReplicaSet": true, "ControllerRevision": true, "Pod": true, "Job": true}

// appliedKinds are the kinds whose spec writes (managedFields) are shown as
// applies: the workloads a pipeline or reconciler changes.
var appliedKinds = map[string]bool{"Deployment": true, "StatefulSet": true, "DaemonSet": true, "CronJob": true}

// lifecycleEntries adds creation of revisions and pods, deletion of any
// object, and the last spec write of each field manager on workloads.
func (bd *builder) lifecycleEntries(o *bundle.Object, kind string) {
	dt := o.GetDeletionTimestamp()
	if !createdKinds[kind] && dt == nil && !appliedKinds[kind] {
		// Most objects have no lifecycle entry: skip reading their
		// identity and revision.
		return
	}
	base := Entry{Object: o.Ref(), UID: string(o.GetUID()), Source: SourceLifecycle,
		File: o.Source.File, Type: TypeChange, Precision: PrecisionSecond, Revision: revisionOf(o, kind)}
	if createdKinds[kind] {
		if t := o.GetCreationTimestamp().UTC(); !t.IsZero() {
			e := base
			e.Time, e.Reason = t, "Created"
			e.Message = kind + " " + o.GetName() + " created"
			if rev := base.Revision; rev != "" {
				e.Message += " (revision " + rev + ")"
			}
			bd.add(e)
		}
	}
	if dt != nil {
		e := base
		e.Time, e.Reason = dt.UTC(), "Deleting"
		e.Message = kind + " " + o.GetName() + " marked for deletion"
		bd.add(e)
	}
	if appliedKinds[kind] {
		bd.appliedEntries(o, base)
	}
}

// appliedEntries shows when each field manager last wrote the object's
// spec, outside the status subresource. The controller's own metadata
// writes are left out: they are the controller acting, not an apply.
func (bd *builder) appliedEntries(o *bundle.Object, base Entry) {
	for _, mf := range o.GetManagedFields() {
		if mf.Subresource != "" || mf.Time == nil || mf.Manager == "kube-controller-manager" {
			continue
		}
		e := base
		e.Time, e.Reason, e.Layer = mf.Time.UTC(), "Applied", layers.LayerApplied
		e.Message = fmt.Sprintf("%s spec last written by %s (%s)", o.GetKind(), mf.Manager, mf.Operation)
		bd.add(e)
	}
}

// revisionOf names the template revision an object of kind is or runs.
func revisionOf(o *bundle.Object, kind string) string {
	switch kind {
	case "ControllerRevision":
		return fmt.Sprint(num(o.Object, "revision"))
	case "ReplicaSet":
		if r := metaValue(o, "annotations", "deployment.kubernetes.io/revision"); r != "" {
			return metaValue(o, "labels", "pod-template-hash") + ", deployment revision " + r
		}
	}
	if h := metaValue(o, "labels", "pod-template-hash"); h != "" {
		return h
	}
	return metaValue(o, "labels", "controller-revision-hash")
}

// podSnapshot states, at capture time, that a running or pending pod is
// not Ready: the transition that made it unready may be long past.
func (bd *builder) podSnapshot(o *bundle.Object) {
	phase := str(o.Object, "status", "phase")
	if phase == "Succeeded" || phase == "Failed" || o.GetDeletionTimestamp() != nil || bd.b.CaptureTime.IsZero() {
		return
	}
	var since time.Time
	ready := false
	for _, c := range list(o.Object, "status", "conditions") {
		cm, _ := c.(map[string]any)
		if str(cm, "type") == "Ready" {
			ready = str(cm, "status") == "True"
			since, _, _ = parseTime(cm["lastTransitionTime"])
		}
	}
	if ready {
		return
	}
	msg := fmt.Sprintf("pod still not Ready at capture (phase %s)", phase)
	if !since.IsZero() {
		msg += fmt.Sprintf(", unready for %s", bd.b.CaptureTime.Sub(since).Round(time.Second))
	}
	rev := revisionOf(o, "Pod")
	if rev != "" {
		msg += ", running revision " + rev
	}
	bd.add(Entry{Time: bd.b.CaptureTime, Precision: PrecisionSecond, Object: o.Ref(), UID: string(o.GetUID()),
		Type: TypeState, Reason: "NotReady", Message: msg, Source: SourceSnapshot, File: o.Source.File,
		Revision: rev})
}
