package hypothesis

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rift-dev/rift/analyzer/timeline"
)

// TestUserCausality: a causality.yaml beside a user's rules extends the
// one table the chronology reads; a malformed one is refused with its
// file named.
func TestUserCausality(t *testing.T) {
	dir := t.TempDir()
	rules, err := os.ReadDir(examplePolicy)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range rules {
		b, err := os.ReadFile(filepath.Join(examplePolicy, f.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	row := "explanations:\n  - {cause: QueueFull, effect: BackPressure, why: the consumer slows down because its queue is full}\n"
	if err := os.WriteFile(filepath.Join(dir, "causality.yaml"), []byte(row), 0o644); err != nil {
		t.Fatal(err)
	}
	e, err := NewEngine(EngineOptions{PolicyDirs: []string{dir}})
	if err != nil {
		t.Fatal(err)
	}
	got := e.Explanations()
	if len(got) != len(timeline.DefaultExplanations())+1 || got[len(got)-1].Cause != "QueueFull" {
		t.Errorf("table has %d rows, last %+v; want the built-in rows then the user's", len(got), got[len(got)-1])
	}
	if err := os.WriteFile(filepath.Join(dir, "causality.yaml"), []byte("explanations:\n  - {cause: A}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := NewEngine(EngineOptions{PolicyDirs: []string{dir}}); err == nil || !strings.Contains(err.Error(), "causality.yaml") {
		t.Errorf("malformed table: error %v, want one naming causality.yaml", err)
	}
}
