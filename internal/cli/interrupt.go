package cli

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

// ExitInterrupted is the exit code of a command stopped by SIGINT or
// SIGTERM, as a shell reports a process killed by SIGINT (128+2).
const ExitInterrupted = 130

// interruptible returns ctx, done on the first SIGINT or SIGTERM, for a
// command that writes an output: it stops, removes what it wrote (its
// temporary output, spool and scratch files) and exits ExitInterrupted.
// A second signal, after stop restored the default handling, kills it
// at once.
func interruptible(parent context.Context) (context.Context, context.CancelFunc) {
	if parent == nil {
		parent = context.Background()
	}
	ctx, stop := signal.NotifyContext(parent, os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop()
	}()
	return ctx, stop
}

// interrupted maps the error of a run that a signal ended (ctx is done)
// to ExitInterrupted, naming the output that was not written; any other
// error is returned as it is.
func interrupted(ctx context.Context, out string, err error) error {
	if err == nil || ctx.Err() == nil {
		return err
	}
	return &ExitError{Code: ExitInterrupted, Err: fmt.Errorf("%s: interrupted; nothing written", out)}
}
