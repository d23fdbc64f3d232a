package facts

import (
	"slices"

	"github.com/rift-dev/rift/analyzer/bundle"
)

type eventsKey struct{}

// Events returns the bundle's Events, core/v1 and events.k8s.io/v1 alike,
// each normalised once (see Event), in bundle order (ix.OfKind). An Event
// recorded through both APIs appears twice: merging the copies is the
// timeline's business. It is built on first use, in time linear in the
// events, and shared by every caller: the slice and its Events must not be
// modified.
func Events(ix *bundle.Index) []Event {
	return ix.Derived(eventsKey{}, func() any { return readEvents(ix) }).([]Event)
}

func readEvents(ix *bundle.Index) []Event {
	objs := ix.OfKind("Event")
	s := scopesOf(ix)
	out := make([]Event, 0, len(objs))
	for _, o := range objs {
		if bundle.IsEvent(o) {
			out = append(out, readEvent(o, s))
		}
	}
	return out
}

// eventIndex files the Events that name an involved object by its UID and
// by its key (group, kind, namespace by Key's rule, name).
type eventIndex struct {
	byUID map[string][]*Event
	byKey map[bundle.Key][]*Event
}

type eventIndexKey struct{}

// eventsIndex builds the lookups of EventsFor once per Index, apart from
// Events: a stage that lists the events never pays for them.
func eventsIndex(ix *bundle.Index) *eventIndex {
	return ix.Derived(eventIndexKey{}, func() any {
		evs := Events(ix)
		x := &eventIndex{byUID: make(map[string][]*Event, len(evs)), byKey: make(map[bundle.Key][]*Event, len(evs))}
		for i := range evs {
			e := &evs[i]
			if !e.HasObject {
				continue
			}
			if e.UID != "" {
				x.byUID[e.UID] = append(x.byUID[e.UID], e)
			}
			k := bundle.Key{Group: bundle.APIGroup(e.Involved.APIVersion), Kind: e.Involved.Kind,
				Namespace: e.Involved.Namespace, Name: e.Involved.Name}
			x.byKey[k] = append(x.byKey[k], e)
		}
		return x
	}).(*eventIndex)
}

// IndexEvents builds the lookups EventsFor reads now rather than on its
// first call, so that a caller can build them beside other work.
func IndexEvents(ix *bundle.Index) { eventsIndex(ix) }

// EventsFor returns the Events whose involved object is o: those naming
// its UID first, then those naming its group, kind, namespace and name
// (events that carry no UID, or were recorded for a previous incarnation
// of the object). Each Event appears once, in bundle order within each
// part. The Events are shared: callers must not modify them.
func EventsFor(ix *bundle.Index, o *bundle.Object) []*Event {
	x := eventsIndex(ix)
	byUID := x.byUID[string(o.GetUID())]
	byKey := x.byKey[o.Key()]
	if len(byKey) == 0 {
		return byUID
	}
	out := make([]*Event, len(byUID), len(byUID)+len(byKey))
	copy(out, byUID)
	if len(byUID) <= smallSet {
		// An object has few events: scanning them beats building a set.
		for _, e := range byKey {
			if !slices.Contains(byUID, e) {
				out = append(out, e)
			}
		}
		return out
	}
	seen := make(map[*Event]bool, len(byUID))
	for _, e := range byUID {
		seen[e] = true
	}
	for _, e := range byKey {
		if !seen[e] {
			out = append(out, e)
		}
	}
	return out
}

// smallSet is the size up to which a linear scan dedupes faster than a map.
const smallSet = 16
