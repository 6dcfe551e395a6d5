package nash

import (
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// gameOf builds a game from a payoff function of the profile.
func gameOf(title string, m []int, pay func(s []int) []int64) *Game {
	g := &Game{Title: title}
	profiles := 1
	for i, k := range m {
		g.Players = append(g.Players, "P"+string(rune('1'+i)))
		var names []string
		for j := range k {
			names = append(names, string(rune('a'+j)))
		}
		g.Strategies = append(g.Strategies, names)
		profiles *= k
	}
	g.Payoffs = make([][]*big.Rat, profiles)
	for p := range profiles {
		for _, v := range pay(g.Profile(p)) {
			g.Payoffs[p] = append(g.Payoffs[p], big.NewRat(v, 1))
		}
	}
	return g
}

// cyclicGame is a Jordan-style cyclic 2×2×2 game: player 1 gains a
// matching player 2 on strategy 0 and b on strategy 1, player 2 gains
// c and d matching player 3 likewise, and player 3 gains e playing 0
// against player 1's 1 and f playing 1 against player 1's 0. Its unique
// equilibrium (no pure one: 1 matches 2 matches 3 mismatches 1) makes
// each player indifferent: P(1 plays 0) = e/(e+f), P(2 plays 0) =
// b/(a+b), P(3 plays 0) = d/(c+d).
func cyclicGame(a, b, c, d, e, f int64) *Game {
	return gameOf("cyclic", []int{2, 2, 2}, func(s []int) []int64 {
		var u [3]int64
		if s[0] == s[1] {
			u[0] = [2]int64{a, b}[s[0]]
		}
		if s[1] == s[2] {
			u[1] = [2]int64{c, d}[s[1]]
		}
		if s[2] != s[0] {
			u[2] = [2]int64{e, f}[s[2]]
		}
		return u[:]
	})
}

// plainRegret is the largest regret of a mixed profile, computed
// directly from the definition in float64 (an oracle independent of
// Regrets): for each player, the best pure deviation's expected payoff
// minus the profile's.
func plainRegret(g *Game, sigma [][]float64) float64 {
	n := len(g.Players)
	worst := 0.0
	for i := range n {
		best := math.Inf(-1)
		mean := 0.0
		for j := range g.Strategies[i] {
			dev := 0.0
			for p, row := range g.Payoffs {
				s := g.Profile(p)
				if s[i] != j {
					continue
				}
				w := 1.0
				for k := range n {
					if k != i {
						w *= sigma[k][s[k]]
					}
				}
				v, _ := row[i].Float64()
				dev += w * v
			}
			best = math.Max(best, dev)
			mean += sigma[i][j] * dev
		}
		worst = math.Max(worst, best-mean)
	}
	return worst
}

func TestCyclicUniqueEquilibrium(t *testing.T) {
	for k, c := range []struct {
		a, b, c, d, e, f int64
	}{{1, 1, 1, 1, 1, 1}, {1, 2, 3, 1, 2, 3}, {5, 1, 1, 7, 4, 1}} {
		g := cyclicGame(c.a, c.b, c.c, c.d, c.e, c.f)
		if pure := PureEquilibria(g); len(pure) != 0 {
			t.Errorf("case %d: pure equilibria %v, want none", k, pure)
		}
		eps := 1e-9 * g.Scale()
		m, err := LogitEquilibrium(g, eps)
		if err != nil {
			t.Fatalf("case %d: %v", k, err)
		}
		want := []float64{float64(c.e) / float64(c.e+c.f), float64(c.b) / float64(c.a+c.b), float64(c.d) / float64(c.c+c.d)}
		for i, w := range want {
			if got := m.Strategies[i][0]; math.Abs(got-w) > 1e-6 {
				t.Errorf("case %d: player %d plays 0 with %v, want %v", k, i+1, got, w)
			}
		}
		if r := plainRegret(g, m.Strategies); r > eps+1e-15 {
			t.Errorf("case %d: plain regret %g above epsilon %g", k, r, eps)
		}
	}
}

func TestCoordinationPure(t *testing.T) {
	for _, k := range []int{2, 3, 4} {
		g := gameOf("coord", []int{k, k, k}, func(s []int) []int64 {
			if s[0] == s[1] && s[1] == s[2] {
				return []int64{1, 1, 1}
			}
			return []int64{0, 0, 0}
		})
		// Pure equilibria: all three alike (k), or all three different
		// (k(k-1)(k-2)): no one deviation then makes all alike.
		want := k + k*(k-1)*(k-2)
		if got := len(PureEquilibria(g)); got != want {
			t.Errorf("k=%d: %d pure equilibria, want %d", k, got, want)
		}
		m, err := LogitEquilibrium(g, 1e-9)
		if err != nil {
			t.Fatal(err)
		}
		if r := plainRegret(g, m.Strategies); r > 1e-9 {
			t.Errorf("k=%d: regret %g", k, r)
		}
	}
}

// TestMcKelveyMcLennan is the 2×2×2 example of McKelvey and McLennan
// with nine equilibria (Gambit's contrib/games/2x2x2.nfg, retyped),
// four of them pure.
func TestMcKelveyMcLennan(t *testing.T) {
	g, err := ReadNFG(strings.NewReader(`NFG 1 R "2x2x2" { "Player 1" "Player 2" "Player 3" }
{ { "1" "2" } { "1" "2" } { "1" "2" } } ""
{ { "" 9, 8, 12 } { "" 0, 0, 0 } { "" 0, 0, 0 } { "" 9, 8, 2 } { "" 0, 0, 0 } { "" 3, 4, 6 } { "" 3, 4, 6 } { "" 0, 0, 0 } }
1 2 3 4 5 6 7 8`))
	if err != nil {
		t.Fatal(err)
	}
	// By hand: the four profiles paying someone nothing leave player 1
	// a deviation that pays it 9 or 3; the other four pay everyone more
	// than any one deviation (to an outcome of zeros) would.
	if got := PureEquilibria(g); !slices.Equal(got, []int{0, 3, 5, 6}) {
		t.Errorf("pure equilibria %v, want [0 3 5 6]", got)
	}
	eps := 1e-9 * g.Scale()
	m, err := LogitEquilibrium(g, eps)
	if err != nil {
		t.Fatal(err)
	}
	if r := plainRegret(g, m.Strategies); r > eps {
		t.Errorf("plain regret %g above epsilon %g", r, eps)
	}
}

// TestLogitRandomGames: on random games of three to five players, the
// logit path ends with a certified equilibrium, and the plain regret
// (computed independently, in float64) agrees that it is within
// epsilon; every pure equilibrium is one by the plain check too, and
// every profile PureEquilibria leaves out is not.
func TestLogitRandomGames(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 1))
	games := 40
	if testing.Short() {
		games = 10
	}
	for k := range games {
		n := 3 + rng.IntN(3)
		m := make([]int, n)
		for i := range m {
			m[i] = 2 + rng.IntN(4-n/5*2)
		}
		g := gameOf("random", m, func(s []int) []int64 {
			out := make([]int64, len(s))
			for i := range out {
				out[i] = int64(rng.IntN(21)) - 10
			}
			return out
		})
		eps := 1e-9 * g.Scale()
		mx, err := LogitEquilibrium(g, eps)
		if err != nil {
			t.Fatalf("game %d %v: %v", k, m, err)
		}
		if r := plainRegret(g, mx.Strategies); r > eps*(1+1e-6) {
			t.Errorf("game %d %v: plain regret %g above epsilon %g (reported %g)", k, m, r, eps, mx.MaxRegret)
		}
		pure := PureEquilibria(g)
		for p := range g.Payoffs {
			sigma := make([][]float64, n)
			for i, s := range g.Profile(p) {
				sigma[i] = make([]float64, m[i])
				sigma[i][s] = 1
			}
			if isEq, listed := plainRegret(g, sigma) == 0, slices.Contains(pure, p); isEq != listed {
				t.Errorf("game %d: profile %d is an equilibrium: %v; listed: %v", k, p, isEq, listed)
			}
		}
	}
}

// rationalRegrets is the definition of the regrets, in big.Rat and
// nothing else: an oracle for Regrets, whose integer arithmetic over
// common denominators is a different computation.
func rationalRegrets(g *Game, sigma [][]*big.Rat) []*big.Rat {
	var out []*big.Rat
	for i := range g.Players {
		dev := make([]*big.Rat, len(g.Strategies[i]))
		for j := range dev {
			dev[j] = new(big.Rat)
		}
		for p, row := range g.Payoffs {
			s := g.Profile(p)
			w := big.NewRat(1, 1)
			for k := range g.Players {
				if k != i {
					w.Mul(w, sigma[k][s[k]])
				}
			}
			dev[s[i]].Add(dev[s[i]], w.Mul(w, row[i]))
		}
		best, mean := dev[0], new(big.Rat)
		for j, d := range dev {
			if d.Cmp(best) > 0 {
				best = d
			}
			mean.Add(mean, new(big.Rat).Mul(sigma[i][j], d))
		}
		out = append(out, new(big.Rat).Sub(best, mean))
	}
	return out
}

// TestRegretsExact: on games of fractional payoffs (many different
// denominators), Regrets equals the definition computed in big.Rat, at
// random profiles of float64s (normalized exactly as Regrets says).
func TestRegretsExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for k := range 30 {
		m := []int{2 + rng.IntN(3), 2 + rng.IntN(3), 1 + rng.IntN(3)}
		g := gameOf("fractions", m, func(s []int) []int64 { return make([]int64, len(s)) })
		for _, row := range g.Payoffs {
			for i := range row {
				row[i] = big.NewRat(rng.Int64N(201)-100, 1+rng.Int64N(30))
			}
		}
		sigma := make([][]float64, len(m))
		exact := make([][]*big.Rat, len(m))
		for i, mi := range m {
			sum := new(big.Rat)
			for range mi {
				x := rng.Float64()
				if rng.IntN(4) == 0 {
					x = 0
				}
				sigma[i] = append(sigma[i], x)
				exact[i] = append(exact[i], new(big.Rat).SetFloat64(x))
				sum.Add(sum, exact[i][len(exact[i])-1])
			}
			if sum.Sign() == 0 {
				sigma[i][0], exact[i][0], sum = 1, big.NewRat(1, 1), big.NewRat(1, 1)
			}
			for j := range exact[i] {
				exact[i][j].Quo(exact[i][j], sum)
			}
		}
		got, err := Regrets(g, sigma)
		if err != nil {
			t.Fatal(err)
		}
		want := rationalRegrets(g, exact)
		for i := range want {
			if got[i].Cmp(want[i]) != 0 {
				t.Errorf("game %d, player %d: regret %s, want %s", k, i+1, got[i].RatString(), want[i].RatString())
			}
		}
		// And the logit path certifies games of fractions too.
		eps := 1e-9 * g.Scale()
		mx, err := LogitEquilibrium(g, eps)
		if err != nil {
			t.Fatalf("game %d: %v", k, err)
		}
		if r := plainRegret(g, mx.Strategies); r > eps*(1+1e-6) {
			t.Errorf("game %d: plain regret %g above epsilon %g", k, r, eps)
		}
	}
}
