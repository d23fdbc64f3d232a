package scenarios

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/rift-dev/rift/analyzer/bundle"
)

// Baseline collects the cluster as it is now, mid-scenario, as the
// "before" half of a before/after pair: both halves then come from one
// cluster, so a diff between them shows only what the repair changed (the
// same UIDs, the same Git commits), not two unrelated recordings. The
// baseline must load cleanly. When the recorder runs with -record it is
// written to fixtures/<fixture>/before, next to the "after" bundle.
func (e *Env) Baseline(ctx context.Context, namespaces []string, fixture string) error {
	tmp, err := os.MkdirTemp("", "rift-baseline-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	out := filepath.Join(tmp, "before.tar.gz")
	if _, err := e.Collect(ctx, namespaces, out); err != nil {
		return fmt.Errorf("baseline of %s: collect: %w", fixture, err)
	}
	b, err := bundle.Load(out, bundle.LoadOptions{})
	if err != nil {
		return fmt.Errorf("baseline of %s: %w", fixture, err)
	}
	if len(b.Errors) > 0 {
		return fmt.Errorf("baseline of %s: load errors: %v", fixture, b.Errors)
	}
	if f := flag.Lookup("record"); f == nil || f.Value.String() != "true" {
		return nil
	}
	// The recorder runs in hack/scenarios; fixtures/ is two levels up.
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	dir := filepath.Join(wd, "..", "..", "fixtures", fixture, "before")
	if err := Extract(out, dir); err != nil {
		return err
	}
	e.Logf("recorded baseline %s", dir)
	return nil
}

// StillStuck turns an incident scenario into a before/after pair in which
// nothing was repaired: base runs and its Check passes, the baseline is
// collected into fixtures/<name>/before, then the cluster is left alone
// for wait and base's Check must still hold when the "after" bundle is
// collected. rift verify must fail on both halves, and rift diff shows
// what waiting did (or did not) change: a rollout that "only needs time"
// is not progressing.
func StillStuck(base Scenario, name, question string, wait time.Duration) Scenario {
	s := base
	s.Name, s.Question = name, question
	s.Run = func(ctx context.Context, e *Env) error {
		if err := base.Run(ctx, e); err != nil {
			return err
		}
		if err := base.Check(ctx, e); err != nil {
			return fmt.Errorf("before: %w", err)
		}
		if err := e.Baseline(ctx, s.Namespaces, name); err != nil {
			return err
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
		return nil
	}
	return s
}
