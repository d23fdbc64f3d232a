package report_test

import (
	"context"
	"os"
	"testing"

	"github.com/rift-dev/rift/analyzer"
	"github.com/rift-dev/rift/analyzer/bundle"
	"github.com/rift-dev/rift/analyzer/hypothesis"
	"github.com/rift-dev/rift/analyzer/report"
)

// kafkaFixture is the recorded Kafka stale-probe incident: fixtures/ once
// it is recorded there, until then the bundle the layers tests keep.
func kafkaFixture(t *testing.T) string {
	for _, p := range []string{"../../fixtures/kafka-stale-probe/bundle", "../layers/testdata/kafka-stale-probe"} {
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	t.Fatal("no Kafka fixture bundle")
	return ""
}

// TestHTMLInChromiumFixture analyses the recorded Kafka bundle end to end
// and opens its HTML report in headless Chromium, offline, asserting the
// matrix, the stages, a swimlane and the earliest-failure marker, no console
// error and no request, and saving out/report-kafka-fixture.png.
func TestHTMLInChromiumFixture(t *testing.T) {
	b, err := bundle.Load(kafkaFixture(t), bundle.LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	eng, err := hypothesis.NewEngine(hypothesis.EngineOptions{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := analyzer.Analyze(context.Background(), b, eng)
	if err != nil {
		t.Fatal(err)
	}
	ctx, ev := report.OpenReportForTest(t, r, "report-kafka-fixture")
	f := report.ReadFactsForTest(t, ctx)
	t.Logf("dom: %+v", f)
	if f.Cells != 8*len(r.Workloads) || f.Stages != 7*len(r.Workloads) {
		t.Errorf("matrix cells %d, stages %d, want %d and %d", f.Cells, f.Stages, 8*len(r.Workloads), 7*len(r.Workloads))
	}
	if f.Swimlanes == 0 {
		t.Error("no swimlane")
	}
	if (r.EarliestFailure != nil) != f.Earliest {
		t.Errorf("#earliest-failure present = %v, report has one = %v", f.Earliest, r.EarliestFailure != nil)
	}
	if r.EarliestFailure == nil {
		t.Error("the Kafka incident has no earliest failure")
	}
	report.ScreenshotForTest(t, ctx, "report-kafka-fixture")
	ev.Check(t)
}
