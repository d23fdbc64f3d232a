package timeline

import (
	"time"

	"github.com/mattn/go-runewidth"
)

// The marks every text rendering of a timeline (rift timeline, the
// chronology of rift analyze) puts before an entry.
const (
	MarkEarliest = "▶" // the earliest discriminating failure
	MarkFailure  = "✗" // a failure
	MarkState    = "~" // a failure known only from state: its events expired
)

// Marker is the mark of entry e, earliest when it is the earliest failure,
// or " ".
func Marker(e Entry, earliest bool) string {
	switch {
	case earliest:
		return MarkEarliest
	case e.Failure && e.Confidence == ConfidenceLow:
		return MarkState
	case e.Failure:
		return MarkFailure
	}
	return " "
}

// offsetWidth is the widest Offset most timelines print ("-23h59m"), so
// that columns after it line up.
const offsetWidth = 7

// Clock is the time of an entry as every text rendering shows it: the UTC
// time of day (the day goes on a line of its own when it changes) and the
// offset from the earliest failure, padded so that what follows lines up:
// "09:14:03 +2m05s ". Without an earliest failure only the time is shown.
func Clock(t, earliest time.Time) string {
	s := t.UTC().Format("15:04:05")
	if earliest.IsZero() {
		return s
	}
	return s + " " + runewidth.FillRight(Offset(t, earliest), offsetWidth)
}

// Offset is t's signed offset from the earliest failure: "+2m05s" after
// it, "-30s" before it, "0s" at it.
func Offset(t, earliest time.Time) string {
	return relative(t, earliest)
}

// Day is the date line printed before the first entry of each day.
func Day(t time.Time) string { return t.UTC().Format("2006-01-02") }
