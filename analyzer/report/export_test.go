package report

// Test helpers shared with the external test package report_test, which
// may import the analyzer (package report itself may not: the analyzer
// imports report).
var (
	OpenReportForTest = openReport
	ReadFactsForTest  = readFacts
	ScreenshotForTest = screenshot
)

// DOMFacts is domFacts for report_test.
type DOMFacts = domFacts

// Check is check for report_test.
func (p *pageEvents) Check(t interface {
	Helper()
	Error(...any)
	Errorf(string, ...any)
}) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, s := range p.problems {
		t.Error(s)
	}
	if len(p.requests) != 1 {
		t.Errorf("requests = %q, want only the report file %s", p.requests, p.allowed)
	}
}
