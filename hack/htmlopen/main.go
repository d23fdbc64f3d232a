// Command htmlopen times how long Chromium takes to open rift HTML
// reports, for `make bench` (issue 22: a report of 100k objects opens in
// under 3 s). For each file it starts one headless Chromium, then RUNS
// times navigates to the file and waits until the page has drawn what it
// draws as it loads (html[data-ready] #lead, the marker the report's
// Chromium tests wait for), and prints the file's size and the median,
// fastest and slowest of those loads. The browser's own start is not
// counted: a reader opens a report in a browser that is running.
//
//	htmlopen [-runs 3] [-chromium PATH] REPORT.html...
package main

import (
	"context"
	"flag"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"time"

	"github.com/chromedp/chromedp"
)

func main() {
	runs := flag.Int("runs", 3, "loads per file")
	bin := flag.String("chromium", "", "Chromium binary (default: chromium, then chromium-browser, on PATH)")
	flag.Parse()
	if flag.NArg() == 0 || *runs < 1 {
		fmt.Fprintln(os.Stderr, "usage: htmlopen [-runs N] [-chromium PATH] REPORT.html...")
		os.Exit(2)
	}
	path, err := chromium(*bin)
	if err != nil {
		fmt.Fprintln(os.Stderr, "htmlopen:", err)
		os.Exit(2)
	}
	for _, f := range flag.Args() {
		times, size, err := open(path, f, *runs)
		if err != nil {
			fmt.Fprintf(os.Stderr, "htmlopen: %s: %v\n", f, err)
			os.Exit(1)
		}
		slices.Sort(times)
		fmt.Printf("%s\t%.1f MB\topen median %.2f s\tmin %.2f s\tmax %.2f s\n",
			f, float64(size)/1e6, times[len(times)/2].Seconds(), times[0].Seconds(), times[len(times)-1].Seconds())
	}
}

func chromium(flagged string) (string, error) {
	if flagged != "" {
		return flagged, nil
	}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no chromium on PATH: run hack/install-chromium.sh (make testenv does)")
}

// open loads file runs times in one browser and returns each load's time.
func open(bin, file string, runs int) ([]time.Duration, int64, error) {
	abs, err := filepath.Abs(file)
	if err != nil {
		return nil, 0, err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return nil, 0, err
	}
	dir, err := os.MkdirTemp("", "htmlopen-")
	if err != nil {
		return nil, 0, err
	}
	defer os.RemoveAll(dir)
	actx, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(bin), chromedp.Flag("headless", true), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND"), chromedp.UserDataDir(dir), chromedp.WindowSize(1400, 1000))
	defer cancelAlloc()
	ctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	ctx, cancelTimeout := context.WithTimeout(ctx, 10*time.Minute)
	defer cancelTimeout()
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		return nil, 0, fmt.Errorf("start chromium: %w", err)
	}
	u := (&url.URL{Scheme: "file", Path: abs}).String()
	var times []time.Duration
	for range runs {
		if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
			return nil, 0, err
		}
		start := time.Now()
		if err := chromedp.Do(ctx, chromedp.Navigate(u), chromedp.WaitVisible(chromedp.CSS(`html[data-ready] #lead`))); err != nil {
			return nil, 0, fmt.Errorf("load: %w", err)
		}
		times = append(times, time.Since(start))
	}
	return times, st.Size(), nil
}
