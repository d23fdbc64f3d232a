// Package timeline merges the facts of a bundle that carry a time (events,
// condition transitions, container states, object lifecycles, Git commits,
// reconciler history, log lines and recorded checks) into one ordered
// chronology, collapses retry loops, links entries to workloads through
// ownership and references, and names the earliest discriminating failure.
package timeline

import (
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

// DefaultEventTTL is the API server's default --event-ttl: events older
// than this before capture are normally gone from the bundle.
const DefaultEventTTL = time.Hour

// Options tune Build. The zero value is not useful; start from
// DefaultOptions.
type Options struct {
	// EventTTL is how long the cluster keeps events.
	EventTTL time.Duration
	// Explanations is the "A explains B" table used to skip effects when
	// naming the earliest failure. Callers extend DefaultExplanations.
	Explanations []Explanation
	// SkewTolerance is how close two entries from different clocks may be
	// before their order is reported as depending on clock skew.
	SkewTolerance time.Duration
}

// DefaultOptions returns the options Build uses.
func DefaultOptions() Options {
	return Options{
		EventTTL:      DefaultEventTTL,
		Explanations:  DefaultExplanations(),
		SkewTolerance: 10 * time.Second,
	}
}

// Build returns the timeline of b. ws are the analysed workloads (from
// layers.Build); their Owners and Pods link entries to GitOps objects, and
// their Convergence decides which chains are affected. Build is pure and
// deterministic and runs in time linear in the size of the bundle. It
// never reads the wall clock: "now" is b.CaptureTime.
func Build(b *bundle.Bundle, ws []layers.Workload) *Timeline {
	return BuildWithOptions(b, ws, DefaultOptions())
}

// BuildWithOptions is Build with explicit options.
func BuildWithOptions(b *bundle.Bundle, ws []layers.Workload, opts Options) *Timeline {
	if b == nil {
		return &Timeline{Entries: []Entry{}}
	}
	ix := b.Index
	if ix == nil {
		ix = bundle.NewIndex(b.Objects, b.Logs)
	}
	// Events, the other sources and the chain index read the bundle
	// independently, so they are built concurrently; the entries are
	// joined in the order a sequential build adds them.
	// Every event yields at most one entry, and other objects about two
	// (condition transitions, lifecycle, container states). Both builders
	// fill one array sized for that, events its head and the rest its
	// tail, so that the (large) entries are neither copied as slices grow
	// nor allocated twice.
	events := len(ix.OfKind("Event"))
	others := max(len(b.Objects)-events, 0)*2 + 2*len(b.Logs) + 16
	all := make([]Entry, 0, events+others)
	bd := &builder{b: b, ix: ix, opts: opts, entries: all[0:0:events]}
	rest := &builder{b: b, ix: ix, opts: opts, entries: all[events:events]}
	var lk *linker
	runAll(bd.eventEntries, rest.otherEntries, func() { lk = newLinker(b, ix, ws) })
	bd.entries = joinEntries(all, bd.entries, rest.entries)
	bd.gaps = append(bd.gaps, rest.gaps...)

	for i := range bd.entries {
		bd.entries[i].Workloads = lk.link(&bd.entries[i])
	}
	entries := collapse(bd.entries)
	bd.markConfidence(entries)
	sortEntries(entries)

	tl := &Timeline{Entries: entries}
	tl.Gaps = append(bd.gaps, bd.findGaps(entries)...)
	tl.Gaps = append(tl.Gaps, skewGaps(b, entries)...)
	sortGaps(tl.Gaps)
	pickEarliest(tl, lk, opts)
	return tl
}

// builder accumulates entries from every source.
type builder struct {
	b       *bundle.Bundle
	ix      *bundle.Index
	opts    Options
	entries []Entry
	gaps    []string
	// eventNS are the namespaces with events, noted by eventEntries for
	// findGaps.
	eventNS map[string]bool
}

// joinEntries returns head followed by tail, in all's array when head is
// still its prefix (the events never outgrow their part): the tail then
// moves down over the unused part of the head's room.
func joinEntries(all, head, tail []Entry) []Entry {
	if len(head) > 0 && &head[0] != &all[:1][0] {
		return append(head, tail...)
	}
	return append(all[:len(head)], tail...)
}

// otherEntries adds the entries of every source but events.
func (bd *builder) otherEntries() {
	bd.objectEntries()
	bd.gitEntries()
	bd.staleEntries()
	bd.logEntries()
	bd.checkEntries()
}

func (bd *builder) add(e Entry) {
	if e.Time.IsZero() {
		return
	}
	if e.Layer == "" {
		e.Layer = layerOfKind(e.Object.Kind)
	}
	if e.Clock == "" {
		e.Clock = ClockCluster
	}
	if e.Confidence == "" {
		e.Confidence = ConfidenceHigh
	}
	bd.entries = append(bd.entries, e)
}
