package testcluster

import (
	"fmt"
	"os"
	"path/filepath"
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

// StageHold is one requirement added to the selector of the default kwok
// stage named Stage: a matchExpression of Key (a jq-like path, as kwok's
// stages write them), Operator (In, NotIn, Exists, DoesNotExist) and
// Values.
type StageHold struct {
	Stage, Key, Operator string
	Values               []string
}

// holdStages rewrites into dir the stage files that holds narrow, with
// each hold's requirement appended to spec.selector.matchExpressions,
// and returns the files with those replaced. Every hold must name a
// stage among files.
func holdStages(files []string, holds []StageHold, dir string) ([]string, error) {
	if len(holds) == 0 {
		return files, nil
	}
	out := slices.Clone(files)
	done := map[string]bool{}
	for i, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			return nil, fmt.Errorf("kwok stage %s: %w", f, err)
		}
		var stage map[string]any
		if err := yaml.Unmarshal(b, &stage); err != nil {
			return nil, fmt.Errorf("kwok stage %s: %w", f, err)
		}
		meta, _ := stage["metadata"].(map[string]any)
		name, _ := meta["name"].(string)
		var reqs []any
		for _, h := range holds {
			if h.Stage == name {
				req := map[string]any{"key": h.Key, "operator": h.Operator}
				if len(h.Values) > 0 {
					req["values"] = h.Values
				}
				reqs = append(reqs, req)
			}
		}
		if len(reqs) == 0 {
			continue
		}
		spec, _ := stage["spec"].(map[string]any)
		sel, _ := spec["selector"].(map[string]any)
		if sel == nil {
			return nil, fmt.Errorf("kwok stage %s: no spec.selector to narrow", f)
		}
		exprs, _ := sel["matchExpressions"].([]any)
		sel["matchExpressions"] = append(exprs, reqs...)
		nb, err := yaml.Marshal(stage)
		if err != nil {
			return nil, fmt.Errorf("kwok stage %s: %w", f, err)
		}
		out[i] = filepath.Join(dir, "held-"+filepath.Base(f))
		if err := os.WriteFile(out[i], nb, 0o644); err != nil {
			return nil, err
		}
		done[name] = true
	}
	for _, h := range holds {
		if !done[h.Stage] {
			return nil, fmt.Errorf("Holds: no default kwok stage named %q", h.Stage)
		}
	}
	return out, nil
}
