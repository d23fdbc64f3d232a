package policies

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Source is one Rego file: its display name, its text and whether it ships
// in the binary. The hypothesis engine and the health registry read their
// rules through Embedded and Dir, so both name and read a file one way.
type Source struct {
	Name    string // policies/<path> for a built-in file, else its path
	Text    string
	Builtin bool
}

// Embedded returns the built-in .rego files under dir of FS ("." for all,
// "health" for the health rules), tests included, sorted by name.
func Embedded(dir string) ([]Source, error) {
	var out []Source
	err := fs.WalkDir(FS, dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		b, err := fs.ReadFile(FS, p)
		if err != nil {
			return fmt.Errorf("policies/%s: %w", p, err)
		}
		out = append(out, Source{Name: "policies/" + p, Text: string(b), Builtin: true})
		return nil
	})
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, err
}

// Dir returns the .rego files under dir, recursively, tests included,
// sorted by name. A dir that does not exist or is not a directory is an
// error; one without .rego files is not (the caller decides).
func Dir(dir string) ([]Source, error) {
	st, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("policy dir %s: %w", dir, err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("policy dir %s: not a directory", dir)
	}
	var out []Source
	err = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(p, ".rego") {
			return err
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		out = append(out, Source{Name: filepath.ToSlash(p), Text: string(b)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out, nil
}
