package serve

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestLogLines(t *testing.T) {
	stamped := []string{"2021-09-14T14:28:14.135502297Z first", "continued without a time", "2021-09-14T14:28:15Z second"}
	plain := []string{"[INFO] started", "2021-09-14 not a prefix"}
	tests := []struct {
		name       string
		lines      []string
		timestamps bool
		want       []string
	}{
		{"stamped, timestamps asked", stamped, true, stamped},
		{"stamped, cut", stamped, false, []string{"first", "continued without a time", "second"}},
		{"plain stays", plain, false, plain},
		{"plain cannot gain times", plain, true, plain},
		{"empty", nil, false, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if diff := cmp.Diff(tc.want, logLines(tc.lines, tc.timestamps)); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
