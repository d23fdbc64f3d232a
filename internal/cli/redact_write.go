package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/rift-dev/rift/internal/bundlewrite"
	"github.com/rift-dev/rift/internal/redact"
	"github.com/rift-dev/rift/internal/staging"
)

// redactStaged redacts o.in into a temporary output beside o.out, checks
// it with every rule, and only then puts it at o.out. A failed, refused
// or interrupted run removes the temporary output (and the writer's
// spool), so nothing that looks redacted is left.
func (o *redactOptions) redactStaged(ctx context.Context, out, errOut io.Writer) error {
	var st *staging.Output
	var w *bundlewrite.Writer
	var err error
	if archive, ok := bundlewrite.ArchiveFor(o.out); ok {
		if st, err = staging.New(o.out, bundlewrite.FileMode); err == nil {
			w = bundlewrite.New(st.File(), bundlewrite.Options{Archive: archive})
		}
	} else if st, err = staging.NewDir(o.out); err == nil {
		w, err = bundlewrite.NewDir(st.Temp)
	}
	if st != nil {
		defer st.Discard()
	}
	if err != nil {
		return usageError(err)
	}
	s, err := redact.RedactBundleContext(ctx, o.in, w, o.opts)
	if err != nil {
		return interrupted(ctx, o.out, usageError(err))
	}
	for _, d := range s.Dropped {
		fmt.Fprintln(errOut, "rift: not in output:", skipped(d))
	}
	if err := o.runCheckAs(out, st.Temp, o.out); err != nil {
		return interrupted(ctx, o.out, err)
	}
	if err := ctx.Err(); err != nil {
		return interrupted(ctx, o.out, err)
	}
	if err := st.Commit(); err != nil {
		return usageError(err)
	}
	fmt.Fprintf(errOut, "rift: wrote %s: %s from a %s bundle, %s redacted, %d not in output\n", o.out,
		plural(s.Files, "file", "files"), s.Format, plural(total(s.Report), "value", "values"), len(s.Dropped))
	return nil
}
