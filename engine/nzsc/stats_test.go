package nzsc_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// randomGames plays n random games from seed; entrants of game i are
// seats[i%len(seats)].
func randomGames(n int, seed uint64) []nzsc.State {
	var out []nzsc.State
	for i := range n {
		s := nzsc.NewGame(nzsc.DefaultRules)
		s.PlayRandom(rng.NewWyrand(seed, uint64(2*i)), rng.NewWyrand(seed, uint64(2*i+1)))
		out = append(out, s)
	}
	return out
}

// TestStatsAddGame counts random games among three entrants seated
// every way and checks each pairing's tally against a count kept by
// loadout names from each entrant's own side, an oracle that shares
// nothing with the tally's orientation or indexing.
func TestStatsAddGame(t *testing.T) {
	seatings := [][2]int{{0, 1}, {1, 0}, {2, 0}, {1, 2}, {0, 2}, {2, 1}}
	games := randomGames(600, 5)
	st := nzsc.NewStats(3)
	// want[a][b][name of a's loadout + " v " + b's] = a's {W, D, L}.
	want := map[[2]int]map[string][3]int64{}
	for i := range games {
		s := &games[i]
		e := seatings[i%len(seatings)]
		st.AddGame(s, s.Settled(), s.Result.Winner(), e)
		for seat := range 2 {
			me, them := e[seat], e[1-seat]
			key := "none v none"
			if s.Settled() {
				key = s.Character(seat).String() + "/" + s.Booster(seat).String() + " v " +
					s.Character(1-seat).String() + "/" + s.Booster(1-seat).String()
			}
			if want[[2]int{me, them}] == nil {
				want[[2]int{me, them}] = map[string][3]int64{}
			}
			c := want[[2]int{me, them}][key]
			switch s.Result.Winner() {
			case seat:
				c[0]++
			case -1:
				c[1]++
			default:
				c[2]++
			}
			want[[2]int{me, them}][key] = c
		}
	}
	if st.Games() != int64(len(games)) {
		t.Errorf("%d games counted, want %d", st.Games(), len(games))
	}
	for pair, cells := range want {
		got := map[string][3]int64{}
		p := st.Pairing(pair[0], pair[1])
		for x := range p.Loadouts {
			for y, r := range p.Loadouts[x] {
				if r.Games() > 0 {
					got[nzsc.LoadoutAt(x).String()+" v "+nzsc.LoadoutAt(y).String()] = [3]int64(r)
				}
			}
		}
		if r := p.Unsettled; r.Games() > 0 {
			got["none v none"] = [3]int64(r)
		}
		if fmt.Sprint(got) != fmt.Sprint(cells) {
			t.Errorf("pairing %v:\n got %v\nwant %v", pair, got, cells)
		}
	}
	if p := st.Pairing(1, 1); p.Games() != 0 {
		t.Errorf("a bot against itself has %d games", p.Games())
	}
}

// The contract's Add counts as AddGame does; a pair's tally allocates
// once.
func TestStatsAddContract(t *testing.T) {
	g := nzsc.NewContractGame(nzsc.DefaultRules)
	a, b := nzsc.NewStats(2), nzsc.NewStats(2)
	for seed := range uint64(50) {
		gs := g.NewState(seed).(*nzsc.GameState)
		acts := []game.Action{0, 0}
		for !gs.Over() {
			var buf [nzsc.MaxChoices]nzsc.Choice
			for s := range 2 {
				n := gs.State.Legal(s, &buf)
				acts[s] = game.Action(buf[int(seed+uint64(gs.Turn()))%n])
			}
			if err := gs.Apply(acts); err != nil {
				t.Fatal(err)
			}
		}
		a.Add(gs, []int{1, 0})
		b.AddGame(&gs.State, gs.State.Settled(), gs.State.Result.Winner(), [2]int{1, 0})
	}
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	if string(ja) != string(jb) || a.Games() != 50 {
		t.Errorf("Add and AddGame differ (%d games):\n%s\n%s", a.Games(), ja, jb)
	}
	s := randomGames(1, 9)[0]
	if n := testing.AllocsPerRun(100, func() { a.AddGame(&s, true, 0, [2]int{0, 1}) }); n != 0 {
		t.Errorf("AddGame allocates %v times", n)
	}
}

// Merge adds; JSON round-trips; AddRecord flips records given from the
// higher entrant's side.
func TestStatsMergeJSON(t *testing.T) {
	games := randomGames(200, 11)
	whole, x, y := nzsc.NewStats(3), nzsc.NewStats(3), nzsc.NewStats(3)
	for i := range games {
		e := [2]int{i % 3, (i + 1 + i/3%2) % 3}
		if e[0] == e[1] {
			continue
		}
		whole.AddGame(&games[i], games[i].Settled(), games[i].Result.Winner(), e)
		half := x
		if i%2 == 1 {
			half = y
		}
		half.AddGame(&games[i], games[i].Settled(), games[i].Result.Winner(), e)
	}
	if err := x.Merge(y); err != nil {
		t.Fatal(err)
	}
	jw, _ := json.Marshal(whole)
	jx, _ := json.Marshal(x)
	if string(jw) != string(jx) {
		t.Errorf("merged halves differ from the whole")
	}
	back := nzsc.NewStats(3)
	if err := json.Unmarshal(jw, back); err != nil {
		t.Fatal(err)
	}
	if jb, _ := json.Marshal(back); string(jb) != string(jw) {
		t.Errorf("JSON does not round-trip:\n%s\n%s", jb, jw)
	}
	if err := nzsc.NewStats(2).Merge(whole); err == nil {
		t.Error("merging 3 entrants into 2: no error")
	}

	r := nzsc.NewStats(2)
	if err := r.AddRecord(1, 0, 3, 7, nzsc.WDL{5, 1, 0}); err != nil {
		t.Fatal(err)
	}
	if got := r.Pairing(0, 1).Loadouts[7][3]; got != (nzsc.WDL{0, 1, 5}) {
		t.Errorf("flipped record %v", got)
	}
	for _, bad := range []struct{ a, b, x, y int }{{0, 0, 1, 1}, {0, 2, 1, 1}, {0, 1, 12, 0}, {0, 1, -1, 3}} {
		if err := r.AddRecord(bad.a, bad.b, bad.x, bad.y, nzsc.WDL{1, 0, 0}); err == nil {
			t.Errorf("AddRecord%v: no error", bad)
		}
	}
}

// Stored tallies that no run writes are errors, never a panic.
func TestStatsUnmarshalErrors(t *testing.T) {
	for i, in := range []string{
		`{"entrants":3,"pairs":[]}`,
		`{"entrants":2,"pairs":[{"a":1,"b":0,"unsettled":[0,0,0]}]}`,
		`{"entrants":2,"pairs":[{"a":0,"b":2,"unsettled":[0,0,0]}]}`,
		`{"entrants":2,"pairs":[{"a":0,"b":1,"unsettled":[0,-1,0]}]}`,
		`{"entrants":2,"pairs":[{"a":0,"b":1,"unsettled":[0,1,0]},{"a":0,"b":1,"unsettled":[0,1,0]}]}`,
		`{"entrants":2,"pairs":[{"a":0,"b":1,"loadouts":[[[1,-2,0]]]}]}`,
		`{"entrants":2,"pairs":[{"a":0,"b":1,"loadouts":[[["1"]]]}]}`,
		`[]`,
	} {
		if err := json.Unmarshal([]byte(in), nzsc.NewStats(2)); err == nil {
			t.Errorf("case %d: %s: no error", i, in)
		}
	}
}

func FuzzStatsUnmarshal(f *testing.F) {
	f.Add([]byte(`{"entrants":2,"pairs":[{"a":0,"b":1,"unsettled":[1,2,3]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		st := nzsc.NewStats(2)
		if err := json.Unmarshal(b, st); err != nil {
			return
		}
		out, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		again := nzsc.NewStats(2)
		if err := json.Unmarshal(out, again); err != nil {
			t.Fatalf("a tally read back fails: %v", err)
		}
		if o2, _ := json.Marshal(again); string(o2) != string(out) {
			t.Fatalf("not stable:\n%s\n%s", out, o2)
		}
		st.Tables([]string{"a", "b"})
	})
}

// The tally's tables: each loadout's score, every bot pooled, and each
// bot's picks.
func ExampleStats_Tables() {
	st := nzsc.NewStats(2)
	// Bot 0 on Ninja/Shadow beat bot 1 on Zombie/Regenerative 3 times,
	// drew once; one game ended while picking.
	st.AddRecord(0, 1, 0, 3, nzsc.WDL{3, 1, 0})
	st.AddRecord(0, 1, -1, -1, nzsc.WDL{0, 0, 1})
	for _, tb := range st.Tables([]string{"ninja", "zombie"}) {
		fmt.Println(tb.Title+":", strings.Join(tb.Columns[:4], ", "), "…")
		for _, r := range tb.Rows {
			if r[1].Value > 0 {
				fmt.Printf("  %s %v %v/%v\n", r[0].Text, r[1].Value, r[2].Value, r[2].Of)
			}
		}
	}
	// Output:
	// Loadouts: loadout, games, score, picked …
	//   Ninja/Shadow 4 3.5/4
	//   Zombie/Regenerative 4 0.5/4
	// Loadout picks: bot, games, Ninja/Shadow, Ninja/Speedy …
	//   ninja 5 4/5
	//   zombie 5 0/5
}

// BenchmarkStatsAdd is the tally's cost per game on the fast path: the
// pairing's tally taken once, each game added to it.
func BenchmarkStatsAdd(b *testing.B) {
	games := randomGames(64, 3)
	st := nzsc.NewStats(2)
	tally, first := st.Pair(1, 0)
	i := 0
	b.ReportAllocs()
	for b.Loop() {
		s := &games[i&63]
		tally.Add(s, s.Settled(), s.Result.Winner(), first)
		i++
	}
}
