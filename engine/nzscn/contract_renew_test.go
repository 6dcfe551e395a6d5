package nzscn_test

import (
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/engine/rng"
)

// TestContractLegalIsStateLegal plays random games of 2 to 4 seats
// through the contract and checks each seat's Legal at every turn
// against State.Legal (LegalMask's bits listed one by one), the buffer
// too short at first and holding stale actions after; then renews the
// finished state (RenewState) and checks it is NewState's game in the
// same storage, for the renewing game's seats.
func TestContractLegalIsStateLegal(t *testing.T) {
	var old *nzscn.GameState
	for _, n := range []int{3, 4, 2, 4, 3} {
		g, err := nzscn.NewGame(n, nzsc.Rules{TurnCap: 60})
		if err != nil {
			t.Fatal(err)
		}
		src := rng.NewWyrand(uint64(n), 1)
		for seed := range uint64(100) {
			var gs *nzscn.GameState
			if old == nil {
				gs = g.NewState(seed).(*nzscn.GameState)
			} else {
				played := len(old.History)
				if _, ok := g.RenewState(struct{ *nzscn.Game }{g}, old, seed); ok {
					t.Fatal("RenewState renewed a state for a game that embeds the renewing one")
				}
				st, ok := g.RenewState(g, old, seed)
				gs, _ = st.(*nzscn.GameState)
				want := g.NewState(seed).(*nzscn.GameState)
				if !ok || gs != old || gs.State != want.State || len(gs.History) != 0 || cap(gs.History) < played {
					t.Fatalf("%d seats seed %d: renewed state %p %+v history %d, want %p %+v, empty", n, seed, gs, gs.State, len(gs.History), old, want.State)
				}
				for s := range n {
					if o := gs.Observe(s).(*nzscn.Observation); o.State != &gs.State || len(o.History) != 0 || o.Seat() != s {
						t.Fatalf("seat %d's observation of the renewed state: %+v", s, o)
					}
				}
			}
			var legal []game.Action
			acts := make([]game.Action, n)
			for !gs.Over() {
				for s := range n {
					legal = gs.Legal(s, legal)
					var buf [nzsc.MaxChoices]nzsc.Choice
					k := gs.State.Legal(s, &buf)
					plain := []game.Action{}
					for _, c := range buf[:k] {
						plain = append(plain, game.Action(c))
					}
					if !slices.Equal(legal, plain) {
						t.Fatalf("%d seats seed %d turn %d seat %d: Legal %v, want %v", n, seed, gs.Turn(), s, legal, plain)
					}
					acts[s] = game.Pass
					if len(legal) > 0 {
						acts[s] = legal[src.Uint64()%uint64(len(legal))]
					}
				}
				if err := gs.Apply(acts); err != nil {
					t.Fatal(err)
				}
			}
			if l := gs.Legal(0, legal); len(l) != 0 {
				t.Fatalf("Legal over: %v", l)
			}
			old = gs
		}
	}
}
