package rooms

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
)

// open starts a server, opens a room of game for the people named and
// seats them all, in order.
func open(t *testing.T, gameName string, names ...string) (*Handler, []*client, string) {
	t.Helper()
	h := New(Options{})
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	var cs []*client
	var room string
	for i, n := range names {
		c := &client{t: t, base: srv.URL}
		var j Joined
		path, body := "", map[string]any{"name": n, "game": gameName, "players": len(names)}
		if i > 0 {
			path, body = "/"+room+"/join", map[string]any{"name": n}
		}
		if st := c.do("POST", path, body, &j); st != 200 || j.Seat != i {
			t.Fatalf("%s: status %d, seat %d", n, st, j.Seat)
		}
		room, c.token = j.Room, j.Token
		cs = append(cs, c)
	}
	return h, cs, room
}

// stable is a view without what may change while others choose: the
// version, who has chosen (not what) and who is away.
func stable(v *View) string {
	w := *v
	w.Version, w.Decided, w.OtherChosen, w.Away = 0, nil, false, nil
	b, _ := json.Marshal(w)
	return string(b)
}

// Three people, and four, play NZSC to the end. While the step waits for someone,
// what every other person receives (views, and the answer to their own
// choice) is what they saw before, but for who has chosen: nobody's
// pending choice shows until all three are in. The record replays to the
// result the room read out.
func TestThreeAndFourPeopleNZSC(t *testing.T) {
	for _, who := range [][]string{{"Ann", "Bob", "Cy"}, {"Ann", "Bob", "Cy", "Di"}} {
		t.Run(fmt.Sprint(len(who)), func(t *testing.T) { peopleNZSC(t, who) })
	}
}

func peopleNZSC(t *testing.T, who []string) {
	n := len(who)
	_, cs, room := open(t, "nzsc", who...)
	if st := (&client{t: t, base: cs[0].base}).do("POST", "/"+room+"/join", map[string]string{"name": "Ed"}, nil); st != http.StatusConflict {
		t.Errorf("one more person joins a full room: %d, want 409", st)
	}
	rng := rand.New(rand.NewPCG(3, uint64(n)))
	var sent [][]string
	for step := 0; ; step++ {
		if step > 2000 {
			t.Fatal("no end after 2000 steps")
		}
		views := make([]*View, n)
		for s, c := range cs {
			views[s] = c.view(room)
		}
		if views[0].Over {
			break
		}
		pick := make([]string, n)
		var order []int
		for s, v := range views {
			if len(v.Options) > 0 {
				pick[s] = v.Options[rng.IntN(len(v.Options))]
				order = append(order, s)
			}
		}
		if !slices.Equal(order, views[0].Deciding) {
			t.Fatalf("step %d: offered choices to %v, deciding %v", step, order, views[0].Deciding)
		}
		rng.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		for k, s := range order {
			var mine View
			if st := cs[s].do("POST", "/"+room+"/choose", map[string]string{"choice": pick[s]}, &mine); st != 200 {
				t.Fatalf("choose: %d", st)
			}
			if k == len(order)-1 {
				break // the step is applied: everyone may read it
			}
			// What seat o should see once the seats order[:k+1] have
			// chosen: its view from before anybody chose, with its own
			// choice once made, and only the fact of the others'.
			after := func(o int) string {
				w := *views[o]
				if i := slices.Index(order, o); i >= 0 && i <= k {
					w.Question, w.Options, w.Chosen = "", nil, pick[o]
				}
				return stable(&w)
			}
			if stable(&mine) != after(s) {
				t.Fatalf("step %d: seat %d's answer to its choice:\n%s\nwant\n%s", step, s, stable(&mine), after(s))
			}
			for o, c := range cs {
				if o == s {
					continue
				}
				v := c.view(room)
				if !v.Decided[s] || !v.OtherChosen {
					t.Errorf("step %d: seat %d is not told that seat %d chose", step, o, s)
				}
				if stable(v) != after(o) {
					t.Fatalf("step %d: after seat %d chose %q, seat %d sees\n%s\nwant\n%s", step, s, pick[s], o, stable(v), after(o))
				}
			}
		}
		sent = append(sent, pick)
	}
	var rec game.Record
	if st := cs[n-1].do("GET", "/"+room+"/record", nil, &rec); st != 200 {
		t.Fatalf("record: %d", st)
	}
	var bots []string
	for _, w := range who {
		bots = append(bots, "person:"+w)
	}
	if !slices.Equal(rec.Bots, bots) || len(rec.Turns) != len(sent) {
		t.Errorf("record bots %v, %d turns (sent %d)", rec.Bots, len(rec.Turns), len(sent))
	}
	for i, p := range sent {
		if !slices.Equal(rec.Turns[i], p) {
			t.Errorf("turn %d: record %q, sent %q", i+1, rec.Turns[i], p)
		}
	}
	g, _ := game.Build("nzsc", n, nil)
	st, err := game.Replay(g, &rec, nil)
	if err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
	v := cs[1].view(room)
	o := st.Outcome()
	want := "Final places: "
	for s, name := range who {
		if s > 0 {
			want += ", "
		}
		want += fmt.Sprintf("%s %d", name, o.Place[s])
	}
	if !strings.HasPrefix(v.Result, want) || !slices.Contains(v.Lines, v.Result) {
		t.Errorf("the room says %q, the replay's places %v", v.Result, o.Place[:n])
	}
}

// Two people play NPZR: each view holds its own seat's observation (its
// own hand, never the other's), only the person to act is asked, the
// seed that fixes the deck shows only once the game is over, and the
// record replays from it.
func TestNPZRRoom(t *testing.T) {
	c := &client{t: t, base: httptest.NewServer(New(Options{})).URL}
	if st := c.do("POST", "", map[string]any{"game": "npzr", "players": 2, "seed": "0x2a"}, nil); st != http.StatusBadRequest {
		t.Errorf("an NPZR room with a chosen seed: %d, want 400", st)
	}
	if st := c.do("POST", "", map[string]any{"game": "npzr", "players": 3}, nil); st != http.StatusBadRequest {
		t.Errorf("an NPZR room for 3: %d, want 400", st)
	}
	h, cs, room := open(t, "npzr", "Ann", "Bob")
	rm, _ := h.rooms.Get(room)
	rng := rand.New(rand.NewPCG(5, 6))
	differ := 0
	for step := 0; ; step++ {
		if step > 5000 {
			t.Fatal("no end after 5000 steps")
		}
		views := []*View{cs[0].view(room), cs[1].view(room)}
		if views[0].Over {
			break
		}
		rm.mu.Lock()
		var obs [2]*npzr.Observation
		for s := range 2 {
			obs[s] = rm.st.Observe(s).(*npzr.Observation)
		}
		rm.mu.Unlock()
		for s, v := range views {
			if v.Seed != "" {
				t.Fatalf("step %d: seat %d sees the seed %s before the end", step, s, v.Seed)
			}
			own, _ := json.Marshal(obs[s])
			if string(v.State) != string(own) {
				t.Fatalf("step %d: seat %d's state is not its own observation", step, s)
			}
			var b struct {
				Hand []struct {
					Card  string
					Count int
				}
			}
			raw, _ := json.Marshal(v.Board)
			json.Unmarshal(raw, &b)
			var hand [npzr.NumKinds]uint8
			for _, c := range b.Hand {
				k, ok := npzr.ParseKind(c.Card)
				if !ok {
					t.Fatalf("a card %q in the hand", c.Card)
				}
				hand[k] = uint8(c.Count)
			}
			if hand != obs[s].Hand {
				t.Fatalf("step %d: seat %d's board shows the hand %v, its own is %v", step, s, hand, obs[s].Hand)
			}
			if obs[0].Hand != obs[1].Hand {
				differ++
			}
			if (len(v.Options) > 0) != (obs[s].ToAct == s) || !slices.Equal(v.Deciding, []int{obs[0].ToAct}) {
				t.Fatalf("step %d: seat %d offered %d actions, to act %d, deciding %v", step, s, len(v.Options), obs[s].ToAct, v.Deciding)
			}
		}
		s := obs[0].ToAct
		if st := cs[1-s].do("POST", "/"+room+"/choose", map[string]string{"choice": "decline"}, nil); st != http.StatusConflict {
			t.Fatalf("step %d: seat %d chose out of turn: %d", step, 1-s, st)
		}
		opts := views[s].Options
		if st := cs[s].do("POST", "/"+room+"/choose", map[string]string{"choice": opts[rng.IntN(len(opts))]}, nil); st != 200 {
			t.Fatalf("choose: %d", st)
		}
	}
	if differ == 0 {
		t.Error("the two hands were always alike: the test proves nothing")
	}
	v := cs[0].view(room)
	if v.Seed == "" || v.Result == "" {
		t.Fatalf("over, seed %q, result %q", v.Seed, v.Result)
	}
	var rec game.Record
	if st := cs[0].do("GET", "/"+room+"/record", nil, &rec); st != 200 {
		t.Fatalf("record: %d", st)
	}
	g, _ := game.Build("npzr", 2, nil)
	st, err := game.Replay(g, &rec, nil)
	if err != nil || rec.Seed != v.Seed {
		t.Fatalf("record seed %s (room %s) replays: %v", rec.Seed, v.Seed, err)
	}
	want := "A draw"
	if w := st.Outcome().Winner; w >= 0 {
		want = []string{"Ann", "Bob"}[w] + " wins"
	}
	if !strings.HasPrefix(v.Result, want) {
		t.Errorf("the room says %q, the replay %q", v.Result, want)
	}
	// Play again: a fresh secret seed, not the one just shown plus one.
	if st := cs[1].do("POST", "/"+room+"/again", nil, nil); st != 200 {
		t.Fatalf("again: %d", st)
	}
	if w := cs[0].view(room); w.Seed != "" || w.Over || rm.seed == st2seed(v.Seed)+1 {
		t.Errorf("after Play again: seed %q shown, over %v, next seed follows the last", w.Seed, w.Over)
	}
}

func st2seed(s string) uint64 { n, _ := game.ParseSeed(s); return n }

// The page offers what the server can hold: two-player to four-player
// NZSC and two-player NPZR, each of which opens, NZSC first as on the
// other pages and in the page's own list (index.html's options, shown
// until api/games answers, which must not reorder them).
func TestOffers(t *testing.T) {
	var got []string
	for _, o := range Offers() {
		got = append(got, fmt.Sprintf("%s/%d", o.Game, o.Players))
	}
	if want := []string{"nzsc/2", "nzsc/3", "nzsc/4", "npzr/2"}; !slices.Equal(got, want) {
		t.Errorf("offers %v, want %v", got, want)
	}
	html, err := page.ReadFile("page/index.html")
	if err != nil {
		t.Fatal(err)
	}
	var listed []string
	for _, m := range regexp.MustCompile(`<option value="([^"]+)">`).FindAllStringSubmatch(string(html), -1) {
		listed = append(listed, m[1])
	}
	if !slices.Equal(listed, got) {
		t.Errorf("the page's own list %v, the server's %v", listed, got)
	}
	srv := httptest.NewServer(New(Options{}))
	defer srv.Close()
	var list []Offer
	c := &client{t: t, base: srv.URL}
	req, _ := http.Get(srv.URL + "/api/games")
	json.NewDecoder(req.Body).Decode(&list)
	req.Body.Close()
	if len(list) != len(got) {
		t.Errorf("GET api/games: %v", list)
	}
	for _, o := range list {
		if st := c.do("POST", "", map[string]any{"game": o.Game, "players": o.Players}, nil); st != 200 {
			t.Errorf("opening %+v: %d", o, st)
		}
	}
}
