package analysis

import (
	"math"
	"testing"
)

// TestMetagameCycle: three bots in a rock-paper-scissors cycle where a
// beats b 3:1 (score 0.75), b beats c 3:1 and c beats a 3:1 have the
// uniform mix as their unique equilibrium; a fourth bot that loses to
// everyone gets weight 0.
func TestMetagameCycle(t *testing.T) {
	wins := [][]int64{
		{0, 30, 10, 40},
		{10, 0, 30, 40},
		{30, 10, 0, 40},
		{0, 0, 0, 0},
	}
	ct := NewCrossTable(tournamentFromWins([]string{"a", "b", "c", "d"}, wins))
	mg, err := NewMetagame(ct)
	if err != nil {
		t.Fatal(err)
	}
	want := []float64{1.0 / 3, 1.0 / 3, 1.0 / 3, 0}
	for i := range want {
		if math.Abs(mg.Weight[i]-want[i]) > 1e-9 {
			t.Errorf("weights %v, want %v", mg.Weight, want)
			break
		}
	}
	if math.Abs(mg.Value) > 1e-9 || mg.Upper-mg.Lower > 1e-9 {
		t.Errorf("value %v bounds [%v, %v], want 0", mg.Value, mg.Lower, mg.Upper)
	}
}

// TestMetagameDominant: a bot that beats every other is the pure
// equilibrium.
func TestMetagameDominant(t *testing.T) {
	// b beats a 6:4 and c 9:1; a beats c 6:4.
	ct := NewCrossTable(tournamentFromWins([]string{"a", "b", "c"}, [][]int64{{0, 4, 6}, {6, 0, 9}, {4, 1, 0}}))
	mg, err := NewMetagame(ct)
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(mg.Weight[1]-1) > 1e-9 {
		t.Errorf("weights %v, want all on b", mg.Weight)
	}
}

// TestMetagameUnplayed: a bot that played no game (a run stopped before
// its games) is left out: weight 0, listed in Unplayed, and the mix of
// the others is an equilibrium of their own game (no played bot scores
// more than 1/2 against it). Imputing it even against everyone made it
// an optimal pure strategy, and the solver gave it weight.
func TestMetagameUnplayed(t *testing.T) {
	for _, wins := range [][][]int64{
		// a, b, c in a cycle; d played nothing.
		{{0, 30, 10, 0}, {10, 0, 30, 0}, {30, 10, 0, 0}, {0, 0, 0, 0}},
		// a beats b 6:4 and c 7:3, b beats c; d played nothing.
		{{0, 6, 7, 0}, {4, 0, 6, 0}, {3, 4, 0, 0}, {0, 0, 0, 0}},
		// d first: the unplayed bot's index comes before the others.
		{{0, 0, 0, 0}, {0, 0, 6, 7}, {0, 4, 0, 6}, {0, 3, 4, 0}},
	} {
		ct := NewCrossTable(tournamentFromWins([]string{"a", "b", "c", "d"}, wins))
		mg, err := NewMetagame(ct)
		if err != nil {
			t.Fatal(err)
		}
		d := 3
		if wins[0][1] == 0 && wins[0][2] == 0 {
			d = 0
		}
		if mg.Weight[d] != 0 || !mg.Left(d) || len(mg.Unplayed) != 1 {
			t.Errorf("weights %v unplayed %v: want the unplayed bot %d left out with weight 0", mg.Weight, mg.Unplayed, d)
		}
		sum := 0.0
		for _, w := range mg.Weight {
			sum += w
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("weights %v sum to %v", mg.Weight, sum)
		}
		// The certificate over the bots that played.
		for j := range 4 {
			if j == d {
				continue
			}
			s := 0.0
			for i := range 4 {
				if i != j && i != d {
					s += mg.Weight[i] * (ct.Cells[j][i].Score - 0.5)
				}
			}
			if s > 1e-9 {
				t.Errorf("weights %v: %s gains %v against the mix", mg.Weight, ct.Bots[j], s)
			}
		}
		if mg.Missing != 0 {
			t.Errorf("missing %d, want 0: pairs with the unplayed bot are not counted", mg.Missing)
		}
	}
}
