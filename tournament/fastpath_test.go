package tournament

import (
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
)

// TestRandomFastPathIsTablePlay plays the same seeds through
// agents.Table with two agents.Random and through randomGame: the final
// states must be equal field for field (points, waits, loadouts, streaks,
// destroyed moves, turn count, result).
func TestRandomFastPathIsTablePlay(t *testing.T) {
	n := 50_000
	if testing.Short() {
		n = 5_000
	}
	table := agents.NewTable()
	var src [2]engine.Wyrand
	a, b := &agents.Random{}, &agents.Random{}
	stuck := 0
	for i := range n {
		seed := PairSeed(77, uint64(i))
		o := table.Play(engine.DefaultRules, seed, a, b)
		h := table.History
		settled := len(h) > 0 && h[len(h)-1].Phase() == engine.PickMove
		s, fastSettled := randomGame(&src, engine.DefaultRules, seed)
		if s != o.State || fastSettled != settled {
			t.Fatalf("seed %#x: fast path ends in %+v (settled %v), Table.Play in %+v (settled %v)", seed, s, fastSettled, o.State, settled)
		}
		for _, turn := range h {
			if turn.Offence(0) == engine.Stuck || turn.Offence(1) == engine.Stuck {
				stuck++
				break
			}
		}
	}
	// The stuck-player path (the engine draws nothing more, Random still
	// does) must have been exercised.
	if stuck == 0 {
		t.Errorf("no game with a stuck player in %d games: the comparison missed that path", n)
	}
}

func TestRandomFastPathMatchesTableMatch(t *testing.T) {
	plan := Plan{Seed: 1234, Pairs: 3000, Workers: 2}
	fast := &Match{A: mustBot(t, "random"), B: mustBot(t, "random"), Rules: engine.DefaultRules}
	slow := *fast
	slow.NoFastPath = true
	w, _ := fast.NewWorker(0)
	if !w.(*matchWorker).fast {
		t.Fatal("random vs random does not take the fast path")
	}
	w.Close()
	rf, err := fast.Play(t.Context(), plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	rs, err := slow.Play(t.Context(), plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rf.Total, rs.Total) {
		t.Errorf("fast path %+v\ndiffers from Table.Play %+v", rf.Total.WDL(), rs.Total.WDL())
	}
}
