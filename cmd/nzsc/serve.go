package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"strings"
	"sync"
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
			fs.String("runs", "runs", "the `DIR` of run directories the Runs page shows (their files read-only) and where the runs it starts are written")
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
	link, others, everywhere := openLinks(ln.Addr())
	fmt.Fprintf(e.stdout, "NZSC Lab at %s (Ctrl-C stops)\n", link)
	if everywhere {
		fmt.Fprint(e.stdout, "listening on every interface of this machine")
		if len(others) > 0 {
			fmt.Fprintf(e.stdout, "; other machines open %s", strings.Join(others, " or "))
		}
		fmt.Fprintln(e.stdout)
	}
	if allowExec {
		// The fragment stays in the browser: lab.js keeps the secret in
		// the origin's storage and sends it with the pages' requests.
		fmt.Fprintf(e.stdout, "exec: bots are allowed from a browser that opens %s#secret=%s (keep this link to yourself)\n", link, secret)
	}
	// Every request's context ends when the server stops, so long polls,
	// bots thinking and log reads inside a request end with it, not at
	// the shutdown's deadline.
	base, stopRequests := context.WithCancel(context.Background())
	defer stopRequests()
	hs := newHTTPServer(srv, base, serveLimits)
	ln = limitConns(ln, serveLimits.conns)
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

// limits bound what one client may hold of the server: anyone who can
// name its address is a client.
type limits struct {
	// readHeader bounds reading a request's headers (a client dripping
	// them, slowloris), read the whole request, body included, write
	// the answer (a client that never reads it holds a goroutine and a
	// file until then: the longest legitimate answer is a bot's move of
	// minutes), idle a kept-alive connection between requests.
	readHeader, read, write, idle time.Duration
	// header bounds a request's line and headers (a huge query string
	// is refused with 431).
	header int
	// conns bounds the connections open at once; one over it is
	// answered 503 and closed (limitConns).
	conns int
}

// serveLimits are nzsc serve's limits.
var serveLimits = limits{readHeader: 10 * time.Second, read: 30 * time.Second, write: 10 * time.Minute,
	idle: 2 * time.Minute, header: 64 << 10, conns: 1024}

// newHTTPServer returns the HTTP server of h with limits l, every
// request's context under base. A request's context also ends when its
// answer can no longer be written (l.write): a bot thinking or a game of
// bots for it stops then, rather than work for no one.
func newHTTPServer(h http.Handler, base context.Context, l limits) *http.Server {
	if l.write > 0 {
		next := h
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ctx, cancel := context.WithTimeout(r.Context(), l.write)
			defer cancel()
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
	// DisableGeneralOptionsHandler: net/http would answer "OPTIONS *"
	// itself, 200, before the guard and without its headers; the guard
	// answers it as every OPTIONS (the server answers no preflight).
	return &http.Server{Handler: h, ReadHeaderTimeout: l.readHeader, ReadTimeout: l.read, WriteTimeout: l.write,
		IdleTimeout: l.idle, MaxHeaderBytes: l.header, DisableGeneralOptionsHandler: true,
		BaseContext: func(net.Listener) context.Context { return base }}
}

// limitConns returns ln accepting at most n connections open at once: a
// connection over n is answered 503 with a one-line JSON error and
// closed, at once, so that a client holding many connections (idle, or
// dripping headers until their timeout) costs a bounded memory and
// files, and the one refused is told why. The refusals are bounded too
// (maxRefusing at once, each held up to a second): past them a
// connection is closed unanswered.
func limitConns(ln net.Listener, n int) net.Listener {
	return &connLimit{Listener: ln, places: make(chan struct{}, n), refusing: make(chan struct{}, min(n, maxRefusing))}
}

// maxRefusing bounds the connections being answered 503 at once. Each
// refusal holds its connection up to a second, reading what the client
// sent so that the answer is not lost to a reset: unbounded, a client
// opening connections faster than that held a file per connection for
// the second, thousands a second, up to the process's limit of open
// files, where the server's own files (run directories, games logs)
// fail to open.
const maxRefusing = 64

type connLimit struct {
	net.Listener
	places   chan struct{}
	refusing chan struct{}
}

func (l *connLimit) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		select {
		case l.places <- struct{}{}:
			return &limitedConn{Conn: c, release: sync.OnceFunc(func() { <-l.places })}, nil
		default:
			select {
			case l.refusing <- struct{}{}:
				go func() {
					defer func() { <-l.refusing }()
					refuseConn(c, cap(l.places))
				}()
			default:
				c.Close() // refusals are under way: no answer
			}
		}
	}
}

// limitedConn gives its place back when closed (once).
type limitedConn struct {
	net.Conn
	release func()
}

func (c *limitedConn) Close() error {
	c.release()
	return c.Conn.Close()
}

// refuseConn answers a connection over the limit 503 and closes it,
// reading what the client sent meanwhile (at most a second), so that
// the answer is not lost to a reset. The answer carries the headers of
// every answer of the server (webapi.SetHeaders), as the guard's
// refusals do.
func refuseConn(c net.Conn, n int) {
	defer c.Close()
	c.SetDeadline(time.Now().Add(time.Second))
	body := fmt.Sprintf(`{"error":"the server is busy (%d connections open): try again"}`+"\n", n)
	h := http.Header{}
	webapi.SetHeaders(h)
	h.Set("Content-Type", "application/json")
	h.Set("Retry-After", "5")
	h.Set("Connection", "close")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	var b strings.Builder
	b.WriteString("HTTP/1.1 503 Service Unavailable\r\n")
	h.Write(&b)
	b.WriteString("\r\n" + body)
	io.WriteString(c, b.String())
	if t, ok := c.(*net.TCPConn); ok {
		t.CloseWrite()
	}
	io.Copy(io.Discard, io.LimitReader(c, 1<<16))
}

// openLinks returns the link a person opens for the listening address
// a, and whether a is every interface (--addr 0.0.0.0:8080 or :8080,
// which listens as [::]:8080, a link no browser opens): then the link
// names localhost, and others are the links of this machine's other
// addresses (at most four, IPv4 first), which other machines open (the
// guard lets a request name the server by any IP address).
func openLinks(a net.Addr) (link string, others []string, everywhere bool) {
	t, ok := a.(*net.TCPAddr)
	if !ok || !t.IP.IsUnspecified() {
		return "http://" + a.String() + "/", nil, false
	}
	port := strconv.Itoa(t.Port)
	addrs, _ := net.InterfaceAddrs()
	var v4, v6 []string
	for _, ad := range addrs {
		n, ok := ad.(*net.IPNet)
		if !ok || !n.IP.IsGlobalUnicast() {
			continue // loopback (localhost is the link), link-local
		}
		u := "http://" + net.JoinHostPort(n.IP.String(), port) + "/"
		if n.IP.To4() != nil {
			v4 = append(v4, u)
		} else {
			v6 = append(v6, u)
		}
	}
	others = append(v4, v6...)
	return "http://localhost:" + port + "/", others[:min(len(others), 4)], true
}

// loopback reports whether a listening address is reachable only from
// this machine.
func loopback(a net.Addr) bool {
	t, ok := a.(*net.TCPAddr)
	return ok && t.IP.IsLoopback()
}
