package hypothesis

import (
	"sort"
	"strconv"

	"github.com/open-policy-agent/opa/v1/ast"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/facts"
)

// eventEntry is one Event (a facts.Event, core/v1 and events.k8s.io/v1
// alike) in the shape of docs/rules.md, converted once: the event maps of
// the input share its term, which is safe because evaluation never mutates
// input values.
type eventEntry struct {
	uid, object, reason   string // the keys of the event maps
	typ                   string
	time, name, namespace string // the order within a list
	term                  *ast.Term
}

// eventKey selects the key an event is listed under.
type eventKey func(*eventEntry) string

func eventUID(e *eventEntry) string    { return e.uid }
func eventObject(e *eventEntry) string { return e.object }
func eventReason(e *eventEntry) string { return e.reason }
func eventType(e *eventEntry) string   { return e.typ }

// eventsBy builds one event map: key to the events with that key, sorted
// by time, then name, then namespace (stable, so ties keep bundle order).
// skipEmpty leaves out events whose key is empty (the UID map: an event
// about an object of unknown UID); the others list every event. The lists
// need no sort of their own: they keep the order of eventList, which is
// sorted once for all maps.
func (x *inputBuild) eventsBy(key eventKey, skipEmpty bool) ast.Value {
	events := x.eventList()
	lists := map[string][]*eventEntry{}
	for _, e := range events {
		if e.term == nil {
			continue // names no involved object
		}
		if k := key(e); k != "" || !skipEmpty {
			lists[k] = append(lists[k], e)
		}
	}
	kvs := make([][2]*ast.Term, 0, len(lists))
	for k, l := range lists {
		ts := make([]*ast.Term, len(l))
		for i, e := range l {
			ts[i] = e.term
		}
		kvs = append(kvs, [2]*ast.Term{ast.StringTerm(k), ast.ArrayTerm(ts...)})
	}
	return ast.NewObject(kvs...)
}

// eventEntries converts the bundle's Events (facts.Events, normalised
// once per bundle) in parallel, in index order.
func eventEntries(ix *bundle.Index) []eventEntry {
	evs := facts.Events(ix)
	out := make([]eventEntry, len(evs))
	parallel(len(evs), func(c *converter, i int) { out[i] = c.eventEntry(&evs[i]) })
	return out
}

// eventObjectKeys and eventKeys are the fields of an event's involved
// object and of the event, in the order eventEntry gives their values.
var (
	eventObjectKeys = []string{"apiVersion", "kind", "namespace", "name", "uid", "fieldPath"}
	eventKeys       = []string{"name", "namespace", "reason", "message", "type", "count", "firstTime", "time", "source", "object"}
)

// eventEntry converts one normalised Event to the shape of docs/rules.md:
// the times as recorded, the involved object keyed by facts.Key's rule
// (a Node event recorded in namespace default is about Node/n1). Its term
// is nil when the event names no involved object.
func (c *converter) eventEntry(e *facts.Event) eventEntry {
	if !e.HasObject {
		return eventEntry{}
	}
	r := e.Involved
	obj := c.involved([6]string{r.APIVersion, r.Kind, r.Namespace, r.Name, e.UID, e.FieldPath})
	ev := c.ObjectOf(eventKeys, []ast.Value{
		c.Str(e.Name), c.Str(e.Namespace), c.Str(e.Reason), c.Str(e.Message),
		c.Str(e.Type), ast.Number(strconv.FormatInt(e.Count, 10)), c.Str(e.FirstText), c.Str(e.LastText),
		c.Str(e.Source), obj,
	})
	return eventEntry{
		uid: e.UID, object: r.String(), reason: e.Reason, typ: e.Type,
		time: e.LastText, name: e.Name, namespace: e.Namespace, term: ast.NewTerm(ev),
	}
}

// sortEvents orders the events by time, then name, then namespace,
// stably, so that ties keep bundle order. It sorts pointers: an entry is
// too big to move around.
func sortEvents(evs []eventEntry) []*eventEntry {
	ps := make([]*eventEntry, len(evs))
	for i := range evs {
		ps[i] = &evs[i]
	}
	sort.SliceStable(ps, func(i, j int) bool {
		a, b := ps[i], ps[j]
		if a.time != b.time {
			return a.time < b.time
		}
		if a.name != b.name {
			return a.name < b.name
		}
		return a.namespace < b.namespace
	})
	return ps
}

// involved is the value of an event's involved object, its fields in the
// order of eventObjectKeys. Events about one object repeat it: it is
// looked up before it is built, and built once while it repeats.
func (c *converter) involved(f [6]string) ast.Value {
	if v, ok := c.objs[f]; ok {
		return v
	}
	var vals [len(f)]ast.Value
	for i, s := range f {
		vals[i] = c.Str(s)
	}
	v := c.ObjectOf(eventObjectKeys, vals[:])
	if len(c.objs) >= maxCache {
		clear(c.objs)
	}
	c.objs[f] = v
	return v
}
