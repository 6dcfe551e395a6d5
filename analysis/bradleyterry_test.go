package analysis

import (
	"math"
	"testing"
)

// tournamentFromWins builds a tournament without draws from a wins
// matrix: wins[i][j] is the number of games i won against j.
func tournamentFromWins(names []string, wins [][]int64) *Tournament {
	t := &Tournament{Bots: names}
	for i := range names {
		for j := i + 1; j < len(names); j++ {
			p := Pairing{A: i, B: j}
			p.Seat[0] = Record{Wins: wins[i][j], Losses: wins[j][i]}
			t.Pairings = append(t.Pairings, p)
		}
	}
	return t
}

// TestBradleyTerryAgresti checks the fit against a published example: the
// 1987 American League East (Agresti, Categorical Data Analysis, 2nd ed.,
// section 10.6), whose Bradley–Terry estimates with Baltimore as the
// reference are 1.58, 1.44, 1.29, 1.25, 1.11, 0.68, 0. The Elo values
// and standard errors below come from an independent Newton–Raphson fit
// written in Python (Baltimore fixed at 0, then centred; covariance from
// the inverse Hessian projected onto sum-zero), which reproduces those
// published estimates to the printed digits.
func TestBradleyTerryAgresti(t *testing.T) {
	names := []string{"Milwaukee", "Detroit", "Toronto", "New York", "Boston", "Cleveland", "Baltimore"}
	wins := [][]int64{
		{0, 7, 9, 7, 7, 9, 11},
		{6, 0, 7, 5, 11, 9, 9},
		{4, 6, 0, 7, 7, 8, 12},
		{6, 8, 6, 0, 6, 7, 10},
		{6, 2, 6, 7, 0, 7, 12},
		{4, 4, 5, 6, 6, 0, 6},
		{2, 4, 1, 3, 1, 7, 0},
	}
	published := []float64{1.58, 1.44, 1.29, 1.25, 1.11, 0.68, 0}
	wantElo := []float64{92.2707859559, 67.0908357703, 42.4362319804, 34.2945517597, 9.9879339173, -63.6414728758, -182.4388665078}
	wantSE := []float64{36.0324535972, 35.4656267331, 35.1016813632, 35.0221581167, 34.9032176166, 35.6198465582, 40.3828369637}
	rk := BradleyTerry(tournamentFromWins(names, wins))
	if !rk.Connected || len(rk.Components) != 1 {
		t.Fatalf("connected %v, components %v; want one component", rk.Connected, rk.Components)
	}
	for i, r := range rk.Ratings {
		if math.Abs(r.Elo-wantElo[i]) > 1e-6 {
			t.Errorf("case %d %s: Elo %.10f, want %.10f", i, r.Bot, r.Elo, wantElo[i])
		}
		if math.Abs(r.SE-wantSE[i]) > 1e-6 {
			t.Errorf("case %d %s: SE %.10f, want %.10f", i, r.Bot, r.SE, wantSE[i])
		}
		// The published log-strengths relative to Baltimore.
		got := (r.Elo - rk.Ratings[6].Elo) / eloPerNat
		if math.Abs(got-published[i]) > 0.005 {
			t.Errorf("case %d %s: log-strength %.3f, published %.2f", i, r.Bot, got, published[i])
		}
	}
	for i, b := range rk.Order {
		if b != i {
			t.Errorf("order %v, want the table's order", rk.Order)
			break
		}
	}
	// Difference Milwaukee - Baltimore: the reference fit's SE with
	// Baltimore fixed.
	c := rk.Cov
	se := math.Sqrt(c[0][0] + c[6][6] - 2*c[0][6])
	if math.Abs(se-59.6296714747) > 1e-6 {
		t.Errorf("SE of Milwaukee-Baltimore %.10f, want 59.6296714747", se)
	}
}

// TestBradleyTerryTwoPlayers checks the closed form for two players: the
// Elo difference is 400·log10(a/b) and the SE of the difference is
// 400/ln10 · sqrt(1/a + 1/b) (a, b the points scored), draws counting
// as half a win.
func TestBradleyTerryTwoPlayers(t *testing.T) {
	for i, c := range []struct{ w, d, l int64 }{{30, 0, 10}, {12, 6, 2}, {500, 100, 400}} {
		tt := &Tournament{Bots: []string{"x", "y"}, Pairings: []Pairing{{A: 0, B: 1}}}
		tt.Pairings[0].Seat[1] = Record{c.w, c.d, c.l}
		rk := BradleyTerry(tt)
		a, b := float64(c.w)+float64(c.d)/2, float64(c.l)+float64(c.d)/2
		wantDiff := 400 * math.Log10(a/b)
		wantSE := eloPerNat * math.Sqrt(1/a+1/b)
		diff := rk.Ratings[0].Elo - rk.Ratings[1].Elo
		se := math.Sqrt(rk.Cov[0][0] + rk.Cov[1][1] - 2*rk.Cov[0][1])
		if math.Abs(diff-wantDiff) > 1e-8 || math.Abs(se-wantSE) > 1e-8 {
			t.Errorf("case %d: diff %.9f se %.9f, want %.9f %.9f", i, diff, se, wantDiff, wantSE)
		}
		if rk.Ratings[0].Elo != -rk.Ratings[1].Elo && math.Abs(rk.Ratings[0].Elo+rk.Ratings[1].Elo) > 1e-9 {
			t.Errorf("case %d: ratings %v do not sum to zero", i, rk.Ratings)
		}
	}
}

// TestBradleyTerryNotConnected: a bot that lost every game makes the win
// graph not strongly connected; the fit says so and stays finite.
func TestBradleyTerryNotConnected(t *testing.T) {
	wins := [][]int64{
		{0, 5, 9},
		{5, 0, 7},
		{0, 0, 0},
	}
	rk := BradleyTerry(tournamentFromWins([]string{"a", "b", "c"}, wins))
	if rk.Connected || rk.Prior == 0 {
		t.Fatalf("connected %v prior %v, want not connected with a prior", rk.Connected, rk.Prior)
	}
	if len(rk.Components) != 2 || len(rk.Components[0]) != 2 || rk.Components[1][0] != 2 {
		t.Errorf("components %v, want [[0 1] [2]]", rk.Components)
	}
	for _, r := range rk.Ratings {
		if math.IsInf(r.Elo, 0) || math.IsNaN(r.Elo) || math.IsNaN(r.SE) {
			t.Errorf("rating %+v is not finite", r)
		}
	}
	if rk.Order[2] != 2 {
		t.Errorf("order %v: the bot that never scored should be last", rk.Order)
	}
}

// TestBradleyTerryUnplayedBot: a run stopped before one bot's first game
// (a pairing with no games). The bots that played are rated as without
// it (the two-bot oracle of TestBradleyTerryTwoPlayers: the difference
// 400·log10(a/b), its standard error eloPerNat·sqrt(1/a+1/b)), connected,
// no virtual draws; the unplayed bot is ranked last with an unknown
// rating. Before, it was ranked among them and every interval was
// infinite (the whole information matrix singular).
func TestBradleyTerryUnplayedBot(t *testing.T) {
	tt := &Tournament{Bots: []string{"x", "idle", "y"}, Pairings: []Pairing{{A: 0, B: 2}, {A: 0, B: 1}, {A: 1, B: 2}}}
	tt.Pairings[0].Seat[0] = Record{Wins: 30, Draws: 10, Losses: 20}
	rk := BradleyTerry(tt)
	a, b := 35.0, 25.0
	diff := rk.Ratings[0].Elo - rk.Ratings[2].Elo
	se := math.Sqrt(rk.Cov[0][0] + rk.Cov[2][2] - 2*rk.Cov[0][2])
	if math.Abs(diff-400*math.Log10(a/b)) > 1e-8 || math.Abs(se-eloPerNat*math.Sqrt(1/a+1/b)) > 1e-8 {
		t.Errorf("difference %.6f ± %.6f, want %.6f ± %.6f", diff, se, 400*math.Log10(a/b), eloPerNat*math.Sqrt(1/a+1/b))
	}
	if !rk.Connected || rk.Prior != 0 || len(rk.Order) != 3 || rk.Order[2] != 1 || !math.IsInf(rk.Ratings[1].SE, 1) {
		t.Errorf("connected %v prior %v order %v, idle's SE %v: want connected, no prior, idle last, SE +Inf", rk.Connected, rk.Prior, rk.Order, rk.Ratings[1].SE)
	}
}
