package npzr

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/rng"
)

// BenchmarkRandomGame plays one complete game between two uniform-random
// players per operation (State.PlayRandom), each game from its own seed.
// decisions/game is the mean number of decisions; ns/decision divides.
func BenchmarkRandomGame(b *testing.B) {
	b.ReportAllocs()
	var r rng.Wyrand
	var seed uint64
	decisions := 0
	for b.Loop() {
		seed++
		r.Seed(seed, 1)
		s, _ := New(DefaultRules, seed)
		s.PlayRandom(&r)
		decisions += s.Steps()
	}
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/game")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(decisions), "ns/decision")
}

// BenchmarkRandomDecision times one random decision (count, pick, apply)
// on a game in progress, a new game started when one ends.
func BenchmarkRandomDecision(b *testing.B) {
	b.ReportAllocs()
	var r rng.Wyrand
	seed := uint64(1)
	s, _ := New(DefaultRules, seed)
	for b.Loop() {
		if s.Over() {
			seed++
			s, _ = New(DefaultRules, seed)
		}
		s.Step(s.RandomAction(&r))
	}
}

// randomPositions returns every position of 20 random games (seeds 0
// to 19, one Wyrand drawing their actions), the benchmarks' workload,
// and that Wyrand as the games left it.
func randomPositions() ([]State, rng.Wyrand) {
	var positions []State
	var r rng.Wyrand
	for seed := range uint64(20) {
		s, _ := New(DefaultRules, seed)
		for !s.Over() {
			positions = append(positions, s)
			s.Step(s.RandomAction(&r))
		}
	}
	return positions, r
}

// BenchmarkLegal lists the legal actions of positions from random games,
// as a search bot does at each node.
func BenchmarkLegal(b *testing.B) {
	b.ReportAllocs()
	positions, _ := randomPositions()
	var buf [MaxLegal]Action
	n, i := 0, 0
	for b.Loop() {
		n += len(positions[i].Legal(buf[:0]))
		i = (i + 1) % len(positions)
	}
	b.ReportMetric(float64(n)/float64(b.N), "actions/op")
}

// BenchmarkDeterminize samples the hidden cards of observations from
// random games, as pimc and ismcts do once per sample or iteration.
func BenchmarkDeterminize(b *testing.B) {
	b.ReportAllocs()
	var obs []Observation
	positions, r := randomPositions()
	for _, s := range positions {
		var o Observation
		s.Observe(s.ToAct(), &o)
		obs = append(obs, o)
	}
	i := 0
	for b.Loop() {
		if _, err := obs[i].Determinize(&r); err != nil {
			b.Fatal(err)
		}
		i = (i + 1) % len(obs)
	}
}
