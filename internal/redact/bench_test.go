package redact

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/rift-dev/rift/internal/redact/redacttest"
)

// BenchmarkText measures throughput on log text: the corpus log repeated to
// about 1 MiB, so most lines are ordinary and a few hold secrets.
func BenchmarkText(b *testing.B) {
	c := redacttest.New()
	log := c.Files["logs/shop/web-0/web.log"] + "2026-03-04T05:00:20Z INFO GET /healthz 200 took=1.2ms node=ip-10-0-3-41.eu-west-1.compute.internal key=shop/web\n"
	data := []byte(strings.Repeat(log, (1<<20)/len(log)))
	r, _ := New(Options{Salt: []byte("bench")})
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		r.Text("big.log", data)
	}
}

// BenchmarkFile measures the object path on every corpus file.
func BenchmarkFile(b *testing.B) {
	c := redacttest.New()
	names := slices.Sorted(maps.Keys(c.Files))
	var n int64
	for _, name := range names {
		n += int64(len(c.Files[name]))
	}
	r, _ := New(Options{Salt: []byte("bench")})
	b.SetBytes(n)
	for b.Loop() {
		for _, name := range names {
			r.File(name, []byte(c.Files[name]))
		}
	}
}
