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
	status := runMain(ctx, os.Args[1:])
	stop()
	os.Exit(status)
}

// runMain runs the CLI with args and returns the process's exit status,
// after printing a failure on stderr.
func runMain(ctx context.Context, args []string) int {
	err := execute(ctx, newRootCommand(), args)
	if err != nil {
		fmt.Fprintln(os.Stderr, "surakarta:", err)
	}
	return exitStatus(ctx, err)
}
