package webapi

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/fstest"
	"time"

	"golang.org/x/sync/semaphore"
)

func TestDecode(t *testing.T) {
	type body struct {
		A int `json:"a"`
	}
	for _, c := range []struct {
		name, in string
		max      int64
		status   int
	}{
		{"ok", `{"a":1}`, 0, 200},
		{"empty", ``, 0, 400},
		{"unknown field", `{"b":1}`, 0, 400},
		{"trailing", `{"a":1}{"a":2}`, 0, 400},
		{"too big", `{"a":` + strings.Repeat(" ", 100) + `1}`, 16, 413},
		{"not json", `<html>`, 0, 400},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			req := httptest.NewRequest("POST", "/", strings.NewReader(c.in))
			var v body
			ok := Decode(rec, req, c.max, &v)
			if ok != (c.status == 200) {
				t.Fatalf("Decode = %v, want ok=%v", ok, c.status == 200)
			}
			if ok {
				return
			}
			if rec.Code != c.status {
				t.Errorf("status %d, want %d", rec.Code, c.status)
			}
			var e struct{ Error string }
			if err := json.Unmarshal(rec.Body.Bytes(), &e); err != nil || e.Error == "" || strings.Contains(e.Error, "\n") {
				t.Errorf("body %q is not a one-line JSON error (%v)", rec.Body.String(), err)
			}
		})
	}
}

func TestStoreBoundsAndExpiry(t *testing.T) {
	now := time.Unix(0, 0)
	var closed []int
	s := NewStore[int](2, time.Minute)
	s.now = func() time.Time { return now }
	s.Close = func(v int) { closed = append(closed, v) }
	if err := s.Add("a", 1); err != nil {
		t.Fatal(err)
	}
	if err := s.Add("b", 2); err != nil {
		t.Fatal(err)
	}
	if err := s.Add("c", 3); !errors.Is(err, ErrFull) {
		t.Fatalf("third Add = %v, want ErrFull", err)
	}
	now = now.Add(40 * time.Second)
	if _, ok := s.Get("a"); !ok { // a used again: b idles first
		t.Fatal("a lost")
	}
	now = now.Add(40 * time.Second)
	if err := s.Add("c", 3); err != nil {
		t.Fatalf("Add after b idled: %v", err)
	}
	if _, ok := s.Get("b"); ok {
		t.Error("b still there after idling 80 s")
	}
	if len(closed) != 1 || closed[0] != 2 {
		t.Errorf("closed %v, want [2]", closed)
	}
	s.Remove("a")
	if s.Len() != 1 || len(closed) != 2 {
		t.Errorf("after Remove: len %d, closed %v", s.Len(), closed)
	}
}

// TestStoreIdleFor: an object's own idle limit (IdleFor) decides when
// it is forgotten, here 1 minute for odd values and 1 hour for even.
func TestStoreIdleFor(t *testing.T) {
	now := time.Unix(0, 0)
	s := NewStore[int](10, time.Hour)
	s.now = func() time.Time { return now }
	s.IdleFor = func(v int) time.Duration {
		if v%2 == 1 {
			return time.Minute
		}
		return time.Hour
	}
	for i, id := range []string{"a", "b"} {
		if err := s.Add(id, i+1); err != nil {
			t.Fatal(err)
		}
	}
	now = now.Add(2 * time.Minute)
	if n := s.Count(func(int) bool { return true }); n != 1 {
		t.Errorf("after 2 minutes %d objects live, want 1", n)
	}
	if _, ok := s.Get("a"); ok {
		t.Error("a (1 minute) still there after 2 minutes")
	}
	if _, ok := s.Get("b"); !ok {
		t.Error("b (1 hour) gone after 2 minutes")
	}
}

// TestClient: every loopback address is one client, an IPv6 host its
// /64, an IPv4 address itself.
func TestClient(t *testing.T) {
	for i, c := range []struct{ remote, want string }{
		{"127.0.0.1:80", ThisMachine},
		{"127.9.9.9:80", ThisMachine},
		{"[::1]:80", ThisMachine},
		{"[::ffff:127.0.0.1]:80", ThisMachine},
		{"192.0.2.1:80", "192.0.2.1"},
		{"[::ffff:192.0.2.1]:80", "192.0.2.1"},
		{"[2001:db8:1:2:3:4:5:6]:80", "2001:db8:1:2::/64"},
		{"[fe80::1%eth0]:80", "fe80::/64"},
		{"pipe", "pipe"},
	} {
		r := httptest.NewRequest("GET", "/", nil)
		r.RemoteAddr = c.remote
		if got := Client(r); got != c.want {
			t.Errorf("case %d: Client(%q) = %q, want %q", i, c.remote, got, c.want)
		}
	}
}

func TestError(t *testing.T) {
	rec := httptest.NewRecorder()
	Errorf(rec, http.StatusNotFound, "no run %q", "x")
	if rec.Code != 404 || rec.Body.String() != "{\"error\":\"no run \\\"x\\\"\"}\n" {
		t.Errorf("got %d %q", rec.Code, rec.Body.String())
	}
}

func TestStatic(t *testing.T) {
	h := Static(fstest.MapFS{"index.html": {Data: []byte("<p>hi</p>")}})
	for _, c := range []struct {
		method, path string
		status       int
		json         bool
	}{
		{"GET", "/", 200, false},
		{"HEAD", "/index.html", 301, false}, // FileServer's canonical redirect to "/"
		{"GET", "/nothing", 404, false},
		{"GET", "/api/nothing", 404, true},
		{"DELETE", "/api/nothing", 404, true},
		{"POST", "/", 405, true},
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(c.method, c.path, nil))
		if rec.Code != c.status {
			t.Errorf("%s %s: status %d, want %d", c.method, c.path, rec.Code, c.status)
		}
		if isJSON := rec.Header().Get("Content-Type") == "application/json"; isJSON != c.json {
			t.Errorf("%s %s: JSON %v, want %v", c.method, c.path, isJSON, c.json)
		}
	}
}

func TestRooted(t *testing.T) {
	var got []string
	h := Rooted(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = append(got, r.URL.Path) }))
	mux := http.NewServeMux()
	mux.Handle("/a/", http.StripPrefix("/a/", h))
	mux.Handle("/b/", http.StripPrefix("/b", h))
	for _, p := range []string{"/a/api/x", "/b/api/x", "/a/", "/b/"} {
		mux.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest("GET", p, nil))
	}
	if want := []string{"/api/x", "/api/x", "/", "/"}; !slices.Equal(got, want) {
		t.Errorf("paths %q, want %q", got, want)
	}
}

// TestGate: no more than n requests pass at once; one more waits, and is
// told the server is busy (503, one line) when no place frees up in time,
// or gets the place freed; one whose client leaves gives up at once.
func TestGate(t *testing.T) {
	g := NewGate(2)
	g.Wait = 50 * time.Millisecond
	var in, most atomic.Int32
	release := make(chan struct{})
	h := g.Gated(func(w http.ResponseWriter, r *http.Request) {
		n := in.Add(1)
		for {
			m := most.Load()
			if n <= m || most.CompareAndSwap(m, n) {
				break
			}
		}
		<-release
		in.Add(-1)
	})
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() { defer wg.Done(); h(httptest.NewRecorder(), httptest.NewRequest("GET", "/", nil)) }()
	}
	for in.Load() != 2 {
		time.Sleep(time.Millisecond)
	}
	w := httptest.NewRecorder()
	h(w, httptest.NewRequest("GET", "/", nil))
	if w.Code != http.StatusServiceUnavailable || strings.Count(w.Body.String(), "\n") != 1 {
		t.Errorf("a third request: %d %q, want 503 with a one-line error", w.Code, w.Body.String())
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	w = httptest.NewRecorder()
	h(w, httptest.NewRequest("GET", "/", nil).WithContext(ctx))
	if w.Body.Len() != 0 {
		t.Errorf("a request whose client left got %q", w.Body.String())
	}
	g.Wait = 10 * time.Second
	done := make(chan int)
	go func() { w := httptest.NewRecorder(); h(w, httptest.NewRequest("GET", "/", nil)); done <- w.Code }()
	release <- struct{}{} // one of the two leaves: the waiting one enters
	release <- struct{}{}
	release <- struct{}{}
	if code := <-done; code != 200 {
		t.Errorf("the waiting request: %d", code)
	}
	wg.Wait()
	if most.Load() != 2 {
		t.Errorf("%d requests at once, want at most 2", most.Load())
	}
}

// TestGateNotHeldBySlowReader: a gated answer too large for the sockets'
// buffers, sent to a client that never reads it, does not keep its
// place: the next request through the gate is served at once. The old
// gate held the place while the answer was written, until the server's
// write timeout (ten minutes), and two such clients of Watch's record
// narration (megabytes) shut everyone out of the page.
func TestGateNotHeldBySlowReader(t *testing.T) {
	g := NewGate(1)
	g.Wait = 2 * time.Second
	big := bytes.Repeat([]byte("x"), 64<<20)
	h := g.Gated(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		if r.URL.Path == "/big" {
			w.Write(big)
			return
		}
		w.WriteHeader(http.StatusTeapot)
		io.WriteString(w, "small")
	})
	ts := httptest.NewServer(h)
	defer ts.Close()
	c, err := net.Dial("tcp", ts.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	fmt.Fprint(c, "GET /big HTTP/1.1\r\nHost: x\r\n\r\n") // and never read
	time.Sleep(200 * time.Millisecond)
	start := time.Now()
	resp, err := http.Get(ts.URL + "/small")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTeapot || string(b) != "small" || resp.Header.Get("Content-Type") != "text/plain" {
		t.Errorf("the next request after %v: %d %q %q, want 418 \"small\" as its handler wrote it (a slow reader held the place)", time.Since(start), resp.StatusCode, b, resp.Header.Get("Content-Type"))
	}
}

// TestGateBoundsAnswersSent: the answers a gate sends after giving its
// place back (Gated) are bounded in bytes: clients that never read
// theirs hold at most the bound, and an answer that finds no room
// within Wait is 503 at once, a one-line error with none of its
// handler's headers. Without the bound every such client held its
// answer in memory until the write timeout.
func TestGateBoundsAnswersSent(t *testing.T) {
	g := NewGate(4)
	g.Wait = 300 * time.Millisecond
	g.sending, g.sendMax = semaphore.NewWeighted(1<<20), 1<<20 // one answer's room
	big := bytes.Repeat([]byte("x"), 32<<20)                   // past the sockets' buffers
	h := g.Gated(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Disposition", "attachment")
		w.Write(big)
	})
	ts := httptest.NewServer(h)
	defer ts.Close()
	// Clients that ask and never read: the first answer takes the room.
	var status []string
	for range 4 {
		c, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprint(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		time.Sleep(100 * time.Millisecond)
		c.SetReadDeadline(time.Now().Add(2 * time.Second))
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		line := resp.Status
		if resp.StatusCode != 200 {
			b, _ := io.ReadAll(resp.Body)
			if strings.Count(string(b), "\n") != 1 || resp.Header.Get("Content-Disposition") != "" {
				line += fmt.Sprintf(" (%q, %v)", b, resp.Header)
			}
		}
		status = append(status, line)
	}
	want := []string{"200 OK", "503 Service Unavailable", "503 Service Unavailable", "503 Service Unavailable"}
	if !slices.Equal(status, want) {
		t.Errorf("four clients reading nothing: %q, want %q", status, want)
	}
}

// TestGateNotHeldBySlowSender: a request whose body is still coming
// holds no place: it is read before the request takes one, so the next
// request through the gate is served at once. The old gate's handler
// read the body in its place, and two clients dripping Watch's record
// upload shut everyone out of the page for as long as they dripped (the
// server's read timeout, 30 s, again and again). The bodies being read
// are bounded in bytes: past the bound a request with a body is 503
// after Wait; one without is served.
func TestGateNotHeldBySlowSender(t *testing.T) {
	g := NewGate(1)
	g.Wait = 500 * time.Millisecond
	g.receiving, g.recvMax = semaphore.NewWeighted(2000), 2000 // two dripped bodies' room
	h := g.Gated(func(w http.ResponseWriter, r *http.Request) {
		var v map[string]int
		if !Decode(w, r, 4096, &v) {
			return
		}
		JSON(w, v)
	})
	ts := httptest.NewServer(h)
	defer ts.Close()
	for range 2 {
		c, err := net.Dial("tcp", ts.Listener.Addr().String())
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		fmt.Fprint(c, "POST / HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{") // and the rest never
	}
	time.Sleep(200 * time.Millisecond)
	get := func(body string) (int, string) {
		req, _ := http.NewRequest("POST", ts.URL, strings.NewReader(body))
		if body == "" {
			req.Body = http.NoBody
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	// No room for a third body: 503 after Wait, not a place held.
	if code, b := get(`{"a":1}`); code != http.StatusServiceUnavailable || strings.Count(b, "\n") != 1 {
		t.Errorf("a body past the bound: %d %q, want 503 with a one-line error", code, b)
	}
	// A request without a body goes through the gate at once.
	if code, b := get(""); code != http.StatusBadRequest || !strings.Contains(b, "empty request body") {
		t.Errorf("a request without a body: %d %q, want its handler's 400 (two clients dripping bodies held the place)", code, b)
	}
}
