package rooms

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// openFrom opens a room on h as a request from remote (host:port) and
// returns the status, the room's name and the error said.
func openFrom(t *testing.T, h *Handler, remote string) (status int, room, msg string) {
	t.Helper()
	req := httptest.NewRequest("POST", "/api/rooms", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	req.RemoteAddr = remote
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	var out struct{ Room, Error string }
	if err := json.Unmarshal(rec.Body.Bytes(), &out); err != nil {
		t.Fatalf("open from %s: %v in %q", remote, err, rec.Body)
	}
	return rec.Code, out.Room, out.Error
}

// TestRoomsPerClient: one client (an IPv4 address, an IPv6 /64, every
// loopback address as one) holds at most PerClient rooms open, so a
// program calling the API cannot hold all MaxRooms; another client still
// opens rooms, and whoever is refused is told why.
func TestRoomsPerClient(t *testing.T) {
	h := New(Options{PerClient: 2})
	for i, c := range []struct {
		remote string
		want   int
		said   string
	}{
		{"127.0.0.1:1000", 200, ""},
		{"[::1]:1001", 200, ""},
		{"127.0.0.2:1002", http.StatusTooManyRequests, "the rooms opened from this machine and still open are the most one address may hold (2)"},
		{"[::ffff:127.0.0.1]:1003", http.StatusTooManyRequests, "from this machine"},
		{"192.0.2.7:1004", 200, ""},
		{"192.0.2.7:1005", 200, ""},
		{"192.0.2.7:1006", http.StatusTooManyRequests, "from your address (192.0.2.7)"},
		{"192.0.2.8:1007", 200, ""},
		{"[2001:db8::1]:1008", 200, ""},
		{"[2001:db8::2]:1009", 200, ""},
		{"[2001:db8::3]:1010", http.StatusTooManyRequests, "from your address (2001:db8::/64)"},
		{"[2001:db8:0:1::1]:1011", 200, ""},
	} {
		st, _, msg := openFrom(t, h, c.remote)
		if st != c.want || !strings.Contains(msg, c.said) {
			t.Errorf("case %d (%s): status %d, said %q; want %d saying %q", i, c.remote, st, msg, c.want, c.said)
		}
	}
	if n := h.Open(); n != 8 {
		t.Errorf("%d rooms open, want 8", n)
	}
}

// TestUnjoinedRoomGoesSooner: a room only its opener sits in is
// forgotten after Unjoined without a request, one somebody joined after
// Idle.
func TestUnjoinedRoomGoesSooner(t *testing.T) {
	h := New(Options{Unjoined: 10 * time.Minute, Idle: time.Hour})
	_, name, _ := openFrom(t, h, "192.0.2.1:1")
	rm, ok := h.rooms.Get(name)
	if !ok {
		t.Fatal("the room opened is not in the store")
	}
	if got := h.rooms.IdleFor(rm); got != 10*time.Minute {
		t.Errorf("a room nobody joined lives %v without a request, want 10m", got)
	}
	req := httptest.NewRequest("POST", "/api/rooms/"+name+"/join", strings.NewReader(`{}`))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != 200 {
		t.Fatalf("join: %d %s", rec.Code, rec.Body)
	}
	if got := h.rooms.IdleFor(rm); got != time.Hour {
		t.Errorf("a room somebody joined lives %v without a request, want 1h", got)
	}
}
