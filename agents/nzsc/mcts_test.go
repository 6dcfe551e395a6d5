package nzsc

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

func TestMCTSDeterministic(t *testing.T) {
	for _, spec := range []string{"mcts:iters=60", "mcts:iters=60,select=exp3", "mcts:iters=60,select=duct"} {
		var first []nz.Turn
		for run := range 2 {
			a, b := mustNew(t, spec), mustNew(t, "random")
			tab := agents.NewTable()
			for g := range 3 {
				tab.Play(nz.DefaultRules, uint64(g), a, b)
			}
			if run == 0 {
				first = slices.Clone(tab.History)
			} else if !slices.Equal(first, tab.History) {
				t.Errorf("%s: two runs from the same seeds differ", spec)
			}
		}
	}
}

// TestMCTSFindsWins looks for clear-cut states, found by stepping copies
// of the state: some of a seat's moves win the game against every reply,
// and each of the others lets some reply win it for the opponent. mcts,
// at its default budget, must play a winning move in nearly all of them,
// far more often than a uniform choice would. (States where the other
// moves are merely good are left out: there the averaged strategy of an
// equilibrium search rightly keeps weight on near-equal moves.)
func TestMCTSFindsWins(t *testing.T) {
	n := 60
	if testing.Short() {
		n = 20
	}
	for _, spec := range []string{"mcts", "mcts:select=exp3", "mcts:select=duct"} {
		bot := mustNew(t, spec)
		rng := rand.New(rand.NewPCG(4, 4))
		found, won, uniform := 0, 0, 0.0
		wildStates(13, 4000, func(s *nz.State, seat int, legal []nz.Choice) {
			if found >= n || s.Phase != nz.PickMove || len(legal) < 2 {
				return
			}
			var theirs [nz.MaxChoices]nz.Choice
			nt := s.Legal(1-seat, &theirs)
			if nt == 0 {
				return
			}
			// winner is the winner after seat plays m and the opponent o.
			winner := func(m, o nz.Choice) int {
				c := *s
				if seat == 0 {
					c.Step(m, o)
				} else {
					c.Step(o, m)
				}
				return c.Result.Winner()
			}
			wins := func(m nz.Choice) bool {
				for _, o := range theirs[:nt] {
					if winner(m, o) != seat {
						return false
					}
				}
				return true
			}
			// A losing move: some reply wins the game for the opponent.
			loses := func(m nz.Choice) bool {
				for _, o := range theirs[:nt] {
					if winner(m, o) == 1-seat {
						return true
					}
				}
				return false
			}
			winning := 0
			for _, m := range legal {
				switch {
				case wins(m):
					winning++
				case !loses(m):
					return // a middling move: not a clear-cut state
				}
			}
			if winning == 0 || winning == len(legal) {
				return
			}
			found++
			uniform += float64(winning) / float64(len(legal))
			bot.NewGame(seat, rng)
			d := agents.Decision{Seat: seat, State: s, Legal: legal}
			if wins(bot.Choose(&d)) {
				won++
			}
		})
		if found < n/2 {
			t.Fatalf("%s: only %d winning states found", spec, found)
		}
		t.Logf("%s: played a sure win in %d of %d states (uniform play: %.1f)", spec, won, found, uniform)
		if won < found*85/100 {
			t.Errorf("%s: played a sure win in only %d of %d states (uniform play: %.1f)", spec, won, found, uniform)
		}
	}
}

// TestMCTSNodeCap runs a search whose budget exceeds the node cap: it
// must stop growing the tree and still answer legally.
func TestMCTSNodeCap(t *testing.T) {
	if testing.Short() {
		t.Skip("a large search")
	}
	a := mustNew(t, fmt.Sprintf("mcts:iters=%d", mctsMaxNodes+5000)).(*MCTS)
	a.NewGame(0, rand.New(rand.NewPCG(1, 1)))
	s := nz.NewGame(nz.DefaultRules)
	var legal [nz.MaxChoices]nz.Choice
	n := s.Legal(0, &legal)
	d := agents.Decision{Seat: 0, State: &s, Legal: legal[:n]}
	if c := a.Choose(&d); !slices.Contains(legal[:n], c) {
		t.Fatalf("chose %v", c)
	}
	if a.tree.Nodes() != mctsMaxNodes {
		t.Errorf("tree has %d nodes, want the cap %d", a.tree.Nodes(), mctsMaxNodes)
	}
}

// The NZSC search bot takes a clock's budget (agents.Budget is
// agents.Clocked).
var _ agents.Clocked = (*MCTS)(nil)
