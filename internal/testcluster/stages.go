package testcluster

import (
	"fmt"
	"os"
	"slices"

	"sigs.k8s.io/yaml"
)

// selectStages returns the stage files whose Stage is not disabled. Every
// disabled name must exist, so a typo cannot silently keep a stage on.
func selectStages(files, disabled []string) ([]string, error) {
	seen := map[string]bool{}
	var keep []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("kwok stage %s: %w", f, err)
		}
		var doc struct {
			Kind     string `json:"kind"`
			Metadata struct {
				Name string `json:"name"`
			} `json:"metadata"`
		}
		if err := yaml.Unmarshal(b, &doc); err != nil {
			return nil, fmt.Errorf("kwok stage %s: %w", f, err)
		}
		if doc.Kind != "Stage" || doc.Metadata.Name == "" {
			return nil, fmt.Errorf("kwok stage %s: not a named Stage (kind %q)", f, doc.Kind)
		}
		seen[doc.Metadata.Name] = true
		if !slices.Contains(disabled, doc.Metadata.Name) {
			keep = append(keep, f)
		}
	}
	for _, d := range disabled {
		if !seen[d] {
			return nil, fmt.Errorf("DisableStages: no default kwok stage named %q", d)
		}
	}
	return keep, nil
}
