package agents_test

import (
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
)

// The benchmarks of this file price the bot interface and the search
// (issue 26 item 5): a turn of two random bots through agents.Table (the
// Agent interface, the path of two-player NZSC runs) and through
// PlayerTable (the Player interface of every game), and an iteration of
// mcts. One operation is a whole game or a whole decision; turns/game
// and iters/op divide, so that callgrind's instructions per operation
// (scripts/benchcmp.sh's way: two -test.benchtime counts, differenced)
// give instructions per turn and per iteration.

// BenchmarkTableTurn plays random against random through agents.Table,
// a game per operation, each from its own seed.
func BenchmarkTableTurn(b *testing.B) {
	t := agents.NewTable()
	x, y := &agents.Random{}, &agents.Random{}
	turns := 0
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		o := t.Play(engine.DefaultRules, seed, x, y)
		turns += int(o.State.Turn)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkPlayerTableTurn is the same game through PlayerTable and the
// game contract (random as a Player), the path of every other game.
func BenchmarkPlayerTableTurn(b *testing.B) {
	g, err := game.Build("nzsc", 2, nil)
	if err != nil {
		b.Fatal(err)
	}
	bots := make([]agents.Player, 2)
	for i := range bots {
		bot, err := agents.ParseForSeats("nzsc", 2, "random")
		if err != nil {
			b.Fatal(err)
		}
		if bots[i], err = bot.NewPlayer(); err != nil {
			b.Fatal(err)
		}
	}
	t := agents.NewPlayerTable()
	turns := 0
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		turns += t.Play(g, seed, bots).Steps
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkMCTSIteration is one mcts decision of 200 iterations per
// operation on positions of random games (every phase), the tree's
// storage warmed first; iters/op is 200.
func BenchmarkMCTSIteration(b *testing.B) {
	const iters = 200
	var positions []agents.Decision
	var buf [2][engine.MaxChoices]engine.Choice
	src := rand.New(rand.NewPCG(7, 7))
	for len(positions) < 64 {
		s := engine.NewGame(engine.DefaultRules)
		for s.Phase != engine.GameOver && len(positions) < 64 {
			var c [2]engine.Choice
			for seat := range 2 {
				n := s.Legal(seat, &buf[seat])
				c[seat] = engine.Unknown
				if n == 0 {
					continue
				}
				if n > 1 {
					st := s
					positions = append(positions, agents.Decision{Seat: seat, State: &st, Legal: append([]engine.Choice(nil), buf[seat][:n]...)})
				}
				c[seat] = buf[seat][src.IntN(n)]
			}
			s.Step(c[0], c[1])
		}
	}
	bot, err := agents.Parse("mcts:iters=200")
	if err != nil {
		b.Fatal(err)
	}
	a, err := bot.New()
	if err != nil {
		b.Fatal(err)
	}
	a.NewGame(0, rand.New(rand.NewPCG(1, 1)))
	for i := range positions {
		a.Choose(&positions[i])
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		a.Choose(&positions[i%len(positions)])
		i++
	}
	b.ReportMetric(iters, "iters/op")
}
