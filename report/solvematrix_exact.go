package report

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis/nash"
)

// This file renders `nzsc solve matrix --exact` (and `solve rounds
// --pairing A,B --exact`): the equilibria of SolveMatrix made exact
// (nash.Exact), as fractions, in the three formats
// (nzsc-solve-matrix-exact/1, docs/formats.md).

// ExactPayoffs are a matrix game's payoffs in rational arithmetic (B
// nil: zero-sum), as the exact solver read them.
type ExactPayoffs struct{ A, B [][]*big.Rat }

// SolveMatrixExact writes the equilibria e of the game g made exact
// (r, from nash.Exact on the payoffs x) in format: fractions such as
// 1/3, the exact value of a zero-sum game, and for every equilibrium
// that could not be made exact, why.
func SolveMatrixExact(w io.Writer, format string, width int, g MatrixGame, x ExactPayoffs, e *nash.Enumeration, r *nash.Rational) error {
	switch format {
	case "json":
		return WriteJSON(w, matrixExactJSON(g, x, e, r))
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"equilibrium", "row_strategy", "col_strategy", "payoff_row", "payoff_col", "exact", "why_not"})
		for k, q := range r.Equilibria {
			if q.Err != nil {
				cw.Write([]string{strconv.Itoa(k + 1), mix(g.Rows, e.Rows[q.Row], ";"), mix(g.Cols, e.Cols[q.Col], ";"), "", "", "false", errText(g, q.Err)})
				continue
			}
			cw.Write([]string{strconv.Itoa(k + 1), ratMix(g.Rows, r.Rows[q.Row], ";"), ratMix(g.Cols, r.Cols[q.Col], ";"),
				q.PayoffRow.RatString(), q.PayoffCol.RatString(), "true", ""})
		}
		cw.Flush()
		return cw.Error()
	}
	var b strings.Builder
	para := func(s string) { b.WriteString(WrapText(s, width) + "\n") }
	how := "every extreme equilibrium, by vertex enumeration of the best-response polytopes"
	switch {
	case e.Method == "lemke-howson":
		how = "one equilibrium, at the end of the Lemke–Howson path"
	case !e.Complete:
		how = "one equilibrium, by linear programming"
	case e.ZeroSum:
		how = "every extreme optimal strategy of each side, by vertex enumeration of the LP's optimal faces"
	}
	made := ", made exact in rational arithmetic"
	if r.Replaced != nil {
		// The LP's equilibrium is not the one shown: say which solver's is.
		how, made = "one equilibrium, by the exact simplex", " in rational arithmetic"
	}
	para(g.Title + ": " + how + made + " and verified exactly: no pure deviation of either side gains anything.")
	if e.ZeroSum {
		ratStrategies(&b, width, "row", g.Rows, e.Rows, r.Rows)
		ratStrategies(&b, width, "column", g.Cols, e.Cols, r.Cols)
		if r.Value != nil {
			para(fmt.Sprintf("Value for the row player: %s exactly (%s): every exact row strategy above guarantees it, every exact column strategy concedes it.", r.Value.RatString(), signed(ratFloat(r.Value), 4)))
		}
		if e.Complete && r.Inexact == 0 {
			if e.Unique() {
				para("The equilibrium is unique.")
			} else {
				para(fmt.Sprintf("The equilibrium is not unique: every pair of a row strategy and a column strategy above is one, and so is every mix of them: conv{%s} × conv{%s}.",
					labels("row", len(e.Rows)), labels("column", len(e.Cols))))
			}
		}
	} else {
		t := &Table{Header: []string{"#", "row plays", "column plays", "payoffs"}, Left: 3}
		for k, q := range r.Equilibria {
			if q.Err != nil {
				t.Rows = append(t.Rows, []string{strconv.Itoa(k + 1), mix(glued(g.Rows), e.Rows[q.Row], " "), mix(glued(g.Cols), e.Cols[q.Col], " "), "not exact"})
				continue
			}
			t.Rows = append(t.Rows, []string{strconv.Itoa(k + 1), ratMix(glued(g.Rows), r.Rows[q.Row], " "), ratMix(glued(g.Cols), r.Cols[q.Col], " "),
				q.PayoffRow.RatString() + ", " + q.PayoffCol.RatString()})
		}
		if err := t.Write(&b, width); err != nil {
			return err
		}
		para("Payoffs: the row player's, then the column player's, exactly.")
		if r.Value != nil {
			para(fmt.Sprintf("Value for the row player: %s exactly (%s).", r.Value.RatString(), signed(ratFloat(r.Value), 4)))
		}
		switch {
		case !e.Complete:
		case e.Unique():
			para("The equilibrium is unique.")
		case len(e.Subsets) == len(e.Equilibria):
			para(fmt.Sprintf("%d equilibria, isolated.", len(e.Equilibria)))
		default:
			var subs []string
			for _, s := range e.Subsets {
				subs = append(subs, subsetText(e, s))
			}
			para(fmt.Sprintf("%d extreme equilibria in %d maximal Nash subsets: %s; within a subset, every mix of its row strategies against every mix of its column strategies is an equilibrium too.",
				len(e.Equilibria), len(e.Subsets), strings.Join(subs, "; ")))
		}
	}
	if r.Replaced != nil {
		para(fmt.Sprintf("The LP's floating-point equilibrium could not be made exact (%s): it is one only within the tolerance %.1g. The equilibrium above is the exact simplex's, solved again in rational arithmetic.", errText(g, r.Replaced), e.Tol))
	}
	for k, q := range r.Equilibria {
		if q.Err != nil {
			para(fmt.Sprintf("Equilibrium %d (row strategy %d against column strategy %d) could not be made exact: %s; its floating-point version is verified within %.1g (without --exact).", k+1, q.Row+1, q.Col+1, errText(g, q.Err), e.Tol))
		}
	}
	if e.Degenerate && r.Replaced == nil {
		// (When replaced, e's degeneracy is the float LP's, naming a
		// strategy not shown, as for payoffs below the tolerance.)
		para("The game is degenerate: " + degenerateWhy(g, e) + "; equilibria may form continua, and their number may be even.")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// ratStrategies writes one side's extreme strategies, exact where they
// could be made so, else the float ones marked "≈".
func ratStrategies(b *strings.Builder, width int, side string, names []string, fs [][]float64, rs [][]*big.Rat) {
	t := &Table{Header: append([]string{side}, names...)}
	for k := range fs {
		rec := []string{fmt.Sprintf("%s %d", side, k+1)}
		for i, p := range fs[k] {
			if rs[k] != nil {
				rec = append(rec, rs[k][i].RatString())
			} else {
				rec = append(rec, "≈"+probText(p))
			}
		}
		t.Rows = append(t.Rows, rec)
	}
	t.Write(b, width)
}

// ratMix formats an exact mixed strategy as "name=p" items, zero
// entries left out: Opera=2/3 Football=1/3.
func ratMix(names []string, p []*big.Rat, sep string) string {
	var parts []string
	for i, q := range p {
		if q.Sign() != 0 {
			parts = append(parts, names[i]+"="+q.RatString())
		}
	}
	return strings.Join(parts, sep)
}

// errText is why an equilibrium is not exact, for a sentence: without
// the package prefix and without "not made exact", which the sentence
// (or the column) says.
func errText(g MatrixGame, err error) string {
	var dev *nash.DeviationError
	if errors.As(err, &dev) {
		side, names := "column", g.Cols
		if dev.Row {
			side, names = "row", g.Rows
		}
		return fmt.Sprintf("the %s player gains %s by %s", side, dev.Gain.RatString(), names[dev.Strategy])
	}
	s := strings.ReplaceAll(err.Error(), "nash: ", "")
	return strings.TrimPrefix(s, strings.TrimPrefix(nash.ErrInexact.Error(), "nash: ")+": ")
}

func ratFloat(r *big.Rat) float64 {
	f, _ := r.Float64()
	return f
}

// ratStrings writes fractions as strings ("1/3"): nil for nil (a
// strategy that could not be made exact).
func ratStrings(p []*big.Rat) []string {
	if p == nil {
		return nil
	}
	out := make([]string, len(p))
	for i, v := range p {
		out[i] = v.RatString()
	}
	return out
}

// ratRows writes a matrix, or a list of strategies, as fractions.
func ratRows(a [][]*big.Rat) [][]string {
	if a == nil {
		return nil
	}
	out := make([][]string, len(a))
	for i, row := range a {
		out[i] = ratStrings(row)
	}
	return out
}

// matrixExactJSON is SolveMatrixExact's document,
// nzsc-solve-matrix-exact/1: matrixDoc in fractions.
func matrixExactJSON(g MatrixGame, x ExactPayoffs, e *nash.Enumeration, r *nash.Rational) any {
	d := newMatrixDoc("nzsc-solve-matrix-exact/1", g, e, ratRows(x.A), ratRows(x.B), ratRows(r.Rows), ratRows(r.Cols))
	d.Inexact = &r.Inexact
	if r.Value != nil {
		v := r.Value.RatString()
		d.Value = &v
	}
	if r.Replaced != nil {
		d.Replaced = errText(g, r.Replaced)
	}
	for _, q := range r.Equilibria {
		exact := q.Err == nil
		o := equilibriumJSON[string]{Row: q.Row, Col: q.Col, Exact: &exact}
		if q.Err != nil {
			o.WhyNot = errText(g, q.Err)
		} else {
			pr, pc := q.PayoffRow.RatString(), q.PayoffCol.RatString()
			o.PayoffRow, o.PayoffCol = &pr, &pc
		}
		d.Equilibria = append(d.Equilibria, o)
	}
	return d
}
