package agents_test

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
)

// quitter plays a random legal action and fails after its
// decisions-th decision, as a crashed external bot does.
type quitter struct {
	decisions, made int
	rng             *rand.Rand
}

func (q *quitter) NewGame(_ game.Game, _ int, rng *rand.Rand) { q.made, q.rng = 0, rng }
func (q *quitter) Act(_ game.Observation, legal []game.Action) game.Action {
	q.made++
	return legal[q.rng.IntN(len(legal))]
}
func (q *quitter) Fault() error {
	if q.made > q.decisions {
		return errors.New("crashed")
	}
	return nil
}

// TestForfeitRecordReplays: a game forfeited on the generic table keeps
// the points of the step where it stopped, as the NZSC table's records
// do, so that its record replays (game.Replay checks a forfeit's score).
// The table used to record 0 points for every seat.
func TestForfeitRecordReplays(t *testing.T) {
	g, err := game.Build("nzsc", 3, nil)
	if err != nil {
		t.Fatal(err)
	}
	table := agents.NewPlayerTable()
	table.Record = true
	scored := 0
	for k := range 12 {
		ps := []agents.Player{&quitter{decisions: 1 << 30}, &quitter{decisions: k}, &quitter{decisions: 1 << 30}}
		res := table.Play(g, 5, ps)
		if res.Forfeit != 1 {
			continue // the game ended first
		}
		rec := *game.NewRecord(g, 5, []string{"a", "b", "c"})
		rec.Turns = table.Names
		rec.Result.SetOutcome(res.Outcome)
		rec.Result.Steps, rec.Result.Forfeit, rec.Result.Fault = res.Steps, &res.Forfeit, res.Fault.Error()
		if _, err := game.Replay(g, &rec, nil); err != nil {
			t.Errorf("forfeit after %d decisions: %v", k, err)
		}
		for _, s := range table.Final.Outcome().Score {
			scored += s
		}
	}
	if scored == 0 {
		t.Fatal("no forfeit came after a point: the test checks nothing")
	}
}
