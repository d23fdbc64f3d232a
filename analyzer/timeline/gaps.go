package timeline

import (
	"fmt"
	"slices"
	"time"
)

// markConfidence lowers the confidence of failures known only from
// conditions or container state on objects that have no events at all in
// the bundle: their events have expired (or were never collected), so the
// first occurrence, the count and the message of the failure are lost.
func (bd *builder) markConfidence(es []Entry) {
	withEvents := map[string]bool{}
	for i := range es {
		if es[i].Source == SourceEvent {
			withEvents[objectID(&es[i])] = true
			withEvents[es[i].Object.String()] = true
		}
	}
	for i := range es {
		e := &es[i]
		if !e.Failure || (e.Source != SourceCondition && e.Source != SourceContainer) {
			continue
		}
		if !withEvents[objectID(e)] && !withEvents[e.Object.String()] {
			e.Confidence = ConfidenceLow
		}
	}
}

// findGaps states what the timeline cannot show: events the collector
// could not read, namespaces without any event, and failures that survive
// only in state.
func (bd *builder) findGaps(es []Entry) []string {
	var gaps []string
	uncollected := map[string]bool{}
	for _, nc := range bd.b.Meta.NotCollected {
		if nc.Resource == "events" || nc.Resource == "events.events.k8s.io" {
			ns := nc.Namespace
			uncollected[ns] = true
			if ns == "" {
				ns = "all namespaces"
			}
			gaps = append(gaps, fmt.Sprintf("events not collected for %s: %s", ns, nc.Reason))
		}
	}
	eventNS := bd.eventNS
	var oldest time.Time
	for i := range es {
		if es[i].Source == SourceEvent && (oldest.IsZero() || es[i].Time.Before(oldest)) {
			oldest = es[i].Time
		}
	}
	// The namespaces of workloads: a set, so reading the objects kind by
	// kind from the index (which drops duplicates, of the same namespace)
	// finds the same ones as a scan of the whole bundle.
	objNS := map[string]bool{}
	for kind := range workloadKinds {
		for _, o := range bd.ix.OfKind(kind) {
			if ns := o.GetNamespace(); ns != "" && !isEvent(o, kind) {
				objNS[ns] = true
			}
		}
	}
	for _, ns := range sortedKeys(objNS) {
		if !eventNS[ns] && !uncollected[ns] && !uncollected[""] {
			gaps = append(gaps, fmt.Sprintf("no events for namespace %s: they expire after about %s or were not collected; its failures are known only from conditions and container state",
				ns, bd.opts.EventTTL))
		}
	}
	lowByNS := map[string][]string{}
	for i := range es {
		if es[i].Confidence == ConfidenceLow {
			ns := es[i].Object.Namespace
			if s := es[i].Object.String(); !slices.Contains(lowByNS[ns], s) {
				lowByNS[ns] = append(lowByNS[ns], s)
			}
		}
	}
	for _, ns := range sortedKeys(lowByNS) {
		objs := lowByNS[ns]
		slices.Sort(objs)
		msg := fmt.Sprintf("namespace %s: failures of %s are visible only in conditions or container state (no events left; confidence low)", nsLabel(ns), listSome(objs, 5))
		if !oldest.IsZero() {
			msg += fmt.Sprintf("; the oldest event in the bundle is from %s", oldest.Format(time.RFC3339))
		}
		gaps = append(gaps, msg)
	}
	return gaps
}

func nsLabel(ns string) string {
	if ns == "" {
		return "(cluster-scoped)"
	}
	return ns
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}
