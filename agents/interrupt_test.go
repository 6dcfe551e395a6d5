package agents_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	_ "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// budgetParams are the parameters that size a bot's search: a bot kind
// that has one must stop on its context.
var budgetParams = []string{"iters", "samples", "rollouts"}

// TestSearchBotsAreContextSetters: every registered bot of every game
// whose search has a budget parameter is a ContextSetter, so that a stop
// reaches it (the class, not the examples: a new search bot is caught).
func TestSearchBotsAreContextSetters(t *testing.T) {
	n := 0
	for _, gi := range game.Registered() {
		for seats := gi.MinSeats; seats <= gi.MaxSeats; seats++ {
			for _, bi := range agents.RegisteredForSeats(gi.Name, seats) {
				if !slices.ContainsFunc(bi.Params, func(p agents.Param) bool { return slices.Contains(budgetParams, p.Name) }) {
					continue
				}
				_, bot := newPlayer(t, gi.Name, seats, bi.Name)
				if _, ok := bot.(agents.ContextSetter); !ok {
					t.Errorf("%s at %d seats: %s searches (has a budget) but is not an agents.ContextSetter", gi.Name, seats, bi.Name)
				}
				n++
			}
		}
	}
	if n < 4 {
		t.Errorf("found %d search bots, want at least mcts (2 and N seats), ismcts, pimc", n)
	}
}

// playStopped plays one game of g on a PlayerTable whose context is
// done: spec in seat 0, random bots elsewhere. It fails if the game is
// not over within a generous bound (each decision's budget would take
// minutes, a stopped one takes microseconds) or a bot plays illegally.
func playStopped(t *testing.T, gameName string, seats int, spec string, ctx context.Context) {
	t.Helper()
	g, err := game.Build(gameName, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bots []agents.Player
	for s := range seats {
		sp := "random"
		if s == 0 {
			sp = spec
		}
		b, err := agents.ParseForSeats(gameName, seats, sp)
		if err != nil {
			t.Fatal(err)
		}
		p, err := b.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, p)
	}
	tab := agents.NewPlayerTable()
	tab.SetContext(ctx)
	done := make(chan agents.GameResult, 1)
	go func() { done <- tab.Play(g, 7, bots) }()
	select {
	case res := <-done:
		if res.Forfeit >= 0 || res.Illegal != [game.MaxSeats]int{} {
			t.Errorf("%s: forfeit %d (%v), illegal %v", spec, res.Forfeit, res.Fault, res.Illegal)
		}
	case <-time.After(60 * time.Second):
		t.Fatalf("%s (%s, %d seats): the game still runs 60 s after its context was cancelled: the search ignores the stop", spec, gameName, seats)
	}
}

// TestSearchBotsStop: with the table's context cancelled, a game of
// search bots whose every decision has a budget of minutes ends at once,
// legally, whether the context was done before the game or is cancelled
// during a decision.
func TestSearchBotsStop(t *testing.T) {
	for _, c := range []struct {
		game  string
		seats int
		spec  string
	}{
		{"nzsc", 2, "mcts:iters=10000000"},
		{"nzsc", 2, "mcts:iters=10000000,select=exp3"},
		{"nzsc", 4, "mcts:iters=10000000"},
		{"nzsc", 3, "mcts:iters=10000000,select=duct"},
		{"nzsc", 2, "mcts:ms=3600000"},
		{"nzsc", 4, "mcts:ms=3600000,select=duct"},
		{"npzr", 2, "ismcts:iters=10000000"},
		{"npzr", 2, "pimc:samples=10000,rollouts=10000"},
	} {
		t.Run(fmt.Sprintf("%s-%d-%s", c.game, c.seats, c.spec), func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			playStopped(t, c.game, c.seats, c.spec, ctx)
			// Cancelled during the first decision that searches.
			ctx, cancel = context.WithCancel(context.Background())
			defer cancel()
			time.AfterFunc(50*time.Millisecond, cancel)
			playStopped(t, c.game, c.seats, c.spec, ctx)
		})
	}
}

// TestContextKeepsPlay: a context that is never cancelled changes
// nothing: the same seeds give the same games with and without it (the
// poll reads no randomness).
func TestContextKeepsPlay(t *testing.T) {
	newBot := func() agents.Agent { return agents.MustAgent(t, "mcts:iters=300") }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var hist [2][]nzsc.Turn
	for k := range hist {
		tab := agents.NewTable()
		if k == 1 {
			tab.SetContext(ctx)
		}
		a, b := newBot(), newBot()
		for seed := range uint64(3) {
			tab.Play(nzsc.DefaultRules, seed, a, b)
			hist[k] = append(hist[k], tab.History...)
		}
	}
	if !slices.Equal(hist[0], hist[1]) {
		t.Error("mcts plays other games when given a live context")
	}
	// And a stopped one on the fast table: the game ends at once.
	stopped, stop := context.WithCancel(context.Background())
	stop()
	big, err := agents.Parse("mcts:iters=10000000")
	if err != nil {
		t.Fatal(err)
	}
	a, _ := big.New()
	tab := agents.NewTable()
	tab.SetContext(stopped)
	done := make(chan agents.Outcome, 1)
	go func() { done <- tab.Play(nzsc.DefaultRules, 1, a, &nzscbots.Random{}) }()
	select {
	case o := <-done:
		if o.Forfeit >= 0 || o.State.Phase != nzsc.GameOver {
			t.Errorf("stopped game: %+v", o)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("the game on a stopped Table still runs after 60 s")
	}
}

// BenchmarkInterrupted times one poll of a live context, what a search
// bot pays per iteration; BenchmarkChooseMCTS over its 1000 iterations
// is the cost of an iteration, for the ratio.
func BenchmarkInterrupted(b *testing.B) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var in agents.Interrupt
	in.SetContext(ctx)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		if in.Interrupted() {
			n++
		}
	}
	if n != 0 {
		b.Fatal("interrupted")
	}
}
