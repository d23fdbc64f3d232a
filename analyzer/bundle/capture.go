package bundle

import "time"

// CaptureUnknownReason says why a bundle has no capture time: the JSON
// forms write it as captureTimeUnknown instead of the zero time.
const CaptureUnknownReason = "no bundle.yaml createdAt and no timestamp in the data"

// CaptureText says when a bundle was captured, in the words every command
// uses (rift analyze in each format, rift inspect): the time in RFC 3339
// UTC; with "(inferred from the latest timestamp in the data)" when
// bundle.yaml did not record it; or "unknown" and why when nothing in the
// bundle carries a time, never the zero time 0001-01-01.
func CaptureText(t time.Time, inferred bool) string {
	switch {
	case t.IsZero():
		return "unknown (" + CaptureUnknownReason + ")"
	case inferred:
		return t.UTC().Format(time.RFC3339) + " (inferred from the latest timestamp in the data)"
	}
	return t.UTC().Format(time.RFC3339)
}
