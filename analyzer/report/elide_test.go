package report

import (
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

func TestElide(t *testing.T) {
	long := `{"labels":{"app":"x"},"Spec":{"Containers":[{"Name":"migrate","Image":"registry/x:5.2.0"}],"note":"a } in a string",` + strings.Repeat(`"RestartPolicy":"Never",`, 50) + `"DNSPolicy":"ClusterFirst"}}`
	tests := []struct{ name, in, want string }{
		{"short message", "Ready=False: pod has unbound claims", "Ready=False: pod has unbound claims"},
		{"short brackets in a long message", strings.Repeat("x", 1100) + " [a b] {c}", strings.Repeat("x", 1100) + " [a b] {c}"},
		{"a structured log line is kept", `a 5xx: {"status":503,"upstream":"` + strings.Repeat("u", 700) + `"}`, `a 5xx: {"status":503,"upstream":"` + strings.Repeat("u", 700) + `"}`},
		{"a dumped template", `Job.batch "m" is invalid: spec.template: Invalid value: ` + long + `: field is immutable`,
			`Job.batch "m" is invalid: spec.template: Invalid value: {… ` + strconv.Itoa(len(long)-2) + ` characters …}: field is immutable`},
		{"unbalanced is kept", "error: " + strings.Repeat("{a", 600), "error: " + strings.Repeat("{a", 600)},
		{"two spans", long + " then " + long, "{… " + strconv.Itoa(len(long)-2) + " characters …} then {… " + strconv.Itoa(len(long)-2) + " characters …}"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if d := cmp.Diff(tc.want, elide(tc.in)); d != "" {
				t.Errorf("elide (-want +got):\n%s", d)
			}
		})
	}
}

// FuzzElide: any message elides without a panic and never grows by more
// than the count it inserts per span.
func FuzzElide(f *testing.F) {
	f.Add(`spec.template: Invalid value: {"a":[1,2,{"b":"}"}]}: field is immutable`)
	f.Add(strings.Repeat("[", 1200))
	f.Fuzz(func(t *testing.T, s string) {
		out := elide(s)
		if len(s) <= elideOver && out != s {
			t.Fatalf("short message changed: %q -> %q", s, out)
		}
	})
}
