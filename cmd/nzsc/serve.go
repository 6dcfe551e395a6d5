package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/web"
	"github.com/nzsclab/nzsc/web/rooms"
	"github.com/nzsclab/nzsc/web/runs"
	"github.com/nzsclab/nzsc/web/watch"
	"github.com/nzsclab/nzsc/web/webapi"
)

func init() {
	register(&command{
		name:    "serve",
		summary: "serve the lab's web pages on this machine: Play (any game against any bot), Rooms (people against each other), Watch (bots' games, game records), Runs (run directories and their reports)",
		example: "nzsc serve                 # then open http://127.0.0.1:8080/\n  nzsc serve --allow-exec    # exec: bots too, from the printed link only",
		flags: func(fs *pflag.FlagSet) {
			fs.String("addr", "127.0.0.1:8080", "the `HOST:PORT` to listen on; anything but loopback lets other machines in (a warning is printed)")
			fs.String("runs", "runs", "the `DIR` of run directories the Runs page shows (read-only)")
			fs.Bool("allow-exec", false, "let the pages start external programs as bots (exec:...), from a browser that opened the link printed at start (it carries this server's secret); off by default")
			fs.StringSlice("allow-host", nil, "a host `NAME` requests may use for this server besides its IP addresses and localhost (repeatable; any other name is refused, against DNS rebinding)")
		},
		run: runServe,
	})
}

// mounts are the pages other packages serve, by path prefix: the one
// place where they join the server (web.Config.Mounts); the navigation
// and the home page link to each.
func mounts(dir string, allowExec bool) map[string]http.Handler {
	r := runs.New(runs.Options{Dir: dir, AllowExec: allowExec})
	return map[string]http.Handler{
		"/rooms/": rooms.New(rooms.Options{}),
		"/watch/": watch.New(watch.Options{Runs: r.Root(), AllowExec: allowExec}),
		"/runs/":  r,
	}
}

func runServe(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 0 {
		return usagef("serve: takes no arguments (got %q)", args[0])
	}
	addr, runs := mustString(fs, "addr"), mustString(fs, "runs")
	allowExec, _ := fs.GetBool("allow-exec")
	hosts, _ := fs.GetStringSlice("allow-host")
	if fs.Changed("allow-host") && len(hosts) == 0 {
		// pflag reads --allow-host '' as no hosts at all: a script whose
		// variable was empty, which would otherwise serve as if the flag
		// were absent.
		return usagef("serve: --allow-host needs a host name, got an empty list")
	}
	for _, h := range hosts {
		if h == "" || strings.ContainsAny(h, ":/[] ") {
			return usagef("serve: --allow-host %q: want a host name without port (e.g. lab.example)", h)
		}
	}
	// A runs directory that does not exist yet is fine (a fresh clone
	// has none until its first tournament); a file there is a mistake
	// the Runs page would only show as an error on every visit.
	if st, err := os.Stat(runs); err == nil && !st.IsDir() {
		return usagef("serve: --runs %s is a file, not a directory of run directories", runs)
	}
	// The secret exists only where it guards something: starting programs.
	secret := ""
	if allowExec {
		secret = webapi.NewSecret()
	}
	srv, err := web.New(web.Config{Runs: runs, AllowExec: allowExec, Secret: secret, Hosts: hosts, Mounts: mounts(runs, allowExec)})
	if err != nil {
		return err
	}
	defer srv.Close()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return usagef("serve: %v", err)
	}
	if !loopback(ln.Addr()) {
		fmt.Fprintf(e.stderr, "nzsc: warning: %s is not a loopback address: anyone who can reach this machine can use the pages", addr)
		if allowExec {
			fmt.Fprint(e.stderr, ", and start programs on it (--allow-exec)")
		}
		fmt.Fprintln(e.stderr)
	}
	if allowExec {
		// The fragment stays in the browser: lab.js keeps the secret in
		// the origin's storage and sends it with the pages' requests.
		fmt.Fprintf(e.stdout, "NZSC Lab at http://%s/ (Ctrl-C stops)\nexec: bots are allowed from a browser that opens http://%s/#secret=%s (keep this link to yourself)\n", ln.Addr(), ln.Addr(), secret)
	} else {
		fmt.Fprintf(e.stdout, "NZSC Lab at http://%s/ (Ctrl-C stops)\n", ln.Addr())
	}
	// Every request's context ends when the server stops, so long polls,
	// bots thinking and log reads inside a request end with it, not at
	// the shutdown's deadline. ReadTimeout bounds the whole request, body
	// included: a client dripping its body a byte at a time is cut off.
	base, stopRequests := context.WithCancel(context.Background())
	defer stopRequests()
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second, ReadTimeout: 30 * time.Second,
		IdleTimeout: 2 * time.Minute, MaxHeaderBytes: 64 << 10,
		BaseContext: func(net.Listener) context.Context { return base }}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-e.ctx.Done():
	}
	stopRequests()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if err := hs.Shutdown(ctx); errors.Is(err, context.DeadlineExceeded) {
		hs.Close() // a handler deaf to its context: cut its connection
	} else if err != nil {
		return err
	}
	<-done
	return nil
}

// loopback reports whether a listening address is reachable only from
// this machine.
func loopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}
