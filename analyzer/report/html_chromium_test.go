package report

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// artifactDir is the git-ignored out/ at the repository root, where the
// browser test leaves its screenshots and pages for people to look at.
const artifactDir = "../../out"

// chromiumPath finds Debian's chromium (or another Chromium build). The
// HTML report is only tested for real in a browser, so a missing browser is
// a failure, never a skip: hack/install-chromium.sh installs it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Fatal("no chromium on PATH: run hack/install-chromium.sh (make test does)")
	return ""
}

// pageEvents records what the page did that the test forbids: console
// errors, uncaught exceptions, error log entries and any request other than
// the report file itself.
type pageEvents struct {
	mu       sync.Mutex
	allowed  string
	problems []string
	requests []string
}

func (p *pageEvents) add(ev any) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch e := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if e.Type == runtime.ConsoleAPICalledTypeError || e.Type == runtime.ConsoleAPICalledTypeAssert {
			var args []string
			for _, a := range e.Args {
				args = append(args, string(a.Value)+a.Description)
			}
			p.problems = append(p.problems, "console."+string(e.Type)+": "+strings.Join(args, " "))
		}
	case *runtime.EventExceptionThrown:
		d := e.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		p.problems = append(p.problems, fmt.Sprintf("exception at %d:%d: %s", d.LineNumber+1, d.ColumnNumber+1, msg))
	case *log.EventEntryAdded:
		if e.Entry.Level == log.EntryLevelError {
			p.problems = append(p.problems, "log error: "+e.Entry.Text+" "+e.Entry.URL)
		}
	case *network.EventRequestWillBeSent:
		p.requests = append(p.requests, e.Request.URL)
		if e.Request.URL != p.allowed {
			p.problems = append(p.problems, "request left the page: "+e.Request.URL)
		}
	}
}

func (p *pageEvents) check(t *testing.T) { p.Check(t) }

// openReport renders r to out/<name>.html, opens it from file:// in a fresh
// headless Chromium with the network disabled, and returns the browser
// context and the recorder of forbidden page events.
func openReport(t *testing.T, r *Report, name string) (context.Context, *pageEvents) {
	t.Helper()
	return openReportWith(t, r, name, RenderOptions{Format: FormatHTML})
}

// openReportWith is openReport with render options, waiting until the page
// has drawn what it draws as it loads (html[data-ready]).
func openReportWith(t *testing.T, r *Report, name string, opts RenderOptions) (context.Context, *pageEvents) {
	t.Helper()
	var buf bytes.Buffer
	if err := Render(&buf, r, opts); err != nil {
		t.Fatal(err)
	}
	return openPage(t, buf.Bytes(), name, `html[data-ready] #lead`)
}

// openPage writes html to out/<name>.html and opens it as openReport says,
// waiting until ready (a CSS selector) is visible.
func openPage(t *testing.T, html []byte, name, ready string) (context.Context, *pageEvents) {
	t.Helper()
	bin := chromiumPath(t)
	if err := os.MkdirAll(artifactDir, 0o755); err != nil {
		t.Fatal(err)
	}
	page, err := filepath.Abs(filepath.Join(artifactDir, name+".html"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(page, html, 0o644); err != nil {
		t.Fatal(err)
	}
	fileURL := (&url.URL{Scheme: "file", Path: page}).String()

	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(bin),
		chromedp.Flag("headless", true), chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun,
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
		// Belt and braces for "network disabled": nothing resolves and the
		// only proxy is a closed port, on top of the offline emulation below.
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"), chromedp.Flag("proxy-server", "127.0.0.1:9"),
		chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1400, 1000))
	tctx, cancelTimeout := context.WithTimeout(actx, 3*time.Minute)
	ctx, cancelCtx := chromedp.NewContext(tctx)
	t.Cleanup(func() { cancelCtx(); cancelTimeout(); cancelAlloc() })

	if err := chromedp.Do(ctx); err != nil { // start the browser and the tab
		t.Fatalf("start chromium: %v", err)
	}
	ev := &pageEvents{allowed: fileURL}
	if err := chromedp.Listen(ctx, ev.add); err != nil {
		t.Fatal(err)
	}
	offline := chromedp.Func(func(ctx context.Context, tg *chromedp.Target) error {
		_, err := cdp.Call(ctx, tg, network.EmulateNetworkConditionsByRule, network.EmulateNetworkConditionsByRuleParams{
			MatchedNetworkConditions: []*network.Conditions{{Offline: true, DownloadThroughput: -1, UploadThroughput: -1}},
		})
		return err
	})
	if err := chromedp.Do(ctx, offline, chromedp.Navigate(fileURL), chromedp.WaitVisible(chromedp.CSS(ready))); err != nil {
		t.Fatalf("open %s: %v", fileURL, err)
	}
	return ctx, ev
}
