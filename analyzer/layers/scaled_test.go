package layers

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestScaledValue pins the rolling update bounds the verdicts print. The
// last cases changed when scaledValue moved to facts.Scaled: the old hand
// parser read "25.5%" as 25% (Sscanf stopped at the dot), "3" as 3 and 2.5
// as 2, none of which the API server accepts or a controller resolves.
func TestScaledValue(t *testing.T) {
	tests := []struct {
		name    string
		v       any
		total   int64
		def     string
		roundUp bool
		want    int64
	}{
		{"unset maxUnavailable: 25% of 10 down", nil, 10, "25%", false, 2},
		{"unset maxSurge: 25% of 10 up", nil, 10, "25%", true, 3},
		{"unset DaemonSet maxUnavailable: 1", nil, 10, "1", false, 1},
		{"int64 from the loader", int64(2), 10, "25%", false, 2},
		{"integral float64 from sigs.k8s.io/yaml", float64(2), 10, "25%", false, 2},
		{"percent down", "33%", 10, "25%", false, 3},
		{"percent up", "33%", 10, "25%", true, 4},
		{"malformed percent", "x%", 10, "25%", false, 0},
		{"fractional percent (was 2)", "25.5%", 10, "25%", false, 0},
		{"numeric string (was 3)", "3", 10, "25%", false, 0},
		{"fractional float64 (was 2)", 2.5, 10, "25%", false, 0},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, scaledValue(tc.v, tc.total, tc.def, tc.roundUp)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
