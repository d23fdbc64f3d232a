package report

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/layers"
)

// TestHTMLInChromiumOnDemand makes every big section too large to open as
// the page loads, as at 100k objects: the page then draws the lead and
// each section's counts, and a section only when it is opened; a citation
// in the ledger opens the chronology it leads into.
func TestHTMLInChromiumOnDemand(t *testing.T) {
	defer func(v int64) { htmlOpenBelow = v }(htmlOpenBelow)
	htmlOpenBelow = 0
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	ctx, ev := openReport(t, r, "report-on-demand")

	for _, s := range htmlSectionsOf(Brief(r.Normalized()), nil) {
		t.Run(s.id+" waits, with its counts shown", func(t *testing.T) {
			js := fmt.Sprintf(`(() => { const s = document.getElementById(%q);
				return !s.open && !s.dataset.drawn && s.querySelector('summary .count').textContent === %q; })()`, s.id, s.count)
			if !evalBool(t, ctx, js) {
				t.Errorf("section %s is open or drawn, or its summary does not say %q", s.id, s.count)
			}
		})
	}
	if f := readFacts(t, ctx); f.Cells != 0 || f.Swimlanes != 0 || f.LedgerRows != 0 {
		t.Errorf("closed sections drew something: %s", sprintFacts(f))
	}
	if !evalBool(t, ctx, `document.getElementById('verdict').textContent === 'degraded' &&
		document.querySelector('#repair .body').textContent.includes('rift never performs it')`) {
		t.Error("the lead and repair contract are not drawn as the page loads")
	}

	t.Run("opening a section draws it", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#state > summary`)),
			chromedp.WaitVisible(chromedp.CSS(`#state[data-drawn] #matrix td.cell`))); err != nil {
			t.Fatal(err)
		}
		if f := readFacts(t, ctx); f.Cells != 8*len(r.Workloads) || f.Pipelines != len(r.Workloads) || f.Swimlanes != 0 {
			t.Errorf("after opening the state section: %s", sprintFacts(f))
		}
	})
	t.Run("a citation opens the chronology it leads into", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#ledger > summary`)),
			chromedp.WaitVisible(chromedp.CSS(`#ledger[data-drawn] #hypothesis-1 .ev-link`)),
			chromedp.Click(chromedp.CSS(`#hypothesis-1 .ev-link`)),
			chromedp.WaitVisible(chromedp.CSS(`#chronology[data-drawn] #entries .entry.selected`))); err != nil {
			t.Fatal(err)
		}
		if !eventually(t, ctx, `document.getElementById('chronology').open && !document.getElementById('entry-panel').hidden`) {
			t.Error("the chronology is closed or shows no entry")
		}
	})
	screenshot(t, ctx, "report-on-demand")
	ev.check(t)
}

// TestHTMLInChromiumPages: a ledger and a matrix longer than a page show
// their first page and a button for the next (workloads that have not
// converged first); a converged workload listed by its verdict only says
// its layers were left out; a group lists its members when opened.
func TestHTMLInChromiumPages(t *testing.T) {
	r := loadReport(t, "testdata/kafka-stale-probe.report.json")
	base := r.Workloads
	r.Workloads = nil
	for i := range 260 {
		w := base[i%len(base)]
		w.Ref.Name = fmt.Sprintf("%s-%03d", w.Ref.Name, i)
		r.Workloads = append(r.Workloads, w)
	}
	top := r.Hypotheses[0]
	top.Members = []hypothesis.Member{{ID: top.ID, Subject: top.Subject, Status: top.Status, Summary: "first"},
		{ID: top.ID + "-b", Subject: r.Hypotheses[1].Subject, Status: hypothesis.Open, Summary: "second"}}
	top.Extent = "1 statefulset and 1 pod"
	hs := []hypothesis.Hypothesis{top}
	for i := range 149 {
		h := r.Hypotheses[1+i%(len(r.Hypotheses)-1)]
		h.Rank, h.ID = i+2, fmt.Sprintf("%s-%d", h.ID, i)
		hs = append(hs, h)
	}
	r.Hypotheses = hs
	stuck := 0
	for _, w := range r.Workloads {
		if w.Convergence != layers.Converged {
			stuck++
		}
	}
	ctx, ev := openReport(t, r, "report-pages")

	checks := []struct{ name, js string }{
		{"the ledger shows a page and a button", `document.querySelectorAll('#ledger tr.hypothesis').length === 100 &&
			document.querySelector('#ledger button.more').textContent.startsWith('Show 50 more')`},
		{"the matrix shows a page, not converged first", fmt.Sprintf(`(() => { const rows = [...document.querySelectorAll('#matrix tbody tr')];
			return rows.length === 200 && rows.slice(0, %d).every((r) => r.querySelector('.pill').textContent !== 'converged') &&
				rows.slice(%d).every((r) => r.querySelector('.pill').textContent === 'converged'); })()`, stuck, stuck)},
		{"converged workloads past 50 are listed by verdict", `document.querySelectorAll('#matrix tr.detail-omitted td.hint').length > 0 &&
			document.querySelector('#matrix tr.detail-omitted td.hint').textContent.includes('--full')`},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			if !evalBool(t, ctx, c.js) {
				t.Error("not so")
			}
		})
	}
	t.Run("the button draws the next page", func(t *testing.T) {
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#ledger button.more`))); err != nil {
			t.Fatal(err)
		}
		if !evalBool(t, ctx, `document.querySelectorAll('#ledger tr.hypothesis').length === 150 && !document.querySelector('#ledger button.more')`) {
			t.Error("the ledger did not draw its last 50 entries")
		}
	})
	t.Run("a group lists its members when opened", func(t *testing.T) {
		if !evalBool(t, ctx, `document.querySelector('#hypothesis-1 .extent').textContent === '1 statefulset and 1 pod' &&
			document.querySelectorAll('#hypothesis-1 li.member').length === 0`) {
			t.Error("the group's extent is missing or its members drawn before it was opened")
		}
		// The members are drawn on the details' toggle event, which comes
		// after the click.
		if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(`#hypothesis-1 details.members > summary`)),
			chromedp.WaitVisible(chromedp.CSS(`#hypothesis-1 li.member`))); err != nil {
			t.Fatal(err)
		}
		if !evalBool(t, ctx, `(() => { const ms = [...document.querySelectorAll('#hypothesis-1 li.member')];
			return ms.length === 2 && ms[1].querySelector('.pill').textContent === 'open' && !!ms[1].querySelector('.obj-link'); })()`) {
			t.Error("the group's members are not listed with their own status and a link")
		}
	})
	ev.check(t)
}
