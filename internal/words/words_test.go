package words

import "testing"

func TestCount(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "0 failures"}, {1, "1 failure"}, {2, "2 failures"}} {
		if got := Count(tt.n, "failure", "failures") + " " + Pick(tt.n, "is", "are"); got != tt.want+" "+map[bool]string{true: "is", false: "are"}[tt.n == 1] {
			t.Errorf("Count(%d) = %q", tt.n, got)
		}
	}
}
