package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

const timelineFixture = "../../analyzer/timeline/testdata/pending-before-migration"

func TestTimelineCommand(t *testing.T) {
	tests := []struct {
		name     string
		args     []string
		code     int
		stdout   []string
		stderrIn string
	}{
		{"text", []string{"timeline", timelineFixture, "--width", "120"}, ExitOK,
			[]string{"Earliest failure: FailedScheduling ×4 Pod/shop/web-7d4b9c8f6d-lq5zx at 2026-03-12T", "▶ 10:00:01 0s"}, ""},
		{"object and since", []string{"timeline", timelineFixture, "--object", "Deployment/shop/cache", "--since", "2026-03-12T09:00:00Z", "--width", "100"}, ExitOK,
			[]string{"Earliest failure: Unhealthy ×3 Pod/shop/cache-5f7c9b6d48-m2jzt"}, ""},
		{"object, kubectl-style", []string{"timeline", timelineFixture, "--object", "deploy/cache", "-n", "shop", "--since", "2026-03-12T09:00:00Z", "--width", "100"}, ExitOK,
			[]string{"Earliest failure: Unhealthy ×3 Pod/shop/cache-5f7c9b6d48-m2jzt"}, ""},
		{"unsupported output", []string{"timeline", timelineFixture, "-o", "html"}, ExitUsage, nil, "rift: -o html: this command does not write html; valid formats: text, json, yaml"},
		{"object not in the bundle", []string{"timeline", timelineFixture, "--object", "deploy/shop/cahce"}, ExitUsage, nil, "rift: --object deploy/shop/cahce: no Deployment named cahce in namespace shop in this bundle; near matches: Deployment/shop/cache"},
		{"bad object", []string{"timeline", timelineFixture, "--object", "web"}, ExitUsage, nil, "--object"},
		{"bad since", []string{"timeline", timelineFixture, "--since", "yesterday"}, ExitUsage, nil, "--since"},
		{"missing bundle", []string{"timeline", "testdata/does-not-exist"}, ExitUsage, nil, "does-not-exist"},
		{"no bundle", []string{"timeline"}, ExitUsage, nil, "exactly one BUNDLE"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if code := Execute(tt.args, &out, &errOut); code != tt.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, errOut.String())
			}
			for _, s := range tt.stdout {
				if !strings.Contains(out.String(), s) {
					t.Errorf("stdout lacks %q:\n%s", s, out.String())
				}
			}
			if tt.stderrIn != "" && !strings.Contains(errOut.String(), tt.stderrIn) {
				t.Errorf("stderr %q lacks %q", errOut.String(), tt.stderrIn)
			}
		})
	}
}

func TestTimelineJSON(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := Execute([]string{"timeline", timelineFixture, "-o", "json", "--since", "30m"}, &out, &errOut); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	var doc struct {
		CaptureTime string `json:"captureTime"`
		Entries     []struct {
			Time, Reason string
		} `json:"entries"`
		Earliest struct {
			Entry struct{ Reason, Source string } `json:"entry"`
			Index int                             `json:"index"`
		} `json:"earliestFailure"`
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.CaptureTime != "2026-03-12T10:25:00Z" || doc.Earliest.Entry.Reason != "FailedScheduling" ||
		doc.Entries[doc.Earliest.Index].Reason != "FailedScheduling" {
		t.Errorf("unexpected document: capture %s, earliest %+v", doc.CaptureTime, doc.Earliest)
	}
	for _, e := range doc.Entries {
		if e.Time < "2026-03-12T09:55:00Z" && e.Reason != "Unhealthy" {
			t.Errorf("--since 30m kept %s at %s", e.Reason, e.Time)
		}
	}
}
