package nzsc_test

import (
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// TestContractLegalAndToAct plays random games through the contract under
// several rules and checks, at every turn, ToAct and each seat's Legal
// against the state written plainly: the seats that are not stuck (none
// once over), and LegalMask's bits listed one by one, lowest first (none
// for a stuck seat). The buffers handed in are too short at first and
// hold stale actions after.
func TestContractLegalAndToAct(t *testing.T) {
	rules := []nzsc.Rules{nzsc.DefaultRules, {TurnCap: 40, MoveStreak: 2, BoosterRequired: true}, {TurnCap: 300, CharacterStreak: 2, NoHeadstarts: true, Waits: 1}}
	for _, r := range rules {
		g := nzsc.NewContractGame(r)
		src := rng.NewWyrand(9, 9)
		for seed := range uint64(300) {
			gs := g.NewState(seed).(*nzsc.GameState)
			toAct := []int{}
			legal := []game.Action{}
			for {
				toAct = gs.ToAct(toAct)
				var want []int
				for s := range 2 {
					if gs.State.Phase != nzsc.GameOver && !gs.State.Stuck(s) {
						want = append(want, s)
					}
				}
				if !slices.Equal(toAct, want) {
					t.Fatalf("rules %+v seed %d turn %d: ToAct %v, want %v", r, seed, gs.Turn(), toAct, want)
				}
				acts := []game.Action{game.Pass, game.Pass}
				for s := range 2 {
					legal = gs.Legal(s, legal)
					var plain []game.Action
					if gs.State.Phase != nzsc.GameOver {
						m := gs.State.LegalMask(s)
						for c := range game.Action(32) {
							if m&(1<<c) != 0 {
								plain = append(plain, c)
							}
						}
					}
					if !slices.Equal(legal, plain) {
						t.Fatalf("rules %+v seed %d turn %d seat %d: Legal %v, want %v", r, seed, gs.Turn(), s, legal, plain)
					}
					if len(legal) > 0 {
						acts[s] = legal[src.Uint64()%uint64(len(legal))]
					}
				}
				if gs.Over() {
					break
				}
				if err := gs.Apply(acts); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
}

// TestRenewStateIsNewState checks that a finished game renewed in place
// is the game NewState starts, in the same storage, with an empty history
// whose room is kept, observations of the new game, and the renewing
// game's rules; a state of another kind is not reused, nor is any state
// for a game other than the renewing one (one that embeds it).
func TestRenewStateIsNewState(t *testing.T) {
	g := nzsc.NewContractGame(nzsc.DefaultRules)
	other := nzsc.NewContractGame(nzsc.Rules{TurnCap: 40, Points: 3, BoosterRequired: true})
	old := g.NewState(1).(*nzsc.GameState)
	for !old.Over() {
		var acts [2]game.Action
		for s := range 2 {
			acts[s] = game.Pass
			if l := old.Legal(s, nil); len(l) > 0 {
				acts[s] = l[len(l)-1]
			}
		}
		if err := old.Apply(acts[:]); err != nil {
			t.Fatal(err)
		}
	}
	for _, rg := range []*nzsc.Game{g, other, g} {
		played := len(old.History)
		if _, ok := rg.RenewState(embeds{rg}, old, 7); ok {
			t.Fatal("RenewState renewed a state for a game that embeds the renewing one")
		}
		got, renewed := rg.RenewState(rg, old, 7)
		want := rg.NewState(7).(*nzsc.GameState)
		gs, ok := got.(*nzsc.GameState)
		if !renewed || !ok || gs != old {
			t.Fatalf("RenewState returned %T %p, want the old state %p", got, got, old)
		}
		if gs.State != want.State || len(gs.History) != 0 || cap(gs.History) < played {
			t.Fatalf("renewed state %+v history %d (room %d), want %+v, empty, room for %d", gs.State, len(gs.History), cap(gs.History), want.State, played)
		}
		for s := range 2 {
			o := gs.Observe(s).(*nzsc.Observation)
			if o.State != &gs.State || len(o.History) != 0 || o.Seat() != s {
				t.Fatalf("seat %d's observation of the renewed state: %+v", s, o)
			}
		}
		// Play it a little for the next round.
		if err := gs.Apply([]game.Action{game.Action(nzsc.Ninja), game.Action(nzsc.Zombie)}); err != nil {
			t.Fatal(err)
		}
	}
	if got, ok := g.RenewState(g, nil, 3); ok || got != nil {
		t.Fatalf("RenewState(nil) = %v, %v: want none", got, ok)
	}
}

// embeds is a game that embeds two-player NZSC.
type embeds struct{ *nzsc.Game }
