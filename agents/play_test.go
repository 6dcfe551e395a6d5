package agents

import (
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// finishRecorder is a random bot that records what Finish tells it.
type finishRecorder struct {
	Agent
	outcomes []Outcome
	turns    []int
}

func (f *finishRecorder) Finish(o Outcome, h []nzsc.Turn) {
	f.outcomes = append(f.outcomes, o)
	f.turns = append(f.turns, len(h))
}

func TestPlayTellsFinishers(t *testing.T) {
	a, b := &finishRecorder{Agent: randomBot()}, &finishRecorder{Agent: randomBot()}
	tab := NewTable()
	for seed := uint64(1); seed <= 3; seed++ {
		out := tab.Play(nzsc.DefaultRules, seed, a, b)
		for _, f := range []*finishRecorder{a, b} {
			last := len(f.outcomes) - 1
			if last != int(seed)-1 || f.outcomes[last].State != out.State || f.turns[last] != len(tab.History) {
				t.Fatalf("game %d: finisher saw %d outcomes, last %+v after %v turns; want the game's %+v after %d turns",
					seed, len(f.outcomes), f.outcomes[last].State, f.turns, out.State, len(tab.History))
			}
		}
	}
}

// sliceBot is an agent of a type that == cannot compare (it panics): a
// Table must tell agents apart without ==.
type sliceBot struct {
	Agent
	junk []int
}

// TestTableReusedAcrossAgents plays one Table's games with the bots of
// each seat changing from game to game (bit-set and list paths,
// faulters, finishers, an incomparable type, the same bot in both
// seats) and checks each game against a new Table's: what Play learns
// about a bot's optional interfaces must follow the bot.
func TestTableReusedAcrossAgents(t *testing.T) {
	fa, fb := &finishRecorder{Agent: randomBot()}, &finishRecorder{Agent: listOnly{randomBot()}}
	r, l := randomBot(), listOnly{randomBot()}
	var incomparable Agent = sliceBot{Agent: randomBot(), junk: []int{1}}
	pairs := [][2]Agent{
		{r, l}, {l, r}, {fa, r}, {fb, fa}, {r, fb}, {&faultAt{Agent: randomBot(), k: 2}, l},
		{incomparable, r}, {incomparable, incomparable}, {r, r}, {l, &faultAt{Agent: l, k: 4}},
	}
	reused := NewTable()
	for seed := range uint64(60) {
		p := pairs[seed%uint64(len(pairs))]
		got := reused.Play(nzsc.DefaultRules, seed, p[0], p[1])
		fresh := NewTable()
		want := fresh.Play(nzsc.DefaultRules, seed, p[0], p[1])
		if got.State != want.State || got.Forfeit != want.Forfeit || got.Fault != want.Fault || !slices.Equal(reused.History, fresh.History) {
			t.Fatalf("seed %d, pair %d: reused table %+v after %v; new table %+v after %v", seed, seed%uint64(len(pairs)), got, reused.History, want, fresh.History)
		}
	}
	// Each finisher played 12 games (two pairs of ten, six times over),
	// and was told of each twice: once by each table. (fb follows fa in
	// seat 0 and in seat 1: the same type, another bot.)
	if len(fa.outcomes) != 2*12 || len(fb.outcomes) != 2*12 {
		t.Fatalf("finishers told of %d and %d games, want 24 each", len(fa.outcomes), len(fb.outcomes))
	}
}
