// Package numfmt is the lab's numbers as text: it writes the
// floating-point numbers of the machine-readable outputs (JSON documents
// and CSV tables), so that every format says the same thing for a number
// that does not exist: a statistic of zero games is NaN and an Elo
// difference for a perfect score is infinite, and docs/formats.md gives
// them as null in JSON and as empty, inf or -inf in CSV; and it reads the
// decimal numbers people type in flags and bot specs (ParseDecimal). Its
// functions are safe for concurrent use; AppendJSON allocates only when
// dst must grow.
package numfmt

import (
	"errors"
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

// ParseDecimal reads a number as people type one: decimal digits with
// an optional sign, point and exponent ("0.25", "-3", "1e-3", ".5").
// strconv.ParseFloat also reads hexadecimal ("0x1p-2"), digits split by
// underscores ("1_0.5"), "inf" and "NaN", which no option or flag of the
// lab means (and which --games 010's octal taught us to refuse); the
// error says only that s is not such a number, for the caller to name
// what it was for.
func ParseDecimal(s string) (float64, error) {
	if !isDecimal(s) {
		return 0, errNotDecimal
	}
	return strconv.ParseFloat(s, 64)
}

var errNotDecimal = errors.New("not a decimal number")

// isDecimal reports whether s is [+-]digits[.digits][(e|E)[+-]digits],
// with digits on at least one side of the point.
func isDecimal(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := func() int {
		j := i
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		return i - j
	}
	n := digits()
	if i < len(s) && s[i] == '.' {
		i++
		n += digits()
	}
	if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}
