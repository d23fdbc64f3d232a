package benchgen

import (
	"bytes"
	"fmt"
	"slices"

	"sigs.k8s.io/yaml"

	"github.com/rift-dev/rift/internal/bundlewrite"
)

// flush writes every object file (multi-document YAML, in generation order)
// and every log, sorted by path.
func (g *gen) flush(bw *bundlewrite.Writer) error {
	paths := make([]string, 0, len(g.files))
	for p := range g.files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	var buf bytes.Buffer
	for _, p := range paths {
		buf.Reset()
		for i, obj := range g.files[p] {
			if i > 0 {
				buf.WriteString("---\n")
			}
			b, err := yaml.Marshal(obj)
			if err != nil {
				return fmt.Errorf("%s: encode document %d: %w", p, i, err)
			}
			buf.Write(b)
		}
		if err := bw.Add(p, slices.Clone(buf.Bytes())); err != nil {
			return err
		}
		delete(g.files, p)
	}
	logs := make([]string, 0, len(g.logs))
	for p := range g.logs {
		logs = append(logs, p)
	}
	slices.Sort(logs)
	for _, p := range logs {
		if err := bw.Add(p, []byte(g.logs[p])); err != nil {
			return err
		}
	}
	return nil
}
