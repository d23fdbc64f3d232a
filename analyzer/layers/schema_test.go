package layers

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// TestWorkloadsMatchReportSchema validates every workload Build makes from
// the recorded bundles against the report schema's workload definition.
func TestWorkloadsMatchReportSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	sch, err := c.Compile("../../docs/report.schema.json#/$defs/workload")
	if err != nil {
		t.Fatal(err)
	}
	// The schema must be strict enough to catch a bad verdict.
	bad, _ := jsonschema.UnmarshalJSON(bytes.NewReader([]byte(`{"ref":{"kind":"Pod","name":"x"},"convergence":"fine","convergenceReason":"","stages":[],"layers":[],"divergences":[]}`)))
	if sch.Validate(bad) == nil {
		t.Fatal("schema accepted convergence \"fine\"")
	}
	dirs, _ := filepath.Glob("testdata/*/bundle.yaml")
	for _, p := range dirs {
		dir := filepath.Dir(p)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			for _, w := range Build(loadFixture(t, dir)) {
				b, err := json.Marshal(w)
				if err != nil {
					t.Fatal(err)
				}
				inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(b))
				if err != nil {
					t.Fatal(err)
				}
				if err := sch.Validate(inst); err != nil {
					t.Errorf("%s: %v", w.Ref, err)
				}
			}
		})
	}
}
