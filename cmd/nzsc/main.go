// Command nzsc is NZSC Lab's single command: play NZSC, run bot matches
// and tournaments, solve the game, and report results. Each subcommand
// lives in its own file and registers itself; the work is in the packages.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	stop()
	os.Exit(exitCode(err, os.Stderr))
}

// exitCode prints err as one line and maps it: 0 success, 2 bad usage or
// input, 1 any other failure.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	fmt.Fprintln(stderr, "nzsc:", err)
	var u *usageError
	if errors.As(err, &u) {
		return 2
	}
	return 1
}
