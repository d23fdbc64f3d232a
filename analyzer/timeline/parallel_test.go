package timeline

import (
	"runtime"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestBuildSameOnOneOrManyProcs checks that building the sources
// concurrently changes nothing: the timeline is the one a single
// processor builds.
func TestBuildSameOnOneOrManyProcs(t *testing.T) {
	b, ws := syntheticBundle(300)
	prev := runtime.GOMAXPROCS(1)
	want := Build(b, ws)
	runtime.GOMAXPROCS(max(prev, 4))
	got := Build(b, ws)
	runtime.GOMAXPROCS(prev)
	if len(want.Entries) == 0 {
		t.Fatal("empty timeline")
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("concurrent Build differs (-one +many):\n%s", diff)
	}
}

func TestJoinEntries(t *testing.T) {
	reasons := func(es []Entry) []string {
		var out []string
		for _, e := range es {
			out = append(out, e.Reason)
		}
		return out
	}
	add := func(s []Entry, rs ...string) []Entry {
		for _, r := range rs {
			s = append(s, Entry{Reason: r})
		}
		return s
	}
	tests := []struct {
		name       string
		head, tail []string
	}{
		{"both in room", []string{"a", "b"}, []string{"c"}},
		{"no head", nil, []string{"c", "d"}},
		{"no tail", []string{"a"}, nil},
		{"head outgrew its part", []string{"a", "b", "c", "d"}, []string{"e"}},
		{"tail outgrew its part", []string{"a"}, []string{"b", "c", "d", "e", "f"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			all := make([]Entry, 0, 5) // 2 for the head, 3 for the tail
			head, tail := add(all[0:0:2], tc.head...), add(all[2:2], tc.tail...)
			want := append(append([]string(nil), tc.head...), tc.tail...)
			if diff := cmp.Diff(want, reasons(joinEntries(all, head, tail))); diff != "" {
				t.Errorf("(-want +got):\n%s", diff)
			}
		})
	}
}
