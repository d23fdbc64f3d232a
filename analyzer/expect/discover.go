package expect

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
)

// Fixture is one recorded incident: a bundle and its expectations.
type Fixture struct {
	// Name is the fixture directory's base name.
	Name string
	// Dir is the fixture directory.
	Dir string
	// Bundle is the bundle path: a directory or an archive inside Dir.
	Bundle string
	// Expect is the path of expect.yaml.
	Expect string
}

// bundleNames are tried in order inside a fixture directory.
var bundleNames = []string{"bundle", "bundle.tar.gz", "bundle.tgz", "bundle.tar.zst", "bundle.tar.xz", "bundle.tar", "bundle.zip"}

// Discover finds fixtures under each dir: the dir itself when it holds an
// expect.yaml, otherwise every directory below it that does. The result is
// sorted by directory. A fixture without a bundle is an error, so a
// half-committed fixture cannot pass by being ignored.
func Discover(dirs ...string) ([]Fixture, error) {
	seen := map[string]bool{}
	var out []Fixture
	var errs []error
	for _, root := range dirs {
		if _, err := os.Stat(root); err != nil {
			return nil, err
		}
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() || seen[p] {
				return nil
			}
			exp := filepath.Join(p, "expect.yaml")
			if _, err := os.Stat(exp); err != nil {
				return nil
			}
			seen[p] = true
			f := Fixture{Name: filepath.Base(p), Dir: p, Expect: exp}
			for _, n := range bundleNames {
				if _, err := os.Stat(filepath.Join(p, n)); err == nil {
					f.Bundle = filepath.Join(p, n)
					break
				}
			}
			if f.Bundle == "" {
				errs = append(errs, fmt.Errorf("%s: expect.yaml without a bundle (want one of %v)", p, bundleNames))
				return fs.SkipDir
			}
			out = append(out, f)
			return fs.SkipDir
		})
		if err != nil {
			return nil, err
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Dir < out[j].Dir })
	return out, errors.Join(errs...)
}
