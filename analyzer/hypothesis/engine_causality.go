package hypothesis

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"

	"github.com/rift-dev/rift/analyzer/timeline"
)

// causalityFile is the name of a causality table beside a user's rules,
// in the shape of policies/causality.yaml.
const causalityFile = "causality.yaml"

// loadExplanations is the one causality table: the built-in rows, then
// the rows of every causality.yaml under the user policy dirs, in path
// order.
func loadExplanations(dirs []string) ([]timeline.Explanation, error) {
	rows := timeline.DefaultExplanations()
	for _, d := range dirs {
		var files []string
		err := filepath.WalkDir(d, func(p string, e fs.DirEntry, err error) error {
			if err == nil && !e.IsDir() && e.Name() == causalityFile {
				files = append(files, p)
			}
			return err
		})
		if err != nil {
			return nil, fmt.Errorf("policy dir %s: %w", d, err)
		}
		sort.Strings(files)
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", f, err)
			}
			more, err := timeline.ParseExplanations(filepath.ToSlash(f), b)
			if err != nil {
				return nil, err
			}
			rows = append(rows, more...)
		}
	}
	return rows, nil
}

// Explanations returns the causality table the chronology uses to skip
// effects when it names the earliest failure: policies/causality.yaml and
// the user's causality.yaml files (timeline.Options.Explanations). It is a
// copy; callers may extend it.
func (e *Engine) Explanations() []timeline.Explanation {
	return append([]timeline.Explanation(nil), e.explanations...)
}
