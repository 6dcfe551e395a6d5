package analysis

import (
	"math"
	"testing"
)

// TestMeanSE: the mean and standard error of small samples, by hand.
func TestMeanSE(t *testing.T) {
	cases := []struct {
		xs       []float64
		mean, se float64
	}{
		{[]float64{1, 3}, 2, 1}, // sd √2, over √2
		{[]float64{2, 4, 4, 4, 5, 5, 7, 9}, 5, math.Sqrt(32.0 / 7 / 8)},
		{[]float64{0.5, 0.5, 0.5}, 0.5, 0},
	}
	for i, c := range cases {
		mean, se := MeanSE(c.xs)
		if !near(mean, c.mean, 1e-15) || !near(se, c.se, 1e-15) {
			t.Errorf("case %d: %v ± %v, want %v ± %v", i, mean, se, c.mean, c.se)
		}
	}
	if _, se := MeanSE([]float64{1}); !math.IsNaN(se) {
		t.Errorf("one value: standard error %v, want NaN", se)
	}
}

// TestT95: Student's t 0.975 quantiles from published tables (to 4 or
// 6 digits), on the table and past it, and the normal's in the limit.
func TestT95(t *testing.T) {
	cases := []struct {
		df   int
		want float64
		tol  float64
	}{
		{1, 12.7062, 1e-4}, {2, 4.3027, 1e-4}, {9, 2.2622, 1e-4}, {30, 2.0423, 1e-4},
		{40, 2.021075, 1e-4}, {60, 2.000298, 1e-4}, {120, 1.979930, 1e-4},
		{1 << 30, Z95, 1e-8},
	}
	for _, c := range cases {
		if got := T95(c.df); !near(got, c.want, c.tol) {
			t.Errorf("T95(%d) = %.6f, want %.6f", c.df, got, c.want)
		}
	}
}

// TestMeanHalf checks the interval over a few estimates against
// Student's t quantiles from tables: two estimates 0 and 1 have mean 0.5,
// standard error 0.5 and 95% half-width 12.706·0.5; three (0, 1, 2) have
// standard error 1/√3 and half-width 4.303/√3 (the normal quantile would
// give 0.98 and 1.13); eight, 2.3646 standard errors. Below two values
// the half-width is NaN.
func TestMeanHalf(t *testing.T) {
	for i, c := range []struct {
		xs         []float64
		mean, half float64
	}{
		{[]float64{0, 1}, 0.5, 12.7062 * 0.5},
		{[]float64{0, 1, 2}, 1, 4.3027 / math.Sqrt(3)},
		{[]float64{2, 4, 4, 4, 5, 5, 7, 9}, 5, 2.3646 * math.Sqrt(32.0/7/8)},
	} {
		if m, h := MeanHalf(c.xs); m != c.mean || !near(h, c.half, 1e-12) {
			t.Errorf("case %d: MeanHalf(%v) = %v ± %v, want %v ± %v", i, c.xs, m, h, c.mean, c.half)
		}
	}
	for _, xs := range [][]float64{nil, {4}} {
		if _, h := MeanHalf(xs); !math.IsNaN(h) {
			t.Errorf("MeanHalf(%v): half-width %v, want NaN", xs, h)
		}
	}
}
