package bundle

import (
	"fmt"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// BenchmarkDecodeDocuments decodes the object files of a generated 1k-object
// bundle (testdata/benchgen-1k.tar.gz, written by rift dev gen-bundle
// --objects 1000) on one goroutine, with the fast path and with the generic
// path alone, and reports throughput (MB/s), allocations and bytes per
// object.
func BenchmarkDecodeDocuments(b *testing.B) {
	type file struct {
		name string
		data []byte
	}
	var files []file
	size := 0
	readArchive(b, filepath.Join("testdata", "benchgen-1k.tar.gz"), func(name string, data []byte) {
		if strings.HasPrefix(name, "objects/") && path.Ext(name) == ".yaml" {
			files = append(files, file{name, data})
			size += len(data)
		}
	})
	paths := map[string]func(name string, data []byte) int{
		"fast": func(name string, data []byte) int {
			objs, _ := DecodeDocuments(name, data)
			return len(objs)
		},
		"slow": func(name string, data []byte) int {
			d := &decoder{file: name}
			for doc, err := range readerDocuments(data) {
				if err != nil || isBlankText(doc) {
					continue
				}
				v, err := slowYAML(doc)
				if err != nil {
					b.Fatal(err)
				}
				d.value(v)
			}
			return len(d.objs)
		},
	}
	for _, name := range []string{"fast", "slow"} {
		decode := paths[name]
		b.Run(fmt.Sprintf("path=%s", name), func(b *testing.B) {
			b.SetBytes(int64(size))
			b.ReportAllocs()
			objects := 0
			for b.Loop() {
				objects = 0
				for _, f := range files {
					objects += decode(f.name, f.data)
				}
			}
			if objects == 0 {
				b.Fatal("no objects decoded")
			}
			b.ReportMetric(float64(testing.AllocsPerRun(1, func() {
				for _, f := range files {
					decode(f.name, f.data)
				}
			}))/float64(objects), "allocs/object")
		})
	}
}
