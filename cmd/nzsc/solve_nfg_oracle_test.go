package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// This file checks `solve matrix GAME.nfg` of three or more players
// against oracles of the test's own, from the command's output alone:
// the pure equilibria by brute force in rational arithmetic, and the
// mixed equilibrium's regrets recomputed exactly from the probabilities
// as --format json writes them (which must therefore round-trip).

// oracleGame is a game written as text: pay[p][i] is player i's payoff
// at profile p (the first player's strategy changing fastest), as the
// file spells it.
type oracleGame struct {
	m   []int
	pay [][]string
}

func (g oracleGame) profiles() int {
	n := 1
	for _, k := range g.m {
		n *= k
	}
	return n
}

// strategies of profile p.
func (g oracleGame) strategies(p int) []int {
	s := make([]int, len(g.m))
	for i, k := range g.m {
		s[i], p = p%k, p/k
	}
	return s
}

func (g oracleGame) index(s []int) int {
	p, stride := 0, 1
	for i, k := range g.m {
		p += s[i] * stride
		stride *= k
	}
	return p
}

func (g oracleGame) rat(p, i int) *big.Rat {
	r, ok := new(big.Rat).SetString(g.pay[p][i])
	if !ok {
		panic("oracle: bad payoff " + g.pay[p][i])
	}
	return r
}

// nfg is the game in the payoff version, strategies named s1, s2....
func (g oracleGame) nfg() string {
	var b strings.Builder
	b.WriteString(`NFG 1 R "oracle" {`)
	for i := range g.m {
		fmt.Fprintf(&b, ` "P%d"`, i+1)
	}
	b.WriteString(" } {")
	for _, k := range g.m {
		b.WriteString(" {")
		for j := range k {
			fmt.Fprintf(&b, ` "s%d"`, j+1)
		}
		b.WriteString(" }")
	}
	b.WriteString(" }\n\"\"\n")
	for _, row := range g.pay {
		b.WriteString(strings.Join(row, " ") + "\n")
	}
	return b.String()
}

// purePlain lists the pure equilibria by brute force, each as its
// strategies' names joined by commas.
func (g oracleGame) purePlain() []string {
	var out []string
	for p := range g.profiles() {
		s := g.strategies(p)
		eq := true
		for i := range g.m {
			for j := range g.m[i] {
				d := slices.Clone(s)
				d[i] = j
				if g.rat(g.index(d), i).Cmp(g.rat(p, i)) > 0 {
					eq = false
				}
			}
		}
		if eq {
			var names []string
			for _, j := range s {
				names = append(names, "s"+strconv.Itoa(j+1))
			}
			out = append(out, strings.Join(names, ","))
		}
	}
	return out
}

// regretsPlain is each player's regret at sigma, in rational arithmetic:
// each float64 taken exactly, each player's divided by their sum.
func (g oracleGame) regretsPlain(sigma [][]float64) []*big.Rat {
	n := len(g.m)
	q := make([][]*big.Rat, n)
	for i, s := range sigma {
		sum := new(big.Rat)
		for _, x := range s {
			q[i] = append(q[i], new(big.Rat).SetFloat64(x))
			sum.Add(sum, q[i][len(q[i])-1])
		}
		for _, r := range q[i] {
			r.Quo(r, sum)
		}
	}
	out := make([]*big.Rat, n)
	for i := range n {
		dev := make([]*big.Rat, g.m[i])
		for j := range dev {
			dev[j] = new(big.Rat)
		}
		for p := range g.profiles() {
			s := g.strategies(p)
			w := g.rat(p, i)
			for k := range n {
				if k != i {
					w.Mul(w, q[k][s[k]])
				}
			}
			dev[s[i]].Add(dev[s[i]], w)
		}
		best, mean := dev[0], new(big.Rat)
		for j, d := range dev {
			if d.Cmp(best) > 0 {
				best = d
			}
			mean.Add(mean, new(big.Rat).Mul(q[i][j], d))
		}
		out[i] = new(big.Rat).Sub(best, mean)
	}
	return out
}

// checkOracle solves g by the command in JSON and CSV and checks both
// against the oracles; it reports whether the mixed one was certified.
func checkOracle(t *testing.T, name string, g oracleGame) bool {
	t.Helper()
	src := g.nfg()
	out, stderr, code := runCmd(t, src, "solve", "matrix", "-", "--format", "json")
	var d nfgDoc
	if err := json.Unmarshal([]byte(out), &d); err != nil || d.Mixed.Strategies == nil {
		t.Fatalf("%s: code %d, %v, %s\n%s", name, code, err, stderr, src)
	}
	// Pure: the same list, in profile order, with exact payoffs.
	var got []string
	for _, e := range d.Pure.Equilibria {
		got = append(got, strings.Join(e.Strategies, ","))
	}
	want := g.purePlain()
	if !slices.Equal(got, want) || d.Pure.Count != len(want) {
		t.Errorf("%s: pure equilibria %q (count %d), brute force finds %q\n%s", name, got, d.Pure.Count, want, src)
	}
	for k, e := range d.Pure.Equilibria {
		if k >= len(want) {
			break
		}
		s := make([]int, len(g.m))
		for i, c := range e.Strategies {
			s[i], _ = strconv.Atoi(strings.TrimPrefix(c, "s"))
			s[i]--
		}
		for i, x := range e.Payoffs {
			r, ok := new(big.Rat).SetString(x)
			if !ok || r.Cmp(g.rat(g.index(s), i)) != 0 {
				t.Errorf("%s: pure equilibrium %d pays player %d %q, the file says %s", name, k+1, i+1, x, g.pay[g.index(s)][i])
			}
		}
	}
	// Mixed: its regrets recomputed from the JSON probabilities.
	m := &d.Mixed
	var sigma [][]float64
	for _, s := range m.Strategies {
		var p []float64
		for _, c := range s {
			p = append(p, c.Probability)
		}
		sigma = append(sigma, p)
	}
	exact := g.regretsPlain(sigma)
	worst := 0.0
	for i, r := range exact {
		f, _ := r.Float64()
		if f != m.Regrets[i] {
			t.Errorf("%s: player %d's regret is %v in JSON, %v (%s) from its probabilities", name, i+1, m.Regrets[i], f, r.FloatString(20))
		}
		worst = math.Max(worst, f)
	}
	if worst != m.MaxRegret || m.Certified != (worst <= m.Epsilon) || (code == 0) != m.Certified || (code != 0 && code != 1) {
		t.Errorf("%s: max_regret %v certified %v within %v, code %d; recomputed %v", name, m.MaxRegret, m.Certified, m.Epsilon, code, worst)
	}
	scale := 1.0
	for p := range g.profiles() {
		for i := range g.m {
			f, _ := g.rat(p, i).Float64()
			scale = math.Max(scale, math.Abs(f))
		}
	}
	for i := range g.m {
		u := 0.0
		for p := range g.profiles() {
			w, _ := g.rat(p, i).Float64()
			for k, j := range g.strategies(p) {
				w *= sigma[k][j]
			}
			u += w
		}
		if math.Abs(u-m.Payoffs[i]) > 1e-9*scale {
			t.Errorf("%s: player %d's payoff %v, recomputed %v", name, i+1, m.Payoffs[i], u)
		}
	}
	// CSV says the same.
	out, _, ccode := runCmd(t, src, "solve", "matrix", "-", "--format", "csv")
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	n := len(g.m)
	if err != nil || ccode != code || len(recs) != 1+n*(len(want)+1) {
		t.Fatalf("%s: csv code %d (json %d), %v, %d records", name, ccode, code, err, len(recs))
	}
	for k, e := range d.Pure.Equilibria {
		for i := range n {
			r := recs[1+k*n+i]
			if r[1] != "pure" || r[3] != e.Strategies[i] || r[4] != e.Payoffs[i] {
				t.Errorf("%s: csv %q, json pure %d player %d: %s %s", name, r, k+1, i+1, e.Strategies[i], e.Payoffs[i])
			}
		}
	}
	for i := range n {
		r := recs[1+len(want)*n+i]
		var parts []string
		for _, c := range m.Strategies[i] {
			if c.Probability >= 0.00005 {
				parts = append(parts, fmt.Sprintf("%s=%.4f", c.Choice, c.Probability))
			}
		}
		reg, _ := strconv.ParseFloat(r[5], 64)
		pay, _ := strconv.ParseFloat(r[4], 64)
		if r[1] != "mixed" || r[3] != strings.Join(parts, ";") || math.Abs(reg-m.Regrets[i]) > 5e-13 || math.Abs(pay-m.Payoffs[i]) > 5e-13*math.Max(1, math.Abs(pay)) {
			t.Errorf("%s: csv %q, json mixed player %d: %q payoff %v regret %v", name, r, i+1, strings.Join(parts, ";"), m.Payoffs[i], m.Regrets[i])
		}
	}
	return m.Certified
}

// randomOracleGame: n players with 2 to maxM strategies, integer payoffs
// in [lo, hi], or with frac fractions a/b, b up to 7.
func randomOracleGame(rng *rand.Rand, n, maxM, lo, hi int, frac bool) oracleGame {
	g := oracleGame{m: make([]int, n)}
	for i := range g.m {
		g.m[i] = 2 + rng.IntN(maxM-1)
	}
	for range g.profiles() {
		row := make([]string, n)
		for i := range row {
			v := lo + rng.IntN(hi-lo+1)
			row[i] = strconv.Itoa(v)
			if frac {
				row[i] += "/" + strconv.Itoa(1+rng.IntN(7))
			}
		}
		g.pay = append(g.pay, row)
	}
	return g
}

func TestSolveNFGOracleRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(20, 3))
	games := 60
	if testing.Short() {
		games = 12
	}
	uncertified := 0
	for k := range games {
		// Payoffs of few values (0 to 2) make ties, pure equilibria
		// that tie and paths that bend; wide ones, generic games.
		lo, hi := -10, 10
		if k%3 == 1 {
			lo, hi = 0, 2
		}
		g := randomOracleGame(rng, 3+k%3, 4-k%3/2, lo, hi, k%2 == 1)
		if !checkOracle(t, fmt.Sprintf("game %d", k), g) {
			uncertified++
			t.Logf("game %d was not certified:\n%s", k, g.nfg())
		}
	}
	if uncertified > 0 {
		t.Errorf("%d of %d random games were not certified", uncertified, games)
	}
}

// TestSolveNFGOracleDegenerate: games that are not generic.
func TestSolveNFGOracleDegenerate(t *testing.T) {
	build := func(m []int, pay func(s []int) []string) oracleGame {
		g := oracleGame{m: m}
		for p := range g.profiles() {
			g.pay = append(g.pay, pay(g.strategies(p)))
		}
		return g
	}
	for _, c := range []struct {
		name string
		g    oracleGame
	}{
		{"all payoffs equal", build([]int{2, 3, 2}, func([]int) []string { return []string{"7", "7", "7"} })},
		{"all payoffs zero, four players", build([]int{2, 2, 2, 2}, func([]int) []string { return []string{"0", "0", "0", "0"} })},
		{"a player with one strategy", build([]int{1, 3, 3}, func(s []int) []string {
			// Rock-paper-scissors between players 2 and 3; player 1 only watches.
			w := (s[1] - s[2] + 3) % 3
			return []string{"0", []string{"0", "1", "-1"}[w], []string{"0", "-1", "1"}[w]}
		})},
		{"two players with one strategy", build([]int{1, 4, 1}, func(s []int) []string {
			return []string{"1", strconv.Itoa(s[1] % 2), "0"}
		})},
		{"dominant strategies", build([]int{3, 3, 3}, func(s []int) []string {
			return []string{strconv.Itoa(10*s[0] - s[1]), strconv.Itoa(10*(2-s[1]) + s[2]), fmt.Sprintf("%d/3", 10*s[2]+s[0])}
		})},
		{"weakly dominant strategies", build([]int{2, 2, 2}, func(s []int) []string {
			// Each player's second strategy pays 1 only when all play it.
			all := s[0] == 1 && s[1] == 1 && s[2] == 1
			if all {
				return []string{"1", "1", "1"}
			}
			return []string{"0", "0", "0"}
		})},
		{"a continuum: the third player indifferent", build([]int{2, 2, 3}, func(s []int) []string {
			// Matching pennies between the first two, whatever the third does.
			if s[0] == s[1] {
				return []string{"1", "-1", "5"}
			}
			return []string{"-1", "1", "5"}
		})},
		{"tiny and huge payoffs", build([]int{2, 2, 2}, func(s []int) []string {
			return []string{fmt.Sprintf("%de-300", s[0]^s[1]), fmt.Sprintf("%de99", 1-(s[1]^s[2])), fmt.Sprintf("-%d/1000000007", s[2]^s[0])}
		})},
	} {
		if !checkOracle(t, c.name, c.g) {
			t.Errorf("%s: not certified", c.name)
		}
	}
}

// TestSolveNFGTwoPlayersSameAsCSV: a two-player game file gives exactly
// what the same matrices give from CSV files, zero-sum (one file) and
// bimatrix (two), with and without --all and --exact.
func TestSolveNFGTwoPlayersSameAsCSV(t *testing.T) {
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(20, 4))
	for k := range 12 {
		m, n := 2+rng.IntN(3), 2+rng.IntN(3)
		zeroSum := k%2 == 0
		a := make([][]string, m)
		b := make([][]string, m)
		for i := range m {
			a[i], b[i] = make([]string, n), make([]string, n)
			for j := range n {
				// Few values: ties and degenerate games, whose extra
				// equilibria --all must list alike.
				x, y := rng.IntN(5)-2, rng.IntN(5)-2
				a[i][j] = strconv.Itoa(x)
				if k%4 == 1 {
					a[i][j] += "/" + strconv.Itoa(1+rng.IntN(3))
				}
				b[i][j] = strconv.Itoa(y)
				if zeroSum {
					b[i][j] = strings.TrimPrefix("-"+a[i][j], "--")
				}
			}
		}
		matrixCSV := func(c [][]string) string {
			var s strings.Builder
			for j := range n {
				fmt.Fprintf(&s, ",c%d", j+1)
			}
			s.WriteString("\n")
			for i, row := range c {
				fmt.Fprintf(&s, "r%d,%s\n", i+1, strings.Join(row, ","))
			}
			return s.String()
		}
		var g strings.Builder
		g.WriteString(`NFG 1 R "two" { "Row" "Col" } { {`)
		for i := range m {
			fmt.Fprintf(&g, ` "r%d"`, i+1)
		}
		g.WriteString(" } {")
		for j := range n {
			fmt.Fprintf(&g, ` "c%d"`, j+1)
		}
		g.WriteString(" } }\n\n")
		for j := range n {
			for i := range m {
				fmt.Fprintf(&g, "%s %s\n", a[i][j], b[i][j])
			}
		}
		nfg := writeMatrix(t, dir, fmt.Sprintf("g%d.nfg", k), g.String())
		csvFiles := []string{writeMatrix(t, dir, fmt.Sprintf("a%d.csv", k), matrixCSV(a))}
		if !zeroSum {
			csvFiles = append(csvFiles, writeMatrix(t, dir, fmt.Sprintf("b%d.csv", k), matrixCSV(b)))
		}
		for _, flags := range [][]string{{"--format", "json"}, {"--format", "json", "--all"}, {"--format", "json", "--exact"}, {"--format", "json", "--all", "--exact"}, {"--format", "csv", "--all"}} {
			fromNFG, e1, c1 := runCmd(t, "", append([]string{"solve", "matrix", nfg}, flags...)...)
			fromCSV, e2, c2 := runCmd(t, "", append(append([]string{"solve", "matrix"}, csvFiles...), flags...)...)
			if c1 != c2 || fromNFG != fromCSV {
				t.Errorf("game %d %v: .nfg gave code %d %s%s\nCSV gave code %d %s%s\n%s", k, flags, c1, fromNFG, e1, c2, fromCSV, e2, g.String())
			}
		}
	}
}
