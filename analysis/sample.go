package analysis

import "math"

// This file holds the interval of a mean of a few independent estimates
// (batches, positions, games' picks), for the analyses that average
// them: the standard error and Student's t quantile.

// MeanSE returns the mean of xs and its standard error, the sample
// standard deviation over √n: √(Σ(x-mean)²/(n-1)/n). It is NaN for
// fewer than two values.
func MeanSE(xs []float64) (mean, se float64) {
	n := float64(len(xs))
	for _, x := range xs {
		mean += x
	}
	mean /= n
	ss := 0.0
	for _, x := range xs {
		ss += (x - mean) * (x - mean)
	}
	return mean, math.Sqrt(ss / (n - 1) / n)
}

// T95 is the two-sided 95% quantile of Student's t distribution with df
// degrees of freedom (its 0.975 quantile): a mean of n estimates is
// within ±T95(n-1) standard errors 95% of the time, wider than Z95's for
// few of them (12.71 for two, 2.26 for ten). A table to 30, then the
// Cornish–Fisher expansion around the normal's (within 1e-4 there).
func T95(df int) float64 {
	table := [...]float64{12.7062, 4.3027, 3.1824, 2.7764, 2.5706, 2.4469, 2.3646, 2.3060, 2.2622, 2.2281,
		2.2010, 2.1788, 2.1604, 2.1448, 2.1314, 2.1199, 2.1098, 2.1009, 2.0930, 2.0860,
		2.0796, 2.0739, 2.0687, 2.0639, 2.0595, 2.0555, 2.0518, 2.0484, 2.0452, 2.0423}
	if df >= 1 && df <= len(table) {
		return table[df-1]
	}
	z, v := Z95, float64(df)
	return z + (z*z*z+z)/(4*v) + (5*z*z*z*z*z+16*z*z*z+3*z)/(96*v*v)
}

// MeanHalf returns the mean of xs and the half-width of its 95%
// interval by Student's t with len(xs)-1 degrees of freedom,
// T95(n-1)·MeanSE: the estimates averaged (batches, positions, pick
// plans) are few, often two or three, where the normal quantile would
// make the interval several times too narrow (1.96 against 12.71 for
// two). The half-width is NaN for fewer than two values: no spread to
// estimate it from.
func MeanHalf(xs []float64) (mean, half float64) {
	mean, se := MeanSE(xs)
	if len(xs) < 2 {
		return mean, math.NaN()
	}
	return mean, T95(len(xs)-1) * se
}
