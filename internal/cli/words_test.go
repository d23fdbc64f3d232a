package cli

import "testing"

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 objects", 1: "1 object", 2: "2 objects"} {
		if got := plural(n, "object", "objects"); got != want {
			t.Errorf("plural(%d) = %q, want %q", n, got, want)
		}
	}
}
