package nzscn_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	bots "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// allBots lists the specs of every bot of the package, at budgets small
// enough for tests.
var allBots = []string{"random", "classic", "greedy", "paranoid", "mcts:iters=200", "mcts:iters=100,select=duct", "cce:iters=64", "cce:iters=32,lambda=0.5,playouts=2,eps=0.1"}

func newBots(t testing.TB, seats int, specs ...string) []agents.Player {
	t.Helper()
	out := make([]agents.Player, len(specs))
	for i, spec := range specs {
		b, err := agents.ParseForSeats("nzsc", seats, spec)
		if err != nil {
			t.Fatal(err)
		}
		if out[i], err = b.NewPlayer(); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

func newGame(t testing.TB, seats int) game.Game {
	t.Helper()
	g, err := nzscn.NewGame(seats, nzsc.DefaultRules)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestBotsPlayLegallyAndDeterministically(t *testing.T) {
	games := 40
	if testing.Short() {
		games = 8
	}
	for _, spec := range allBots {
		for seats := 3; seats <= 4; seats++ {
			g := newGame(t, seats)
			specs := []string{spec, "random", "greedy", "classic"}[:seats]
			tab := agents.NewPlayerTable()
			tab.Record = true
			for seed := range uint64(games) {
				var runs [2]string
				for k := range runs {
					res := tab.Play(g, seed, newBots(t, seats, specs...))
					if res.Forfeit >= 0 || res.Fault != nil {
						t.Fatalf("%s at %d seats, seed %d: forfeit %d (%v)", spec, seats, seed, res.Forfeit, res.Fault)
					}
					if res.Illegal != [game.MaxSeats]int{} {
						t.Fatalf("%s at %d seats, seed %d: illegal actions %v", spec, seats, seed, res.Illegal)
					}
					runs[k] = fmt.Sprint(res.Outcome, res.Steps, tab.Names)
				}
				if runs[0] != runs[1] {
					t.Fatalf("%s at %d seats, seed %d: two runs differ", spec, seats, seed)
				}
			}
		}
	}
}

// winShare plays every seat order of the three specs (6 games a seed)
// and returns the share of games spec 0 won, draws and shared wins
// not counted as wins.
func winShare(t *testing.T, seeds int, specs ...string) float64 {
	t.Helper()
	g := newGame(t, 3)
	tab := agents.NewPlayerTable()
	perms := [][3]int{{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}}
	wins, games := 0, 0
	for seed := range uint64(seeds) {
		for _, p := range perms {
			seated := []string{specs[p[0]], specs[p[1]], specs[p[2]]}
			res := tab.Play(g, seed, newBots(t, 3, seated...))
			if w := res.Outcome.Winner; w >= 0 && p[w] == 0 {
				wins++
			}
			games++
		}
	}
	return float64(wins) / float64(games)
}

func TestGreedyBeatsRandom(t *testing.T) {
	// Three random bots win a third each (less the turn cap's draws);
	// greedy should clear that by a wide margin. 1200 games: the standard
	// error of a share near 1/3 is under 0.014.
	seeds := 200
	if testing.Short() {
		seeds = 50
	}
	if w := winShare(t, seeds, "greedy", "random", "random"); w < 0.45 {
		t.Errorf("greedy won %.3f of its games against two random bots, want clearly above 1/3", w)
	}
	if w := winShare(t, seeds, "random", "random", "random"); w < 0.25 || w > 0.42 {
		t.Errorf("random won %.3f against two random bots, want about 1/3", w)
	}
}

func TestClassicDrawsAsTheOriginal(t *testing.T) {
	// With seed 1, by hand: x=1; x^=x<<13 → 0x2001; x^=x>>17 → 0x2001; x^=x<<5 →
	// 0x42021. Its draw (x>>16)/65536 = 4/65536 picks option 0 of 4.
	b := newBots(t, 3, "classic:seed=1")[0]
	g := newGame(t, 3)
	st := g.NewState(0)
	b.NewGame(g, 0, rand.New(rand.NewPCG(1, 2)))
	legal := st.Legal(0, nil)
	if a := b.Act(st.Observe(0), legal); a != legal[0] {
		t.Fatalf("first pick %v, want %v", a, legal[0])
	}
	// Then a whole game against two random bots, checked draw for draw
	// against a plain transcription of the SPEC's generator (float
	// arithmetic, as the original).
	var x uint32
	next := func(n int) int {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		return int(float64(x>>16) / 65536 * float64(n))
	}
	// The bot's choices must match the transcription draw for draw when
	// nothing is nullified: replay a game with two random seats.
	x = 5
	c := bots.NewClassic(5)
	c.NewGame(g, 1, nil)
	s := g.NewState(0).(*nzscn.GameState)
	others := newBots(t, 3, "random", "random")
	others[0].NewGame(g, 0, rand.New(rand.NewPCG(3, 3)))
	others[1].NewGame(g, 2, rand.New(rand.NewPCG(4, 4)))
	for !s.Over() {
		acts := make([]game.Action, 3)
		for seat := range 3 {
			legal := s.Legal(seat, nil)
			if len(legal) == 0 {
				acts[seat] = game.Pass
				continue
			}
			switch seat {
			case 1:
				k := len(legal)
				if s.State.Phase == nzsc.PickBooster {
					k--
				}
				want := legal[next(k)]
				acts[1] = c.Act(s.Observe(1), legal)
				if acts[1] != want {
					t.Fatalf("turn %d: classic chose %v, the generator says %v", s.Turn(), acts[1], want)
				}
			case 0:
				acts[0] = others[0].Act(s.Observe(0), legal)
			case 2:
				acts[2] = others[1].Act(s.Observe(2), legal)
			}
		}
		if err := s.Apply(acts); err != nil {
			t.Fatal(err)
		}
	}
}

func TestParseForSeats(t *testing.T) {
	cases := []struct {
		seats int
		spec  string
		want  string // the Player's type, or an error's text
	}{
		{3, "random", "*nzscn.Random"},
		{4, "greedy", "*nzscn.Greedy"},
		{2, "random", "*agents.agentPlayer"},
		{0, "random", "*agents.agentPlayer"},
		{3, "nash", "nash plays 2 players only, not 3"},
		{4, "optimal", "optimal plays 2 players only, not 4"},
		{5, "greedy", "greedy plays 2 or 3 to 4 players only, not 5"},
		{2, "paranoid", "paranoid plays 3 to 4 players only, not 2"},
		{3, "nosuch", "unknown bot"},
		{3, "classic:seed=0", "must be in 1..4294967295"},
	}
	for i, c := range cases {
		b, err := agents.ParseForSeats("nzsc", c.seats, c.spec)
		got := ""
		if err != nil {
			got = err.Error()
		} else {
			p, err := b.NewPlayer()
			if err != nil {
				got = err.Error()
			} else {
				got = fmt.Sprintf("%T", p)
			}
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("case %d (%d seats, %q): got %q, want %q", i, c.seats, c.spec, got, c.want)
		}
	}
	// An unknown name is answered with the bots of that table size:
	// two players were offered cce and paranoid, which play only 3 or 4.
	for _, c := range []struct {
		seats       int
		has, hasNot string
	}{{2, "optimal", "paranoid"}, {0, "nash", "cce"}, {3, "paranoid", "optimal"}} {
		_, err := agents.ParseForSeats("nzsc", c.seats, "nosuch")
		if err == nil || !strings.Contains(err.Error(), c.has) || strings.Contains(err.Error(), c.hasNot) {
			t.Errorf("unknown bot at %d seats: %v; want %s listed and not %s", c.seats, err, c.has, c.hasNot)
		}
	}
	// Parse keeps its meaning: the two-player kinds.
	if b, err := agents.Parse("random"); err != nil || b.Info.MaxSeats != 2 {
		t.Errorf("Parse(random): %v, seats %d..%d", err, b.Info.MinSeats, b.Info.MaxSeats)
	}
	for _, i := range agents.Registered() {
		if !i.Supports(2) {
			t.Errorf("Registered lists %s for %d..%d seats", i.Name, i.MinSeats, i.MaxSeats)
		}
	}
	names := map[string]bool{}
	for _, i := range agents.RegisteredForSeats("nzsc", 3) {
		names[i.Name] = true
	}
	for _, n := range []string{"random", "classic", "greedy", "paranoid", "mcts"} {
		if !names[n] {
			t.Errorf("no 3-seat bot %s", n)
		}
	}
}

func TestMCTSBeatsRandom(t *testing.T) {
	// As for paranoid: above a third by two standard errors over 240
	// games (deterministic seeds).
	const seeds = 40
	se := math.Sqrt(1.0 / 3 * 2 / 3 / (6 * seeds))
	if w := winShare(t, seeds, "mcts:iters=300", "random", "random"); w < 1.0/3+2*se {
		t.Errorf("mcts won %.3f of its games against two random bots, want above %.3f", w, 1.0/3+2*se)
	}
}
