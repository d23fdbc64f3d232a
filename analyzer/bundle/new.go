package bundle

import (
	"cmp"
	"fmt"
	"slices"
	"time"
)

// New assembles a Bundle from decoded parts, as Load does after reading:
// objects are sorted by file then doc, later duplicates of an object Key are
// dropped and reported as LoadErrors, sources, logs and checks are sorted,
// the Index is built, and CaptureTime is set to meta.CreatedAt or, when that
// is nil, to the latest time found in the objects, checks and source
// commits (CaptureTimeInferred is then true). meta.NotCollected is sorted
// too. New keeps the slices it is
// given and may reorder them.
func New(format Format, meta Meta, objs []*Object, sources []*GitSource, logs []*Log, checks []*Check) *Bundle {
	b := &Bundle{Format: format, Meta: meta, Sources: sources, Logs: logs, Checks: checks}
	sortObjects(objs)
	b.Objects, b.Errors = dropDuplicates(objs)
	slices.SortStableFunc(b.Sources, func(x, y *GitSource) int { return cmp.Compare(x.Name, y.Name) })
	for _, s := range b.Sources {
		sortObjects(s.Rendered)
		slices.Sort(s.Files)
	}
	slices.SortStableFunc(b.Logs, func(x, y *Log) int {
		return cmp.Or(cmp.Compare(x.Namespace, y.Namespace), cmp.Compare(x.Pod, y.Pod),
			cmp.Compare(x.Container, y.Container), compareBool(x.Previous, y.Previous), cmp.Compare(x.File, y.File))
	})
	slices.SortStableFunc(b.Checks, func(x, y *Check) int {
		return cmp.Or(cmp.Compare(x.File, y.File), cmp.Compare(x.Name, y.Name))
	})
	slices.SortStableFunc(b.Meta.NotCollected, func(x, y NotCollected) int {
		return cmp.Or(cmp.Compare(x.Resource, y.Resource), cmp.Compare(x.Namespace, y.Namespace), cmp.Compare(x.Reason, y.Reason))
	})
	b.Index = NewIndex(b.Objects, b.Logs)
	if meta.CreatedAt != nil {
		b.CaptureTime = meta.CreatedAt.UTC()
	} else {
		b.CaptureTime = b.latestTime()
		b.CaptureTimeInferred = true
	}
	return b
}

func compareBool(x, y bool) int {
	switch {
	case x == y:
		return 0
	case !x:
		return -1
	}
	return 1
}

func sortObjects(objs []*Object) {
	slices.SortStableFunc(objs, func(x, y *Object) int {
		return cmp.Or(cmp.Compare(x.Source.File, y.Source.File), cmp.Compare(x.Source.Doc, y.Source.Doc))
	})
}

// dropDuplicates keeps the first object of each Key, in the sorted order,
// and reports the others.
func dropDuplicates(objs []*Object) ([]*Object, []LoadError) {
	first := make(map[Key]*Object, len(objs))
	out := objs[:0]
	var errs []LoadError
	for _, o := range objs {
		k := o.Key()
		if prev, dup := first[k]; dup {
			errs = append(errs, LoadError{File: o.Source.File, Doc: o.Source.Doc,
				Reason: fmt.Sprintf("%s: duplicate object, first read from %s[%d]; this copy is ignored",
					o.Ref(), prev.Source.File, prev.Source.Doc)})
			continue
		}
		first[k] = o
		out = append(out, o)
	}
	return out, errs
}

// latestTime is the latest timestamp in the bundle's data, or the zero time.
func (b *Bundle) latestTime() time.Time {
	var latest time.Time
	later := func(t time.Time) {
		if t.After(latest) {
			latest = t
		}
	}
	for _, o := range b.Objects {
		later(latestTime(o.Object))
	}
	for _, c := range b.Checks {
		if c.Time != nil {
			later(*c.Time)
		}
	}
	for _, s := range b.Sources {
		if s.CommitTime != nil {
			later(*s.CommitTime)
		}
	}
	return latest.UTC()
}

// sortErrors orders load errors by file, then doc, then reason.
func sortErrors(errs []LoadError) {
	slices.SortStableFunc(errs, func(x, y LoadError) int {
		return cmp.Or(cmp.Compare(x.File, y.File), cmp.Compare(x.Doc, y.Doc), cmp.Compare(x.Reason, y.Reason))
	})
}
