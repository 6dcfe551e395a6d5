package nzscn_test

import (
	"math"
	"math/bits"
	"testing"

	bots "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

// roundDiff is seat 0's points minus the others' points in one round of
// the given moves, each pair scored on the two-player engine (an
// implementation separate from the bot's payoff code).
func roundDiff(ls []nzsc.Loadout, ms []nzsc.Move) float64 {
	v := 0.0
	for i := range ls {
		for j := i + 1; j < len(ls); j++ {
			e := nzsc.NewRound(nzsc.DefaultRules, ls[i], ls[j])
			t := e.Step(nzsc.Choice(ms[i]), nzsc.Choice(ms[j]))
			gi, gj := float64(t.Gained(0)), float64(t.Gained(1))
			if i == 0 {
				v += gi - gj
			} else {
				v -= gi + gj
			}
		}
	}
	return v
}

func TestParanoidMoveGameGuaranteesItsValue(t *testing.T) {
	// For every table of loadouts with distinct characters (seat 0's
	// point of view), the strategy must guarantee the value against every
	// joint move of the others, and the value must be at least what the
	// best single move guarantees (the LP can only do better by mixing).
	all := nzsc.Loadouts()
	checked := 0
	for _, a := range all {
		for _, b := range all {
			for _, c := range all {
				if a.Character == b.Character || a.Character == c.Character || b.Character == c.Character || b.Character > c.Character {
					continue
				}
				ls := []nzsc.Loadout{a, b, c}
				s := nzscn.NewRound(nzsc.DefaultRules, ls...)
				row, value := bots.ParanoidStrategy(&s, 0)
				mine := movesOf(a.Moves())
				if len(row) != len(mine) {
					t.Fatalf("%v: %d probabilities for %d moves", ls, len(row), len(mine))
				}
				pure := math.Inf(-1)
				for _, m := range mine {
					worst := math.Inf(1)
					for _, x := range movesOf(b.Moves()) {
						for _, y := range movesOf(c.Moves()) {
							worst = min(worst, roundDiff(ls, []nzsc.Move{m, x, y}))
						}
					}
					pure = max(pure, worst)
				}
				for _, x := range movesOf(b.Moves()) {
					for _, y := range movesOf(c.Moves()) {
						e := 0.0
						for i, m := range mine {
							e += row[i] * roundDiff(ls, []nzsc.Move{m, x, y})
						}
						if e < value-1e-7 {
							t.Fatalf("%v: against %v %v the strategy gets %.6f < value %.6f", ls, x, y, e, value)
						}
					}
				}
				if value < pure-1e-7 {
					t.Fatalf("%v: value %.6f below the best pure guarantee %.6f", ls, value, pure)
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d tables checked", checked)
	}
}

func movesOf(set uint32) []nzsc.Move {
	var out []nzsc.Move
	for ; set != 0; set &= set - 1 {
		out = append(out, nzsc.Move(bits.TrailingZeros32(set)))
	}
	return out
}

func TestParanoidBeatsRandom(t *testing.T) {
	// Paranoid plays for the points difference, not to win, yet it should
	// win more than a third against two random bots: by at least two
	// standard errors of a share of 1/3 over the 600 games (deterministic
	// seeds, so the test does not flake).
	const seeds = 100
	se := math.Sqrt(1.0 / 3 * 2 / 3 / (6 * seeds))
	if w := winShare(t, seeds, "paranoid", "random", "random"); w < 1.0/3+2*se {
		t.Errorf("paranoid won %.3f of its games against two random bots, want above %.3f", w, 1.0/3+2*se)
	}
}
