// Package testcorpus reads the repository's copies of public data
// (testdata/corpus, see its SOURCES.md) for tests that use them as
// inputs. It is imported by tests only.
package testcorpus

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"sigs.k8s.io/yaml"
)

// ArgoHealthDir is Argo CD's health cases below the repository's root.
const ArgoHealthDir = "testdata/corpus/argo-cd-health/resource_customizations"

// ArgoHealthObjects decodes every object of Argo CD's health cases below
// root (the repository's root, relative to the test's directory), in
// walk order. A case that is not a YAML object is skipped, as Argo CD's
// own tests never load one; fewer than 900 objects means the corpus is
// missing, and is an error.
func ArgoHealthObjects(root string) ([]map[string]any, error) {
	var objs []map[string]any
	dir := filepath.Join(root, ArgoHealthDir)
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Base(filepath.Dir(p)) != "testdata" || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var m map[string]any
		if yaml.Unmarshal(data, &m) == nil && m != nil {
			objs = append(objs, m)
		}
		return nil
	})
	if err == nil && len(objs) < 900 {
		err = fmt.Errorf("%s: %d objects, want the 975 cases", dir, len(objs))
	}
	return objs, err
}
