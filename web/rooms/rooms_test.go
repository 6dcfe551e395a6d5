package rooms

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// client is one browser: its token once it has joined.
type client struct {
	t     *testing.T
	base  string
	token string
	room  string // the room it opened, where a test keeps it
}

func (c *client) do(method, path string, body any, out any) int {
	c.t.Helper()
	var rd io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		rd = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+"/api/rooms"+path, rd)
	if c.token != "" {
		req.Header.Set("X-Room-Token", c.token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != 200 {
		var e struct{ Error string }
		if json.Unmarshal(b, &e) != nil || e.Error == "" || bytes.Count(b, []byte("\n")) != 1 {
			c.t.Errorf("%s %s: status %d with body %q, not a one-line JSON error", method, path, resp.StatusCode, b)
		}
		return resp.StatusCode
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			c.t.Fatalf("%s %s: %v in %q", method, path, err, b)
		}
	}
	return 200
}

func (c *client) view(room string) *View {
	c.t.Helper()
	var v View
	if st := c.do("GET", "/"+room, nil, &v); st != 200 {
		c.t.Fatalf("view: status %d", st)
	}
	return &v
}

// pair opens a room for a and b on a fresh server.
func pair(t *testing.T, o Options) (a, b *client, room string, srv *httptest.Server) {
	t.Helper()
	srv = httptest.NewServer(New(o))
	t.Cleanup(srv.Close)
	a, b = &client{t: t, base: srv.URL}, &client{t: t, base: srv.URL}
	var ja, jb Joined
	if st := a.do("POST", "", map[string]string{"name": "Ann", "seed": "0x2a"}, &ja); st != 200 {
		t.Fatalf("create: %d", st)
	}
	if st := b.do("POST", "/"+ja.Room+"/join", map[string]string{"name": "Bob"}, &jb); st != 200 {
		t.Fatalf("join: %d", st)
	}
	if ja.Seat != 0 || jb.Seat != 1 || ja.Token == jb.Token {
		t.Fatalf("joined %+v and %+v", ja, jb)
	}
	a.token, b.token = ja.Token, jb.Token
	return a, b, ja.Room, srv
}

// A whole game between two clients: the record the room gives back
// replays through the engine to the room's result, its turns are the
// choices the clients sent, and each turn's narration names both.
func TestTwoClientsPlayToTheEnd(t *testing.T) {
	a, b, room, _ := pair(t, Options{})
	var sent [][2]string
	for step := 0; ; step++ {
		if step > 1000 {
			t.Fatal("no end after 1000 steps")
		}
		va, vb := a.view(room), b.view(room)
		if va.Over != vb.Over || va.Version != vb.Version {
			t.Fatalf("the two seats disagree: %+v vs %+v", va, vb)
		}
		if va.Over {
			break
		}
		// Seat 0 takes its first choice, seat 1 its last: different
		// enough to produce points, penalties-free.
		var pick [2]string
		if len(va.Options) > 0 {
			pick[0] = va.Options[0]
		}
		if len(vb.Options) > 0 {
			pick[1] = vb.Options[len(vb.Options)-1]
		}
		if pick[0] == "" && pick[1] == "" {
			t.Fatalf("step %d: nobody has anything to choose: %+v", step, va)
		}
		if pick[0] != "" {
			if st := a.do("POST", "/"+room+"/choose", map[string]string{"choice": pick[0]}, nil); st != 200 {
				t.Fatalf("choose: %d", st)
			}
		}
		if pick[1] != "" {
			if st := b.do("POST", "/"+room+"/choose", map[string]string{"choice": pick[1]}, nil); st != 200 {
				t.Fatalf("choose: %d", st)
			}
		}
		sent = append(sent, pick)
	}
	resp, err := http.Get(a.base + "/api/rooms/" + room + "/record?token=" + a.token)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var rec game.Record
	if err := json.NewDecoder(resp.Body).Decode(&rec); err != nil {
		t.Fatal(err)
	}
	if rec.Seed != "0x2a" || !slices.Equal(rec.Bots, []string{"person:Ann", "person:Bob"}) {
		t.Errorf("record seed %s bots %v", rec.Seed, rec.Bots)
	}
	// The oracle: the engine itself, fed the choices the clients sent.
	st := nzsc.NewGame(nzsc.DefaultRules)
	for i, p := range sent {
		st.Step(nzsc.ParseChoice(st.Phase, p[0]), nzsc.ParseChoice(st.Phase, p[1]))
		if got := rec.Turns[i]; got[0] != p[0] || got[1] != p[1] {
			t.Errorf("turn %d: record %q, sent %q", i+1, got, p)
		}
	}
	if st.Phase != nzsc.GameOver {
		t.Fatalf("the engine's game is not over after the %d steps the room played", len(sent))
	}
	o := nzsc.OutcomeOf(&st)
	if rec.Result.Winner != o.Winner || rec.Result.Score[0] != st.Points(0) || rec.Result.Score[1] != st.Points(1) {
		t.Errorf("record result %+v, engine %+v", rec.Result, o)
	}
	g, _ := game.Build("nzsc", 2, nil)
	if _, err := game.Replay(g, &rec, nil); err != nil {
		t.Errorf("the record does not replay: %v", err)
	}
	v := a.view(room)
	want := "The game is a draw"
	switch o.Winner {
	case 0:
		want = "Ann won"
	case 1:
		want = "Bob won"
	}
	if last := v.Lines[len(v.Lines)-2]; !strings.HasPrefix(last, want) {
		t.Errorf("last line %q, want it to start %q", last, want)
	}
	// Play again starts a new game in the same room, for both.
	if st := b.do("POST", "/"+room+"/again", nil, nil); st != 200 {
		t.Fatalf("again: %d", st)
	}
	if v := a.view(room); v.Over || v.Game != 2 || len(v.Lines) != 0 || len(v.Options) == 0 {
		t.Errorf("after Play again: %+v", v)
	}
}

// A choice is secret until both are in: what seat 1 receives after seat 0
// chose is the same whichever choice seat 0 made; only after seat 1
// chooses do both choices appear, to both.
func TestChoiceSecretUntilBothIn(t *testing.T) {
	seen := map[string]string{}
	for _, choice := range []string{"Ninja", "Zombie", "Samurai", "Clown"} {
		a, b, room, _ := pair(t, Options{})
		if st := a.do("POST", "/"+room+"/choose", map[string]string{"choice": choice}, nil); st != 200 {
			t.Fatalf("choose: %d", st)
		}
		va, vb := a.view(room), b.view(room)
		if va.Chosen != choice {
			t.Errorf("seat 0's own view says chosen %q, want %q", va.Chosen, choice)
		}
		if !vb.OtherChosen || vb.Chosen != "" || len(vb.Lines) != 0 {
			t.Errorf("seat 1's view after seat 0 chose: %+v", vb)
		}
		vb.Room = "" // the one field that differs by room
		body, _ := json.Marshal(vb)
		for other, ob := range seen {
			if ob != string(body) {
				t.Errorf("seat 1 sees a difference between seat 0 choosing %s and %s:\n%s\n%s", other, choice, ob, body)
			}
		}
		seen[choice] = string(body)
		// Seat 1 chooses: now both see both.
		other := "Clown"
		if choice == "Clown" {
			other = "Ninja"
		}
		if st := b.do("POST", "/"+room+"/choose", map[string]string{"choice": other}, nil); st != 200 {
			t.Fatalf("choose: %d", st)
		}
		for _, c := range []*client{a, b} {
			v := c.view(room)
			text := strings.Join(v.Lines, "\n")
			if !strings.Contains(text, "Ann chose "+choice+".") || !strings.Contains(text, "Bob chose "+other+".") {
				t.Errorf("after both chose, seat %d reads %q", v.Seat, text)
			}
		}
	}
}

// A long poll returns when the other person acts, and a client that goes
// away mid-poll neither blocks the room nor the server.
func TestLongPollAndDisconnect(t *testing.T) {
	a, b, room, srv := pair(t, Options{MaxWait: time.Minute})
	v := a.view(room)
	// A client that gives up mid-poll.
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, "GET", srv.URL+"/api/rooms/"+room+"?since="+itoa(v.Version), nil)
	req.Header.Set("X-Room-Token", a.token)
	done := make(chan error, 1)
	go func() {
		resp, err := http.DefaultClient.Do(req)
		if err == nil {
			resp.Body.Close()
		}
		done <- err
	}()
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled poll: %v", err)
	}
	// A poll that waits for the other person's choice.
	got := make(chan *View, 1)
	go func() {
		var w View
		c := &client{t: t, base: srv.URL, token: a.token}
		c.do("GET", "/"+room+"?since="+itoa(v.Version), nil, &w)
		got <- &w
	}()
	if st := b.do("POST", "/"+room+"/choose", map[string]string{"choice": "Samurai"}, nil); st != 200 {
		t.Fatalf("choose: %d", st)
	}
	w := <-got
	if w.Version <= v.Version || !w.OtherChosen {
		t.Errorf("the poll returned %+v", w)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// Bad requests are 4xx with one-line JSON errors, and rooms are bounded.
func TestErrorsAndBounds(t *testing.T) {
	a, b, room, srv := pair(t, Options{MaxRooms: 1})
	third := &client{t: t, base: srv.URL}
	nobody := &client{t: t, base: srv.URL, token: "0123"}
	for i, c := range []struct {
		c      *client
		method string
		path   string
		body   any
		want   int
	}{
		{third, "POST", "/" + room + "/join", map[string]string{}, http.StatusConflict},
		{third, "POST", "", map[string]string{}, http.StatusServiceUnavailable}, // one room at most
		{third, "GET", "/zz99", nil, http.StatusNotFound},
		{nobody, "GET", "/" + room, nil, http.StatusForbidden},
		{nobody, "POST", "/" + room + "/choose", map[string]string{"choice": "Ninja"}, http.StatusForbidden},
		{a, "POST", "/" + room + "/choose", map[string]string{"choice": "Kick"}, http.StatusBadRequest},
		{a, "POST", "/" + room + "/choose", map[string]string{"choise": "Ninja"}, http.StatusBadRequest},
		{a, "POST", "/" + room + "/choose", map[string]string{"choice": strings.Repeat("x", 5000)}, http.StatusRequestEntityTooLarge},
		{a, "POST", "/" + room + "/again", nil, http.StatusConflict},
		{a, "GET", "/" + room + "/record", nil, http.StatusConflict},
		{a, "GET", "/" + room + "?since=x", nil, http.StatusBadRequest},
		{a, "POST", "/" + room + "/choose", map[string]string{"choice": "ninja"}, 200},
		{a, "POST", "/" + room + "/choose", map[string]string{"choice": "Ninja"}, http.StatusConflict}, // twice
		{third, "POST", "", map[string]string{"name": strings.Repeat("n", 30)}, http.StatusBadRequest},
		{third, "POST", "", map[string]any{"game": "chess"}, http.StatusBadRequest},
		{third, "POST", "", map[string]any{"game": "nzsc", "players": 5}, http.StatusBadRequest},
		{third, "POST", "", map[string]any{"game": "npzr", "players": 3}, http.StatusBadRequest},
		{third, "POST", "", map[string]any{"players": "two"}, http.StatusBadRequest},
		{third, "POST", "/" + room + "/join", map[string]any{"players": 3}, http.StatusBadRequest},
		{third, "DELETE", "/" + room, nil, http.StatusNotFound},
	} {
		if got := c.c.do(c.method, c.path, c.body, nil); got != c.want {
			t.Errorf("case %d: %s %s: status %d, want %d", i, c.method, c.path, got, c.want)
		}
	}
	_ = b
}

// TestStrangerGetsNothing: a third client, without a member's token (or
// with a wrong one), gets nothing from any endpoint of a room before,
// during and after its game: no view, no choice, no new game, no record;
// only a free seat before the room is full, which is what
// the room's name is for. The members get the record, by header or by
// the download link's token.
func TestStrangerGetsNothing(t *testing.T) {
	srv := httptest.NewServer(New(Options{MaxWait: 50 * time.Millisecond}))
	defer srv.Close()
	a := &client{t: t, base: srv.URL}
	var j Joined
	if st := a.do("POST", "", map[string]any{"name": "Ann", "players": 3}, &j); st != 200 {
		t.Fatalf("create: %d", st)
	}
	a.token = j.Token
	room := j.Room
	if !regexp.MustCompile(`^[b-df-hj-np-tv-xz2-9]{4}-[b-df-hj-np-tv-xz2-9]{4}-[b-df-hj-np-tv-xz2-9]{4}$`).MatchString(room) {
		t.Errorf("room name %q: want three groups of four symbols", room)
	}
	strangers := []*client{{t: t, base: srv.URL}, {t: t, base: srv.URL, token: "0123456789abcdef0123456789abcdef"}, {t: t, base: srv.URL, token: a.token[:31]}}
	probe := func(when string) {
		t.Helper()
		for i, s := range strangers {
			for _, c := range []struct{ method, path string }{
				{"GET", "/" + room}, {"GET", "/" + room + "?since=0"}, {"POST", "/" + room + "/choose"},
				{"POST", "/" + room + "/again"}, {"GET", "/" + room + "/record"},
				{"GET", "/" + room + "/record?token=" + s.token},
			} {
				var body any
				if c.method == "POST" {
					body = map[string]string{"choice": "Ninja"}
				}
				if st := s.do(c.method, c.path, body, nil); st != http.StatusForbidden {
					t.Errorf("%s: stranger %d: %s %s: %d, want 403", when, i, c.method, c.path, st)
				}
			}
		}
	}
	probe("waiting for the second person")
	b, c := &client{t: t, base: srv.URL}, &client{t: t, base: srv.URL}
	if st := b.do("POST", "/"+room+"/join", map[string]string{"name": "Bob"}, &j); st != 200 {
		t.Fatalf("join: %d", st)
	}
	b.token = j.Token
	probe("waiting for the third person")
	if st := c.do("POST", "/"+room+"/join", map[string]string{"name": "Cy"}, &j); st != 200 || j.Seat != 2 {
		t.Fatalf("join: %d, seat %d", st, j.Seat)
	}
	c.token = j.Token
	probe("all three in")
	if st := strangers[0].do("POST", "/"+room+"/join", map[string]string{}, nil); st != http.StatusConflict {
		t.Errorf("a fourth person joins: %d, want 409", st)
	}
	for i := 0; ; i++ {
		v := a.view(room)
		if v.Over {
			break
		}
		if i > 400 {
			t.Fatal("the game does not end")
		}
		if i == 3 {
			probe("during the game")
		}
		for k, p := range []*client{a, b, c} {
			w := p.view(room)
			if len(w.Options) > 0 && w.Chosen == "" {
				p.do("POST", "/"+room+"/choose", map[string]string{"choice": w.Options[(k+i)%len(w.Options)]}, nil)
			}
		}
	}
	probe("after the game")
	for _, url := range []string{"/api/rooms/" + room + "/record?token=" + b.token, "/api/rooms/" + room + "/record?token=" + c.token} {
		resp, err := http.Get(srv.URL + url)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		if resp.StatusCode != 200 {
			t.Errorf("a member's download link: %d", resp.StatusCode)
		}
	}
	if st := a.do("GET", "/"+room+"/record", nil, nil); st != 200 {
		t.Errorf("a member's record by header: %d", st)
	}
}

// TestTokenInLinkOnlyDownloads: the record's download link carries the
// seat's token in its address (a browser follows a link without the
// page's headers), and such a link is copied, shared and kept in the
// history; so a token in an address proves the seat for that download
// alone, never to see the seat's view (in NPZR its hand) or to choose
// for it.
func TestTokenInLinkOnlyDownloads(t *testing.T) {
	a, _, room, srv := pair(t, Options{})
	anon := &client{t: t, base: srv.URL}
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "/" + room + "?token=" + a.token, nil},
		{"POST", "/" + room + "/choose?token=" + a.token, map[string]string{"choice": "Ninja"}},
		{"POST", "/" + room + "/again?token=" + a.token, nil},
	} {
		if st := anon.do(c.method, c.path, c.body, nil); st != http.StatusForbidden {
			t.Errorf("%s %s with the token in the address only: %d, want 403", c.method, c.path, st)
		}
	}
	if v := a.view(room); v.Chosen != "" || v.Turn != 0 {
		t.Errorf("a request with the token in its address chose for the seat: %+v", v)
	}
}

// TestRoomNamesAsTyped: a room's name reaches people read aloud, retyped
// or pasted: in capitals, with spaces for dashes, without dashes, with
// spaces around. Each names the room (the old server matched the name
// exactly but for case, and "KB42 XT7M 9QRS" was no room); a name
// that is not the room's is still not found, and a long one is not
// echoed whole.
func TestRoomNamesAsTyped(t *testing.T) {
	srv := httptest.NewServer(New(Options{}))
	t.Cleanup(srv.Close)
	ann := &client{t: t, base: srv.URL}
	var j Joined
	var bare string
	for i, typed := range []func() string{
		func() string { return strings.ToUpper(j.Room) },
		func() string { return strings.ReplaceAll(strings.ToUpper(j.Room), "-", " ") },
		func() string { return bare },
		func() string { return " " + j.Room + " " },
		func() string { return bare[:4] + "–" + bare[4:8] + "—" + bare[8:] }, // dashes a phone types
	} {
		if st := ann.do("POST", "", map[string]any{"name": "Ann"}, &j); st != 200 {
			t.Fatalf("create: %d", st)
		}
		bare = strings.ReplaceAll(j.Room, "-", "")
		typed := typed()
		c := &client{t: t, base: srv.URL}
		var got Joined
		if st := c.do("POST", "/"+url.PathEscape(typed)+"/join", map[string]string{"name": "P"}, &got); st != 200 || got.Room != j.Room {
			t.Errorf("case %d: joining %q: %d, room %q, want %q", i, typed, st, got.Room, j.Room)
		}
	}
	c := &client{t: t, base: srv.URL}
	for _, typed := range []string{bare[:11], bare + "b", "zzzz-zzzz-zzzz", strings.Repeat("x", 5000)} {
		if st := c.do("POST", "/"+typed+"/join", map[string]string{"name": "P"}, nil); st != http.StatusNotFound {
			t.Errorf("joining %.20q: %d, want 404", typed, st)
		}
	}
}

// TestLongPollCaps: a seat's token is all it takes to hold a connection
// for MaxWait, so the long polls waiting are bounded: PollsPerSeat a
// seat (429 above), MaxPolls in all (503 above), each refusal a one-line
// error at once, never a wait; a poll that ends gives its place back.
// The old server let one token hold any number.
func TestLongPollCaps(t *testing.T) {
	h := New(Options{MaxWait: 1500 * time.Millisecond, MaxPolls: 5})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	open := func() *client {
		c := &client{t: t, base: srv.URL}
		var j Joined
		if st := c.do("POST", "", map[string]any{"name": "Ann"}, &j); st != 200 {
			t.Fatalf("create: %d", st)
		}
		c.token = j.Token
		c.room = j.Room
		return c
	}
	poll := func(c *client) (int, time.Duration) {
		start := time.Now()
		st := c.do("GET", "/"+c.room+"?since=1000000", nil, nil)
		return st, time.Since(start)
	}
	type result struct {
		who string
		st  int
		d   time.Duration
	}
	// Room a: Ann opens four tabs of her seat at once: two wait, two are
	// refused at once; then Bob's two polls wait: one person's tabs do
	// not crowd out another (they did, when the bound was the room's:
	// four in a room of two, all Ann's, and Bob's were refused).
	a := open()
	bob := &client{t: t, base: srv.URL, room: a.room}
	var j Joined
	if st := bob.do("POST", "/"+a.room+"/join", map[string]any{"name": "Bob"}, &j); st != 200 {
		t.Fatalf("join: %d", st)
	}
	bob.token = j.Token
	var wg sync.WaitGroup
	results := make(chan result, 20)
	wait := func(who string, c *client, n int) {
		for range n {
			wg.Add(1)
			go func() { defer wg.Done(); st, d := poll(c); results <- result{who, st, d} }()
		}
		time.Sleep(300 * time.Millisecond) // they are waiting
	}
	wait("Ann", a, 4)
	wait("Bob", bob, PollsPerSeat)
	// Room b: one more fits (5 in all), the next is refused: the
	// server's bound over every room's.
	b := open()
	wait("b", b, 1)
	if st, d := poll(b); st != http.StatusServiceUnavailable || d > time.Second {
		t.Errorf("a poll over MaxPolls: %d after %v, want 503 at once", st, d)
	}
	// All places come back: two more polls in b wait their time.
	wg.Wait()
	wait("b", b, 2)
	wg.Wait()
	close(results)
	waited, refused := map[string]int{}, map[string]int{}
	for r := range results {
		switch {
		case r.st == 200 && r.d >= time.Second:
			waited[r.who]++
		case r.st == http.StatusTooManyRequests && r.d < time.Second:
			refused[r.who]++
		default:
			t.Errorf("%s's poll: %d after %v, want 200 after its wait or 429 at once", r.who, r.st, r.d)
		}
	}
	want := map[string][2]int{"Ann": {PollsPerSeat, 4 - PollsPerSeat}, "Bob": {PollsPerSeat, 0}, "b": {3, 0}}
	for who, w := range want {
		if waited[who] != w[0] || refused[who] != w[1] {
			t.Errorf("%s's polls: %d waited and %d refused (429), want %d and %d", who, waited[who], refused[who], w[0], w[1])
		}
	}
}

// TestPageBoundsAreTheServers: the page refuses a name by the server's
// own bound, and its boxes cut nothing (a maxlength cuts what is pasted
// before it is trimmed).
func TestPageBoundsAreTheServers(t *testing.T) {
	js, err := fs.ReadFile(page, "page/rooms.js")
	if err != nil {
		t.Fatal(err)
	}
	if want := fmt.Sprintf("const maxName = %d;", maxName); !strings.Contains(string(js), want) {
		t.Errorf("rooms.js does not say %q: the page's bound on a name is not the server's", want)
	}
	html, err := fs.ReadFile(page, "page/index.html")
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(html), "maxlength") {
		t.Errorf("the page's boxes have a maxlength, which cuts a name pasted with spaces around before it is trimmed")
	}
	// The server's bound, counted in characters once trimmed.
	for i, c := range []struct {
		name string
		ok   bool
	}{
		{"  " + strings.Repeat("é", maxName) + "  ", true},
		{strings.Repeat("é", maxName+1), false},
		{"\t" + strings.Repeat("x", maxName) + "\n", true},
		{"a\tb", false},
	} {
		_, err := cleanName(c.name, 0)
		if (err == nil) != c.ok {
			t.Errorf("case %d %q: error %v, want ok %v", i, c.name, err, c.ok)
		}
	}
}

// TestNamesShowAsTyped: a name is one the others see as it is: one
// that holds a character acting on the text around it or hiding (a
// bidirectional override, which turned the rest of the line the others
// read right to left; a zero-width space, which made a second "Ann"
// look like the first) is refused with a one-line reason; spaces are
// one ASCII space as a page shows them; the joiners some scripts and
// emoji need are kept, and a name that differs from another only by
// them is told apart as a taken name is. The old server took every
// character but the ASCII controls.
func TestNamesShowAsTyped(t *testing.T) {
	for i, c := range []struct {
		typed, want string // want "": refused
	}{
		{"\u202eBob", ""},              // right-to-left override
		{"Ann\u2066x\u2069", ""},       // an isolate
		{"Ann\u200b", ""},              // zero-width space
		{"\ufeffAnn", ""},              // byte order mark
		{"An\u0085n", ""},              // a C1 control (next line)
		{"A\u00a0nn", "A nn"},          // no-break space
		{"Ann  \u3000 Lee", "Ann Lee"}, // spaces as a page shows them
		{"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645"}, // Persian: a non-joiner
		{"\U0001f468\u200d\U0001f469\u200d\U0001f467", "\U0001f468\u200d\U0001f469\u200d\U0001f467"},             // an emoji family: joiners
	} {
		got, err := cleanName(c.typed, 0)
		if c.want == "" && (err == nil || strings.Contains(err.Error(), "\n")) || c.want != "" && (err != nil || got != c.want) {
			t.Errorf("case %d %+q: %+q, %v; want %+q", i, c.typed, got, err, c.want)
		}
	}
	srv := httptest.NewServer(New(Options{}))
	t.Cleanup(srv.Close)
	ann := &client{t: t, base: srv.URL}
	var j Joined
	if st := ann.do("POST", "", map[string]any{"name": "Ann", "players": 3}, &j); st != 200 {
		t.Fatalf("create: %d", st)
	}
	ann.token = j.Token
	bob := &client{t: t, base: srv.URL}
	if st := bob.do("POST", "/"+j.Room+"/join", map[string]string{"name": "Ann\u200d"}, nil); st != 200 {
		t.Fatalf("join: %d", st)
	}
	if names := ann.view(j.Room).Names; len(names) != 3 || names[1] != "Ann\u200d (2)" {
		t.Errorf("a second Ann with a joiner: names %+q, want her told apart as \"Ann\\u200d (2)\"", names)
	}
}

// TestViewOwnsItsNames: a view is written to its client after the room's
// lock is given back (a long poll's answer), so it must hold its own
// copy of the people's names: a join at that moment wrote the room's
// slice under the view being encoded (a data race on a string, which the
// encoder could read torn). The view taken before Bob joins still says
// "Player 2" after.
func TestViewOwnsItsNames(t *testing.T) {
	h := New(Options{})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	ann, bob := &client{t: t, base: srv.URL}, &client{t: t, base: srv.URL}
	var j Joined
	if st := ann.do("POST", "", map[string]any{"name": "Ann", "players": 3}, &j); st != 200 {
		t.Fatalf("create: %d", st)
	}
	room := j.Room
	rm, ok := h.rooms.Get(room)
	if !ok {
		t.Fatal("no room")
	}
	rm.mu.Lock()
	v := rm.viewOf(0, time.Now())
	rm.mu.Unlock()
	if st := bob.do("POST", "/"+room+"/join", map[string]string{"name": "Bob"}, nil); st != 200 {
		t.Fatalf("join: %d", st)
	}
	if got := v.Names[1]; got != "Player 2" {
		t.Errorf("a view taken before Bob joined names seat 1 %q, want %q: it shares the room's names", got, "Player 2")
	}
}

// TestSlowReaderHoldsNoRoom: a person whose client sends a choice and
// never reads the answer holds its own connection, not the room: the
// answer (the whole view, hundreds of kilobytes in a long game, here
// megabytes) is written after the room's lock is given back, so the
// other person's request is answered at once. The old handler wrote it under the
// lock, and every request of the room's people waited for that client
// until the server's write timeout (ten minutes).
func TestSlowReaderHoldsNoRoom(t *testing.T) {
	h := New(Options{})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	ann, bob := &client{t: t, base: srv.URL}, &client{t: t, base: srv.URL}
	var ja, jb Joined
	if st := ann.do("POST", "", map[string]string{"name": "Ann"}, &ja); st != 200 {
		t.Fatalf("create: %d", st)
	}
	if st := bob.do("POST", "/"+ja.Room+"/join", map[string]string{"name": "Bob"}, &jb); st != 200 {
		t.Fatalf("join: %d", st)
	}
	// A long game's narration, past any socket's buffers.
	rm, _ := h.rooms.Get(ja.Room)
	rm.mu.Lock()
	for range 100_000 {
		rm.lines = append(rm.lines, strings.Repeat("x", 200))
	}
	rm.mu.Unlock()

	c, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	body := `{"choice":"Ninja"}`
	fmt.Fprintf(c, "POST /api/rooms/%s/choose HTTP/1.1\r\nHost: x\r\nX-Room-Token: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s", ja.Room, ja.Token, len(body), body)
	time.Sleep(300 * time.Millisecond) // Ann's answer is being written, and never read

	// Bob's choice, a mistake, is answered under the room's lock: it
	// comes at once unless the lock is held.
	done := make(chan string, 1)
	go func() {
		req, _ := http.NewRequest("POST", srv.URL+"/api/rooms/"+ja.Room+"/choose", strings.NewReader(`{"choice":"Nope"}`))
		req.Header.Set("X-Room-Token", jb.Token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			done <- err.Error()
			return
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		done <- fmt.Sprintf("%d %s", resp.StatusCode, b)
	}()
	select {
	case got := <-done:
		if !strings.HasPrefix(got, "400 ") || !strings.Contains(got, `\"Nope\" is not a choice now`) {
			t.Errorf("Bob's mistaken choice: %s, want 400 naming it", got)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("Bob's choice was not answered in 10 s: Ann's unread answer holds the room")
	}
}
