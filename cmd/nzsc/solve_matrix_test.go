package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// matrixDoc is the part of nzsc-solve-matrix/1 the tests read.
type matrixDoc struct {
	Format        string      `json:"format"`
	Game          string      `json:"game"`
	Method        string      `json:"method"`
	Complete      bool        `json:"complete"`
	Rows          []string    `json:"rows"`
	Cols          []string    `json:"cols"`
	PayoffRow     [][]float64 `json:"payoff_row"`
	Value         *float64    `json:"value"`
	RowStrategies [][]struct {
		Choice      string  `json:"choice"`
		Probability float64 `json:"probability"`
	} `json:"row_strategies"`
	ColStrategies [][]struct {
		Choice      string  `json:"choice"`
		Probability float64 `json:"probability"`
	} `json:"col_strategies"`
	Equilibria []struct {
		Row, Col int
	} `json:"equilibria"`
	Subsets    []struct{ Rows, Cols []int } `json:"nash_subsets"`
	Unique     *bool                        `json:"unique"`
	Degenerate bool                         `json:"degenerate"`
}

func solveMatrixJSON(t *testing.T, args ...string) matrixDoc {
	t.Helper()
	out, stderr, code := runCmd(t, "", append(append([]string{"solve"}, args...), "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: code %d: %s", args, code, stderr)
	}
	var d matrixDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	if d.Format != "nzsc-solve-matrix/1" {
		t.Errorf("%v: format %q", args, d.Format)
	}
	return d
}

// probs returns the document's k-th extreme strategy of a side.
func probs(ss [][]struct {
	Choice      string  `json:"choice"`
	Probability float64 `json:"probability"`
}, k int) []float64 {
	var p []float64
	for _, c := range ss[k] {
		p = append(p, c.Probability)
	}
	return p
}

// checkBestResponses is the test's own oracle: in every equilibrium of
// d, no pure strategy of either side beats the mix by more than 1e-9,
// computed from the matrices a (row player's) and b (column player's)
// the test wrote itself.
func checkBestResponses(t *testing.T, name string, d matrixDoc, a, b [][]float64) {
	t.Helper()
	if len(d.Equilibria) == 0 {
		t.Fatalf("%s: no equilibrium", name)
	}
	for k, q := range d.Equilibria {
		x, y := probs(d.RowStrategies, q.Row), probs(d.ColStrategies, q.Col)
		pa, pb := 0.0, 0.0
		for i := range a {
			for j := range a[i] {
				pa += x[i] * y[j] * a[i][j]
				pb += x[i] * y[j] * b[i][j]
			}
		}
		for i := range a {
			dev := 0.0
			for j := range a[i] {
				dev += y[j] * a[i][j]
			}
			if dev > pa+1e-9 {
				t.Errorf("%s: equilibrium %d: row %d gains %g", name, k+1, i, dev-pa)
			}
		}
		for j := range a[0] {
			dev := 0.0
			for i := range a {
				dev += x[i] * b[i][j]
			}
			if dev > pb+1e-9 {
				t.Errorf("%s: equilibrium %d: column %d gains %g", name, k+1, j, dev-pb)
			}
		}
	}
}

func writeMatrix(t *testing.T, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func neg(a [][]float64) [][]float64 {
	b := make([][]float64, len(a))
	for i, r := range a {
		for _, v := range r {
			b[i] = append(b[i], -v)
		}
	}
	return b
}

// TestSolveMatrixKnownGames: games whose equilibria are known by hand,
// through the command.
func TestSolveMatrixKnownGames(t *testing.T) {
	dir := t.TempDir()
	pennies := writeMatrix(t, dir, "pennies.csv", "1,-1\n-1,1\n")
	d := solveMatrixJSON(t, "matrix", pennies, "--all")
	if d.Game != "zero-sum" || !d.Complete || d.Unique == nil || !*d.Unique || d.Degenerate || d.Value == nil || math.Abs(*d.Value) > 1e-9 {
		t.Errorf("matching pennies: %+v", d)
	}
	checkBestResponses(t, "matching pennies", d, [][]float64{{1, -1}, {-1, 1}}, [][]float64{{-1, 1}, {1, -1}})

	rps := [][]float64{{0, -1, 1}, {1, 0, -1}, {-1, 1, 0}}
	d = solveMatrixJSON(t, "matrix", "../../examples/matrices/rps.csv", "--all")
	if !*d.Unique || len(d.Rows) != 3 || d.Rows[0] != "Rock" {
		t.Errorf("rock-paper-scissors: %+v", d)
	}
	checkBestResponses(t, "rock-paper-scissors", d, rps, neg(rps))

	// A continuum: rows x = (t, t, 1-2t), t in [0, 1/2]; columns (1/2, 1/2).
	seg := [][]float64{{3, 1}, {1, 3}, {2, 2}}
	d = solveMatrixJSON(t, "matrix", writeMatrix(t, dir, "segment.csv", "3,1\n1,3\n2,2\n"), "--all")
	if *d.Unique || len(d.RowStrategies) != 2 || len(d.ColStrategies) != 1 || len(d.Equilibria) != 2 || len(d.Subsets) != 1 || !d.Degenerate || *d.Value != 2 {
		t.Errorf("segment: %+v", d)
	}
	var ends []string
	for k := range d.RowStrategies {
		ends = append(ends, fmt.Sprintf("%.6f", probs(d.RowStrategies, k)))
	}
	slices.Sort(ends)
	if want := []string{"[0.000000 0.000000 1.000000]", "[0.500000 0.500000 0.000000]"}; !slices.Equal(ends, want) {
		t.Errorf("segment's extreme rows %v, want %v", ends, want)
	}
	checkBestResponses(t, "segment", d, seg, neg(seg))

	d = solveMatrixJSON(t, "matrix", "../../examples/matrices/sexes-row.csv", "../../examples/matrices/sexes-col.csv")
	if d.Game != "bimatrix" || len(d.Equilibria) != 3 || len(d.Subsets) != 3 || d.Degenerate || *d.Unique {
		t.Errorf("battle of the sexes: %+v", d)
	}
	checkBestResponses(t, "battle of the sexes", d, [][]float64{{3, 0}, {0, 2}}, [][]float64{{2, 0}, {0, 3}})

	// Lemke–Howson dropping label 1 (Football for the row player), by
	// hand: x = (0, t) until column 1's 4t <= 1 binds (label 3), then y
	// = (0, u) until row 1's 3u <= 1 binds (label 1): (Football, Football).
	d = solveMatrixJSON(t, "matrix", "../../examples/matrices/sexes-row.csv", "../../examples/matrices/sexes-col.csv", "--lemke-howson", "1")
	if d.Method != "lemke-howson" || d.Complete || len(d.Equilibria) != 1 || d.Unique != nil ||
		fmt.Sprint(probs(d.RowStrategies, 0), probs(d.ColStrategies, 0)) != "[0 1] [0 1]" {
		t.Errorf("Lemke–Howson from label 1: %+v", d)
	}
	checkBestResponses(t, "Lemke–Howson", d, [][]float64{{3, 0}, {0, 2}}, [][]float64{{2, 0}, {0, 3}})

	// Degenerate: row 1 dominates, the column player is indifferent to
	// it: two extreme equilibria joined by a segment, one Nash subset.
	d = solveMatrixJSON(t, "matrix", writeMatrix(t, dir, "da.csv", "1,1\n0,0\n"), writeMatrix(t, dir, "db.csv", "1,1\n0,0\n"))
	if len(d.Equilibria) != 2 || len(d.Subsets) != 1 || !d.Degenerate {
		t.Errorf("degenerate: %+v", d)
	}
	checkBestResponses(t, "degenerate", d, [][]float64{{1, 1}, {0, 0}}, [][]float64{{1, 1}, {0, 0}})
	text, _, _ := runCmd(t, "", "solve", "matrix", filepath.Join(dir, "da.csv"), filepath.Join(dir, "db.csv"))
	for _, s := range []string{"The game is degenerate: the column player has 2 pure best responses to the row player's R2=1.0000 (support size 1)", "2 extreme equilibria in 1 maximal Nash subsets: {1, 2}"} {
		if !strings.Contains(strings.Join(strings.Fields(text), " "), s) {
			t.Errorf("degenerate's table lacks %q:\n%s", s, text)
		}
	}
}

// TestSolveMatrixRoundTrip: what 'solve rounds --pairing A,B --format
// csv' writes, 'solve matrix' reads back as the same game: the same
// moves, the same payoffs as the round's JSON, the same value, and with
// --all the same equilibria as 'solve rounds --pairing A,B --all'.
func TestSolveMatrixRoundTrip(t *testing.T) {
	dir := t.TempDir()
	for _, pairing := range []string{"nin/sha,sam/str", "clo/-,zom/reg"} {
		out, stderr, code := runCmd(t, "", "solve", "rounds", "--pairing", pairing, "--format", "csv")
		if code != 0 {
			t.Fatalf("%s: %s", pairing, stderr)
		}
		file := writeMatrix(t, dir, "round.csv", out)
		js, _, _ := runCmd(t, "", "solve", "rounds", "--pairing", pairing, "--format", "json")
		var round struct {
			Value  float64     `json:"value"`
			MovesA []string    `json:"moves_a"`
			MovesB []string    `json:"moves_b"`
			Payoff [][]float64 `json:"payoff"`
		}
		if err := json.Unmarshal([]byte(js), &round); err != nil {
			t.Fatal(err)
		}
		one := solveMatrixJSON(t, "matrix", file)
		if !slices.Equal(one.Rows, round.MovesA) || !slices.Equal(one.Cols, round.MovesB) || math.Abs(*one.Value-round.Value) > 1e-9 || one.Complete || one.Method != "lp" {
			t.Errorf("%s: read back as %+v, want the round %+v", pairing, one, round)
		}
		for i := range round.Payoff {
			if !slices.Equal(one.PayoffRow[i], round.Payoff[i]) {
				t.Errorf("%s: row %d read back as %v, want %v", pairing, i, one.PayoffRow[i], round.Payoff[i])
			}
		}
		all := solveMatrixJSON(t, "matrix", file, "--all")
		viaRounds := solveMatrixJSON(t, "rounds", "--pairing", pairing, "--all")
		a, b := fmt.Sprint(all.RowStrategies, all.ColStrategies, all.Equilibria, all.Subsets), fmt.Sprint(viaRounds.RowStrategies, viaRounds.ColStrategies, viaRounds.Equilibria, viaRounds.Subsets)
		if a != b {
			t.Errorf("%s: solve matrix --all %s, solve rounds --all %s", pairing, a, b)
		}
		checkBestResponses(t, pairing, all, round.Payoff, neg(round.Payoff))
	}
	// Ninja/Shadow against Samurai/Strong is not unique: Shadow Slip
	// (0 against everything) is optimal at value 0, and so is Ninja Sword
	// and Shadow Fireball at 1/2 each; B's Helmet (0 against everything)
	// too, and two more mixes.
	d := solveMatrixJSON(t, "rounds", "--pairing", "nin/sha,sam/str", "--all")
	if *d.Unique || len(d.RowStrategies) != 2 || len(d.ColStrategies) != 3 {
		t.Errorf("nin/sha,sam/str: %d and %d extreme strategies, want 2 and 3", len(d.RowStrategies), len(d.ColStrategies))
	}
}

func TestSolveMatrixCSV(t *testing.T) {
	out, stderr, code := runCmd(t, "", "solve", "matrix", "../../examples/matrices/sexes-row.csv", "../../examples/matrices/sexes-col.csv", "--format", "csv")
	if code != 0 {
		t.Fatal(stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || strings.Join(rows[0], ",") != "equilibrium,row_strategy,col_strategy,payoff_row,payoff_col,regret_row,regret_col" {
		t.Fatalf("%q", rows)
	}
	var mixed bool
	for _, r := range rows[1:] {
		if r[1] == "Opera=0.6000;Football=0.4000" && r[2] == "Opera=0.4000;Football=0.6000" {
			mixed = true
			if p, _ := strconv.ParseFloat(r[3], 64); math.Abs(p-1.2) > 1e-9 {
				t.Errorf("the mixed equilibrium pays %v, want 6/5", r[3])
			}
		}
	}
	if !mixed {
		t.Errorf("no mixed equilibrium in\n%s", out)
	}
}

// TestSolveMatrixBadInput: every bad input is one line and exit 2.
func TestSolveMatrixBadInput(t *testing.T) {
	dir := t.TempDir()
	ok := writeMatrix(t, dir, "ok.csv", "1,2\n3,4\n")
	var big strings.Builder
	for i := range 12 {
		for j := range 12 {
			if j > 0 {
				big.WriteByte(',')
			}
			fmt.Fprint(&big, (i*7+j*3)%5)
		}
		big.WriteByte('\n')
	}
	large := writeMatrix(t, dir, "large.csv", big.String())
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"matrix"}, "want one payoff matrix FILE"},
		{[]string{"matrix", ok, ok, ok}, "got 3"},
		{[]string{"matrix", filepath.Join(dir, "missing.csv")}, "no such file"},
		{[]string{"matrix", dir}, "is a directory"},
		{[]string{"matrix", writeMatrix(t, dir, "ragged.csv", "1,2\n3\n")}, "line 2 has 1 cells"},
		{[]string{"matrix", writeMatrix(t, dir, "word.csv", "1,2\n3,x\n")}, `line 2, column 2: "x" is not a finite number`},
		{[]string{"matrix", writeMatrix(t, dir, "empty.csv", "")}, "empty"},
		{[]string{"matrix", writeMatrix(t, dir, "header.csv", "a,b\n")}, "empty"},
		{[]string{"matrix", ok, writeMatrix(t, dir, "wide.csv", "1,2,3\n4,5,6\n")}, "is 2×2 and"},
		{[]string{"matrix", writeMatrix(t, dir, "n1.csv", ",a,b\nx,1,2\ny,3,4\n"), writeMatrix(t, dir, "n2.csv", ",b,a\nx,1,2\ny,3,4\n")}, "names the columns a, b"},
		{[]string{"matrix", large, "--all"}, "12×12 game has"},
		{[]string{"matrix", large, large}, "more than the 1000000"},
		{[]string{"matrix", ok, "--format", "xml"}, "--format"},
		// Named with the file and the cell, as the file is read.
		{[]string{"matrix", writeMatrix(t, dir, "huge.csv", "1e308,-1e308\n-1e308,1e308\n")}, "solve matrix: " + filepath.Join(dir, "huge.csv") + ": row R1, column C1: 1e308 is beyond ±1e100"},
		{[]string{"matrix", ok, filepath.Join(dir, "huge.csv")}, "huge.csv: row R1, column C1: 1e308 is beyond ±1e100"},
		{[]string{"matrix", filepath.Join(dir, "huge.csv"), "--exact"}, "huge.csv: row R1, column C1: 1e308 is beyond ±1e100"},
		{[]string{"matrix", "-", "-"}, "only one of the two"},
		{[]string{"matrix", "-"}, "standard input: no rows"},
		{[]string{"matrix", ok, "--pairing", "nin/sha,sam/str"}, "--pairing does not apply"},
		{[]string{"matrix", ok, "--game", "npzr"}, "--game does not apply"},
		{[]string{"rounds", "--lemke-howson", "1"}, "--lemke-howson goes with solve matrix"},
		{[]string{"sweep", "--all"}, "--all goes with"},
		{[]string{"matrix", ok, ok, "--lemke-howson", "4"}, "labels are 0 to 3"},
		{[]string{"matrix", ok, "--lemke-howson", "-1"}, "labels are 0 to 3"},
		{[]string{"matrix", ok, "--lemke-howson", "0", "--all"}, "choose one"},
		{[]string{"game", "--all"}, "--all goes with"},
	} {
		_, stderr, code := runCmd(t, "", append([]string{"solve"}, c.args...)...)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 || !strings.Contains(stderr, c.msg) {
			t.Errorf("case %d: %v: code %d, stderr %q, want exit 2 and one line with %q", i, c.args, code, stderr, c.msg)
		}
	}
	// Without --all, the 12×12 zero-sum game is solved by LP, and the
	// bimatrix one by Lemke–Howson.
	if _, stderr, code := runCmd(t, "", "solve", "matrix", large); code != 0 {
		t.Errorf("12×12 by LP: code %d: %s", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "solve", "matrix", large, large, "--lemke-howson", "3"); code != 0 {
		t.Errorf("12×12 by Lemke–Howson: code %d: %s", code, stderr)
	}
}

// TestSolveRoundsAll: 'solve rounds --all' agrees with 'solve rounds'
// (the LP) on every pairing's value, and for a sample of pairings every
// extreme strategy it lists is optimal against the pairing's payoff
// matrix (recomputed here), and a pairing called unique has exactly the
// LP's strategies.
func TestSolveRoundsAll(t *testing.T) {
	out, stderr, code := runCmd(t, "", "solve", "rounds", "--all", "--format", "json")
	if code != 0 {
		t.Fatal(stderr)
	}
	type strategy []struct {
		Choice      string  `json:"choice"`
		Probability float64 `json:"probability"`
	}
	var doc struct {
		Format string `json:"format"`
		Unique int    `json:"unique"`
		Rounds []struct {
			A, B        string
			Value       float64    `json:"value"`
			StrategiesA []strategy `json:"strategies_a"`
			StrategiesB []strategy `json:"strategies_b"`
			Unique      bool       `json:"unique"`
		} `json:"rounds"`
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatal(err)
	}
	lp, _, _ := runCmd(t, "", "solve", "rounds", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(lp)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if doc.Format != "nzsc-solve-rounds-all/1" || len(doc.Rounds) != 108 || len(rows) != 109 {
		t.Fatalf("format %q, %d rounds, %d LP rows", doc.Format, len(doc.Rounds), len(rows))
	}
	unique := 0
	for i, r := range doc.Rounds {
		want, _ := strconv.ParseFloat(rows[i+1][2], 64)
		if rows[i+1][0] != r.A || rows[i+1][1] != r.B || math.Abs(r.Value-want) > 1e-9 {
			t.Errorf("round %d: %s %s %v, LP %v", i, r.A, r.B, r.Value, rows[i+1][:3])
		}
		if r.Unique != (len(r.StrategiesA) == 1 && len(r.StrategiesB) == 1) {
			t.Errorf("%s %s: unique %v with %d and %d extremes", r.A, r.B, r.Unique, len(r.StrategiesA), len(r.StrategiesB))
		}
		if r.Unique {
			unique++
		}
		if i%9 != 0 && !r.Unique {
			continue
		}
		js, _, _ := runCmd(t, "", "solve", "rounds", "--pairing", r.A+","+r.B, "--format", "json")
		var round struct {
			Payoff    [][]float64 `json:"payoff"`
			StrategyA strategy    `json:"strategy_a"`
			StrategyB strategy    `json:"strategy_b"`
		}
		if err := json.Unmarshal([]byte(js), &round); err != nil {
			t.Fatal(err)
		}
		for _, x := range r.StrategiesA {
			for j := range round.Payoff[0] {
				g := 0.0
				for k := range round.Payoff {
					g += x[k].Probability * round.Payoff[k][j]
				}
				if g < r.Value-1e-9 {
					t.Errorf("%s %s: A's %v gets %v < %v against column %d", r.A, r.B, x, g, r.Value, j)
				}
			}
		}
		for _, y := range r.StrategiesB {
			for k := range round.Payoff {
				c := 0.0
				for j := range round.Payoff[k] {
					c += y[j].Probability * round.Payoff[k][j]
				}
				if c > r.Value+1e-9 {
					t.Errorf("%s %s: B's %v concedes %v > %v to row %d", r.A, r.B, y, c, r.Value, k)
				}
			}
		}
		if r.Unique {
			for k, p := range round.StrategyA {
				if math.Abs(p.Probability-r.StrategiesA[0][k].Probability) > 1e-9 {
					t.Errorf("%s %s: unique, but the LP's A plays %v, the enumeration's %v", r.A, r.B, round.StrategyA, r.StrategiesA[0])
				}
			}
		}
	}
	if unique != doc.Unique {
		t.Errorf("%d unique rounds, the document says %d", unique, doc.Unique)
	}
}
