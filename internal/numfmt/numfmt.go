// Package numfmt writes the floating-point numbers of the lab's
// machine-readable outputs (JSON documents and CSV tables), so that every
// format says the same thing for a number that does not exist: a
// statistic of zero games is NaN and an Elo difference for a perfect score
// is infinite, and docs/formats.md gives them as null in JSON and as
// empty, inf or -inf in CSV. Its functions are safe for concurrent use;
// AppendJSON allocates only when dst must grow.
package numfmt

import (
	"math"
	"strconv"
)

// AppendJSON appends f to dst as a JSON number with digits significant
// digits (-1: the fewest that read back as f), or null when f is NaN or
// infinite, since JSON has no such numbers.
func AppendJSON(dst []byte, f float64, digits int) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return append(dst, "null"...)
	}
	return strconv.AppendFloat(dst, f, 'g', digits, 64)
}

// CSV formats f for a CSV cell with prec digits after the point (-1: the
// fewest that read back as f): empty for NaN, which pandas and R read as
// a missing value, and inf or -inf for the infinities, which both read
// (and strconv.ParseFloat) as infinite.
func CSV(f float64, prec int) string {
	switch {
	case math.IsNaN(f):
		return ""
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'f', prec, 64)
}
