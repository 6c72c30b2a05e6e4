// Command surakarta plays Surakarta against itself at scale and turns the
// games into datasets, evaluation weights and statistics about the rules.
// Run "surakarta --help" for the commands.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := newRootCommand().ExecuteContext(ctx)
	stop()
	if err != nil {
		fmt.Fprintln(os.Stderr, "surakarta:", err)
		os.Exit(1)
	}
}
