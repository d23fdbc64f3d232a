package gitsource

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"sigs.k8s.io/yaml"
)

// refuseRemote fails when the kustomization in dir, or one it reaches
// through local directories, names a remote resource: kustomize would fetch
// it over the network, and the collector promises not to. Files outside
// root are never read.
func refuseRemote(root, dir string) error {
	return walkKustomizations(root, dir, map[string]bool{})
}

func walkKustomizations(root, dir string, seen map[string]bool) error {
	if seen[dir] {
		return nil
	}
	seen[dir] = true
	if r, err := filepath.Rel(root, dir); err != nil || r == ".." || strings.HasPrefix(r, "../") {
		return nil
	}
	var b []byte
	var file string
	for _, k := range kustomizationFiles {
		if data, err := os.ReadFile(filepath.Join(dir, k)); err == nil {
			b, file = data, filepath.Join(dir, k)
			break
		}
	}
	if file == "" {
		return nil
	}
	var k struct {
		Resources  []string `json:"resources"`
		Bases      []string `json:"bases"`
		Components []string `json:"components"`
	}
	if err := yaml.Unmarshal(b, &k); err != nil {
		return fmt.Errorf("%s: %w", rel(root, file), err)
	}
	for _, r := range slices.Concat(k.Resources, k.Bases, k.Components) {
		if isRemote(r) {
			return fmt.Errorf("%s: remote resource %q: rift collect does not fetch; render it yourself and pass --rendered", rel(root, file), r)
		}
		sub := filepath.Join(dir, filepath.FromSlash(r))
		if st, err := os.Stat(sub); err == nil && st.IsDir() {
			if err := walkKustomizations(root, sub, seen); err != nil {
				return err
			}
		}
	}
	return nil
}

func isRemote(r string) bool {
	return strings.Contains(r, "://") || strings.HasPrefix(r, "git@") ||
		strings.HasPrefix(r, "github.com/") || strings.HasPrefix(r, "gitlab.com/") || strings.HasPrefix(r, "bitbucket.org/")
}

func rel(root, p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return filepath.ToSlash(r)
}
