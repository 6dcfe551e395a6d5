package agents_test

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
)

// TestSearchBotsTakeMS: every search bot of every game (a bot with a
// budget parameter) takes a time budget too, ms, so that bots can be
// compared at equal time (the class, not the examples).
func TestSearchBotsTakeMS(t *testing.T) {
	for _, gi := range game.Registered() {
		for seats := gi.MinSeats; seats <= gi.MaxSeats; seats++ {
			for _, bi := range agents.RegisteredForSeats(gi.Name, seats) {
				has := func(names ...string) bool {
					return slices.ContainsFunc(bi.Params, func(p agents.Param) bool { return slices.Contains(names, p.Name) })
				}
				if has(budgetParams...) && !has("ms") {
					t.Errorf("%s at %d seats: %s searches (has a budget) but takes no ms", gi.Name, seats, bi.Name)
				}
			}
		}
	}
}

// searchBot builds spec for seat 0 of an NZSC game of seats players, as
// a Player and as what counts its iterations.
func searchBot(t *testing.T, seats int, spec string) (agents.Player, interface{ Iterations() int }) {
	t.Helper()
	p, bot := newPlayer(t, "nzsc", seats, spec)
	it, ok := bot.(interface{ Iterations() int })
	if !ok {
		t.Fatalf("%s: %T does not count its iterations", spec, bot)
	}
	return p, it
}

// newPlayer builds spec as a Player of game at seats, and returns it
// and the bot itself: the two-player NZSC Agent it wraps, if it wraps
// one, for the interfaces the bot implements.
func newPlayer(t *testing.T, game string, seats int, spec string) (p agents.Player, bot any) {
	t.Helper()
	b, err := agents.ParseForSeats(game, seats, spec)
	if err != nil {
		t.Fatal(err)
	}
	if p, err = b.NewPlayer(); err != nil {
		t.Fatal(err)
	}
	if u, ok := p.(interface{ Unwrap() agents.Agent }); ok {
		return p, u.Unwrap()
	}
	return p, p
}

// firstDecision has p decide seat 0's first action (the character: many
// legal choices, so the bot searches) of a fresh NZSC game.
func firstDecision(t *testing.T, seats int, p agents.Player) time.Duration {
	t.Helper()
	g, err := game.Build("nzsc", seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	st := g.NewState(1)
	legal := st.Legal(0, nil)
	if len(legal) < 2 {
		t.Fatalf("%d legal actions at the start", len(legal))
	}
	p.NewGame(g, 0, rand.New(rand.NewPCG(1, 2)))
	start := time.Now()
	a := p.Act(st.Observe(0), legal)
	d := time.Since(start)
	if !slices.Contains(legal, a) {
		t.Fatalf("illegal action %v", a)
	}
	return d
}

// TestTimeBudget: with ms=20 each NZSC search bot answers within a
// generous bound (the deadline is polled every 8 iterations of
// microseconds; 5 s allows for a loaded machine) after more than one
// iteration (the first is always run; the clock lets more through).
func TestTimeBudget(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		for _, spec := range []string{"mcts:ms=20", "mcts:ms=20,iters=1,select=duct"} {
			p, it := searchBot(t, seats, spec)
			if d := firstDecision(t, seats, p); d > 5*time.Second {
				t.Errorf("%s at %d seats: a decision took %v", spec, seats, d)
			}
			if n := it.Iterations(); n <= 1 {
				t.Errorf("%s at %d seats: %d iterations in 20 ms", spec, seats, n)
			}
		}
	}
}

// TestIterationBudget: without ms the bot runs exactly iters iterations
// (and reads no clock: TestContextKeepsPlay and the bots' determinism
// tests check that the games are the same).
func TestIterationBudget(t *testing.T) {
	for _, seats := range []int{2, 3, 4} {
		p, it := searchBot(t, seats, "mcts:iters=37,ms=0")
		firstDecision(t, seats, p)
		if n := it.Iterations(); n != 37 {
			t.Errorf("mcts:iters=37 at %d seats ran %d iterations", seats, n)
		}
	}
}

// TestMSRange: ms out of 0..3600000 (or not an integer) is refused with
// one line naming it.
func TestMSRange(t *testing.T) {
	for _, seats := range []int{2, 3} {
		for _, v := range []string{"-1", "3600001", "x"} {
			_, err := agents.ParseForSeats("nzsc", seats, "mcts:ms="+v)
			if err == nil || !strings.Contains(err.Error(), "ms") || strings.Contains(err.Error(), "\n") {
				t.Errorf("mcts:ms=%s at %d seats: error %v, want one line about ms", v, seats, err)
			}
		}
	}
}

// TestBudgetPollAllocates: a poll of the stop and the clock allocates
// nothing (it runs every 8 iterations of a search that allocates nothing).
func TestBudgetPollAllocates(t *testing.T) {
	var b agents.Budget
	if err := b.ReadBudget(agents.Params{"iters": "1", "ms": "60000"}); err != nil {
		t.Fatal(err)
	}
	b.Start()
	if allocs := testing.AllocsPerRun(1000, func() { b.More(8) }); allocs != 0 {
		t.Errorf("Budget.More allocates %v times per poll", allocs)
	}
}
