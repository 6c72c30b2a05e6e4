// Command surakarta plays Surakarta against itself at scale and turns the
// games into datasets, evaluation weights and statistics about the rules.
// Run "surakarta --help" for the commands.
package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/surakarta/surakarta/internal/base/progress"
)

func main() {
	ctx, stop := signalContext()
	status := runMain(ctx, os.Args[1:])
	stop()
	os.Exit(status)
}

// signalContext is the context commands run under: Ctrl-C (or SIGTERM)
// ends it, and a command stops in order, keeping what it wrote, and exits
// 130. Once it has ended, the signals' default action is back, so that a
// second Ctrl-C ends at once a command slow to stop (or one that does not
// look at its context).
func signalContext() (context.Context, context.CancelFunc) {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	context.AfterFunc(ctx, stop)
	return ctx, stop
}

// runMain runs the CLI with args and returns the process's exit status,
// after printing a failure on stderr.
func runMain(ctx context.Context, args []string) int {
	err := execute(ctx, newRootCommand(), args)
	if err != nil {
		var stderr io.Writer = os.Stderr
		if progress.CurrentFormat() == progress.JSON { // --progress json: the error is a note too
			w := progress.NewNoteWriter(os.Stderr)
			defer w.Flush()
			stderr = w
		}
		fmt.Fprintln(stderr, "surakarta:", err)
	}
	return exitStatus(ctx, err)
}
