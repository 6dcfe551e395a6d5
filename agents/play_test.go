package agents

import (
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
