package nash

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"

	"gonum.org/v1/gonum/mat"
)

// This file finds one mixed equilibrium of a game of any number of
// players by following the logit quantal-response path (McKelvey and
// Palfrey; Gambit's logit; Turocy 2005): the profiles σ(λ) at which
// every player i plays strategy j with probability proportional to
// exp(λ·u_i(j, σ₋ᵢ)). At λ = 0 it is the uniform profile; as λ grows
// the path's principal branch tends to a Nash equilibrium. It is
// followed by an arc-length predictor–corrector in (log σ, λ), which
// turns with the path where λ turns back. A path that heads back to
// λ = 0 (below a thousandth of the largest λ it reached: a bifurcation
// stepped over reverses it) is left for one from
// another start, as many as pathStarts. Along the way the support
// the path's point is heading for is tried: its indifference equations
// are solved by Newton's method, and a solution is accepted once its
// regrets, computed exactly (Regrets), are at most the epsilon asked
// for. The answer is approximate (float64 probabilities) and certified:
// its exact regrets are reported beside it.

// MaxPathSteps bounds the path's accepted and rejected steps, so that
// the method always ends: with an equilibrium whose regret is certified
// below epsilon, or with ErrNotCertified.
const MaxPathSteps = 20000

// MaxPathWork bounds the work of all the paths of one game together,
// so that a large game whose paths certify nothing (an epsilon below
// what float64 probabilities reach, a degenerate game) ends in minutes,
// not hours: a step, and an exact check of a profile's regrets, each
// cost about profiles × players² (the payoff evaluations) plus
// strategies³/50 (the linear systems) of these units. The budget is at
// most about 2 900 steps of 16 players (14 of 2 strategies, 2 of 1:
// 16 384 profiles), 7 000 of 200×200×1, 19 000 of 40×40×40, and more than all
// the paths' MaxPathSteps for games of a few thousand profiles, which
// it does not bound. Spending it took 37 s of CPU for a random game of
// 16 players like that one (191 s before eval formed each profile's
// products once for all its players), and 191 s, before that change,
// for 16×16×16×16 with payoffs of 1 200-digit denominators (--epsilon
// 1e-300; /usr/bin/time, load 1 to 8 on the 2-core development
// machine); without it the 16 players ran 433 s of CPU, before that
// change, and were stopped unfinished, and their 8 paths of 20 000
// steps would take hours.
const MaxPathWork = 12e9

// maxPathWork is MaxPathWork, lowered by a test to reach it quickly.
var maxPathWork = float64(MaxPathWork)

// pathStarts is how many starting profiles are tried.
const pathStarts = 8

// maxLambda is where the path is given up: at λ = 1e15 a logit profile's
// regret in payoffs scaled to [0, 1] is far below any epsilon a float64
// can certify.
const maxLambda = 1e15

// Mixed is a mixed equilibrium found by LogitEquilibrium.
type Mixed struct {
	// Strategies[i][j] is player i's probability of strategy j (each
	// player's sum to 1 up to rounding; Regrets normalizes them exactly).
	Strategies [][]float64
	// Payoffs are the players' expected payoffs, in float64.
	Payoffs []float64
	// Regrets are each player's regret at Strategies, exact; MaxRegret
	// the largest as a float64.
	Regrets   []*big.Rat
	MaxRegret float64
	// Epsilon is the bound every regret is within.
	Epsilon float64
	// Lambda is the path's λ where it stopped; Steps counts the steps
	// of every path tried (when none was certified, all of them, not
	// only those up to the best profile); Start is the path's start: 0
	// the uniform profile, k > 0 the k-th random one (after k paths
	// that turned back).
	Lambda float64
	Steps  int
	Start  int
	// Polished reports whether the equilibrium is the solution of its
	// support's indifference equations (else it is the path's point).
	Polished bool
	// BudgetSpent reports that the paths stopped because MaxPathWork
	// was spent (only when no profile was certified).
	BudgetSpent bool
}

// ErrNotCertified is LogitEquilibrium's error when the path ended
// (MaxPathSteps, or λ past 1e15, or a step too small to take, or
// MaxPathWork spent on all the paths) without
// a profile whose regrets are within epsilon; the Mixed returned with
// it is the best profile found, its regrets as they are.
var ErrNotCertified = errors.New("nash: the logit path ended before a profile's regrets were within epsilon")

// LogitEquilibrium returns one mixed Nash equilibrium of g, every
// player's exact regret at most epsilon (> 0), by following the logit
// path (see above). It returns ErrNotCertified, and the best profile
// found, when the path ends first.
func LogitEquilibrium(g *Game, epsilon float64) (*Mixed, error) {
	if !(epsilon > 0) {
		return nil, fmt.Errorf("nash: epsilon %v is not > 0", epsilon)
	}
	lp := newLogitPath(g)
	nv := float64(lp.vars)
	tr := &tracer{lp: lp, g: g, eps: epsilon, scale: g.Scale(),
		stepWork: float64(lp.profiles*lp.n*lp.n) + nv*nv*nv/50}
	if m, ok := tr.accept(lp.uniform(), 0, false); ok {
		return m, nil
	}
	// The uniform start first (Gambit's path); should its path turn
	// back towards λ = 0, which a bifurcation it steps over can make
	// it do, paths from other starting profiles (the same homotopy with
	// a prior: σ_ij ∝ p_ij·exp(λ·u_ij)), drawn from a fixed seed so
	// that the answer is reproducible.
	rng := rand.New(rand.NewPCG(1, 2))
	for try := range pathStarts {
		start := lp.uniform()
		if try > 0 {
			start = lp.randomStart(rng)
		}
		tr.start = try
		if m, ok := tr.follow(start); ok {
			return m, nil
		}
		if tr.budgetSpent {
			break
		}
	}
	m, err := tr.mixed(tr.bestSigma, tr.bestAt)
	if err != nil {
		return nil, err
	}
	m.Steps, m.BudgetSpent = tr.steps, tr.budgetSpent
	return m, ErrNotCertified
}

// logitPath holds a game's payoffs in float64, each player's mapped
// onto [0, 1] (equilibria and the path's shape do not change under a
// positive affine map of a player's payoffs), and its layout: player i's
// strategies are variables off[i] to off[i+1]-1.
type logitPath struct {
	n, vars  int
	profiles int
	m, off   []int
	u        []float64   // profile p's payoffs at p*n, scaled
	raw      [][]float64 // [profile][player], the game's
	ranges   []float64   // each player's largest payoff less its smallest
	// col holds profile p's variables at p*n: player i's strategy s_i
	// is variable off[i]+s_i, its probability σ's entry and its row and
	// column of D.
	col []int32
	// U[v] is u_i(j, σ₋ᵢ) for variable v = (i, j); D[v][w], w = (k, l)
	// with k ≠ i, is u_i(j, l, σ₋ᵢₖ): its derivative in σ_kl.
	U []float64
	D *mat.Dense
	// prior is the log of the path's start, where λ = 0.
	prior []float64
}

func newLogitPath(g *Game) *logitPath {
	n := len(g.Players)
	lp := &logitPath{n: n, m: make([]int, n), off: make([]int, n+1)}
	for i, s := range g.Strategies {
		lp.m[i] = len(s)
		lp.off[i+1] = lp.off[i] + len(s)
	}
	lp.vars = lp.off[n]
	f := g.Floats()
	lo, hi := make([]float64, n), make([]float64, n)
	for i := range n {
		lo[i], hi[i] = math.Inf(1), math.Inf(-1)
		for _, row := range f {
			lo[i], hi[i] = math.Min(lo[i], row[i]), math.Max(hi[i], row[i])
		}
	}
	lp.raw, lp.ranges = f, make([]float64, n)
	for i := range n {
		lp.ranges[i] = hi[i] - lo[i]
	}
	lp.profiles = len(f)
	lp.u = make([]float64, len(f)*n)
	lp.col = make([]int32, len(f)*n)
	for p, row := range f {
		for i := range n {
			if hi[i] > lo[i] {
				lp.u[p*n+i] = (row[i] - lo[i]) / (hi[i] - lo[i])
			}
		}
		q := p
		for i := range n {
			lp.col[p*n+i] = int32(lp.off[i] + q%lp.m[i])
			q /= lp.m[i]
		}
	}
	lp.U = make([]float64, lp.vars)
	lp.D = mat.NewDense(lp.vars, lp.vars, nil)
	return lp
}

// uniform is the path's start: every player's strategies equally likely.
func (lp *logitPath) uniform() []float64 {
	s := make([]float64, lp.vars)
	for i := range lp.n {
		for v := lp.off[i]; v < lp.off[i+1]; v++ {
			s[v] = 1 / float64(lp.m[i])
		}
	}
	return s
}

// randomStart is a random interior profile, each probability at least
// a tenth of uniform.
func (lp *logitPath) randomStart(rng *rand.Rand) []float64 {
	s := make([]float64, lp.vars)
	for i := range lp.n {
		sum := 0.0
		for v := lp.off[i]; v < lp.off[i+1]; v++ {
			s[v] = 0.1 + rng.Float64()
			sum += s[v]
		}
		for v := lp.off[i]; v < lp.off[i+1]; v++ {
			s[v] /= sum
		}
	}
	return s
}

// eval computes U and D at sigma (flat, by variable). It is most of
// the path's work, a pass over every profile at each Newton step.
func (lp *logitPath) eval(sigma []float64) {
	clear(lp.U)
	lp.D.Zero()
	if lp.n == 3 {
		lp.eval3(sigma)
	} else {
		lp.evalN(sigma)
	}
}

// evalN adds each profile's terms to U and D (zeroed) for any number of
// players. Each profile's probabilities are read, and their prefix and
// suffix products formed, once for all its players; player i's entries
// are then the products of those without σ_i (U) or without σ_i and σ_k
// (D), each running product extended by one factor per entry. These are
// the products, in the same order, that forming them afresh for each
// player with σ_i taken as 1 made (BenchmarkLogit* measure the gain), so
// U and D are the same to the bit.
func (lp *logitPath) evalN(sigma []float64) {
	n := lp.n
	raw := lp.D.RawMatrix()
	q := make([]float64, n)
	prefix := make([]float64, n+1) // prefix[r]: q[0]·…·q[r-1]
	suffix := make([]float64, n+1) // suffix[r]: q[n-1]·…·q[r]
	prefix[0], suffix[n] = 1, 1
	for p := range lp.profiles {
		cols, u := lp.col[p*n:p*n+n], lp.u[p*n:p*n+n]
		// The running products kept in registers, not read back from
		// the arrays: a load after a store would lengthen each step.
		acc := 1.0
		for r, c := range cols {
			q[r] = sigma[c]
			acc *= q[r]
			prefix[r+1] = acc
		}
		acc = 1
		for r := n - 1; r >= 0; r-- {
			acc *= q[r]
			suffix[r] = acc
		}
		for i, ui := range u {
			if ui == 0 {
				continue
			}
			d := raw.Data[int(cols[i])*raw.Stride:]
			// Players before i: without σ_k and σ_i, the factors after
			// k taken from the end.
			tail := suffix[i+1]
			for k := i - 1; k >= 0; k-- {
				d[cols[k]] += ui * prefix[k] * tail
				tail *= q[k]
			}
			// Players after i: without σ_i and σ_k, the factors before
			// k taken from the start; at the end head lacks only σ_i.
			head := prefix[i]
			for k := i + 1; k < n; k++ {
				d[cols[k]] += ui * head * suffix[k+1]
				head *= q[k]
			}
			lp.U[cols[i]] += ui * head
		}
	}
}

// eval3 is evalN for three players, the loops unrolled (its most
// common use; BenchmarkLogit20x20x20 1.6 times faster): the same products, in
// the same order (factors of 1 left out), so the same U and D.
func (lp *logitPath) eval3(sigma []float64) {
	d, stride := lp.D.RawMatrix().Data, lp.D.RawMatrix().Stride
	for p := range lp.profiles {
		c := lp.col[3*p : 3*p+3 : 3*p+3]
		u := lp.u[3*p : 3*p+3 : 3*p+3]
		c0, c1, c2 := int(c[0]), int(c[1]), int(c[2])
		q0, q1, q2 := sigma[c0], sigma[c1], sigma[c2]
		if u0 := u[0]; u0 != 0 {
			d[c0*stride+c1] += u0 * q2
			d[c0*stride+c2] += u0 * q1
			lp.U[c0] += u0 * (q1 * q2)
		}
		if u1 := u[1]; u1 != 0 {
			d[c1*stride+c0] += u1 * q2
			d[c1*stride+c2] += u1 * q0
			lp.U[c1] += u1 * (q0 * q2)
		}
		if u2 := u[2]; u2 != 0 {
			d[c2*stride+c0] += u2 * q1
			d[c2*stride+c1] += u2 * q0
			lp.U[c2] += u2 * (q0 * q1)
		}
	}
}

// tracer follows the path and keeps the best profile seen.
type tracer struct {
	lp    *logitPath
	g     *Game
	eps   float64
	scale float64
	steps int
	start int
	// work is what the steps taken cost, in MaxPathWork's units, and
	// stepWork what one costs; budgetSpent says work reached
	// maxPathWork.
	work, stepWork float64
	budgetSpent    bool
	// lcm and ints are the game's payoffs as integers for the exact
	// regrets (integerPayoffs), made at the first check.
	lcm  []*big.Int
	ints [][]*big.Int
	// bestSigma is the profile of smallest float regret seen
	// (bestApprox), found where bestAt says.
	bestSigma  []float64
	bestApprox float64
	bestAt     Mixed
	// nextPolish is the λ at which the support equations are tried next.
	nextPolish float64
}

// accept checks sigma's regrets against epsilon: in float64 first (the
// exact check of a large game is dear), then, when those are within
// about epsilon, exactly. It keeps the profile of smallest float regret
// for the answer when none is certified; ok when within epsilon.
func (tr *tracer) accept(sigma []float64, lambda float64, polished bool) (*Mixed, bool) {
	lp := tr.lp
	lp.eval(sigma)
	approx := lp.gameRegret(sigma)
	if tr.bestSigma == nil || approx < tr.bestApprox {
		tr.bestSigma, tr.bestApprox = append([]float64(nil), sigma...), approx
		tr.bestAt = Mixed{Lambda: lambda, Steps: tr.steps, Start: tr.start, Polished: polished}
	}
	// Float rounding makes the float regret differ from the exact one
	// by far less than 1e-12 of the payoffs' scale.
	if approx > 2*tr.eps+1e-12*tr.scale {
		return nil, false
	}
	m, err := tr.mixed(sigma, Mixed{Lambda: lambda, Steps: tr.steps, Start: tr.start, Polished: polished})
	if err != nil {
		return nil, false
	}
	return m, m.MaxRegret <= tr.eps
}

// mixed is the answer at sigma, its regrets exact; at says where the
// path found it.
func (tr *tracer) mixed(sigma []float64, at Mixed) (*Mixed, error) {
	lp := tr.lp
	m := &at
	m.Epsilon = tr.eps
	for i := range lp.n {
		m.Strategies = append(m.Strategies, append([]float64(nil), sigma[lp.off[i]:lp.off[i+1]]...))
	}
	if tr.ints == nil {
		tr.lcm, tr.ints = integerPayoffs(tr.g)
	}
	// An exact check costs about a step's work (its products of big
	// integers at every profile): counted, so that a game whose every
	// late step is checked still ends within the budget.
	tr.work += tr.stepWork
	regrets, err := regretsOver(tr.g, tr.lcm, tr.ints, m.Strategies)
	if err != nil {
		return nil, err
	}
	m.Regrets, m.MaxRegret = regrets, MaxRegret(regrets)
	m.Payoffs = make([]float64, lp.n)
	for p, row := range lp.raw {
		w := 1.0
		for i := range lp.n {
			w *= sigma[lp.col[p*lp.n+i]]
		}
		for i, x := range row {
			m.Payoffs[i] += w * x
		}
	}
	return m, nil
}

// gameRegret is the largest regret at sigma in the game's payoffs, in
// float64 (eval must have been called at sigma).
func (lp *logitPath) gameRegret(sigma []float64) float64 {
	worst := 0.0
	for i := range lp.n {
		best, mean := math.Inf(-1), 0.0
		for v := lp.off[i]; v < lp.off[i+1]; v++ {
			best = math.Max(best, lp.U[v])
			mean += sigma[v] * lp.U[v]
		}
		worst = math.Max(worst, (best-mean)*lp.ranges[i])
	}
	return worst
}

// follow traces the path from start at λ = 0 until a certified
// profile or its end: MaxPathSteps steps, λ past maxLambda, a step too
// small to take, or λ back below a thousandth of the largest it
// reached (the path is retracing itself towards λ = 0). A path's own
// bends can take λ back by more than half: in a 4×4×4 game
// (bendingPath in the tests) it rises to 767, falls to 340 and rises
// to an equilibrium, and ending at half left it uncertified.
func (tr *tracer) follow(start []float64) (*Mixed, bool) {
	lp := tr.lp
	x := make([]float64, lp.vars+1) // log σ, then λ
	lp.prior = make([]float64, lp.vars)
	for v, p := range start {
		x[v] = math.Log(p)
		lp.prior[v] = x[v]
	}
	top := 0.0
	sigma := make([]float64, lp.vars)
	lp.sigmaOf(x, sigma)
	lp.eval(sigma)
	t, ok := lp.tangent(x, nil)
	if !ok {
		return nil, false
	}
	h := 0.05
	tr.nextPolish = 1
	for steps := 0; steps < MaxPathSteps; steps++ {
		if tr.work >= maxPathWork {
			tr.budgetSpent = true
			return nil, false
		}
		tr.steps++
		tr.work += tr.stepWork
		xNew, ok := lp.correct(x, t, h)
		if !ok {
			if h /= 2; h < 1e-12 {
				return nil, false
			}
			continue
		}
		lp.sigmaOf(xNew, sigma)
		lp.eval(sigma)
		tNew, ok := lp.tangent(xNew, t)
		if ok && dot(tNew, t) < 0.99 {
			// The path turned by more than about 8° in one step: a
			// shorter step keeps to it rather than jumping across.
			ok = h <= 1e-9
		}
		if !ok {
			if h /= 2; h < 1e-12 {
				return nil, false
			}
			continue
		}
		x, t = xNew, tNew
		h = math.Min(h*1.5, 1e12)
		lambda := x[lp.vars]
		if m, ok := tr.accept(sigma, lambda, false); ok {
			return m, true
		}
		if lambda >= tr.nextPolish {
			tr.nextPolish = lambda * 1.5
			if m, ok := tr.polish(sigma, lambda); ok {
				return m, true
			}
		}
		top = math.Max(top, lambda)
		if lambda > maxLambda || lambda < top/1000 {
			return nil, false
		}
	}
	return nil, false
}

// sigmaOf writes the probabilities exp(x) of the path point x.
func (lp *logitPath) sigmaOf(x, sigma []float64) {
	for v := range sigma {
		sigma[v] = math.Exp(x[v])
	}
}

// jacobian is the path equations' Jacobian at x (eval called at its σ),
// one row per equation, the last column ∂/∂λ; rows for player i's
// strategies j ≥ 1 are log σ_ij − log σ_i0 − λ(U_ij − U_i0) = 0, row
// off[i] is Σ_j σ_ij − 1 = 0.
func (lp *logitPath) jacobian(x []float64) *mat.Dense {
	nv := lp.vars
	lambda := x[nv]
	jac := mat.NewDense(nv+1, nv+1, nil)
	for i := range lp.n {
		base := lp.off[i]
		for v := base; v < lp.off[i+1]; v++ {
			jac.Set(base, v, math.Exp(x[v]))
		}
		d0 := lp.D.RawRowView(base)
		for v := base + 1; v < lp.off[i+1]; v++ {
			jac.Set(v, v, 1)
			jac.Set(v, base, -1)
			dv := lp.D.RawRowView(v)
			for k := range lp.n {
				if k == i {
					continue
				}
				for w := lp.off[k]; w < lp.off[k+1]; w++ {
					jac.Set(v, w, -lambda*(dv[w]-d0[w])*math.Exp(x[w]))
				}
			}
			jac.Set(v, nv, -(lp.U[v] - lp.U[base]))
		}
	}
	return jac
}

// residual is the path equations' values at x (eval called at its σ).
func (lp *logitPath) residual(x []float64) []float64 {
	nv := lp.vars
	r := make([]float64, nv)
	for i := range lp.n {
		base := lp.off[i]
		sum := -1.0
		for v := base; v < lp.off[i+1]; v++ {
			sum += math.Exp(x[v])
		}
		r[base] = sum
		for v := base + 1; v < lp.off[i+1]; v++ {
			r[v] = x[v] - x[base] - (lp.prior[v] - lp.prior[base]) - x[nv]*(lp.U[v]-lp.U[base])
		}
	}
	return r
}

// solveBordered solves [J; t] z = rhs, the Jacobian bordered by the
// tangent t (its last row); false when singular.
func solveBordered(jac *mat.Dense, t, rhs []float64) ([]float64, bool) {
	nv := len(t)
	jac.SetRow(nv-1, t)
	var z mat.VecDense
	err := z.SolveVec(jac, mat.NewVecDense(nv, rhs))
	var cond mat.Condition
	if err != nil && !errors.As(err, &cond) {
		return nil, false
	}
	out := z.RawVector().Data
	for _, v := range out {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, false
		}
	}
	return out, true
}

// tangent is the unit tangent at x (eval called at its σ), oriented as
// prev (at the start, λ increasing).
func (lp *logitPath) tangent(x, prev []float64) ([]float64, bool) {
	nv := lp.vars
	border := prev
	if border == nil {
		border = make([]float64, nv+1)
		border[nv] = 1
	}
	rhs := make([]float64, nv+1)
	rhs[nv] = 1
	t, ok := solveBordered(lp.jacobian(x), border, rhs)
	if !ok {
		return nil, false
	}
	norm := mat.Norm(mat.NewVecDense(nv+1, t), 2)
	// A huge solution: the bordered system is nearly singular, the
	// previous tangent nearly orthogonal to this one (a sharp turn
	// stepped over); the step is retaken shorter.
	if !(norm < 1e12) {
		return nil, false
	}
	for v := range t {
		t[v] /= norm
	}
	return t, true
}

// correct takes a step of length h along t from x and brings it back to
// the path by Newton's method in the hyperplane orthogonal to t; false
// when Newton does not converge quickly (the step is then halved).
func (lp *logitPath) correct(x, t []float64, h float64) ([]float64, bool) {
	nv := lp.vars
	y := make([]float64, nv+1)
	for v := range y {
		y[v] = x[v] + h*t[v]
	}
	if y[nv] < 0 {
		return nil, false
	}
	sigma := make([]float64, nv)
	prev := math.Inf(1)
	for iter := 0; iter < 8; iter++ {
		lp.sigmaOf(y, sigma)
		lp.eval(sigma)
		r := lp.residual(y)
		rhs := make([]float64, nv+1)
		for v, e := range r {
			rhs[v] = -e
		}
		dz, ok := solveBordered(lp.jacobian(y), t, rhs)
		if !ok {
			return nil, false
		}
		size, scale := 0.0, 1.0
		for v := range y {
			y[v] += dz[v]
			size = math.Max(size, math.Abs(dz[v]))
			scale = math.Max(scale, math.Abs(y[v]))
		}
		switch {
		case math.IsNaN(size) || math.IsInf(size, 0):
			return nil, false
		case iter == 0 && size > 0.3*h && h > 1e-9:
			// A corrector that moves far from the predicted point has
			// jumped: a smaller step keeps to the branch.
			return nil, false
		case size > 0.5*prev && size > 1e-11*scale:
			// Newton's steps do not shrink: it is not converging here.
			return nil, false
		case size <= 1e-11*scale:
			return y, true
		}
		prev = size
	}
	return nil, false
}

// polish tries the supports that the path's point sigma is heading for:
// strategies with probability above a threshold. For each, Newton's
// method solves the indifference equations (every strategy of a
// player's support earns the same against the others' strategies; the
// support's probabilities sum to 1), and a solution with probabilities
// >= 0 whose exact regrets are within epsilon is accepted.
func (tr *tracer) polish(sigma []float64, lambda float64) (*Mixed, bool) {
	var tried []int
	for _, threshold := range []float64{1e-3, 1e-6, 1e-9} {
		in := tr.lp.supportOf(sigma, threshold)
		if slices.Equal(in, tried) {
			continue // the same support as the last threshold's
		}
		tried = in
		s, ok := tr.lp.supportSolve(sigma, in)
		if !ok {
			continue
		}
		if m, ok := tr.accept(s, lambda, true); ok {
			return m, true
		}
	}
	return nil, false
}

// supportOf lists the variables of sigma's support above threshold,
// relative to each player's largest probability.
func (lp *logitPath) supportOf(sigma []float64, threshold float64) []int {
	var in []int
	for i := range lp.n {
		top := 0.0
		for v := lp.off[i]; v < lp.off[i+1]; v++ {
			top = math.Max(top, sigma[v])
		}
		for v := lp.off[i]; v < lp.off[i+1]; v++ {
			if sigma[v] >= threshold*top {
				in = append(in, v)
			}
		}
	}
	return in
}

// supportSolve solves the indifference equations of the support in,
// starting from sigma restricted to it; false when Newton does not
// converge or a probability comes out negative.
func (lp *logitPath) supportSolve(sigma []float64, in []int) ([]float64, bool) {
	first := make([]int, lp.n)
	for i := range first {
		first[i] = -1
	}
	s := make([]float64, lp.vars)
	sums := make([]float64, lp.n)
	playerOf := make([]int, lp.vars)
	for i := range lp.n {
		for v := lp.off[i]; v < lp.off[i+1]; v++ {
			playerOf[v] = i
		}
	}
	for _, v := range in {
		i := playerOf[v]
		if first[i] < 0 {
			first[i] = v
		}
		s[v] = sigma[v]
		sums[i] += sigma[v]
	}
	for _, v := range in {
		s[v] /= sums[playerOf[v]]
	}
	k := len(in)
	prev := math.Inf(1)
	for iter := 0; iter < 30; iter++ {
		lp.eval(s)
		// Equations, one per support variable: the first of a player's
		// support says its probabilities sum to 1, every other that it
		// earns what the first does.
		f := make([]float64, k)
		jac := mat.NewDense(k, k, nil)
		worst := 0.0
		for a, v := range in {
			i := playerOf[v]
			if v == first[i] {
				f[a] = -1
				for b, w := range in {
					if playerOf[w] == i {
						f[a] += s[w]
						jac.Set(a, b, 1)
					}
				}
			} else {
				f[a] = lp.U[v] - lp.U[first[i]]
				dv, d0 := lp.D.RawRowView(v), lp.D.RawRowView(first[i])
				for b, w := range in {
					if playerOf[w] != i {
						jac.Set(a, b, dv[w]-d0[w])
					}
				}
			}
			worst = math.Max(worst, math.Abs(f[a]))
		}
		if worst <= 1e-15 {
			break
		}
		var dz mat.VecDense
		if err := dz.SolveVec(jac, mat.NewVecDense(k, f)); err != nil {
			var cond mat.Condition
			if !errors.As(err, &cond) {
				return nil, false
			}
		}
		step := 0.0
		for a, v := range in {
			s[v] -= dz.AtVec(a)
			step = math.Max(step, math.Abs(dz.AtVec(a)))
		}
		if math.IsNaN(step) || (iter >= 3 && step > prev && step > 1e-8) {
			return nil, false // diverging, or not converging
		}
		if step <= 1e-16 {
			break
		}
		prev = step
	}
	for v := range s {
		if s[v] < 0 {
			if s[v] < -1e-12 {
				return nil, false
			}
			s[v] = 0
		}
	}
	return s, true
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}
