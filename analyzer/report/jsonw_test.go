package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"runtime"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/rift-dev/rift/analyzer/layers"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// stdlibJSON is what jsonWriter must reproduce: encoding/json's Encoder
// indenting by two spaces without HTML escaping (the JSON format), or
// json.Marshal (the HTML page's data element).
func stdlibJSON(r *Report, indent bool) ([]byte, error) {
	if !indent {
		return json.Marshal(r)
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	err := enc.Encode(r)
	return buf.Bytes(), err
}

// writerJSON encodes r with jsonWriter in the same two modes.
func writerJSON(r *Report, indent bool) ([]byte, error) {
	var buf bytes.Buffer
	e := newJSONWriter(&buf, indent, !indent)
	e.report(r)
	if indent {
		e.buf = append(e.buf, '\n')
	}
	err := e.finish()
	return buf.Bytes(), err
}

// checkMatchesStdlib fails unless jsonWriter gives encoding/json's bytes,
// or fails where it fails, in both modes.
func checkMatchesStdlib(t *testing.T, r *Report) {
	t.Helper()
	for _, indent := range []bool{true, false} {
		want, wantErr := stdlibJSON(r, indent)
		got, gotErr := writerJSON(r, indent)
		if (wantErr != nil) != (gotErr != nil) {
			t.Fatalf("indent=%v: error = %v, encoding/json's = %v", indent, gotErr, wantErr)
		}
		if wantErr != nil {
			if gotErr.Error() != wantErr.Error() {
				t.Errorf("indent=%v: error = %q, encoding/json's = %q", indent, gotErr, wantErr)
			}
			continue
		}
		if diff := cmp.Diff(string(want), string(got)); diff != "" {
			t.Fatalf("indent=%v: jsonWriter differs from encoding/json (-want +got):\n%s", indent, diff)
		}
	}
}

// TestJSONWriterMatchesStdlib compares jsonWriter with encoding/json on the
// fixture reports (as given and normalized) and on reports whose every
// field is filled by reflection with awkward values, so that a field added
// to a report type and not to jsonWriter fails here.
func TestJSONWriterMatchesStdlib(t *testing.T) {
	for _, path := range fixtures(t) {
		r := loadReport(t, path)
		t.Run(path, func(t *testing.T) { checkMatchesStdlib(t, r) })
		t.Run(path+"/normalized", func(t *testing.T) { checkMatchesStdlib(t, r.Normalized()) })
	}
	for seed := range uint64(200) {
		r := randomReport(seed)
		t.Run("random", func(t *testing.T) { checkMatchesStdlib(t, r) })
	}
	t.Run("empty", func(t *testing.T) { checkMatchesStdlib(t, &Report{}) })
}

// TestJSONWriterRefusesWhatStdlibRefuses checks the values encoding/json
// cannot encode give the same error: times RFC 3339 cannot hold and a
// malformed raw divergence value.
func TestJSONWriterRefusesWhatStdlibRefuses(t *testing.T) {
	tests := []struct {
		name string
		edit func(r *Report)
	}{
		{"year 10000", func(r *Report) { r.Bundle.CaptureTime = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC) }},
		{"year -1", func(r *Report) { r.Bundle.CaptureTime = time.Date(-1, 1, 1, 0, 0, 0, 0, time.UTC) }},
		{"zone 24h", func(r *Report) {
			r.Bundle.CaptureTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 24*3600))
		}},
		{"zone -30h", func(r *Report) {
			r.Bundle.CaptureTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.FixedZone("x", -30*3600))
		}},
		{"zone 23:59", func(r *Report) {
			r.Bundle.CaptureTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.FixedZone("x", 23*3600+59*60))
		}},
		{"bad raw", func(r *Report) { r.Workloads[0].Divergences[0].Expected = json.RawMessage(`{"a":`) }},
		{"empty raw", func(r *Report) { r.Workloads[0].Divergences[0].Observed = json.RawMessage{} }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := randomReport(7)
			r.Workloads = []layers.Workload{{Divergences: []layers.Divergence{{}}}}
			tt.edit(r)
			checkMatchesStdlib(t, r)
		})
	}
}

// FuzzJSONMatchesStdlib builds a random report from seed, puts s into its
// most common string fields and checks jsonWriter writes encoding/json's
// bytes.
func FuzzJSONMatchesStdlib(f *testing.F) {
	for _, s := range awkwardStrings {
		f.Add(uint64(len(s)), s)
	}
	f.Fuzz(func(t *testing.T, seed uint64, s string) {
		r := randomReport(seed)
		r.Summary.Impact = s
		for i := range r.Timeline {
			r.Timeline[i].Message = s
			r.Timeline[i].Object.Name = s
		}
		for i := range r.Hypotheses {
			r.Hypotheses[i].Summary = s
		}
		r.EarliestPerWorkload = map[string]*timeline.EarliestFailure{s: nil, s + "x": nil}
		checkMatchesStdlib(t, r)
	})
}

// randomReport fills every field of a report from a seeded generator.
func randomReport(seed uint64) *Report {
	var r Report
	fill(valueOf(&r), rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)))
	return &r
}

// TestJSONWriterParallelMatchesStdlib runs the same comparison with big
// arrays split into blocks of one and two elements encoded on two cores,
// so the block path (first block without a comma, a short last block, an
// error inside a block) is exercised on small reports.
func TestJSONWriterParallelMatchesStdlib(t *testing.T) {
	defer func(minN, bytes, ahead, procs int) {
		parallelMin, parallelBlockBytes, parallelAhead = minN, bytes, ahead
		runtime.GOMAXPROCS(procs)
	}(parallelMin, parallelBlockBytes, parallelAhead, runtime.GOMAXPROCS(2))
	for _, blockBytes := range []int{1, 2 << 10} {
		parallelMin, parallelBlockBytes, parallelAhead = 1, blockBytes, 1
		for _, path := range fixtures(t) {
			r := loadReport(t, path).Normalized()
			t.Run(fmt.Sprintf("%s/block=%d", path, blockBytes), func(t *testing.T) { checkMatchesStdlib(t, r) })
		}
		for seed := range uint64(100) {
			r := randomReport(seed)
			t.Run(fmt.Sprintf("random/block=%d", blockBytes), func(t *testing.T) { checkMatchesStdlib(t, r) })
		}
		t.Run(fmt.Sprintf("bad time in a block/block=%d", blockBytes), func(t *testing.T) {
			r := randomReport(3)
			r.Timeline = make([]timeline.Entry, 5)
			r.Timeline[3].Time = time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)
			checkMatchesStdlib(t, r)
		})
	}
}
