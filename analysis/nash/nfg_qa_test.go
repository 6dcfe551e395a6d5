package nash

import (
	"errors"
	"strings"
	"testing"
)

// TestReadNFGByteOrderMark: a file saved by an editor that starts it
// with a UTF-8 byte order mark is read as the same game (the command
// already takes such standard input for a game file, and ReadCSV skips
// the mark).
func TestReadNFGByteOrderMark(t *testing.T) {
	g, err := ReadNFG(strings.NewReader("\ufeff" + pdPayoff))
	if err != nil {
		t.Fatalf("a game after a byte order mark: %v", err)
	}
	want, _ := ReadNFG(strings.NewReader(pdPayoff))
	sameGame(t, g, want)
	// Only at the start: elsewhere it is not a blank.
	if _, err := ReadNFG(strings.NewReader("NFG 1 R \"\" {\ufeff \"A\" \"B\" } { 1 1 } 0 0")); err == nil {
		t.Error("a byte order mark inside the file was read as a blank")
	}
}

// bendingPath is a random 4×4×4 game (payoffs fractions -10/7 to 10)
// with no pure equilibrium whose logit path from the uniform profile
// bends back: λ rises to about 767, falls to about 340, rises again to
// an equilibrium near λ = 934. The path was left as "retracing itself"
// once λ fell below half its largest, and so were the seven others:
// the game was not certified.
const bendingPath = `NFG 1 R "bending" { "P1" "P2" "P3" } { 4 4 4 }
""
9/6 -10/4 3/1
-2/3 7/3 -8/4
-2/1 -2/5 -3/2
7/6 4/3 6/5
-2/5 0/6 1/7
-6/1 -3/3 8/5
-2/2 2/6 -6/6
-8/7 -10/6 -1/4
-7/3 10/2 9/6
4/6 1/1 5/3
-10/3 -8/4 1/1
2/2 9/3 -3/6
2/1 6/1 1/4
-7/7 6/3 3/5
6/7 -10/2 4/2
-7/7 -4/6 -4/2
-4/3 -9/1 -6/5
-2/4 3/6 0/1
-10/4 4/2 -3/7
8/5 9/6 3/7
5/1 -5/4 -6/2
-7/2 -2/4 6/7
-2/2 10/2 2/6
-3/2 -2/6 2/5
-9/6 3/4 8/1
-7/7 -2/6 3/2
-10/2 10/5 -3/2
-5/2 3/4 9/2
-1/5 -3/6 9/6
-1/7 6/5 -3/5
2/1 -5/3 -4/5
-2/5 7/7 9/2
-10/2 -6/6 1/4
4/3 -7/5 -4/1
9/7 10/1 7/3
-2/5 -10/4 5/7
-9/3 9/1 -3/2
9/6 3/4 -5/7
-9/6 4/3 9/6
-4/1 0/4 10/7
-7/1 -10/1 -5/2
8/3 9/4 -6/1
-1/2 -10/1 3/2
-3/2 -4/3 2/6
-8/5 4/1 -5/3
8/4 6/2 -2/3
-4/5 -5/6 9/6
10/3 -10/7 -7/5
0/5 8/7 -9/5
-9/7 -4/6 9/1
-3/5 -7/3 -8/4
3/1 0/7 -1/2
7/2 -5/4 -7/3
1/7 -7/5 3/1
-10/3 2/2 7/7
4/5 -1/1 -8/1
-2/1 5/4 10/5
4/7 -9/3 8/3
2/3 10/2 -4/3
10/7 -2/4 1/6
-3/4 8/5 -1/4
-6/5 -7/2 6/3
6/1 -8/6 -4/4
0/1 9/7 0/6
`

// TestLogitFollowsBendingPath: the uniform start's path is followed
// through its bends to a certified equilibrium.
func TestLogitFollowsBendingPath(t *testing.T) {
	g, err := ReadNFG(strings.NewReader(bendingPath))
	if err != nil {
		t.Fatal(err)
	}
	m, err := LogitEquilibrium(g, 1e-8)
	if errors.Is(err, ErrNotCertified) {
		t.Fatalf("not certified: the best profile's regret is %g (λ %g, %d steps, start %d)", m.MaxRegret, m.Lambda, m.Steps, m.Start)
	}
	if err != nil {
		t.Fatal(err)
	}
	if m.Start != 0 || m.MaxRegret > 1e-8 || plainRegret(g, m.Strategies) > 1e-8 {
		t.Errorf("start %d, regret %g (plain %g), want the uniform start's path certified within 1e-8", m.Start, m.MaxRegret, plainRegret(g, m.Strategies))
	}
}

// TestLogitWorkBudget: a game whose paths certify nothing (an epsilon
// no float64 profile reaches) stops when the work budget is spent, and
// says so, rather than following all its paths to their ends, which
// for a game of 16 384 profiles and 16 players took more than half an
// hour of CPU (the budget is lowered here to reach it quickly).
func TestLogitWorkBudget(t *testing.T) {
	defer func(w float64) { maxPathWork = w }(maxPathWork)
	g := cyclicGame(1, 2, 3, 1, 2, 3)
	m, err := LogitEquilibrium(g, 1e-300)
	if !errors.Is(err, ErrNotCertified) || m.BudgetSpent {
		t.Fatalf("budget not reached: %v, budget spent %v", err, m.BudgetSpent)
	}
	full := m.Steps
	// cyclicGame: 8 profiles, 3 players, 6 strategies: a step (and an
	// exact check) costs 8·9 + 6³/50 units.
	perStep := 8*9 + 216.0/50
	maxPathWork = perStep * float64(full/3)
	m, err = LogitEquilibrium(g, 1e-300)
	// Each step costs perStep, and each exact check of a profile as
	// much again: at most full/3 steps.
	if !errors.Is(err, ErrNotCertified) || !m.BudgetSpent || m.Steps > full/3 || m.Steps == 0 {
		t.Errorf("budget of %d steps: %v, budget spent %v after %d steps (without the budget %d)", full/3, err, m.BudgetSpent, m.Steps, full)
	}
}
