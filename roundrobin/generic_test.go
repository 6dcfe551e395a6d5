package roundrobin

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// A test game that is not NZSC, so that the pipeline's generic path (the
// game contract, agents.PlayerTable) is exercised: "odds", three rounds of
// simultaneous rock-paper-scissors; seat 1 may not play what it played
// last round (so Legal depends on the state), and an illegal action
// forfeits.
var oddsInfo = &game.Info{Name: "test-odds", Title: "test odds", MinSeats: 2, MaxSeats: 2, Simultaneous: true,
	IllegalForfeits: true, New: func(int, game.Rules) (game.Game, error) { return oddsGame{}, nil }}

var oddsNames = []string{"rock", "paper", "scissors"}

type oddsGame struct{}

func (oddsGame) Info() *game.Info           { return oddsInfo }
func (oddsGame) Seats() int                 { return 2 }
func (oddsGame) Rules() game.Rules          { return game.Rules{} }
func (oddsGame) NewState(uint64) game.State { return &oddsState{last: 3} }

type oddsState struct {
	round, last int
	score       [2]int
}

func (s *oddsState) ToAct(dst []int) []int {
	if s.Over() {
		return dst[:0]
	}
	return append(dst[:0], 0, 1)
}

func (s *oddsState) Legal(seat int, dst []game.Action) []game.Action {
	dst = dst[:0]
	for a := range 3 {
		if seat == 0 || a != s.last {
			dst = append(dst, game.Action(a))
		}
	}
	return dst
}

func (s *oddsState) Apply(acts []game.Action) error {
	a, b := int(acts[0]), int(acts[1])
	switch (a - b + 3) % 3 {
	case 1:
		s.score[0]++
	case 2:
		s.score[1]++
	}
	s.round++
	s.last = b
	return nil
}

func (s *oddsState) Over() bool { return s.round == 3 }
func (s *oddsState) Turn() int  { return s.round }
func (s *oddsState) Outcome() game.Outcome {
	w := -1
	if s.score[0] != s.score[1] {
		w = 0
		if s.score[1] > s.score[0] {
			w = 1
		}
	}
	return game.RankByScore(2, [game.MaxSeats]int{s.score[0], s.score[1]}, w)
}
func (s *oddsState) Observe(seat int) game.Observation { return oddsObs{seat} }
func (s *oddsState) Clone() game.State                 { c := *s; return &c }

type oddsObs struct{ seat int }

func (o oddsObs) Seat() int                         { return o.seat }
func (o oddsObs) ActionString(a game.Action) string { return oddsNames[a] }
func (o oddsObs) ParseAction(s string) (game.Action, error) {
	for i, n := range oddsNames {
		if n == s {
			return game.Action(i), nil
		}
	}
	return 0, fmt.Errorf("%q is not rock, paper or scissors", s)
}
func (o oddsObs) MarshalJSON() ([]byte, error) { return json.Marshal(o.seat) }

// uniform plays uniformly among its legal actions; cheat, in seat 1,
// now and then repeats its last action (an illegal action there).
type uniform struct {
	rng   *rand.Rand
	cheat bool
	last  game.Action
}

func (u *uniform) NewGame(_ game.Game, _ int, rng *rand.Rand) { u.rng = rng }
func (u *uniform) Act(obs game.Observation, legal []game.Action) game.Action {
	if u.cheat && obs.Seat() == 1 && len(legal) < 3 && u.rng.IntN(4) == 0 {
		return u.last
	}
	u.last = legal[u.rng.IntN(len(legal))]
	return u.last
}

func init() {
	game.Register(oddsInfo)
	agents.Register(agents.Info{Game: "test-odds", Name: "uniform", Help: "test",
		NewPlayer: func(agents.Params) (agents.Player, error) { return &uniform{}, nil }})
	agents.Register(agents.Info{Game: "test-odds", Name: "cheat", Help: "test",
		NewPlayer: func(agents.Params) (agents.Player, error) { return &uniform{cheat: true}, nil }})
}

// TestGenericGameMatch plays a match of the test game through the
// pipeline and checks its counts against the games played one by one on
// agents.PlayerTable, its forfeits, and its records.
func TestGenericGameMatch(t *testing.T) {
	g, _ := game.Build("test-odds", 2, nil)
	var specs []*agents.Bot
	for _, s := range []string{"uniform", "cheat"} {
		b, err := agents.ParseFor("test-odds", s)
		if err != nil {
			t.Fatal(err)
		}
		specs = append(specs, b)
	}
	const pairs = 300
	cfg := &Config{Game: g, Bots: specs, Gauntlet: -1, HeadToHead: true, PairsPerPairing: pairs, Seed: 4, ChunkPairs: 7}
	path := filepath.Join(t.TempDir(), "odds.jsonl")
	log, err := results.CreateGamesLog(path, results.LevelFull)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Play(context.Background(), cfg, Options{Workers: 2, GamesLog: log})
	if err != nil {
		t.Fatal(err)
	}
	log.Close()
	got := res.Counts.Pairings[0]

	// The oracle: every game on its own table.
	var want analysis.Pairing
	table := agents.NewPlayerTable()
	u, c := &uniform{}, &uniform{cheat: true}
	for k := range uint64(pairs) {
		seed := tournament.PairSeed(cfg.Seed, k)
		half := 0
		for seatA, bots := range [][]agents.Player{{u, c}, {c, u}} {
			r := table.Play(g, seed, bots)
			rec := &want.Seat[seatA]
			switch r.Outcome.Winner {
			case seatA:
				rec.Wins++
				half += 2
			case 1 - seatA:
				rec.Losses++
			default:
				rec.Draws++
				half++
			}
			want.Turns += int64(r.Steps)
			if r.Forfeit >= 0 {
				want.Forfeits[r.Forfeit^seatA]++
			}
		}
		want.Pentanomial[half]++
	}
	if got.Seat != want.Seat || got.Pentanomial != want.Pentanomial || got.Turns != want.Turns || got.Forfeits != want.Forfeits {
		t.Errorf("pipeline %+v %v %d %v\noracle   %+v %v %d %v", got.Seat, got.Pentanomial, got.Turns, got.Forfeits,
			want.Seat, want.Pentanomial, want.Turns, want.Forfeits)
	}
	if got.Forfeits[1] == 0 || got.Forfeits[0] != 0 {
		t.Errorf("forfeits %v: the cheat must forfeit some games, the uniform bot none", got.Forfeits)
	}
	if k := got.ForfeitKinds[1][analysis.FaultKindIndex("illegal")]; k != got.Forfeits[1] {
		t.Errorf("%d of the cheat's %d forfeits counted as illegal actions, want all", k, got.Forfeits[1])
	}
	// Every record replays; a forfeited one stops where the game stopped.
	n := 0
	err = results.ReadRecords(path, func(r *game.Record) error {
		n++
		if _, err := game.Replay(g, r, nil); err != nil {
			t.Errorf("record %d: %v", n, err)
		}
		if r.Result.Forfeit != nil && !strings.Contains(r.Result.Fault, "illegal action") {
			t.Errorf("record %d: forfeit for %q", n, r.Result.Fault)
		}
		return nil
	})
	if err != nil || n != 2*pairs {
		t.Errorf("%d records (%v), want %d", n, err, 2*pairs)
	}
	// An NZSC bot cannot sit at this game's table.
	nz, _ := agents.Parse("random")
	bad := *cfg
	bad.Bots = []*agents.Bot{specs[0], nz}
	if err := bad.Check(); err == nil || !strings.Contains(err.Error(), "does not play test-odds") {
		t.Errorf("an NZSC bot at a test-odds table: %v", err)
	}
}
