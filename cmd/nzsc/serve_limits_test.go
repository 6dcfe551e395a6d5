package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/web/webapi"
)

// TestServeLimits: what one anonymous client may hold of nzsc serve's
// HTTP server (newHTTPServer, limitConns; the limits small here): headers
// dripped (slowloris) and a body dripped are cut off; an answer never
// read frees its handler (the old server had no write timeout: a
// client that read nothing held the handler, its file and goroutine
// forever); a huge query string is refused with 431; a connection over
// the cap is answered 503 with a one-line JSON error and closed (the old
// server took any number); a handler's context ends with its answer's
// write deadline (a bot thought on for a client that could no longer be
// answered).
func TestServeLimits(t *testing.T) {
	l := limits{readHeader: 300 * time.Millisecond, read: 600 * time.Millisecond, write: 500 * time.Millisecond,
		idle: 5 * time.Second, header: 8 << 10, conns: 3}
	var wrote atomic.Int64
	writeErr := make(chan error, 1)
	thought := make(chan time.Duration, 1)
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/big": // 256 MiB, far over any socket buffer
			buf := make([]byte, 1<<20)
			for range 256 {
				n, err := w.Write(buf)
				wrote.Add(int64(n))
				if err != nil {
					writeErr <- err
					return
				}
			}
			writeErr <- nil
		case "/think": // a bot thinking for a client that waits for ever
			start := time.Now()
			select {
			case <-r.Context().Done():
				thought <- time.Since(start)
			case <-time.After(10 * time.Second):
				thought <- 10 * time.Second
			}
		case "/body":
			_, err := io.Copy(io.Discard, r.Body)
			if err != nil {
				http.Error(w, err.Error(), http.StatusRequestTimeout)
			}
		default:
			io.WriteString(w, "ok")
		}
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	hs := newHTTPServer(h, context.Background(), l)
	limited := limitConns(ln, l.conns)
	go hs.Serve(limited)
	t.Cleanup(func() { hs.Close() })
	addr := ln.Addr().String()
	dial := func() net.Conn {
		t.Helper()
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	// closedWithin reports whether the server closes c within d.
	closedWithin := func(c net.Conn, d time.Duration) bool {
		c.SetReadDeadline(time.Now().Add(d))
		_, err := io.Copy(io.Discard, c)
		return err == nil // EOF: closed by the server; a timeout: still open
	}

	// Slowloris: headers never finished.
	c := dial()
	fmt.Fprint(c, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-A: 1\r\n")
	if !closedWithin(c, 3*time.Second) {
		t.Errorf("a request whose headers never end is not cut off")
	}
	// A body dripped.
	c = dial()
	fmt.Fprint(c, "POST /body HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nx")
	if !closedWithin(c, 3*time.Second) {
		t.Errorf("a body dripped is not cut off")
	}
	// An answer never read.
	c = dial()
	fmt.Fprint(c, "GET /big HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	select {
	case err := <-writeErr:
		if err == nil {
			t.Errorf("256 MiB written to a client reading nothing")
		}
	case <-time.After(5 * time.Second):
		t.Errorf("a handler writing to a client that reads nothing is still blocked after 5 s (%d bytes written)", wrote.Load())
	}
	c.Close()
	// Work for an answer that can no longer be written stops.
	c = dial()
	fmt.Fprint(c, "GET /think HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	if d := <-thought; d > 3*time.Second {
		t.Errorf("a handler's context lasted %v past its answer's write deadline (%v)", d, l.write)
	}
	c.Close()
	// A huge query string.
	c = dial()
	fmt.Fprintf(c, "GET /?q=%s HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", strings.Repeat("a", 64<<10))
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusRequestHeaderFieldsTooLarge {
		t.Errorf("a 64 KiB query string: %v %v, want 431", resp, err)
	}
	c.Close()
	// The connections closed give their places back.
	for deadline := time.Now().Add(5 * time.Second); len(limited.(*connLimit).places) > 0; time.Sleep(10 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d places still taken after their connections ended", len(limited.(*connLimit).places))
		}
	}

	// The cap: three connections kept alive, the fourth refused at once.
	keep := make([]*http.Client, 3)
	for i := range keep {
		keep[i] = &http.Client{Transport: &http.Transport{MaxConnsPerHost: 1}}
		resp, err := keep[i].Get("http://" + addr + "/")
		if err != nil || resp.StatusCode != 200 {
			t.Fatalf("connection %d: %v %v", i, resp, err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	start := time.Now()
	c = dial()
	fmt.Fprint(c, "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
	resp, err = http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("a connection over the cap: %v, want a 503", err)
	}
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusServiceUnavailable || !strings.HasPrefix(string(b), `{"error":"the server is busy`) || strings.Count(string(b), "\n") != 1 || time.Since(start) > 2*time.Second {
		t.Errorf("a connection over the cap: %d %q after %v, want 503 with a one-line JSON error at once", resp.StatusCode, b, time.Since(start))
	}
	// It carries the headers of every answer (docs/web.md: only the
	// answers net/http writes itself lack them); it had nosniff alone.
	every := http.Header{}
	webapi.SetHeaders(every)
	for k := range every {
		if resp.Header.Get(k) != every.Get(k) {
			t.Errorf("the 503 of a connection over the cap: %s %q, want %q", k, resp.Header.Get(k), every.Get(k))
		}
	}
	// A place given back is taken again.
	keep[0].CloseIdleConnections()
	time.Sleep(100 * time.Millisecond)
	resp, err = http.Get("http://" + addr + "/")
	if err != nil || resp.StatusCode != 200 {
		t.Errorf("after a connection closed: %v %v, want 200", resp, err)
	} else {
		resp.Body.Close()
	}
}
