package cli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"
)

func newShellCommand() *cobra.Command {
	o := &serveOptions{}
	cmd := &cobra.Command{
		Use:   "shell BUNDLE... | DIR",
		Short: "Open $SHELL with KUBECONFIG pointing at a read-only API over bundles",
		Long: `shell starts what rift serve starts, then opens $SHELL (or /bin/sh) with
KUBECONFIG set to the kubeconfig it wrote, and stops the server when the shell
exits. Ctrl-C goes to the shell's programs, not to the server.

Exit status: the shell's, or 2 for bad flags or a bundle that cannot be read.
See docs/serve.md.`,
		Example: `  rift shell incident.tar.gz
  # then, inside: kubectl get pods -A; kubectl get hypotheses; exit`,
		Args: bundleArgs("shell"),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := o.Complete(args); err != nil {
				return err
			}
			if err := o.Validate(); err != nil {
				return err
			}
			return o.RunShell(cmd)
		},
	}
	o.addFlags(cmd, false)
	return exitCodes(cmd, ExitOK, ExitUsage)
}

// RunShell serves in the background while $SHELL runs.
func (o *serveOptions) RunShell(cmd *cobra.Command) error {
	s, cleanup, err := o.start(cmd.ErrOrStderr())
	if err != nil {
		return err
	}
	defer cleanup()
	ctx, cancel := context.WithCancel(cmd.Context())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx) }()
	defer func() { cancel(); <-served }()

	shell := os.Getenv("SHELL")
	if shell == "" {
		shell = "/bin/sh"
	}
	sh := exec.Command(shell)
	sh.Stdin, sh.Stdout, sh.Stderr = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
	sh.Env = append(os.Environ(), "KUBECONFIG="+o.kubeconfig, "RIFT_SERVE=1")
	// Ctrl-C belongs to the shell; SIGTERM ends the shell, then the server.
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	defer signal.Stop(sigs)
	if err := sh.Start(); err != nil {
		return usageError(fmt.Errorf("%s: %w", shell, err))
	}
	go func() {
		for sig := range sigs {
			if sig == syscall.SIGTERM {
				_ = sh.Process.Signal(syscall.SIGTERM)
			}
		}
	}()
	fmt.Fprintf(cmd.ErrOrStderr(), "rift shell: KUBECONFIG=%s; exit the shell to stop the server\n", o.kubeconfig)
	err = sh.Wait()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return &ExitError{Code: ee.ExitCode()}
	}
	return err
}
