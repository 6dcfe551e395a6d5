// Command nzsc is NZSC Lab's single command for its three games, NZSC
// for two players, NZSC for three or four (--players) and NPZR (--game
// npzr): play them in the terminal or a browser (serve), run bot
// matches, tournaments and sequential tests, solve two-player NZSC,
// measure how far a bot can be exploited, and report results. Each
// subcommand lives in its own file and registers itself; the work is in
// the packages.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/internal/crash"
)

func main() {
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	ctx, caught := stopOnSignal(context.Background(), sigs, os.Stderr, os.Exit)
	// External bots in a decision are killed at the first signal, so that
	// the run stops at once rather than after their time limit.
	agents.StopExecBotsWith(ctx)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr)
	code := exitCode(err, os.Stderr)
	if c := caught(); c != 0 {
		code = c
	}
	os.Exit(code)
}

// stopOnSignal is the one place where nzsc handles signals. The first
// SIGINT or SIGTERM cancels the returned context: commands stop, saving
// what finished, and caught then returns the exit code shells expect
// after that signal, 128+signal number (130 for SIGINT, 143 for
// SIGTERM), or 0 before any signal. A second signal calls exit with that
// code at once, for a user who will not wait.
func stopOnSignal(parent context.Context, sigs <-chan os.Signal, stderr io.Writer, exit func(int)) (ctx context.Context, caught func() int) {
	ctx, cancel := context.WithCancel(parent)
	var mu sync.Mutex
	code := 0
	go func() {
		for s := range sigs {
			c := signalCode(s)
			mu.Lock()
			first := code == 0
			if first {
				code = c
			}
			mu.Unlock()
			if first {
				fmt.Fprintf(stderr, "nzsc: %v: stopping (again to stop at once)\n", s)
				cancel()
				continue
			}
			fmt.Fprintf(stderr, "nzsc: %v again: stopping now\n", s)
			exit(c)
			return
		}
	}()
	return ctx, func() int {
		mu.Lock()
		defer mu.Unlock()
		return code
	}
}

// signalCode is 128 plus the signal's number.
func signalCode(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return 128 + int(n)
	}
	return 130 // os.Interrupt on systems without numbered signals
}

// exitCode prints err as one line and maps it: 0 success, 2 bad usage or
// input, 1 any other failure. A panic (an internal error) also prints
// where its details were saved.
func exitCode(err error, stderr io.Writer) int {
	if err == nil {
		return 0
	}
	if p := crash.As(err); p != nil {
		path, werr := crash.Write("", p, os.Args)
		if werr != nil {
			fmt.Fprintf(stderr, "nzsc: %v (its details could not be saved: %v)\n", err, werr)
		} else {
			fmt.Fprintf(stderr, "nzsc: %v (details in %s; please report it)\n", err, path)
		}
		return 1
	}
	var u *usageError
	if errors.As(err, &u) && u.msg == "" {
		return 2 // the usage was printed instead
	}
	fmt.Fprintln(stderr, "nzsc:", err)
	if u != nil {
		return 2
	}
	return 1
}
