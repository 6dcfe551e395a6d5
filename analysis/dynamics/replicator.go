package dynamics

import (
	"fmt"
	"math"
)

// ReplicatorOptions sets the integration of the replicator equation.
type ReplicatorOptions struct {
	// Horizon is the time integrated to, in units of the payoff (a score
	// share): a strategy whose payoff exceeds the population's by 0.1
	// grows by a factor e every 10 time units. 0 means DefaultHorizon.
	Horizon float64
	// Step is the Runge–Kutta step (0: DefaultStep).
	Step float64
	// Samples is the number of trajectory points kept after the start at
	// most (0: DefaultSamples): evenly spaced in log(1 + t), so fewer
	// early on where they would fall within one step.
	Samples int
	// Start is the initial population (nil: the centre, every strategy
	// 1/K); it must be in the simplex's interior.
	Start []float64
}

// Defaults of ReplicatorOptions: payoffs are score shares, so rates are
// at most 1 and a step of 0.05 keeps RK4's error far below the shown
// precision; 500 time units let a 2-point score edge grow e^10-fold.
const (
	DefaultHorizon = 500
	DefaultStep    = 0.05
	DefaultSamples = 200
)

// Replicator is a trajectory of the replicator equation.
type Replicator struct {
	// Times[s] is the time of the sample Path[s]; Path[s][i] is strategy
	// i's share of the population then. Path[0] is the start.
	Times []float64
	Path  [][]float64
	// Final is the population at the horizon.
	Final []float64
	// Average is the time average of the population over the whole
	// trajectory: in a constant-sum game it tends to the equilibrium set
	// even when the population cycles.
	Average []float64
	// Speed is the L1 norm of ẋ at the horizon: near 0 at a rest point;
	// a cycle keeps it away from 0.
	Speed float64
}

// Moving is the speed above which the report says the population is
// still moving at the horizon (cycling, or converging slowly).
const Moving = 1e-4

// ReplicatorOf integrates ẋ_i = x_i((Ax)_i − xᵀAx) for the payoff matrix
// a (a[i][j] is i's payoff against j) with the classical fourth-order
// Runge–Kutta method at a fixed step, renormalising onto the simplex
// after each step (the exact flow stays on it; the rounding drift is
// removed).
func ReplicatorOf(a [][]float64, opt ReplicatorOptions) (*Replicator, error) {
	k := len(a)
	horizon, step, samples := opt.Horizon, opt.Step, opt.Samples
	if horizon == 0 {
		horizon = DefaultHorizon
	}
	if step == 0 {
		step = DefaultStep
	}
	if samples == 0 {
		samples = DefaultSamples
	}
	if !(horizon > 0) || !(step > 0) || samples < 1 {
		return nil, fmt.Errorf("replicator: horizon %v, step %v and samples %d must be positive", horizon, step, samples)
	}
	x := make([]float64, k)
	if opt.Start == nil {
		for i := range x {
			x[i] = 1 / float64(k)
		}
	} else {
		if len(opt.Start) != k {
			return nil, fmt.Errorf("replicator: start has %d shares for %d strategies", len(opt.Start), k)
		}
		sum := 0.0
		for _, v := range opt.Start {
			if !(v > 0) {
				return nil, fmt.Errorf("replicator: start %v is not inside the simplex", opt.Start)
			}
			sum += v
		}
		for i, v := range opt.Start {
			x[i] = v / sum
		}
	}
	steps := int(math.Ceil(horizon / step))
	h := horizon / float64(steps)
	// Samples are spaced evenly in log(1 + t): most of the change comes
	// early, and a chart on that axis shows it smoothly.
	next := 1
	sampleAt := func(s int) float64 { return math.Expm1(float64(s) / float64(samples) * math.Log1p(horizon)) }
	r := &Replicator{Times: []float64{0}, Path: [][]float64{clone(x)}, Average: make([]float64, k)}
	k1, k2, k3, k4, y := make([]float64, k), make([]float64, k), make([]float64, k), make([]float64, k), make([]float64, k)
	for s := 1; s <= steps; s++ {
		prev := clone(x)
		replicatorField(a, x, k1)
		axpy(y, x, h/2, k1)
		replicatorField(a, y, k2)
		axpy(y, x, h/2, k2)
		replicatorField(a, y, k3)
		axpy(y, x, h, k3)
		replicatorField(a, y, k4)
		sum := 0.0
		for i := range x {
			x[i] += h / 6 * (k1[i] + 2*k2[i] + 2*k3[i] + k4[i])
			x[i] = math.Max(x[i], 0)
			sum += x[i]
		}
		for i := range x {
			x[i] /= sum
			r.Average[i] += h * (prev[i] + x[i]) / 2 // trapezoidal rule
		}
		if t := h * float64(s); t >= sampleAt(next)-h/2 || s == steps {
			r.Times = append(r.Times, t)
			r.Path = append(r.Path, clone(x))
			for next <= samples && sampleAt(next) <= t+h/2 {
				next++
			}
		}
	}
	for i := range r.Average {
		r.Average[i] /= horizon
	}
	r.Final = clone(x)
	replicatorField(a, x, k1)
	for _, v := range k1 {
		r.Speed += math.Abs(v)
	}
	return r, nil
}

// replicatorField writes ẋ at x into dx: f = Ax, then x_i(f_i − x·f).
// It computes four rows of Ax at once, each row's sum in the order of
// a loop over one row (the same float64s to the bit), so that four
// chains of additions run side by side instead of one.
func replicatorField(a [][]float64, x, dx []float64) {
	k := len(x)
	mean, i := 0.0, 0
	for ; i+4 <= k; i += 4 {
		a0, a1, a2, a3 := a[i][:k], a[i+1][:k], a[i+2][:k], a[i+3][:k]
		var f0, f1, f2, f3 float64
		for j, v := range x {
			f0 += a0[j] * v
			f1 += a1[j] * v
			f2 += a2[j] * v
			f3 += a3[j] * v
		}
		dx[i], dx[i+1], dx[i+2], dx[i+3] = f0, f1, f2, f3
		mean += x[i] * f0
		mean += x[i+1] * f1
		mean += x[i+2] * f2
		mean += x[i+3] * f3
	}
	for ; i < k; i++ {
		f := 0.0
		for j, v := range x {
			f += a[i][j] * v
		}
		dx[i] = f
		mean += x[i] * f
	}
	for i := range x {
		dx[i] = x[i] * (dx[i] - mean)
	}
}

// axpy sets dst = x + h·d.
func axpy(dst, x []float64, h float64, d []float64) {
	for i := range dst {
		dst[i] = x[i] + h*d[i]
	}
}

func clone(x []float64) []float64 { return append([]float64(nil), x...) }
