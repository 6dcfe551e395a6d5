package roundrobin

import (
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
	"github.com/nzsclab/nzsc/tournament"
)

// TestRandomFastPathIsTablePlay plays the same seeds through
// agents.Table with two nzscbots.Random and through randomGame: the final
// states must be equal field for field (points, waits, loadouts, streaks,
// destroyed moves, turn count, result).
func TestRandomFastPathIsTablePlay(t *testing.T) {
	n := 50_000
	if testing.Short() {
		n = 5_000
	}
	table := agents.NewTable()
	var src [2]rng.Wyrand
	a, b := &nzscbots.Random{}, &nzscbots.Random{}
	stuck := 0
	for i := range n {
		seed := tournament.PairSeed(77, uint64(i))
		o := table.Play(nzsc.DefaultRules, seed, a, b)
		h := table.History
		settled := len(h) > 0 && h[len(h)-1].Phase() == nzsc.PickMove
		s := randomGame(&src, nzsc.DefaultRules, seed)
		fastSettled := s.Settled()
		if s != o.State || fastSettled != settled {
			t.Fatalf("seed %#x: fast path ends in %+v (settled %v), Table.Play in %+v (settled %v)", seed, s, fastSettled, o.State, settled)
		}
		for _, turn := range h {
			if turn.Offence(0) == nzsc.Stuck || turn.Offence(1) == nzsc.Stuck {
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
	fast := matchConfig(t, "random", "random", 1234, 3000, 0)
	slow := *fast
	slow.NoFastPath = true
	w, _ := newWorker(fast, fast.Tables(), nil)
	if tb := w.(*worker).table.(*nzscTable); !tb.fast[0] || !tb.fast[1] {
		t.Fatal("random vs random does not take the fast path")
	}
	w.Close()
	rf, rs := playMatch(t, fast, 2, nil), playMatch(t, &slow, 2, nil)
	if !reflect.DeepEqual(rf, rs) {
		t.Errorf("fast path %+v\ndiffers from Table.Play %+v", rf.Total(), rs.Total())
	}
}
