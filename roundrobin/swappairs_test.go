package roundrobin

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/tournament"
)

// "test-crash-n" plays NZSC at 3 or 4 seats and forfeits every game at
// its first decision with a fault of kind "crash", as an external bot
// whose program died does.
func init() {
	agents.Register(agents.Info{Name: "test-crash-n", Help: "test bot", MinSeats: 3, MaxSeats: 4,
		NewPlayer: func(agents.Params) (agents.Player, error) { return &crashPlayer{}, nil }})
}

type crashPlayer struct{ fault error }

func (p *crashPlayer) NewGame(game.Game, int, *rand.Rand) { p.fault = nil }
func (p *crashPlayer) Act(_ game.Observation, legal []game.Action) game.Action {
	p.fault = kindError{"crash"}
	return legal[0]
}
func (p *crashPlayer) Fault() error { return p.fault }

// nzscnConfig is a run of NZSC at seats players between specs.
func nzscnConfig(t *testing.T, seats int, specs ...string) *Config {
	t.Helper()
	g, err := game.Build("nzsc", seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Game: g, Gauntlet: -1, Seed: 31, ChunkPairs: 3}
	for _, s := range specs {
		b, err := agents.ParseForSeats("nzsc", seats, s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	return cfg
}

// TestFFAForfeitKinds: at 3 seats a forfeit is counted by its kind, as at
// two (TestFaultsCounted), on any number of workers, and the kinds
// survive the counts' JSON and the summary. Before, a table counted
// forfeits only.
func TestFFAForfeitKinds(t *testing.T) {
	crash := analysis.FaultKindIndex("crash")
	for _, workers := range []int{1, 3} {
		cfg := nzscnConfig(t, 3, "random", "test-crash-n", "greedy")
		cfg.PairsPerPairing = 4
		res, err := Play(context.Background(), cfg, Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		games := int64(6 * cfg.PairsPerPairing) // one table, every seat order
		var want analysis.TableCounts
		want.Forfeits[1], want.ForfeitKinds[1][crash] = games, games
		tc := res.Counts.Tables[0]
		if tc.Forfeits != want.Forfeits || tc.ForfeitKinds != want.ForfeitKinds {
			t.Errorf("workers %d: forfeits %v by kind %v; want %v by kind %v", workers, tc.Forfeits, tc.ForfeitKinds, want.Forfeits, want.ForfeitKinds)
		}
		b, err := json.Marshal(tc)
		if err != nil {
			t.Fatal(err)
		}
		var back analysis.TableCounts
		if err := json.Unmarshal(b, &back); err != nil || back.ForfeitKinds != tc.ForfeitKinds {
			t.Errorf("workers %d: the kinds through JSON: %v (%v), want %v", workers, back.ForfeitKinds, err, tc.ForfeitKinds)
		}
		s, err := analysis.SummarizeFFA(&res.Counts, nil)
		if err != nil {
			t.Fatal(err)
		}
		if f := s.Faults[1]; f.Forfeits != games || f.Kinds[crash] != games {
			t.Errorf("workers %d: summary's faults of the crashing bot %+v", workers, f)
		}
	}
}

// TestSwapPairs: a match played in seat-swapped pairs at 3 and 4 seats
// plays, from pair k's seed, the k-th seat order (cycling) in which bot
// 0 sits before bot 1 and then that order with the two swapped, and its
// pentanomial counts bot 0's half-points against bot 1 in each pair:
// the same as those games played one by one on a table. The seat orders
// are written out at 3 seats.
func TestSwapPairs(t *testing.T) {
	three := [][2][]int{{{0, 1, 2}, {1, 0, 2}}, {{0, 2, 1}, {1, 2, 0}}, {{2, 0, 1}, {2, 1, 0}}}
	for _, seats := range []int{3, 4} {
		specs := []string{"random", "greedy", "random:name=r2", "classic"}[:seats]
		cfg := nzscnConfig(t, seats, specs...)
		cfg.HeadToHead, cfg.SwapPairs, cfg.PairsPerPairing = true, true, 30
		res, err := Play(context.Background(), cfg, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		orders := swapOrders(permutations(seats))
		if len(orders) != SetGames(seats)/2 || seats == 3 && !reflect.DeepEqual(orders, three) {
			t.Fatalf("%d seats: seat orders %v", seats, orders)
		}
		var players []agents.Player
		for _, b := range cfg.Bots {
			p, err := b.NewPlayer()
			if err != nil {
				t.Fatal(err)
			}
			players = append(players, p)
		}
		table := agents.NewPlayerTable()
		var penta [5]int64
		var versus analysis.Record
		seated := make([]agents.Player, seats)
		for k := range cfg.PairsPerPairing {
			half := 0
			for _, order := range orders[k%uint64(len(orders))] {
				for s, pos := range order {
					seated[s] = players[pos]
				}
				r := table.Play(cfg.Game, tournament.PairSeed(cfg.Seed, k), seated)
				var place [2]uint8
				for s, pos := range order {
					if pos < 2 {
						place[pos] = r.Outcome.Place[s]
					}
				}
				switch {
				case place[0] < place[1]:
					half += 2
					versus.Wins++
				case place[0] == place[1]:
					half++
					versus.Draws++
				default:
					versus.Losses++
				}
			}
			penta[half]++
		}
		tc := &res.Counts.Tables[0]
		if tc.Pentanomial != penta || tc.Versus(0, 1) != versus || tc.Games() != int64(2*cfg.PairsPerPairing) {
			t.Errorf("%d seats: pentanomial %v, record %+v in %d games; the games one by one: %v, %+v in %d",
				seats, tc.Pentanomial, tc.Versus(0, 1), tc.Games(), penta, versus, 2*cfg.PairsPerPairing)
		}
	}
}
