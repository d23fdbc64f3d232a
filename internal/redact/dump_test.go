package redact

import (
	"os"
	"testing"
)

func TestDumpCorpus(t *testing.T) {
	if os.Getenv("DUMP") == "" {
		return
	}
	c := newCorpus()
	for n, b := range redactCorpus(t, c) {
		t.Logf("===== %s\n%s", n, b)
	}
	for n, b := range c.files {
		for _, f := range Check(n, []byte(b)) {
			t.Logf("finding %+v", f)
		}
	}
}
