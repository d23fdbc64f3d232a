package timeline

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/mattn/go-runewidth"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/layers"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/golden")

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s differs (-want +got):\n%s", name, diff)
	}
}

// TestWriteText renders the seed timelines at several widths; every line
// fits the width.
func TestWriteText(t *testing.T) {
	kafkaWS := []layers.Workload{{Ref: ref("apps/v1", "StatefulSet", "kafka", "kafka"), Convergence: layers.Blocked,
		Owners: []bundle.Ref{ref("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "flux-system", "kafka")}}}
	tests := []struct {
		name, dir string
		ws        []layers.Workload
		filter    Filter
		width     int
	}{
		{"pending-before-migration-100.txt", "pending-before-migration", pendingWorkloads(), Filter{}, 100},
		{"pending-web-since-30m-160.txt", "pending-before-migration", pendingWorkloads(),
			Filter{Object: &bundle.Ref{Kind: "deployment", Namespace: "shop", Name: "web"}, Since: mustTime(t, "2026-03-12T09:55:00Z")}, 160},
		{"kafka-stale-probe-80.txt", "kafka-stale-probe", kafkaWS, Filter{}, 80},
		{"kafka-stale-probe-60.txt", "kafka-stale-probe", kafkaWS, Filter{}, 60},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b := loadDir(t, "testdata/"+tt.dir)
			tl := Select(Build(b, tt.ws), tt.filter)
			var buf bytes.Buffer
			if err := WriteText(&buf, tl, TextOptions{Width: tt.width, Capture: b.CaptureTime}); err != nil {
				t.Fatal(err)
			}
			for i, l := range strings.Split(buf.String(), "\n") {
				if w := runewidth.StringWidth(l); w > tt.width {
					t.Errorf("line %d is %d wide, more than %d: %q", i+1, w, tt.width, l)
				}
			}
			golden(t, tt.name, buf.Bytes())
		})
	}
}

// TestSelect checks the object and time filters and that the earliest
// failure follows the kept entries.
func TestSelect(t *testing.T) {
	b := loadDir(t, "testdata/pending-before-migration")
	tl := Build(b, pendingWorkloads())
	web := Select(tl, Filter{Object: &bundle.Ref{Kind: "Deployment", Namespace: "shop", Name: "web"}})
	for _, e := range web.Entries {
		if !sameRef(e.Object, webRef) && !containsRef(e.Workloads, webRef) {
			t.Errorf("kept %s, not linked to web", e.Object)
		}
	}
	if web.Earliest == nil || web.Entries[web.Earliest.Index].Reason != "FailedScheduling" {
		t.Fatalf("earliest after filter: %+v", web.Earliest)
	}
	cache := Select(tl, Filter{Object: &bundle.Ref{Kind: "Deployment", Namespace: "shop", Name: "cache"}})
	if cache.Earliest == nil || cache.Entries[cache.Earliest.Index].Reason != "Unhealthy" {
		t.Errorf("the cache's own earliest failure should lead its filtered view: %+v", cache.Earliest)
	}
	late := Select(tl, Filter{Since: mustTime(t, "2026-03-12T10:20:00Z")})
	for _, e := range late.Entries {
		if _, last := span(e); last.Before(mustTime(t, "2026-03-12T10:20:00Z")) {
			t.Errorf("kept %s %s ending %s", e.Object, e.Reason, last)
		}
	}
	if late.Earliest != nil {
		t.Errorf("the earliest failure ended before --since and must not be shown: %+v", late.Earliest)
	}
	capture := b.CaptureTime
	for _, c := range []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"30m", capture.Add(-30 * time.Minute), true},
		{"2026-03-12T10:00:00Z", mustTime(t, "2026-03-12T10:00:00Z"), true},
		{"-5m", time.Time{}, false},
		{"yesterday", time.Time{}, false},
	} {
		got, err := ParseSince(c.in, capture)
		if (err == nil) != c.ok || !got.Equal(c.want) {
			t.Errorf("ParseSince(%q) = %v, %v", c.in, got, err)
		}
	}
}

func containsRef(rs []bundle.Ref, r bundle.Ref) bool {
	for _, x := range rs {
		if sameRef(x, r) {
			return true
		}
	}
	return false
}

// TestJSON pins the JSON form of the Kafka timeline.
func TestJSON(t *testing.T) {
	b := loadDir(t, "testdata/kafka-stale-probe")
	tl := Build(b, []layers.Workload{{Ref: ref("apps/v1", "StatefulSet", "kafka", "kafka"), Convergence: layers.Blocked,
		Owners: []bundle.Ref{ref("kustomize.toolkit.fluxcd.io/v1", "Kustomization", "flux-system", "kafka")}}})
	got, err := json.MarshalIndent(tl, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "kafka-stale-probe.json", append(got, '\n'))
}

func TestRelative(t *testing.T) {
	c := mustTime(t, "2026-03-12T10:25:00Z")
	for in, want := range map[string]string{
		"2026-03-12T10:25:00Z":   "0s",
		"2026-03-12T10:24:59.5Z": "0s",
		"2026-03-12T10:01:49Z":   "-23m11s",
		"2026-03-12T08:39:00Z":   "-1h46m",
		"2026-03-05T14:20:11Z":   "-6d20h",
		"2026-03-12T10:25:07Z":   "+7s",
	} {
		if got := relative(mustTime(t, in), c); got != want {
			t.Errorf("relative(%s) = %s, want %s", in, got, want)
		}
	}
}
