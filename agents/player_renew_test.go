package agents

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// uniformPlayer answers uniformly from its legal actions, for any game.
type uniformPlayer struct{ r *rand.Rand }

func (p *uniformPlayer) NewGame(_ game.Game, _ int, r *rand.Rand) { p.r = r }
func (p *uniformPlayer) Act(_ game.Observation, legal []game.Action) game.Action {
	return legal[p.r.IntN(len(legal))]
}

func renewGames(t *testing.T) []game.Game {
	t.Helper()
	g3, err := nzscn.NewGame(3, nzsc.DefaultRules)
	if err != nil {
		t.Fatal(err)
	}
	g4, err := nzscn.NewGame(4, nzsc.Rules{TurnCap: 30})
	if err != nil {
		t.Fatal(err)
	}
	start := nzscn.New(3, nzsc.DefaultRules)
	start.Step(nzscn.Choices{nzsc.Choice(nzsc.Ninja), nzsc.Choice(nzsc.Zombie), nzsc.Choice(nzsc.Samurai)})
	return []game.Game{nzsc.NewContractGame(nzsc.DefaultRules), g3, g4, &fromStart{g3, start}}
}

// fromStart is 3-player NZSC from a position of its own: a game that
// embeds one that renews states (and so has its RenewState) but starts
// its games otherwise, as analysis/exploitn's measures do.
type fromStart struct {
	*nzscn.Game
	start nzscn.State
}

func (g *fromStart) NewState(seed uint64) game.State {
	gs := g.Game.NewState(seed).(*nzscn.GameState)
	gs.State = g.start
	return gs
}

func seatsFor(g game.Game) []Player {
	bots := make([]Player, g.Seats())
	for i := range bots {
		if g.Seats() == 2 && i == 0 {
			bots[i] = AsPlayer(randomBot())
			continue
		}
		bots[i] = &uniformPlayer{}
	}
	return bots
}

// TestPlayerTableRenewsStates plays games of 2-, 3- and 4-player NZSC and
// of 3-player NZSC from a start position of its own (a game embedding one
// that renews), switching games between them, on one table, which starts
// each game in the last one's state (StateRenewer) when the game renews,
// and each on a new table: the results, the recorded names and the final
// states must be the same (they are not when the embedding game's games
// start as the embedded one's), a state a caller handed to PlayFrom must
// not be reused, and after the first game of each kind a game of a
// renewing game allocates nothing (a state and its history were
// allocated every game before).
func TestPlayerTableRenewsStates(t *testing.T) {
	games := renewGames(t)
	tb := NewPlayerTable()
	tb.Record = true
	for seed := range uint64(60) {
		g := games[seed%uint64(len(games))]
		bots := seatsFor(g)
		got := tb.Play(g, seed, bots)
		fresh := NewPlayerTable()
		fresh.Record = true
		want := fresh.Play(g, seed, bots)
		if !reflect.DeepEqual(got, want) || !reflect.DeepEqual(tb.Names, fresh.Names) {
			t.Fatalf("%s seed %d: renewed %+v, new %+v", g.Info().Name, seed, got, want)
		}
		if !reflect.DeepEqual(tb.Final, fresh.Final) {
			t.Fatalf("%s seed %d: final states differ", g.Info().Name, seed)
		}
	}

	// A caller's state is not the table's to renew.
	g := games[0]
	mine := g.NewState(1)
	tb.PlayFrom(g, mine, nil, 1, seatsFor(g))
	kept := mine.(*nzsc.GameState).State
	tb.Play(g, 2, seatsFor(g))
	if mine.(*nzsc.GameState).State != kept || tb.Final == mine {
		t.Fatal("Play renewed the state a caller handed to PlayFrom")
	}

	for _, g := range games[:3] {
		bots := seatsFor(g)
		tb := NewPlayerTable()
		seed := uint64(0)
		allocs := testing.AllocsPerRun(100, func() {
			seed++
			tb.Play(g, seed, bots)
		})
		if allocs != 0 {
			t.Errorf("%s, %d seats: a game through PlayerTable.Play allocates %v times, want 0", g.Info().Name, g.Seats(), allocs)
		}
	}
}
