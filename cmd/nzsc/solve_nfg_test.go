package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// nfgDoc is the part of nzsc-solve-nfg/1 the tests read.
type nfgDoc struct {
	Format  string `json:"format"`
	Game    string `json:"game"`
	Players []struct {
		Name       string   `json:"name"`
		Strategies []string `json:"strategies"`
	} `json:"players"`
	Pure struct {
		Exact      bool `json:"exact"`
		Complete   bool `json:"complete"`
		Count      int  `json:"count"`
		Equilibria []struct {
			Strategies []string `json:"strategies"`
			Payoffs    []string `json:"payoffs"`
		} `json:"equilibria"`
	} `json:"pure"`
	Mixed struct {
		Exact      bool    `json:"exact"`
		Certified  bool    `json:"certified"`
		Epsilon    float64 `json:"epsilon"`
		MaxRegret  float64 `json:"max_regret"`
		Strategies [][]struct {
			Choice      string  `json:"choice"`
			Probability float64 `json:"probability"`
		} `json:"strategies"`
		Payoffs []float64 `json:"payoffs"`
		Regrets []float64 `json:"regrets"`
	} `json:"mixed"`
}

// nfgOf writes a game of the test's own in the payoff version of the
// format: m[i] strategies for player i, pay(s) the payoffs of profile s.
func nfgOf(title string, m []int, pay func(s []int) []int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "NFG 1 R %q {", title)
	for i := range m {
		fmt.Fprintf(&b, ` "Player %d"`, i+1)
	}
	b.WriteString(" } {")
	for _, k := range m {
		fmt.Fprintf(&b, " %d", k)
	}
	b.WriteString(" }\n\n")
	for _, s := range profilesOf(m) {
		for _, v := range pay(s) {
			fmt.Fprintf(&b, "%d ", v)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

// profilesOf lists every profile, the first player's strategy changing
// fastest.
func profilesOf(m []int) [][]int {
	out := [][]int{make([]int, len(m))}
	for {
		s := slices.Clone(out[len(out)-1])
		i := 0
		for ; i < len(m); i++ {
			if s[i]++; s[i] < m[i] {
				break
			}
			s[i] = 0
		}
		if i == len(m) {
			return out
		}
		out = append(out, s)
	}
}

// regretOf is the test's own oracle: the most a player gains by a pure
// deviation from the mixed profile sigma, from the payoff function.
func regretOf(m []int, pay func(s []int) []int, sigma [][]float64) float64 {
	worst := 0.0
	for i := range m {
		dev := make([]float64, m[i])
		for _, s := range profilesOf(m) {
			w := 1.0
			for k := range m {
				if k != i {
					w *= sigma[k][s[k]]
				}
			}
			dev[s[i]] += w * float64(pay(s)[i])
		}
		mean := 0.0
		for j, d := range dev {
			mean += sigma[i][j] * d
		}
		worst = math.Max(worst, slices.Max(dev)-mean)
	}
	return worst
}

func solveNFGJSON(t *testing.T, stdin string, args ...string) nfgDoc {
	t.Helper()
	out, stderr, code := runCmd(t, stdin, append(append([]string{"solve", "matrix"}, args...), "--format", "json")...)
	if code != 0 {
		t.Fatalf("%v: code %d: %s", args, code, stderr)
	}
	var d nfgDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil {
		t.Fatalf("%v: %v\n%s", args, err, out)
	}
	if d.Format != "nzsc-solve-nfg/1" {
		t.Errorf("%v: format %q", args, d.Format)
	}
	return d
}

// TestSolveNFGThreePlayers: a cyclic 2×2×2 game whose unique
// equilibrium is known in closed form (each player makes the one before
// it indifferent: 2/5, 2/3, 1/4), with no pure equilibrium; and a
// 3×3×3 coordination game with 3 + 3·2·1 = 9 pure ones (all alike, or
// all different: no one deviation then makes all alike).
func TestSolveNFGThreePlayers(t *testing.T) {
	dir := t.TempDir()
	cyclic := func(s []int) []int {
		u := make([]int, 3)
		if s[0] == s[1] {
			u[0] = []int{1, 2}[s[0]]
		}
		if s[1] == s[2] {
			u[1] = []int{3, 1}[s[1]]
		}
		if s[2] != s[0] {
			u[2] = []int{2, 3}[s[2]]
		}
		return u
	}
	m := []int{2, 2, 2}
	path := writeMatrix(t, dir, "cyclic.nfg", nfgOf("cyclic", m, cyclic))
	for _, d := range []nfgDoc{solveNFGJSON(t, "", path), solveNFGJSON(t, nfgOf("cyclic", m, cyclic), "-")} {
		if len(d.Pure.Equilibria) != 0 || !d.Pure.Exact || !d.Pure.Complete {
			t.Errorf("cyclic: pure %+v, want none, exact and complete", d.Pure)
		}
		if !d.Mixed.Certified || d.Mixed.Exact {
			t.Errorf("cyclic: mixed certified %v exact %v, want certified and not exact", d.Mixed.Certified, d.Mixed.Exact)
		}
		var sigma [][]float64
		for _, s := range d.Mixed.Strategies {
			var p []float64
			for _, c := range s {
				p = append(p, c.Probability)
			}
			sigma = append(sigma, p)
		}
		for i, want := range []float64{2. / 5, 2. / 3, 1. / 4} {
			if math.Abs(sigma[i][0]-want) > 1e-9 {
				t.Errorf("cyclic: player %d plays 1 with %v, want %v", i+1, sigma[i][0], want)
			}
		}
		if r := regretOf(m, cyclic, sigma); r > d.Mixed.Epsilon || math.Abs(d.Mixed.Epsilon-3e-9) > 1e-20 {
			t.Errorf("cyclic: regret %g, epsilon %g (want 3e-9: 1e-9 times the largest payoff)", r, d.Mixed.Epsilon)
		}
	}

	coord := func(s []int) []int {
		if s[0] == s[1] && s[1] == s[2] {
			return []int{1, 1, 1}
		}
		return []int{0, 0, 0}
	}
	m = []int{3, 3, 3}
	d := solveNFGJSON(t, "", writeMatrix(t, dir, "coord.nfg", nfgOf("coord", m, coord)), "--epsilon", "1e-6")
	var got []string
	for _, q := range d.Pure.Equilibria {
		got = append(got, strings.Join(q.Strategies, ""))
	}
	want := []string{"111", "222", "333", "123", "132", "213", "231", "312", "321"}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("coordination: pure equilibria %q, want %q", got, want)
	}
	if d.Mixed.Epsilon != 1e-6 || !d.Mixed.Certified {
		t.Errorf("coordination: --epsilon 1e-6 gave epsilon %g, certified %v", d.Mixed.Epsilon, d.Mixed.Certified)
	}

	// CSV: a row per player of each equilibrium, 9 pure ones and the mixed.
	out, stderr, code := runCmd(t, "", "solve", "matrix", filepath.Join(dir, "coord.nfg"), "--format", "csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if code != 0 || err != nil || len(recs) != 1+3*10 || recs[len(recs)-1][1] != "mixed" {
		t.Errorf("csv: code %d, %v, %d records (want 31, the last mixed): %s", code, err, len(recs), stderr)
	}
	// An epsilon no float64 profile reaches: the path still ends, the
	// best profile is written with its regret, and the command fails.
	out, stderr, code = runCmd(t, "", "solve", "matrix", path, "--epsilon", "1e-300")
	if code != 1 || !strings.Contains(out, "No equilibrium certified") || !strings.Contains(out, "not within epsilon 1e-300") ||
		!strings.Contains(stderr, "no mixed equilibrium certified within epsilon 1e-300") {
		t.Errorf("--epsilon 1e-300: code %d, %s%s", code, out, stderr)
	}
	// Text says which results are exact and which approximate.
	out, _, _ = runCmd(t, "", "solve", "matrix", path)
	for _, s := range []string{"Pure-strategy equilibria: none (exact and complete", "One mixed equilibrium (approximate, certified)", "within epsilon 3e-09"} {
		if !strings.Contains(out, s) {
			t.Errorf("text lacks %q:\n%s", s, out)
		}
	}
}

// TestSolveNFGTwoPlayers: a two-player .nfg goes to the matrix solvers,
// zero-sum when its payoffs sum to zero, with the file's names.
func TestSolveNFGTwoPlayers(t *testing.T) {
	dir := t.TempDir()
	pennies := writeMatrix(t, dir, "pennies.nfg", `NFG 1 R "Matching pennies" { "Even" "Odd" }
{ { "heads" "tails" } { "heads" "tails" } }
""
{ { "even wins" 1, -1 } { "odd wins" -1, 1 } }
1 2 2 1
`)
	d := solveMatrixJSON(t, "matrix", pennies)
	if d.Game != "zero-sum" || d.Value == nil || math.Abs(*d.Value) > 1e-12 || !slices.Equal(d.Rows, []string{"heads", "tails"}) {
		t.Errorf("pennies: game %q value %v rows %q, want zero-sum, 0, heads and tails", d.Game, d.Value, d.Rows)
	}
	checkBestResponses(t, "pennies", d, [][]float64{{1, -1}, {-1, 1}}, [][]float64{{-1, 1}, {1, -1}})
	pd := writeMatrix(t, dir, "pd.nfg", nfgOf("pd", []int{2, 2}, func(s []int) []int {
		return [][][]int{{{3, 3}, {0, 5}}, {{5, 0}, {1, 1}}}[s[0]][s[1]]
	}))
	d = solveMatrixJSON(t, "matrix", pd, "--all")
	if d.Game != "bimatrix" || len(d.Equilibria) != 1 || probs(d.RowStrategies, 0)[1] != 1 || probs(d.ColStrategies, 0)[1] != 1 {
		t.Errorf("prisoner's dilemma: %+v, want the one equilibrium (2, 2)", d)
	}
	out, stderr, code := runCmd(t, "", "solve", "matrix", pennies, "--exact")
	if code != 0 || !strings.Contains(out, "1/2") {
		t.Errorf("pennies --exact: code %d, %s%s", code, out, stderr)
	}
}

// TestSolveNFGBadInput: every bad input is one line and exit 2.
func TestSolveNFGBadInput(t *testing.T) {
	dir := t.TempDir()
	three := writeMatrix(t, dir, "three.nfg", nfgOf("three", []int{2, 2, 2}, func(s []int) []int { return []int{s[0], s[1], s[2]} }))
	two := writeMatrix(t, dir, "two.nfg", nfgOf("two", []int{2, 2}, func(s []int) []int { return []int{s[0], s[1]} }))
	ok := writeMatrix(t, dir, "ok.csv", "1,2\n3,4\n")
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{three, "--exact"}, "--exact goes with a game of two players; " + three + " has 3"},
		{[]string{three, "--all"}, "--all goes with a game of two players"},
		{[]string{three, "--lemke-howson", "1"}, "--lemke-howson goes with a game of two players"},
		{[]string{three, "--epsilon", "0"}, "--epsilon 0: want a number > 0"},
		{[]string{three, "--epsilon", "-1"}, "--epsilon -1: want a number > 0"},
		{[]string{two, "--epsilon", "1e-6"}, "--epsilon goes with a game file (.nfg) of three or more players"},
		{[]string{ok, "--epsilon", "1e-6"}, "--epsilon goes with a game file"},
		{[]string{three, ok}, three + " is a Gambit game file (.nfg), which holds every player's payoffs: give it alone"},
		{[]string{writeMatrix(t, dir, "csv.nfg", "1,2\n3,4\n")}, `csv.nfg: line 1: expected the header "NFG 1 R"`},
		{[]string{writeMatrix(t, dir, "short.nfg", "NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { 2 2 2 }\n1 2 3\n")}, "short.nfg: line 3: the file ends after 3 payoffs; 8 profiles of 3 players take 24"},
		{[]string{writeMatrix(t, dir, "huge.nfg", "NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { 200 200 200 }\n")}, "huge.nfg: line 1: more than 65536 strategy profiles"},
		{[]string{writeMatrix(t, dir, "word.nfg", "NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { 1 1 1 }\n1 two 3\n")}, `word.nfg: line 2: "two" is not a decimal number`},
		{[]string{filepath.Join(dir, "missing.nfg")}, "no such file"},
	} {
		_, stderr, code := runCmd(t, "", append([]string{"solve", "matrix"}, c.args...)...)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 || !strings.Contains(stderr, c.msg) {
			t.Errorf("case %d: %v: code %d, stderr %q, want exit 2 and one line with %q", i, c.args, code, stderr, c.msg)
		}
	}
	for _, sub := range []string{"rounds", "game"} {
		_, stderr, code := runCmd(t, "", "solve", sub, "--epsilon", "1e-6")
		if code != 2 || !strings.Contains(stderr, "--epsilon goes with solve matrix") {
			t.Errorf("solve %s --epsilon: code %d, %q", sub, code, stderr)
		}
	}
	// Standard input holding a game file is read as one.
	if _, stderr, code := runCmd(t, "NFG 1 R \"t\" { \"A\" \"B\" \"C\" } { 1 1 }", "solve", "matrix", "-"); code != 2 || !strings.Contains(stderr, "standard input: line 1: strategies for 2 players, the game has 3") {
		t.Errorf("standard input: code %d, %q", code, stderr)
	}
}
