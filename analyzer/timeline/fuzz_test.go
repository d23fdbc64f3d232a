package timeline

import (
	"testing"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// FuzzLogTime feeds arbitrary log lines: logTime must not panic, and a time
// it finds must be in UTC.
func FuzzLogTime(f *testing.F) {
	for _, s := range []string{
		"2026-03-12T10:00:58.117Z\tERROR\tquery failed",
		"[2026-02-03 09:12:54,031] ERROR x",
		"[2026-02-03 09:12:54+0200] INFO",
		`level=error ts="2026-03-21T15:57:58Z" msg=x`,
		`{"ts":"2026-03-21T15:57:58.5Z"}`,
		"time=", "[", "{", "",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		if tm, _, ok := logTime(line); ok && tm.Location().String() != "UTC" {
			t.Errorf("logTime(%q) = %s, not UTC", line, tm)
		}
		looksLikeError(line)
	})
}

// FuzzEvent feeds arbitrary JSON documents as events and objects: Build must
// not panic.
func FuzzEvent(f *testing.F) {
	for _, s := range []string{
		`{"apiVersion":"v1","kind":"Event","metadata":{"name":"e","namespace":"x"},"involvedObject":{"kind":"Pod","name":"p"},"reason":"BackOff","type":"Warning","firstTimestamp":"2024-01-01T00:00:00Z","count":3}`,
		`{"apiVersion":"events.k8s.io/v1","kind":"Event","metadata":{"name":"e","namespace":"x"},"regarding":{"kind":"Pod","name":"p"},"eventTime":"2024-01-01T00:00:00.5Z","series":{"count":"x"}}`,
		`{"apiVersion":"v1","kind":"Pod","metadata":{"name":"p","namespace":"x"},"status":{"containerStatuses":[{"state":{"waiting":{}},"lastState":{"terminated":{"exitCode":"1"}}}]}}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		objs, _ := bundle.DecodeDocuments("fuzz.json", []byte(doc))
		if len(objs) == 0 {
			return
		}
		Build(bundle.New(bundle.FormatDirectory, bundle.Meta{}, objs, nil, nil, nil), nil)
	})
}
