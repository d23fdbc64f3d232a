package report

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// domFacts is what the test reads back from the page.
type domFacts struct {
	Cells, FailedCells, Stages, Pipelines int
	Swimlanes, Lanes, Marks, Loops        int
	EntriesShown, TimelineNodes           int
	Earliest, EarliestMark                bool
	LedgerRows, EvidenceLinks             int
}

const domFactsJS = `(() => {
  const n = (s) => document.querySelectorAll(s).length;
  return {
    Cells: n('#matrix td.cell'), FailedCells: n('#matrix td.cell.status-failed'),
    Stages: n('#pipelines .stage'), Pipelines: n('#pipelines .pipeline'),
    Swimlanes: n('#lanes .swimlane'), Lanes: Number((document.getElementById('timeline-summary').textContent.match(/on (\d+) objects/) || [0, -1])[1]),
    Marks: n('#lanes .mark'), Loops: n('#lanes .loop'),
    EntriesShown: n('#entries .entry'), TimelineNodes: document.getElementById('timeline').getElementsByTagName('*').length,
    Earliest: !!document.getElementById('earliest-failure'), EarliestMark: n('#lanes .earliest') > 0,
    LedgerRows: n('#ledger tr.hypothesis'), EvidenceLinks: n('#ledger .ev-link'),
  };
})()`

func readFacts(t *testing.T, ctx context.Context) domFacts {
	t.Helper()
	f, err := chromedp.Run(ctx, chromedp.Evaluate[domFacts](domFactsJS))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(artifactDir, name+".png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s (%d bytes)", path, len(png))
}

func evalBool(t *testing.T, ctx context.Context, js string) bool {
	t.Helper()
	ok, err := chromedp.Run(ctx, chromedp.Evaluate[bool](js))
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	return ok
}

// eventually polls js until it is true or 20 s have passed, and returns
// its last value: the page draws on animation frames and after debounced
// input, later the busier the machine, so a fixed sleep is a flake.
func eventually(t *testing.T, ctx context.Context, js string) bool {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); ; {
		if evalBool(t, ctx, js) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(25 * time.Millisecond)
	}
}

func sprintFacts(f domFacts) string { return fmt.Sprintf("%+v", f) }

// elementShot saves a screenshot of one element, for a closer look than the
// full page gives.
func elementShot(t *testing.T, ctx context.Context, sel, name string) {
	t.Helper()
	png, err := chromedp.Run(ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(artifactDir, name+".png"), png, 0o644); err != nil {
		t.Fatal(err)
	}
}
