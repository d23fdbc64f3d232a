package timeline

import (
	"strings"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// occurrence is one Event read through either API, before deduplication.
type occurrence struct {
	obj         *bundle.Object
	involved    bundle.Ref
	uid         string
	container   string
	reason      string
	message     string
	warning     bool
	first, last time.Time
	prec        string
	count       int64
}

// eventEntries adds one entry per event occurrence. The API server serves
// every Event through core/v1 and events.k8s.io/v1, so a collector that
// lists both records each occurrence twice; the copies share
// namespace/name, and copies renamed by an importer still share the
// involved object, reason, first time and message. Copies are merged only
// across the two APIs.
func (bd *builder) eventEntries() {
	evs := bd.ix.OfKind("Event")
	byName := make(map[string]int, len(evs))
	bySig := make(map[string]int, len(evs))
	occs := make([]occurrence, 0, len(evs))
	bd.eventNS = map[string]bool{}
	for _, o := range evs {
		if !bundle.IsEvent(o) {
			continue
		}
		bd.eventNS[o.GetNamespace()] = true
		oc, ok := readEvent(o)
		if !ok {
			bd.gaps = append(bd.gaps, o.Ref().String()+": event has no time; left out of the timeline")
			continue
		}
		name := o.GetNamespace() + "/" + o.GetName()
		sig := oc.signature()
		i, dup := byName[name]
		if !dup {
			i, dup = bySig[sig]
		}
		// Only a copy read through the other API is the same occurrence:
		// two events of one API are two records, even when they look alike.
		dup = dup && apiGroup(occs[i].obj) != apiGroup(o)
		if dup {
			occs[i].merge(oc)
		} else {
			i = len(occs)
			occs = append(occs, oc)
		}
		byName[name], bySig[sig] = i, i
	}
	for _, oc := range occs {
		e := Entry{
			Time: oc.first, Precision: oc.prec, Object: oc.involved, UID: oc.uid,
			Type: TypeNormal, Reason: oc.reason, Message: oc.message,
			Source: SourceEvent, File: oc.obj.Source.File, Container: oc.container,
		}
		if oc.warning {
			e.Type, e.Failure = TypeWarning, !bd.probeNeverTripped(oc)
		}
		if oc.count > 1 {
			e.Count, e.FirstTime, e.LastTime = oc.count, ptr(oc.first), ptr(oc.last)
		}
		bd.add(e)
	}
}

func (oc occurrence) signature() string {
	id := oc.uid
	if id == "" {
		id = oc.involved.String()
	}
	return id + "\x00" + oc.reason + "\x00" + oc.first.Format(time.RFC3339Nano) + "\x00" + oc.message
}

// merge folds another copy of the same occurrence in, keeping the larger
// count, the wider span and the finer precision.
func (oc *occurrence) merge(o occurrence) {
	if o.count > oc.count {
		oc.count = o.count
	}
	if o.last.After(oc.last) {
		oc.last = o.last
	}
	if o.prec == PrecisionMicrosecond && oc.prec != PrecisionMicrosecond &&
		o.first.Truncate(time.Second).Equal(oc.first.Truncate(time.Second)) {
		oc.first, oc.prec = o.first, o.prec
	} else if o.first.Before(oc.first) {
		oc.first = o.first
	}
}

// clusterScoped are common cluster-scoped kinds, whose events must not
// borrow the Event's own namespace.
var clusterScoped = map[string]bool{
	"Node": true, "Namespace": true, "PersistentVolume": true, "StorageClass": true,
	"ClusterRole": true, "ClusterRoleBinding": true, "CustomResourceDefinition": true,
	"APIService": true, "ClusterOperator": true, "ClusterVersion": true,
	"MutatingWebhookConfiguration": true, "ValidatingWebhookConfiguration": true,
	"PriorityClass": true, "VolumeAttachment": true, "CSIDriver": true, "CSINode": true,
	"IngressClass": true, "RuntimeClass": true, "ClusterIssuer": true, "ClusterSecretStore": true,
	"MachineConfig": true, "MachineConfigPool": true,
}

// readEvent reads the fields of a core/v1 or events.k8s.io/v1 Event.
func readEvent(o *bundle.Object) (occurrence, bool) {
	m := o.Object
	oc := occurrence{obj: o, reason: str(m, "reason")}
	var ref map[string]any
	var firstKey, lastKey, countKey string
	if apiGroup(o) == "events.k8s.io" {
		ref, oc.message = mapAt(m, "regarding"), str(m, "note")
		firstKey, lastKey, countKey = "deprecatedFirstTimestamp", "deprecatedLastTimestamp", "deprecatedCount"
	} else {
		ref, oc.message = mapAt(m, "involvedObject"), str(m, "message")
		firstKey, lastKey, countKey = "firstTimestamp", "lastTimestamp", "count"
	}
	oc.warning = str(m, "type") == "Warning"
	oc.involved = bundle.Ref{APIVersion: str(ref, "apiVersion"), Kind: str(ref, "kind"),
		Namespace: str(ref, "namespace"), Name: str(ref, "name")}
	if oc.involved.Namespace == "" && !clusterScoped[oc.involved.Kind] {
		oc.involved.Namespace = o.GetNamespace()
	}
	oc.uid = str(ref, "uid")
	// The kubelet names the container in fieldPath: spec.containers{kafka}.
	if fp := str(ref, "fieldPath"); strings.HasSuffix(fp, "}") {
		if i := strings.Index(fp, "{"); i >= 0 {
			oc.container = fp[i+1 : len(fp)-1]
		}
	}

	first, prec, ok := parseTime(m[firstKey])
	if !ok {
		first, prec, ok = parseTime(m["eventTime"])
	}
	if !ok {
		first, _, ok = parseTime(str(m, "metadata", "creationTimestamp"))
		prec = PrecisionInferred
	}
	if !ok {
		return oc, false
	}
	oc.first, oc.prec, oc.last = first, prec, first
	if t, _, ok := parseTime(m[lastKey]); ok && t.After(oc.last) {
		oc.last = t
	}
	if t, _, ok := parseTime(field(m, "series", "lastObservedTime")); ok && t.After(oc.last) {
		oc.last = t
	}
	oc.count = max(num(m, countKey), 1)
	if series := mapAt(m, "series"); series != nil {
		// Recorders before Kubernetes 1.23 start a series at 1 (repeats),
		// later ones at 2 (occurrences); a series means at least two.
		oc.count = max(oc.count, num(series, "count"), 2)
	}
	return oc, true
}
