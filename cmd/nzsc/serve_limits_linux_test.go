package main

import (
	"io"
	"net"
	"os"
	"testing"
	"time"
)

// openFiles counts the files this process has open.
func openFiles(t *testing.T) int {
	t.Helper()
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Skip(err)
	}
	return len(fds)
}

// TestServeRefusalsBounded: connections over the cap that their client
// keeps open cost the server a bounded number of files. Each refusal
// (503, limitConns) holds its connection up to a second; the old
// listener refused every one at once, so a flood of connections held a
// file each for that second, up to the process's limit of open files.
// Past the bound a connection is closed at once, unanswered.
func TestServeRefusalsBounded(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	limited := limitConns(ln, 2)
	defer limited.Close()
	go func() {
		var held []net.Conn // the two places, taken and kept
		defer func() {
			for _, c := range held {
				c.Close()
			}
		}()
		for {
			c, err := limited.Accept()
			if err != nil {
				return
			}
			held = append(held, c)
		}
	}()
	dial := func() net.Conn {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		return c
	}
	dial()
	dial()
	time.Sleep(100 * time.Millisecond)
	before := openFiles(t)
	const flood = 60
	conns := make([]net.Conn, flood)
	for i := range conns {
		conns[i] = dial() // and keep it open, sending nothing
	}
	time.Sleep(300 * time.Millisecond) // inside the refusals' second
	// The client's own flood connections are files of this process too.
	if server := openFiles(t) - before - flood; server > 2+4 {
		t.Errorf("%d connections over the cap held open: %d files of the server's, want at most the 2 refusals at once (and a few of the runtime's)", flood, server)
	}
	answered := 0
	for _, c := range conns {
		c.SetReadDeadline(time.Now().Add(3 * time.Second))
		if b, _ := io.ReadAll(c); len(b) > 0 {
			answered++
		}
	}
	// 2 when the flood is dialed within a refusal's second (it takes
	// milliseconds); a few more on a machine slow enough to pass it.
	if answered < 1 || answered > flood/4 {
		t.Errorf("%d of %d connections over the cap answered 503, want about 2 (the refusals at once; the others closed unanswered)", answered, flood)
	}
}
