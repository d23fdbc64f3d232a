package report

import (
	"embed"
	"fmt"
	"html"
	"io"
	"io/fs"
	"sort"
	"strings"
	"sync"
)

// The page's style and script are compiled into the binary and inlined into
// every report, so the file works offline and from file:// with nothing else.
var (
	//go:embed assets/report.css
	reportCSS string
	//go:embed assets/*.js
	scriptFS embed.FS
	// reportJS is the assets' scripts in file-name order, wrapped in one
	// strict-mode function so nothing leaks into the page's global scope.
	// It is joined once, on first use.
	reportJS = sync.OnceValues(func() (string, error) { return joinScripts(scriptFS) })
)

func joinScripts(fsys fs.FS) (string, error) {
	names, err := fs.Glob(fsys, "assets/*.js")
	if err != nil {
		return "", fmt.Errorf("report: list scripts: %w", err)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("(function () {\n'use strict';\n")
	for _, n := range names {
		data, err := fs.ReadFile(fsys, n)
		if err != nil {
			return "", fmt.Errorf("report: %s: %w", n, err)
		}
		b.Write(data)
	}
	b.WriteString("})();\n")
	return b.String(), nil
}

// htmlCSP forbids every fetch: the page may only run its own inline style
// and script. A report that tried to load anything would fail closed rather
// than leak, and the Chromium test checks that nothing is requested.
const htmlCSP = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'"

// renderHTML writes one self-contained page: a static skeleton with stable
// ids, the report's small parts as JSON in a <script
// type="application/json" id="report-data">, its big parts (htmlParts)
// each gzip-compressed and base64-encoded in a data element of its own,
// a descriptor of the sections, and the script that draws the page.
// The script decompresses a part only when a section that draws it is
// opened, so a report of 100k objects opens as fast as a small one.
//
// The data element holds json.Marshal's bytes, streamed: <, > and & are
// escaped as \u003c, \u003e and \u0026 (and U+2028, U+2029), so no value
// from the bundle can close the data element with "</script>" or open a
// comment; the compressed parts are base64, which holds none of them. The
// page goes to w in chunks as it is built.
func renderHTML(w io.Writer, r *Report) error {
	js, err := reportJS()
	if err != nil {
		return err
	}
	title := "rift report: " + orDash(r.Summary.Verdict) + " · " + captureStamp(r.Bundle.CaptureTime)
	e := newJSONWriter(w, false, true)
	e.buf = append(e.buf, "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"...)
	e.buf = append(e.buf, "<meta http-equiv=\"Content-Security-Policy\" content=\""+htmlCSP+"\">\n"...)
	e.buf = append(e.buf, "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"...)
	e.buf = append(e.buf, "<meta name=\"generator\" content=\"rift\">\n"...)
	e.buf = append(e.buf, "<title>"+html.EscapeString(title)+"</title>\n<style>\n"...)
	e.buf = append(e.buf, reportCSS...)
	e.buf = append(e.buf, "</style>\n</head>\n<body>\n"...)
	e.buf = append(e.buf, htmlSkeleton...)
	e.buf = append(e.buf, "<script type=\"application/json\" id=\"report-data\">"...)
	e.reportCore(r)
	e.buf = append(e.buf, "</script>\n"...)
	sizes := make(map[string]int64, len(htmlParts))
	for _, p := range htmlParts {
		if sizes[p.key], err = e.part(p.key, func(pw *jsonWriter) { p.write(pw, r) }); err != nil {
			return fmt.Errorf("report: encode %s for html: %w", p.key, err)
		}
	}
	e.buf = append(e.buf, "<script type=\"application/json\" id=\"report-sections\">"...)
	e.sections(htmlSectionsOf(r, sizes))
	e.buf = append(e.buf, "</script>\n<script>\n"...)
	e.buf = append(e.buf, js...)
	e.buf = append(e.buf, "</script>\n</body>\n</html>\n"...)
	if err := e.finish(); err != nil {
		return fmt.Errorf("report: encode json for html: %w", err)
	}
	return nil
}

// htmlSkeleton holds the sections in report order with the ids tests and
// users rely on; report.js fills them. The three big sections are
// <details>: each is drawn when it is first opened (htmlSectionsOf says
// which are open from the start).
const htmlSkeleton = `<header id="lead"></header>
<noscript><p class="noscript">This report is drawn by JavaScript. Use <code>rift analyze -o text</code> or <code>-o markdown</code> to read it without.</p></noscript>
<main>
<section id="scope"><h2>Scope and identity</h2><div class="body"></div></section>
<details id="state" class="section"><summary><h2>State reconciliation</h2> <span class="count"></span></summary>
<p class="hint">Layer × workload matrix. Click a cell, a stage or a workload to see its evidence.</p>
<div class="matrix-wrap"><table id="matrix"></table></div>
<div id="pipelines"></div>
<aside id="evidence-panel" class="panel" hidden></aside>
</details>
<details id="chronology" class="section"><summary><h2>Chronology</h2> <span class="count"></span></summary>
<p class="hint" id="timeline-summary"></p>
<div id="timeline-tools"><input id="timeline-filter" type="search" placeholder="Filter by object, reason or message" aria-label="Filter the timeline">
<label><input type="checkbox" id="failures-only"> failures only</label> <span id="filter-status" class="hint"></span></div>
<div id="timeline">
<div id="time-axis"></div>
<div id="lanes" class="viewport"><div class="spacer"></div></div>
<div id="entries" class="viewport"><div class="spacer"></div></div>
</div>
<aside id="entry-panel" class="panel" hidden></aside>
</details>
<details id="ledger" class="section"><summary><h2>Hypothesis ledger</h2> <span class="count"></span></summary><div class="body"></div></details>
<section id="repair"><h2>Repair contract</h2><div class="body"></div></section>
<section id="verification"><h2>Verification</h2><div class="body"></div></section>
<section id="residual"><h2>Residual risks</h2><div class="body"></div></section>
</main>
`
