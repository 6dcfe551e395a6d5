package nzsc

import (
	"math/rand/v2"
	"slices"
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
// by the table (agents.DigitPicker): what a turn costs with a bot
// called for each decision.
func BenchmarkTableTurnMask(b *testing.B) {
	x, y := agents.Agent(&maskRandom{}), agents.Agent(&maskRandom{})
	if _, ok := x.(agents.DigitPicker); ok {
		b.Fatal("maskRandom is a DigitPicker: the table would not ask it")
	}
	playsRandomsGames(b, "maskRandom", x, y)
	benchTable(b, x, y)
}

// maskRandom is Random without Digits, so that Table asks it through
// ChooseMask: Random's methods, ChooseMask's body copied rather than
// called (a wrapper would add a call to each decision).
type maskRandom Random

func (r *maskRandom) NewGame(seat int, rng *rand.Rand)    { (*Random)(r).NewGame(seat, rng) }
func (r *maskRandom) Choose(d *agents.Decision) nz.Choice { return (*Random)(r).Choose(d) }
func (r *maskRandom) ChooseMask(_ *agents.Decision, legal uint32) nz.Choice {
	if r.digits.Spent() {
		r.digits.Fill(r.rng.Uint64())
	}
	return nz.LegalAt(legal, r.digits.Next())
}

// BenchmarkTableTurnList is BenchmarkTableTurn with both random bots
// asked through Choose, their legal choices listed: the path of every
// bot without a ChooseMask (nash, classic, mcts, optimal, exploiter and
// external bots).
func BenchmarkTableTurnList(b *testing.B) {
	x, y := agents.Agent(&listRandom{}), agents.Agent(&listRandom{})
	if _, ok := x.(agents.MaskChooser); ok {
		b.Fatal("listRandom is a MaskChooser: the table would not list its choices")
	}
	if _, ok := x.(agents.DigitPicker); ok {
		b.Fatal("listRandom is a DigitPicker: the table would not ask it")
	}
	playsRandomsGames(b, "listRandom", x, y)
	benchTable(b, x, y)
}

// listRandom is Random with neither Digits nor ChooseMask, so that
// Table lists its choices and asks it through Choose: Choose's body
// copied rather than called, as maskRandom's.
type listRandom Random

func (r *listRandom) NewGame(seat int, rng *rand.Rand) { (*Random)(r).NewGame(seat, rng) }
func (r *listRandom) Choose(d *agents.Decision) nz.Choice {
	if r.digits.Spent() {
		r.digits.Fill(r.rng.Uint64())
	}
	return d.Legal[uint32(r.digits.Next())%uint32(len(d.Legal))]
}

// BenchmarkTableTurnGreedy is BenchmarkTableTurn with greedy in seat 1:
// the decisions of a bot that scores its choices, the workload of a
// tournament of random and greedy.
func BenchmarkTableTurnGreedy(b *testing.B) { benchTable(b, &Random{}, &Greedy{}) }

// playsRandomsGames fails b unless x against y, two copies of Random
// by another path (name), play Random's games (seeds 0 to 19): what
// the path costs is then priced on the same games.
func playsRandomsGames(b *testing.B, name string, x, y agents.Agent) {
	b.Helper()
	t, u := agents.NewTable(), agents.NewTable()
	for seed := range uint64(20) {
		o, p := t.Play(nz.DefaultRules, seed, x, y), u.Play(nz.DefaultRules, seed, &Random{}, &Random{})
		if o.State != p.State || !slices.Equal(t.History, u.History) {
			b.Fatalf("seed %d: %s's game differs from Random's", seed, name)
		}
	}
}

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
