package main

import (
	"encoding/csv"
	"encoding/json"
	"math/big"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// exactDoc is the part of nzsc-solve-matrix-exact/1 the tests read.
type exactDoc struct {
	Format        string     `json:"format"`
	Game          string     `json:"game"`
	PayoffRow     [][]string `json:"payoff_row"`
	Value         string     `json:"value"`
	RowStrategies [][]struct {
		Choice      string `json:"choice"`
		Probability string `json:"probability"`
	} `json:"row_strategies"`
	ColStrategies [][]struct {
		Choice      string `json:"choice"`
		Probability string `json:"probability"`
	} `json:"col_strategies"`
	Equilibria []struct {
		Row, Col  int
		Exact     bool
		PayoffRow string `json:"payoff_row"`
	} `json:"equilibria"`
	Inexact int `json:"inexact"`
}

func solveExactJSON(t *testing.T, args ...string) exactDoc {
	t.Helper()
	out, stderr, code := runCmd(t, "", append(append([]string{"solve"}, args...), "--exact", "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: code %d: %s", args, code, stderr)
	}
	var d exactDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	if d.Format != "nzsc-solve-matrix-exact/1" {
		t.Errorf("%v: format %q", args, d.Format)
	}
	return d
}

// ratsOf parses the test's own matrix, written as fractions.
func ratsOf(t *testing.T, rows ...string) [][]*big.Rat {
	t.Helper()
	var out [][]*big.Rat
	for _, r := range rows {
		var row []*big.Rat
		for _, c := range strings.Split(r, ",") {
			v, ok := new(big.Rat).SetString(c)
			if !ok {
				t.Fatalf("cell %q", c)
			}
			row = append(row, v)
		}
		out = append(out, row)
	}
	return out
}

// exactEquilibria returns d's equilibria as "x | y" in fractions,
// sorted, after checking each against the test's own oracle: the
// probabilities are >= 0 and sum to 1, and no pure strategy of either
// side pays it more against the other's mix, in rational arithmetic on
// the matrices a and b the test wrote (b nil: zero-sum).
func exactEquilibria(t *testing.T, d exactDoc, a, b [][]*big.Rat) []string {
	t.Helper()
	if b == nil {
		for _, row := range a {
			var nr []*big.Rat
			for _, v := range row {
				nr = append(nr, new(big.Rat).Neg(v))
			}
			b = append(b, nr)
		}
	}
	parse := func(ps []struct {
		Choice      string `json:"choice"`
		Probability string `json:"probability"`
	}) ([]*big.Rat, string) {
		var p []*big.Rat
		var s []string
		sum := new(big.Rat)
		for _, c := range ps {
			v, ok := new(big.Rat).SetString(c.Probability)
			if !ok || v.Sign() < 0 {
				t.Fatalf("probability %q", c.Probability)
			}
			p, s = append(p, v), append(s, c.Probability)
			sum.Add(sum, v)
		}
		if sum.Cmp(big.NewRat(1, 1)) != 0 {
			t.Errorf("%v sums to %s", s, sum.RatString())
		}
		return p, strings.Join(s, " ")
	}
	var out []string
	for _, q := range d.Equilibria {
		if !q.Exact {
			t.Errorf("an equilibrium not made exact: %+v", q)
			continue
		}
		x, xs := parse(d.RowStrategies[q.Row])
		y, ys := parse(d.ColStrategies[q.Col])
		// u(i, j) for a pure or mixed pair, summed in full.
		pay := func(g [][]*big.Rat, xi, yj int) *big.Rat {
			s := new(big.Rat)
			for i := range x {
				for j := range y {
					w := new(big.Rat).Set(g[i][j])
					if xi < 0 {
						w.Mul(w, x[i])
					} else if i != xi {
						continue
					}
					if yj < 0 {
						w.Mul(w, y[j])
					} else if j != yj {
						continue
					}
					s.Add(s, w)
				}
			}
			return s
		}
		pa, pb := pay(a, -1, -1), pay(b, -1, -1)
		for i := range x {
			if pay(a, i, -1).Cmp(pa) > 0 {
				t.Errorf("%s | %s: row %d pays the row player more", xs, ys, i+1)
			}
		}
		for j := range y {
			if pay(b, -1, j).Cmp(pb) > 0 {
				t.Errorf("%s | %s: column %d pays the column player more", xs, ys, j+1)
			}
		}
		out = append(out, xs+" | "+ys)
	}
	slices.Sort(out)
	return out
}

// TestSolveMatrixExact: hand-solved games through the command, with
// fractions in the input, checked by the test's own rational oracle.
func TestSolveMatrixExact(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		a, b  []string
		args  []string
		want  []string
		value string
	}{
		{name: "rock-paper-scissors", a: []string{"0,-1,1", "1,0,-1", "-1,1,0"},
			want: []string{"1/3 1/3 1/3 | 1/3 1/3 1/3"}, value: "0"},
		// p·3 - 2(1-p) = -p + (1-p): p = 3/7; 3q - (1-q) = -2q + (1-q):
		// q = 2/7; the value 3·2/7 - 5/7 = 1/7.
		{name: "value 1/7", a: []string{"3,-1", "-2,1"}, args: []string{"--all"},
			want: []string{"3/7 4/7 | 2/7 5/7"}, value: "1/7"},
		// The same divided by 3, written as fractions.
		{name: "value 1/21", a: []string{"1,-1/3", "-2/3,1/3"},
			want: []string{"3/7 4/7 | 2/7 5/7"}, value: "1/21"},
		// Battle of the sexes, the row player's favourite first:
		// (2/3, 1/3) against (1/3, 2/3) and the two pure ones.
		{name: "battle of the sexes", a: []string{"4/2,0", "0,1"}, b: []string{"1,0", "0,2"},
			want: []string{"0 1 | 0 1", "1 0 | 1 0", "2/3 1/3 | 1/3 2/3"}},
		// von Stengel's degenerate game: a continuum from (1,0,0)
		// against (1,0) to (2/3,1/3), and an isolated equilibrium.
		{name: "degenerate", a: []string{"3,3", "2,5", "0,6"}, b: []string{"3,3", "2,6", "3,1"},
			want: []string{"0 1/3 2/3 | 1/3 2/3", "1 0 0 | 1 0", "1 0 0 | 2/3 1/3"}},
	} {
		files := []string{"matrix", writeMatrix(t, dir, "a.csv", strings.Join(c.a, "\n")+"\n")}
		var b [][]*big.Rat
		if c.b != nil {
			files = append(files, writeMatrix(t, dir, "b.csv", strings.Join(c.b, "\n")+"\n"))
			b = ratsOf(t, c.b...)
		}
		d := solveExactJSON(t, append(files, c.args...)...)
		if got := exactEquilibria(t, d, ratsOf(t, c.a...), b); !slices.Equal(got, c.want) {
			t.Errorf("%s: got %q, want %q", c.name, got, c.want)
		}
		if d.Value != c.value || d.Inexact != 0 {
			t.Errorf("%s: value %q, %d inexact; want %q, 0", c.name, d.Value, d.Inexact, c.value)
		}
	}
	// The payoffs are read as written: 0.1 is 1/10, not the float64.
	d := solveExactJSON(t, "matrix", writeMatrix(t, dir, "tenth.csv", "0.1,0\n0,0.1\n"))
	if got := strings.Join(d.PayoffRow[0], " "); got != "1/10 0" || d.Value != "1/20" {
		t.Errorf("0.1 read as %q, value %q; want 1/10 and 1/20", got, d.Value)
	}
	// The text and CSV print fractions too.
	bos := []string{"matrix", writeMatrix(t, dir, "bos-a.csv", ",O,F\nO,2,0\nF,0,1\n"), writeMatrix(t, dir, "bos-b.csv", ",O,F\nO,1,0\nF,0,2\n"), "--exact"}
	out, stderr, code := runCmd(t, "", append([]string{"solve"}, bos...)...)
	if code != 0 || !strings.Contains(out, "O=2/3 F=1/3") || !strings.Contains(out, "2/3, 2/3") {
		t.Errorf("text: code %d, %s\n%s", code, stderr, out)
	}
	out, _, _ = runCmd(t, "", append(append([]string{"solve"}, bos...), "--format", "csv")...)
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil || len(recs) != 4 || !slices.ContainsFunc(recs[1:], func(r []string) bool {
		return slices.Equal(r, []string{"3", "O=2/3;F=1/3", "O=1/3;F=2/3", "2/3", "2/3", "true", ""})
	}) {
		t.Errorf("csv: %v\n%s", err, out)
	}
	for _, r := range recs[1:] {
		if !slices.Equal(r[len(r)-2:], []string{"true", ""}) {
			t.Errorf("csv: %q", r)
		}
	}
}

// TestSolveMatrixExactFails: a near-tied game whose float equilibria
// are equilibria only within the tolerance: --exact lists each with why
// it is not exact (who gains, and how much), and exits 1 after writing
// them all.
func TestSolveMatrixExactFails(t *testing.T) {
	f := writeMatrix(t, t.TempDir(), "tie.csv", "1,0\n0,1e-11\n")
	out, stderr, code := runCmd(t, "", "solve", "matrix", f, "--all", "--exact", "--format", "csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 1 || err != nil || len(recs) < 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 || !strings.Contains(stderr, "could not be made exact") {
		t.Fatalf("code %d, stderr %q, csv %v:\n%s", code, stderr, err, out)
	}
	for _, r := range recs[1:] {
		if r[5] != "false" || !strings.Contains(r[6], "gains 1/100000000000 by C1") && !strings.Contains(r[6], "gains 1/100000000000 by R2") {
			t.Errorf("%q", r)
		}
	}
	// Without --exact the same equilibria pass their float certificate.
	if _, stderr, code := runCmd(t, "", "solve", "matrix", f, "--all"); code != 0 {
		t.Errorf("without --exact: code %d: %s", code, stderr)
	}
}

// TestSolveRoundExact: a pairing's round, exact: its value and the
// extreme strategies of both sides, which the float listing gives as
// 0.5000.
func TestSolveRoundExact(t *testing.T) {
	out, stderr, code := runCmd(t, "", "solve", "rounds", "--pairing", "nin/sha,sam/str", "--all", "--exact", "--format", "json")
	var d exactDoc
	if code != 0 || json.Unmarshal([]byte(out), &d) != nil {
		t.Fatalf("code %d: %s\n%s", code, stderr, out)
	}
	var a []string
	for _, row := range d.PayoffRow {
		a = append(a, strings.Join(row, ","))
	}
	got := exactEquilibria(t, d, ratsOf(t, a...), nil)
	if d.Value != "0" || len(got) != 6 || !slices.Contains(got, "0 1/2 0 1/2 0 | 1/2 0 1/2 0 0") {
		t.Errorf("value %q, equilibria %q", d.Value, got)
	}
}

// TestSolveMatrixExactBadInput: what --exact cannot read is the user's
// error, one line, exit 2, before any solving.
func TestSolveMatrixExactBadInput(t *testing.T) {
	dir := t.TempDir()
	ok := writeMatrix(t, dir, "ok.csv", "1,2\n3,4\n")
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"matrix", writeMatrix(t, dir, "zero.csv", "1,2\n3,1/0\n"), "--exact"}, `line 2, column 2: "1/0" is a fraction with a zero denominator`},
		{[]string{"matrix", filepath.Join(dir, "zero.csv")}, "zero denominator"},
		{[]string{"matrix", writeMatrix(t, dir, "digits.csv", "1,1"+strings.Repeat("0", 600)+"/7\n"), "--exact"}, "(603 characters) has more than 400 digits"},
		{[]string{"matrix", writeMatrix(t, dir, "big.csv", "1,1"+strings.Repeat("0", 200)+"/7\n"), "--exact"}, "beyond ±1e100"},
		{[]string{"matrix", writeMatrix(t, dir, "hex.csv", "1,0x1p-2\n"), "--exact"}, `row R1, column C2: "0x1p-2" is not a decimal number or a fraction`},
		{[]string{"matrix", writeMatrix(t, dir, "tiny.csv", "1,1e-500\n"), "--exact"}, "exponent beyond ±400"},
		{[]string{"matrix", ok, writeMatrix(t, dir, "hex2.csv", "1,0x1p-2\n3,4\n"), "--exact"}, "hex2.csv: row R1, column C2"},
		{[]string{"rounds", "--exact"}, "--exact goes with solve matrix and solve rounds --pairing"},
		{[]string{"game", "--exact"}, "--exact goes with"},
		{[]string{"sweep", "--exact"}, "--exact goes with"},
	} {
		_, stderr, code := runCmd(t, "", append([]string{"solve"}, c.args...)...)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 || !strings.Contains(stderr, c.msg) {
			t.Errorf("case %d: %.80q: code %d, stderr %q, want exit 2 and one line with %q", i, c.args, code, stderr, c.msg)
		}
	}
}
