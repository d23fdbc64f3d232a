package timeline

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// occurrence is one Event read through either API (facts.Event), before
// deduplication; merge widens it with the other API's copy.
type occurrence struct {
	obj         *bundle.Object
	group       string // the API it was read through
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
	evs := facts.Events(bd.ix)
	byName := make(map[string]int, len(evs))
	bySig := make(map[string]int, len(evs))
	occs := make([]occurrence, 0, len(evs))
	bd.eventNS = map[string]bool{}
	for k := range evs {
		ev := &evs[k]
		bd.eventNS[ev.Namespace] = true
		if ev.Precision == "" {
			bd.gaps = append(bd.gaps, ev.Object.Ref().String()+": event has no time; left out of the timeline")
			continue
		}
		oc := occurrenceOf(ev)
		name := ev.Namespace + "/" + ev.Name
		sig := oc.signature()
		i, dup := byName[name]
		if !dup {
			i, dup = bySig[sig]
		}
		// Only a copy read through the other API is the same occurrence:
		// two events of one API are two records, even when they look alike.
		dup = dup && occs[i].group != oc.group
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
			e.Type, e.Failure = TypeWarning, !bd.probeNeverTripped(oc) && !selfRepaired(oc)
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

// occurrenceOf is the occurrence ev records; ev has a time.
func occurrenceOf(ev *facts.Event) occurrence {
	return occurrence{
		obj: ev.Object, group: ev.Group, involved: ev.Involved, uid: ev.UID, container: ev.Container,
		reason: ev.Reason, message: ev.Message, warning: ev.Type == "Warning",
		first: ev.First, last: ev.Last, prec: ev.Precision, count: ev.Count,
	}
}
