package nzsc

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis/nash"
	"math/rand/v2"
	"slices"
	"testing"

	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// TestNashRoundStrategies checks the nash bot's first-round play for every
// pair of loadouts with an independent oracle: the payoff matrix is read
// off the engine (Step's Gained points, not RoundPoints), the bot plays
// both seats, and the strategies estimated from its samples must form an
// equilibrium up to sampling noise: what seat 0's strategy guarantees and
// what seat 1's concedes must nearly meet.
func TestNashRoundStrategies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	bot := mustNew(t, "nash")
	for _, la := range nz.Loadouts() {
		for _, lb := range nz.Loadouts() {
			s := nz.NewRound(nz.DefaultRules, la, lb)
			var legal [2][nz.MaxChoices]nz.Choice
			n := [2]int{s.Legal(0, &legal[0]), s.Legal(1, &legal[1])}
			// Payoff to seat 0 (points minus points), read off the engine.
			a := make([][]float64, n[0])
			for i, m := range legal[0][:n[0]] {
				a[i] = make([]float64, n[1])
				for j, o := range legal[1][:n[1]] {
					c := s
					turn := c.Step(m, o)
					a[i][j] = float64(turn.Gained(0)) - float64(turn.Gained(1))
				}
			}
			// The bot's strategy for each seat, estimated by sampling.
			var freq [2][nz.MaxChoices]float64
			const samples = 4000
			for seat := range 2 {
				bot.NewGame(seat, rng)
				d := agents.Decision{Seat: seat, State: &s, Legal: legal[seat][:n[seat]]}
				for range samples {
					c := bot.Choose(&d)
					freq[seat][slices.Index(legal[seat][:n[seat]], c)] += 1.0 / samples
				}
			}
			// Certificate on the sampled strategies: what seat 0 guarantees
			// and what seat 1 concedes must be close (sampling noise).
			lower, upper := math.Inf(1), math.Inf(-1)
			for j := range n[1] {
				v := 0.0
				for i := range n[0] {
					v += freq[0][i] * a[i][j]
				}
				lower = min(lower, v)
			}
			for i := range n[0] {
				v := 0.0
				for j := range n[1] {
					v += a[i][j] * freq[1][j]
				}
				upper = max(upper, v)
			}
			if upper-lower > 0.12 {
				t.Errorf("%v vs %v: sampled strategies %v / %v guarantee %.3f but concede %.3f", la, lb, freq[0][:n[0]], freq[1][:n[1]], lower, upper)
			}
		}
	}
}

// roundValue is the oracle's value of the first-round sub-game of two
// loadouts: the payoff matrix is read off the engine and solved by the
// Bland simplex alone (not the gonum path the bot goes through first).
func roundValue(t *testing.T, la, lb nz.Loadout) float64 {
	s := nz.NewRound(nz.DefaultRules, la, lb)
	var a, b [nz.MaxChoices]nz.Choice
	na, nb := s.Legal(0, &a), s.Legal(1, &b)
	g := mat.NewDense(na, nb, nil)
	for i, m := range a[:na] {
		for j, o := range b[:nb] {
			c := s
			turn := c.Step(m, o)
			g.Set(i, j, float64(turn.Gained(0))-float64(turn.Gained(1)))
		}
	}
	sol, err := nash.SolveWith(g, nash.Bland)
	if err != nil {
		t.Fatal(err)
	}
	return sol.Value
}

// TestNashBoosterGames checks the booster phase the same way: the game
// of the three boosters against three has entries built by the oracle
// (round values plus the headstart difference), and the bot's sampled
// strategies for both seats must nearly meet.
func TestNashBoosterGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 2))
	bot := mustNew(t, "nash")
	for c := range nz.Character(nz.NumCharacters) {
		for o := range nz.Character(nz.NumCharacters) {
			if c == o {
				continue
			}
			s := nz.NewGame(nz.DefaultRules)
			head := s.Step(nz.Choice(c), nz.Choice(o))
			var a [3][3]float64
			for i, b := range c.Boosters() {
				for j, ob := range o.Boosters() {
					a[i][j] = roundValue(t, nz.Loadout{Character: c, Booster: b}, nz.Loadout{Character: o, Booster: ob}) +
						float64(head.Gained(0)) - float64(head.Gained(1))
				}
			}
			var freq [2][3]float64
			const samples = 4000
			for seat := range 2 {
				var legal [nz.MaxChoices]nz.Choice
				n := s.Legal(seat, &legal)
				bot.NewGame(seat, rng)
				d := agents.Decision{Seat: seat, State: &s, Legal: legal[:n]}
				for range samples {
					freq[seat][slices.Index(legal[:n], bot.Choose(&d))] += 1.0 / samples
				}
			}
			lower, upper := math.Inf(1), math.Inf(-1)
			for j := range 3 {
				lower = min(lower, freq[0][0]*a[0][j]+freq[0][1]*a[1][j]+freq[0][2]*a[2][j])
			}
			for i := range 3 {
				upper = max(upper, a[i][0]*freq[1][0]+a[i][1]*freq[1][1]+a[i][2]*freq[1][2])
			}
			if upper-lower > 0.1 {
				t.Errorf("%v vs %v: booster strategies %v / %v guarantee %.3f but concede %.3f (game %v)", c, o, freq[0], freq[1], lower, upper, a)
			}
		}
	}
}

// TestNashConcurrent plays nash instances on several goroutines at once
// from a cold cache; run with -race to check the shared tables.
func TestNashConcurrent(t *testing.T) {
	var wg sync.WaitGroup
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a, b := mustNew(t, "nash"), mustNew(t, "random")
			tab := agents.NewTable()
			for g := range 50 {
				tab.Play(nz.DefaultRules, uint64(w*1000+g), a, b)
			}
		}()
	}
	wg.Wait()
}
