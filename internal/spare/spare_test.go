package spare

import (
	"fmt"
	"testing"
)

func TestMaps(t *testing.T) {
	var p Maps
	small := map[string]any{"a": 1}
	p.Put(small)
	big := map[string]any{}
	for i := range maxEntries + 1 {
		big[fmt.Sprint(i)] = i
	}
	p.Put(big)
	got := p.Get(2)
	if len(got) != 0 {
		t.Fatalf("Get returned a map with %d entries, want an emptied one", len(got))
	}
	got["x"] = 1
	if _, ok := small["x"]; !ok {
		t.Error("Get did not return the map put back")
	}
	if m := p.Get(2); len(p.s) != 0 || m == nil {
		t.Errorf("a map of %d entries was kept", maxEntries+1)
	}
	var none *Maps
	if m := none.Get(1); m == nil {
		t.Error("nil Maps: Get returned nil")
	}
}
