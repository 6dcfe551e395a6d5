package nash

import (
	"errors"
	"math"
	"math/big"
)

// This file finds the equilibria of games of any number of players
// (Game, read by ReadNFG): every pure-strategy equilibrium, exactly
// (PureEquilibria, Gambit's enumpure), and one mixed equilibrium
// approximately, with an exact certificate (LogitEquilibrium, after
// Gambit's logit).

// PureEquilibria returns the profile numbers of every pure-strategy Nash
// equilibrium of g, in profile order: the profiles at which no player
// has a deviation that pays more, compared exactly.
func PureEquilibria(g *Game) []int {
	n := len(g.Players)
	strides := make([]int, n)
	stride := 1
	for i, s := range g.Strategies {
		strides[i] = stride
		stride *= len(s)
	}
	var out []int
	for p := range g.Payoffs {
		if isPureEquilibrium(g, p, strides) {
			out = append(out, p)
		}
	}
	return out
}

// isPureEquilibrium reports whether no player gains by a pure deviation
// from profile p.
func isPureEquilibrium(g *Game, p int, strides []int) bool {
	for i, ss := range g.Strategies {
		own := (p / strides[i]) % len(ss)
		base := p - own*strides[i]
		for s := range len(ss) {
			if g.Payoffs[base+s*strides[i]][i].Cmp(g.Payoffs[p][i]) > 0 {
				return false
			}
		}
	}
	return true
}

// Regrets returns each player's regret at the mixed profile sigma
// (sigma[i][j]: player i's probability of strategy j), exactly: each
// float64 is taken as the binary fraction it is, each player's divided
// by their sum so that they sum to 1 exactly, and regret_i =
// max_j u_i(j, σ₋ᵢ) − u_i(σ) is computed in rational arithmetic from
// the exact payoffs. sigma must have g's shape, entries finite and >= 0,
// each player's summing to more than 0.
func Regrets(g *Game, sigma [][]float64) ([]*big.Rat, error) {
	lcm, ints := integerPayoffs(g)
	return regretsOver(g, lcm, ints, sigma)
}

// regretsOver is Regrets with g's payoffs as integers over each
// player's common denominator (integerPayoffs) computed once by the
// caller: the logit path checks many profiles of one game, and
// recomputing them (a GCD per payoff) was most of each check's cost.
func regretsOver(g *Game, lcm []*big.Int, ints [][]*big.Int, sigma [][]float64) ([]*big.Rat, error) {
	n := len(g.Players)
	if len(sigma) != n {
		return nil, errors.New("nash: Regrets: a strategy per player is needed")
	}
	// num[i][j]/den[i] is player i's probability of j.
	num := make([][]*big.Int, n)
	den := make([]*big.Int, n)
	for i, s := range sigma {
		if len(s) != len(g.Strategies[i]) {
			return nil, errors.New("nash: Regrets: a strategy's length is not its player's number of strategies")
		}
		var err error
		if num[i], den[i], err = commonDenominator(s); err != nil {
			return nil, err
		}
	}
	// Each player's payoffs as integers over its common denominator
	// lcm[i]: sums of integers stay small where sums of fractions of
	// many different denominators would grow without end.
	// v[i][j] = Σ over profiles where i plays j of ints_i × Π_{r≠i} num_r.
	v := make([][]*big.Int, n)
	for i, ss := range g.Strategies {
		v[i] = make([]*big.Int, len(ss))
		for j := range v[i] {
			v[i][j] = new(big.Int)
		}
	}
	prof := make([]int, n)
	factors := make([]*big.Int, n)
	prefix := make([]*big.Int, n+1)
	suffix := make([]*big.Int, n+1)
	for k := range n + 1 {
		prefix[k], suffix[k] = new(big.Int), new(big.Int)
	}
	var w big.Int
	for p := range g.Payoffs {
		zeros, zeroAt := 0, -1
		q := p
		for i, ss := range g.Strategies {
			prof[i] = q % len(ss)
			q /= len(ss)
			factors[i] = num[i][prof[i]]
			if factors[i].Sign() == 0 {
				zeros, zeroAt = zeros+1, i
			}
		}
		if zeros > 1 {
			continue // every player's weight has a zero factor
		}
		prefix[0].SetInt64(1)
		for i := range n {
			prefix[i+1].Mul(prefix[i], factors[i])
		}
		suffix[n].SetInt64(1)
		for i := n - 1; i >= 0; i-- {
			suffix[i].Mul(suffix[i+1], factors[i])
		}
		for i := range n {
			if zeros == 1 && zeroAt != i {
				continue
			}
			w.Mul(prefix[i], suffix[i+1])
			w.Mul(&w, ints[p][i])
			v[i][prof[i]].Add(v[i][prof[i]], &w)
		}
	}
	out := make([]*big.Rat, n)
	for i := range n {
		// regret_i = (den_i·max_j v_ij − Σ_j num_ij v_ij) / (lcm_i · den_i · Π_{r≠i} den_r).
		best := v[i][0]
		for _, x := range v[i][1:] {
			if x.Cmp(best) > 0 {
				best = x
			}
		}
		var r, t big.Int
		r.Mul(best, den[i])
		for j, x := range v[i] {
			t.Mul(x, num[i][j])
			r.Sub(&r, &t)
		}
		d := new(big.Int).Mul(lcm[i], den[i])
		for k := range n {
			if k != i {
				d.Mul(d, den[k])
			}
		}
		out[i] = new(big.Rat).SetFrac(&r, d)
	}
	return out, nil
}

// integerPayoffs returns each player's least common denominator of its
// payoffs, lcm[i], and the payoffs times it, ints[p][i], integers.
func integerPayoffs(g *Game) (lcm []*big.Int, ints [][]*big.Int) {
	n := len(g.Players)
	lcm = make([]*big.Int, n)
	var gcd big.Int
	for i := range n {
		lcm[i] = big.NewInt(1)
		for _, row := range g.Payoffs {
			d := row[i].Denom()
			gcd.GCD(nil, nil, lcm[i], d)
			lcm[i].Mul(lcm[i], new(big.Int).Quo(d, &gcd))
		}
	}
	ints = make([][]*big.Int, len(g.Payoffs))
	for p, row := range g.Payoffs {
		ints[p] = make([]*big.Int, n)
		for i, r := range row {
			x := new(big.Int).Quo(lcm[i], r.Denom())
			ints[p][i] = x.Mul(x, r.Num())
		}
	}
	return lcm, ints
}

// commonDenominator writes the float64s s as integers over one power
// of two: s[j] = num[j]/2^K exactly; den is their sum, so num[j]/den
// are s normalized exactly.
func commonDenominator(s []float64) (num []*big.Int, den *big.Int, err error) {
	rats := make([]*big.Rat, len(s))
	shift := 0
	for j, x := range s {
		if math.IsNaN(x) || math.IsInf(x, 0) || x < 0 {
			return nil, nil, errors.New("nash: a probability is negative or not finite")
		}
		rats[j] = new(big.Rat).SetFloat64(x)
		// A float64's denominator is a power of two.
		if b := rats[j].Denom().BitLen() - 1; b > shift {
			shift = b
		}
	}
	num = make([]*big.Int, len(s))
	den = new(big.Int)
	for j, r := range rats {
		num[j] = new(big.Int).Lsh(r.Num(), uint(shift-(r.Denom().BitLen()-1)))
		den.Add(den, num[j])
	}
	if den.Sign() == 0 {
		return nil, nil, errors.New("nash: a player's probabilities are all zero")
	}
	return num, den, nil
}

// MaxRegret is the largest of regrets, as a float64.
func MaxRegret(regrets []*big.Rat) float64 {
	worst := 0.0
	for _, r := range regrets {
		if f, _ := r.Float64(); f > worst {
			worst = f
		}
	}
	return worst
}

// Scale is max(1, max |payoff|) of g: the tolerance of a certificate is
// relative to it, as the two-player solvers' are.
func (g *Game) Scale() float64 {
	scale := 1.0
	for _, row := range g.Payoffs {
		for _, r := range row {
			if f, _ := r.Float64(); math.Abs(f) > scale {
				scale = math.Abs(f)
			}
		}
	}
	return scale
}
