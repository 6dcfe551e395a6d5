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
