package nzsc

import (
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
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
func BenchmarkTableTurn(b *testing.B) { benchTable(b, &Random{}, &Random{}) }

// BenchmarkTableTurnMask is BenchmarkTableTurn with both random bots
// asked through the Agent interface (ChooseMask) rather than picked for
// by the table (agents.DigitPicker): what a turn costs a bot that is
// called for each decision. (The wrapper hiding Digits adds a call of
// its own to each decision, a few instructions.)
func BenchmarkTableTurnMask(b *testing.B) {
	x := agents.Agent(maskedRandom{&Random{}})
	if _, ok := x.(agents.DigitPicker); ok {
		b.Fatal("maskedRandom is a DigitPicker: the table would not ask it")
	}
	benchTable(b, x, maskedRandom{&Random{}})
}

// maskedRandom is the random bot without its Digits: Table asks it
// through ChooseMask.
type maskedRandom struct{ *Random }

// Digits hides Random's (a field would do; a method that is no
// agents.DigitPicker's keeps the type small).
func (maskedRandom) Digits() {}

// BenchmarkTableTurnGreedy is BenchmarkTableTurn with greedy in seat 1:
// the decisions of a bot that scores its choices, the workload of a
// tournament of random and greedy.
func BenchmarkTableTurnGreedy(b *testing.B) { benchTable(b, &Random{}, &Greedy{}) }

// benchTable plays x against y through agents.Table, a game per
// operation, each from its own seed, and reports the turns a game.
func benchTable(b *testing.B, x, y agents.Agent) {
	t := agents.NewTable()
	turns := 0
	seed := uint64(0)
	b.ReportAllocs()
	for b.Loop() {
		seed++
		o := t.Play(nz.DefaultRules, seed, x, y)
		turns += int(o.State.Turn)
	}
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

// BenchmarkPlayerTableTurn is the same game through PlayerTable and the
// game contract (random as a Player), the path of every other game.
func BenchmarkPlayerTableTurn(b *testing.B) {
	var g game.Game = nz.NewContractGame(nz.DefaultRules)
	bots := []agents.Player{agents.AsPlayer(&Random{}), agents.AsPlayer(&Random{})}
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
	var buf [2][nz.MaxChoices]nz.Choice
	src := rand.New(rand.NewPCG(7, 7))
	for len(positions) < 64 {
		s := nz.NewGame(nz.DefaultRules)
		for s.Phase != nz.GameOver && len(positions) < 64 {
			var c [2]nz.Choice
			for seat := range 2 {
				n := s.Legal(seat, &buf[seat])
				c[seat] = nz.Unknown
				if n == 0 {
					continue
				}
				if n > 1 {
					st := s
					positions = append(positions, agents.Decision{Seat: seat, State: &st, Legal: append([]nz.Choice(nil), buf[seat][:n]...)})
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
