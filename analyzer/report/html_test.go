package report

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/timeline"
)

// TestHTMLInChromium opens the Kafka report in headless Chromium from
// file:// with the network off, checks the views exist and respond to
// clicks, that nothing was logged as an error and that no request left the
// page, and leaves out/report-kafka.png behind.
func TestHTMLInChromium(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	ctx, ev := openReport(t, r, "report-kafka")

	f := readFacts(t, ctx)
	t.Logf("dom: %s", sprintFacts(f))
	checks := []struct {
		name string
		ok   bool
	}{
		{"matrix has a cell per workload and layer", f.Cells == len(r.Workloads)*8},
		{"matrix shows failed layers", f.FailedCells > 0},
		{"one pipeline of seven stages per workload", f.Pipelines == len(r.Workloads) && f.Stages == 7*len(r.Workloads)},
		{"at least one swimlane", f.Swimlanes > 0 && f.Swimlanes == f.Lanes},
		{"collapsed loops drawn as spans", f.Loops > 0},
		{"earliest-failure marker on the axis", f.Earliest},
		{"earliest failure marked in its lane", f.EarliestMark},
		{"one ledger row per hypothesis", f.LedgerRows == len(r.Hypotheses)},
		{"ledger evidence is linked", f.EvidenceLinks > 0},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if !c.ok {
				t.Errorf("not so: %s", sprintFacts(f))
			}
		})
	}

	t.Run("clicking a failed cell shows its evidence", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#matrix td.cell.status-failed[data-layer="controller"]`))); err != nil {
			t.Fatal(err)
		}
		if !evalBool(t, ctx, `(() => { const p = document.getElementById('evidence-panel');
			return !p.hidden && p.textContent.includes('controller') && p.querySelectorAll('.ev-link').length > 0; })()`) {
			t.Error("#evidence-panel is hidden or holds no evidence for the controller layer")
		}
	})
	t.Run("ledger evidence leads into the timeline", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#hypothesis-1 .ev-link`))); err != nil {
			t.Fatal(err)
		}
		if !evalBool(t, ctx, `(() => !document.getElementById('entry-panel').hidden &&
			document.querySelectorAll('#entries .entry.selected').length === 1 &&
			document.querySelectorAll('#lanes .swimlane.flash').length === 1)()`) {
			t.Error("clicking a citation did not select a timeline entry and its lane")
		}
	})
	t.Run("a workload leads to its own earliest failure", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#matrix tr[data-workload="StatefulSet/kafka/kafka"] .obj-link`)),
			chromedp.Click(chromedp.CSS(`#evidence-panel .entry-link`))); err != nil {
			t.Fatal(err)
		}
		if !evalBool(t, ctx, `(() => { const s = document.querySelector('#entries .entry.selected');
			return !!s && s.classList.contains('earliest') && s.textContent.includes('Unhealthy'); })()`) {
			t.Error("the workload's earliest-failure link did not select the Unhealthy entry")
		}
	})
	evalBool(t, ctx, `window.scrollTo(0, 0), true`)
	screenshot(t, ctx, "report-kafka")
	elementShot(t, ctx, "#chronology", "report-kafka-timeline")
	ev.check(t)
}

// TestHTMLInChromiumScale opens a report with 5,000 timeline entries on 400
// objects and checks the page stays small: lanes and rows are virtualised,
// so the timeline holds a few hundred nodes, and scrolling draws the lanes
// that come into view.
func TestHTMLInChromiumScale(t *testing.T) {
	const entries, objects = 5000, 400
	r := scaledReport(t, entries, objects)
	start := time.Now()
	// The whole timeline (--full): the default report keeps 2,000 entries.
	ctx, ev := openReportWith(t, r, "report-scale", RenderOptions{Format: FormatHTML, Full: true})
	f := readFacts(t, ctx)
	t.Logf("5000 entries: opened in %v; dom: %s", time.Since(start).Round(time.Millisecond), sprintFacts(f))
	if f.Lanes != objects {
		t.Errorf("lanes = %d, want %d", f.Lanes, objects)
	}
	if f.Swimlanes == 0 || f.Swimlanes >= objects/4 {
		t.Errorf("swimlanes in the DOM = %d, want a virtualised window (0 < n < %d)", f.Swimlanes, objects/4)
	}
	if f.TimelineNodes > 3000 {
		t.Errorf("timeline holds %d DOM nodes for %d entries, want ≤ 3000", f.TimelineNodes, entries)
	}
	if !f.Earliest {
		t.Error("no #earliest-failure marker")
	}
	evalBool(t, ctx, `(document.getElementById('lanes').scrollTop = 1e9, true)`)
	if !eventually(t, ctx, fmt.Sprintf(`!!document.querySelector('#lanes .swimlane[data-lane="%d"]')`, objects-1)) {
		t.Error("scrolling to the bottom did not draw the last lane")
	}
	t.Run("filter narrows lanes and entries", func(t *testing.T) {
		evalBool(t, ctx, `(() => { const i = document.getElementById('timeline-filter'); i.value = 'worker-007';
			i.dispatchEvent(new Event('input')); return true; })()`)
		// worker-007 is entries 7, 407, 807, ...: 13 of 5000, on one object.
		if !eventually(t, ctx, `(() => {
			const rows = [...document.querySelectorAll('#entries .entry')];
			return rows.length === 13 && rows.every((r) => r.textContent.includes('worker-007')) &&
				document.querySelectorAll('#lanes .swimlane').length === 1 &&
				document.getElementById('filter-status').textContent.startsWith('13 of 5000');
		})()`) {
			t.Error("filtering by worker-007 did not leave its 13 entries on one lane")
		}
		evalBool(t, ctx, `(() => { const i = document.getElementById('timeline-filter'); i.value = '';
			const b = document.getElementById('failures-only'); b.checked = true; b.dispatchEvent(new Event('change')); return true; })()`)
		if !eventually(t, ctx, `document.getElementById('filter-status').textContent.startsWith('500 of 5000') &&
			[...document.querySelectorAll('#entries .entry')].every((r) => r.classList.contains('failure'))`) {
			t.Error("failures only did not leave the 500 failures")
		}
	})
	screenshot(t, ctx, "report-scale")
	ev.check(t)
}

// scaledReport is the Kafka report with its timeline replaced by n entries
// spread over the given number of objects, every tenth a collapsed loop.
func scaledReport(t testing.TB, n, objects int) *Report {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	base := r.Timeline[0].Time
	r.Timeline = make([]timeline.Entry, n)
	for i := range r.Timeline {
		at := base.Add(time.Duration(i) * 3 * time.Second)
		e := timeline.Entry{
			Time: at, Precision: "second", Layer: "runtime", Source: "event", Type: timeline.TypeNormal,
			Object:  bundle.Ref{APIVersion: "v1", Kind: "Pod", Namespace: "load", Name: fmt.Sprintf("worker-%03d", i%objects)},
			Reason:  "Pulled",
			Message: fmt.Sprintf("entry %d", i),
		}
		if i%10 == 0 {
			last := at.Add(40 * time.Minute)
			e.Type, e.Reason, e.Failure, e.Count = timeline.TypeWarning, "BackOff", true, int64(5+i%50)
			e.FirstTime, e.LastTime = &at, &last
		}
		r.Timeline[i] = e
	}
	r.EarliestFailure = &timeline.EarliestFailure{Entry: r.Timeline[0], Index: 0}
	r.EarliestPerWorkload = nil
	return r
}

// TestHTMLGuardsCatchLeaks proves the browser test's guards are not blind:
// the same page with one remote image and one fetch added must record the
// attempts (as requests, CSP violations or errors).
func TestHTMLGuardsCatchLeaks(t *testing.T) {
	var buf bytes.Buffer
	if err := Render(&buf, loadReport(t, "testdata/healthy-podinfo.report.json"), RenderOptions{Format: FormatHTML}); err != nil {
		t.Fatal(err)
	}
	leaky := strings.Replace(buf.String(), "</main>", `<img id="leak" src="https://leak.example.invalid/pixel.png">`+
		`<script>fetch("https://leak.example.invalid/beacon").catch(() => {});</script></main>`, 1)
	_, ev := openPage(t, []byte(leaky), "guard-check", "#leak")
	// The attempts are reported as the browser makes them: wait for one.
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(25 * time.Millisecond) {
		ev.mu.Lock()
		n := len(ev.problems)
		ev.mu.Unlock()
		if n > 0 {
			break
		}
	}
	ev.mu.Lock()
	defer ev.mu.Unlock()
	if len(ev.problems) == 0 {
		t.Errorf("a page loading a remote image and fetching a URL raised no problem; requests: %q", ev.requests)
	}
	for _, p := range ev.problems {
		t.Logf("caught: %s", p)
	}
}

// TestHTMLSelfContained checks the page without a browser: it loads nothing
// from anywhere, forbids fetching by CSP, and a value that tries to close
// the data element stays inside it.
func TestHTMLSelfContained(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	r.Timeline[0].Message = `</script><script>alert(1)</script><!--`
	var buf bytes.Buffer
	if err := Render(&buf, r, RenderOptions{Format: FormatHTML}); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	forbidden := []*regexp.Regexp{
		regexp.MustCompile(`<script[^>]+src=`), regexp.MustCompile(`<link\b`), regexp.MustCompile(`<img\b`),
		regexp.MustCompile(`<iframe\b`), regexp.MustCompile(`@import`), regexp.MustCompile(`url\(`),
		regexp.MustCompile(`\bfetch\(`), regexp.MustCompile(`XMLHttpRequest`), regexp.MustCompile(`innerHTML`),
	}
	for _, re := range forbidden {
		if loc := re.FindStringIndex(page); loc != nil {
			t.Errorf("page contains %q at %d: %q", re, loc[0], page[max(0, loc[0]-40):min(len(page), loc[1]+40)])
		}
	}
	if got, want := strings.Count(page, "</script>"), 3+len(htmlParts); got != want {
		t.Errorf("</script> occurs %d times, want %d (data, parts, sections and code elements only)", got, want)
	}
	if !strings.Contains(page, `content="default-src 'none'`) {
		t.Error("no Content-Security-Policy forbidding fetches")
	}
	for _, id := range []string{`id="matrix"`, `id="pipelines"`, `id="lanes"`, `id="entries"`, `id="ledger"`, `id="report-data"`, `id="report-sections"`, `id="part-timeline"`} {
		if !strings.Contains(page, id) {
			t.Errorf("page lacks %s", id)
		}
	}
	var again bytes.Buffer
	if err := Render(&again, r, RenderOptions{Format: FormatHTML}); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(buf.Bytes(), again.Bytes()) {
		t.Error("two renders of the same report differ")
	}
}
