package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/analysis/nash"
	"github.com/nzsclab/nzsc/analysis/solve"
)

// This file renders `nzsc solve matrix` and `nzsc solve rounds --pairing
// A,B --all`: a matrix game's equilibria (package analysis/nash), as a
// table for people, CSV or JSON (nzsc-solve-matrix/1, docs/formats.md).

// MatrixGame is a matrix game to render: its description, the names of
// its rows and columns, and its payoffs (B nil: zero-sum, the column
// player's payoff is -A).
type MatrixGame struct {
	// Title says what the game is, one sentence without its final stop
	// ("Zero-sum game of rps.csv").
	Title      string
	Rows, Cols []string
	A, B       *mat.Dense
}

// matrixDoc is the JSON document of a matrix game's equilibria, its
// numbers floats (nzsc-solve-matrix/1, SolveMatrix) or exact fractions
// (nzsc-solve-matrix-exact/1, SolveMatrixExact): one document, its
// fields in one order, each kind leaving out the fields it has not (a
// nil pointer, omitempty): the float one its certificate's bounds,
// tolerance and largest regret, the exact one whether each equilibrium
// could be made exact.
type matrixDoc[V number] struct {
	Format        string               `json:"format"`
	Game          string               `json:"game"`
	Method        string               `json:"method"`
	Complete      bool                 `json:"complete"`
	Rows          []string             `json:"rows"`
	Cols          []string             `json:"cols"`
	PayoffRow     [][]V                `json:"payoff_row"`
	PayoffCol     [][]V                `json:"payoff_col,omitempty"`
	Value         *V                   `json:"value,omitempty"`
	Lower         *V                   `json:"lower,omitempty"`
	Upper         *V                   `json:"upper,omitempty"`
	RowStrategies [][]choiceJSON[V]    `json:"row_strategies"`
	ColStrategies [][]choiceJSON[V]    `json:"col_strategies"`
	Equilibria    []equilibriumJSON[V] `json:"equilibria"`
	Inexact       *int                 `json:"inexact,omitempty"`
	Replaced      string               `json:"lp_not_exact,omitempty"`
	Subsets       []matrixSubsetJSON   `json:"nash_subsets"`
	Unique        *bool                `json:"unique,omitempty"`
	Degenerate    bool                 `json:"degenerate"`
	Why           string               `json:"degenerate_why,omitempty"`
	Tolerance     *float64             `json:"tolerance,omitempty"`
	MaxRegret     *float64             `json:"max_regret,omitempty"`
}

// equilibriumJSON is one extreme equilibrium of matrixDoc: its row and
// column strategies' numbers, its payoffs, and in the float document
// its regrets, in the exact one whether it is exact (and if not, why:
// no payoffs then).
type equilibriumJSON[V number] struct {
	Row       int      `json:"row"`
	Col       int      `json:"col"`
	Exact     *bool    `json:"exact,omitempty"`
	PayoffRow *V       `json:"payoff_row,omitempty"`
	PayoffCol *V       `json:"payoff_col,omitempty"`
	RegretRow *float64 `json:"regret_row,omitempty"`
	RegretCol *float64 `json:"regret_col,omitempty"`
	WhyNot    string   `json:"why_not,omitempty"`
}

type matrixSubsetJSON struct {
	Rows []int `json:"rows"`
	Cols []int `json:"cols"`
}

// newMatrixDoc fills what both documents of matrixDoc take alike from
// the game g and its enumeration e: payoffs and the sides' extreme
// strategies in V (payoffCol nil: zero-sum), its Nash subsets, whether
// it is unique and whether degenerate.
func newMatrixDoc[V number](format string, g MatrixGame, e *nash.Enumeration, payoffRow, payoffCol, rows, cols [][]V) matrixDoc[V] {
	d := matrixDoc[V]{Format: format, Game: "bimatrix", Method: e.Method, Complete: e.Complete,
		Rows: g.Rows, Cols: g.Cols, PayoffRow: payoffRow, PayoffCol: payoffCol, Degenerate: e.Degenerate, Why: e.Why}
	if payoffCol == nil {
		d.Game = "zero-sum"
	}
	if e.Complete {
		u := e.Unique()
		d.Unique = &u
	}
	for _, x := range rows {
		d.RowStrategies = append(d.RowStrategies, strategyJSON(g.Rows, x))
	}
	for _, y := range cols {
		d.ColStrategies = append(d.ColStrategies, strategyJSON(g.Cols, y))
	}
	for _, s := range e.Subsets {
		d.Subsets = append(d.Subsets, matrixSubsetJSON{s.Rows, s.Cols})
	}
	return d
}

// SolveMatrix writes a matrix game's equilibria e in format: the
// extreme strategies of each side, the extreme equilibria with their
// payoffs and regrets (the certificate), the maximal Nash subsets, the
// value of a zero-sum game, and whether the game is degenerate.
func SolveMatrix(w io.Writer, format string, width int, g MatrixGame, e *nash.Enumeration) error {
	switch format {
	case "json":
		return WriteJSON(w, matrixJSON(g, e))
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"equilibrium", "row_strategy", "col_strategy", "payoff_row", "payoff_col", "regret_row", "regret_col"})
		for k, q := range e.Equilibria {
			cw.Write([]string{strconv.Itoa(k + 1), mix(g.Rows, e.Rows[q.Row], ";"), mix(g.Cols, e.Cols[q.Col], ";"),
				f12(q.PayoffRow), f12(q.PayoffCol), f12(q.RegretRow), f12(q.RegretCol)})
		}
		cw.Flush()
		return cw.Error()
	}
	var b strings.Builder
	para := func(s string) { b.WriteString(WrapText(s, width) + "\n") }
	switch {
	case e.Method == "lemke-howson":
		para(g.Title + ": one equilibrium, at the end of the Lemke–Howson path (without --lemke-howson, every extreme one is listed).")
	case !e.Complete:
		para(g.Title + ": one equilibrium, by linear programming ('--all' lists every extreme one).")
	case e.ZeroSum:
		para(fmt.Sprintf("%s: every extreme optimal strategy of each side, by vertex enumeration of the LP's optimal faces (%d bases tried, the degeneracy check's included; the limit is %d).", g.Title, e.Bases, nash.MaxBases))
	default:
		para(fmt.Sprintf("%s: every extreme equilibrium, by vertex enumeration of the best-response polytopes (%d bases tried; the limit is %d).", g.Title, e.Bases, nash.MaxBases))
	}
	if e.ZeroSum {
		strategies(&b, width, "row", g.Rows, e.Rows, "guarantees", func(x []float64) float64 { return guarantee(g.A, x) })
		strategies(&b, width, "column", g.Cols, e.Cols, "concedes", func(y []float64) float64 { return concession(g.A, y) })
		para(fmt.Sprintf("Value for the row player: %s, certified within [%s, %s]: every row strategy above guarantees at least the first, every column strategy concedes at most the second; every regret is %s (tolerance %.1g).",
			signed(e.Value, 4), signed(e.Lower, 6), signed(e.Upper, 6), regretText(e.MaxRegret), e.Tol))
		if e.Complete {
			switch {
			case e.Unique():
				para("The equilibrium is unique.")
			default:
				para(fmt.Sprintf("The equilibrium is not unique: every pair of a row strategy and a column strategy above is one, and so is every mix of them; the set of equilibria is the product of the two sides' optimal sets, conv{%s} × conv{%s}.",
					labels("row", len(e.Rows)), labels("column", len(e.Cols))))
			}
		}
	} else {
		t := &Table{Header: []string{"#", "row plays", "column plays", "payoffs"}, Left: 3}
		for k, q := range e.Equilibria {
			t.Rows = append(t.Rows, []string{strconv.Itoa(k + 1), mix(glued(g.Rows), e.Rows[q.Row], " "), mix(glued(g.Cols), e.Cols[q.Col], " "),
				signed(q.PayoffRow, 4) + ", " + signed(q.PayoffCol, 4)})
		}
		if err := t.Write(&b, width); err != nil {
			return err
		}
		para(fmt.Sprintf("Payoffs: the row player's, then the column player's. Certificate: what either side would gain by its best pure deviation (its regret) is %s in every equilibrium above (tolerance %.1g; each one's regrets are in --format csv and json).", regretText(e.MaxRegret), e.Tol))
		var subs []string
		for _, s := range e.Subsets {
			subs = append(subs, subsetText(e, s))
		}
		switch {
		case !e.Complete:
		case e.Unique():
			para("The equilibrium is unique.")
		case len(e.Subsets) == len(e.Equilibria):
			para(fmt.Sprintf("%d equilibria, isolated.", len(e.Equilibria)))
		default:
			para(fmt.Sprintf("%d extreme equilibria in %d maximal Nash subsets: %s. Within a subset, every mix of its row strategies against every mix of its column strategies is an equilibrium too; every equilibrium of the game is in one of these sets.",
				len(e.Equilibria), len(e.Subsets), strings.Join(subs, "; ")))
		}
	}
	switch {
	case e.Degenerate:
		para("The game is degenerate: " + degenerateWhy(g, e) + ". Vertex enumeration still finds every extreme equilibrium, but equilibria may form continua and their number may be even (support enumeration of equal-sized supports would miss some; Lemke–Howson here breaks ties lexicographically).")
	case e.Complete:
		para("The game is not degenerate: its equilibria are isolated and odd in number.")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// degenerateWhy says why e's game is degenerate, naming the witness's
// strategies by g's names.
func degenerateWhy(g MatrixGame, e *nash.Enumeration) string {
	if e.Witness == nil {
		return e.Why
	}
	side, other, names := "column", "row", g.Cols
	if e.WitnessRow {
		side, other, names = "row", "column", g.Rows
	}
	return fmt.Sprintf("the %s player has %d pure best responses to the %s player's %s (support size %d)", other, e.Responses, side, mix(names, e.Witness, " "), nash.Support(e.Witness))
}

// strategies writes one side's extreme strategies, a row each, with
// what each secures.
func strategies(b *strings.Builder, width int, side string, names []string, ss [][]float64, secures string, f func([]float64) float64) {
	t := &Table{Header: append(append([]string{side}, names...), secures)}
	for k, s := range ss {
		rec := []string{fmt.Sprintf("%s %d", side, k+1)}
		for _, p := range s {
			rec = append(rec, probText(p))
		}
		t.Rows = append(t.Rows, append(rec, signed(f(s), 4)))
	}
	t.Write(b, width)
}

// probText is a probability cell: 0 when below display precision.
func probText(p float64) string {
	if p < 5e-5 {
		return "0"
	}
	return strconv.FormatFloat(p, 'f', 4, 64)
}

// guarantee is min_j (xᵀA)_j, what x secures the row player.
func guarantee(a *mat.Dense, x []float64) float64 {
	var v mat.VecDense
	v.MulVec(a.T(), mat.NewVecDense(len(x), x))
	return mat.Min(&v)
}

// concession is max_i (Ay)_i, the most y concedes.
func concession(a *mat.Dense, y []float64) float64 {
	var v mat.VecDense
	v.MulVec(a, mat.NewVecDense(len(y), y))
	return mat.Max(&v)
}

func labels(side string, n int) string {
	var out []string
	for k := range n {
		out = append(out, fmt.Sprintf("%s %d", side, k+1))
	}
	return strings.Join(out, ", ")
}

// subsetText names a Nash subset by its equilibria's numbers.
func subsetText(e *nash.Enumeration, s nash.Subset) string {
	in := func(xs []int, v int) bool {
		for _, x := range xs {
			if x == v {
				return true
			}
		}
		return false
	}
	var ks []string
	for k, q := range e.Equilibria {
		if in(s.Rows, q.Row) && in(s.Cols, q.Col) {
			ks = append(ks, strconv.Itoa(k+1))
		}
	}
	return "{" + strings.Join(ks, ", ") + "}"
}

// regretText writes the largest regret for people: rounding noise
// (below 1e-12, which differs between machines) as "below 1e-12".
func regretText(v float64) string {
	if v < 1e-12 {
		return "below 1e-12"
	}
	return fmt.Sprintf("at most %.1g", v)
}

// matrixJSON is SolveMatrix's document, nzsc-solve-matrix/1.
func matrixJSON(g MatrixGame, e *nash.Enumeration) any {
	d := newMatrixDoc("nzsc-solve-matrix/1", g, e, rowsOf(g.A), rowsOf(g.B), e.Rows, e.Cols)
	d.Tolerance, d.MaxRegret = &e.Tol, &e.MaxRegret
	if e.ZeroSum {
		d.Value, d.Lower, d.Upper = &e.Value, &e.Lower, &e.Upper
	}
	for _, q := range e.Equilibria {
		// + 0: no -0 in documents.
		pr, pc, rr, rc := q.PayoffRow+0, q.PayoffCol+0, q.RegretRow+0, q.RegretCol+0
		d.Equilibria = append(d.Equilibria, equilibriumJSON[float64]{Row: q.Row, Col: q.Col, PayoffRow: &pr, PayoffCol: &pc, RegretRow: &rr, RegretCol: &rc})
	}
	return d
}

// rowsOf returns a matrix as nested rows (nil for nil).
func rowsOf(a *mat.Dense) [][]float64 {
	if a == nil {
		return nil
	}
	m, _ := a.Dims()
	out := make([][]float64, m)
	for i := range m {
		out[i] = append([]float64(nil), a.RawRowView(i)...)
	}
	return out
}

// SolveRoundsAll writes, for every loadout pairing's one round (rs,
// with es[i] the enumeration of rs[i]), how many extreme optimal
// strategies each side has and whether the equilibrium is unique: `nzsc
// solve rounds --all`.
func SolveRoundsAll(w io.Writer, format string, width int, rs []*solve.Round, es []*nash.Enumeration) error {
	unique := 0
	for _, e := range es {
		if e.Unique() {
			unique++
		}
	}
	switch format {
	case "json":
		type round struct {
			A           string       `json:"a"`
			B           string       `json:"b"`
			Value       float64      `json:"value"`
			Lower       float64      `json:"lower"`
			Upper       float64      `json:"upper"`
			StrategiesA [][]probJSON `json:"strategies_a"`
			StrategiesB [][]probJSON `json:"strategies_b"`
			Unique      bool         `json:"unique"`
			Degenerate  bool         `json:"degenerate"`
		}
		doc := struct {
			Format string  `json:"format"`
			Unique int     `json:"unique"`
			Rounds []round `json:"rounds"`
		}{Format: "nzsc-solve-rounds-all/1", Unique: unique}
		for i, r := range rs {
			e := es[i]
			o := round{A: r.A.String(), B: r.B.String(), Value: e.Value, Lower: e.Lower, Upper: e.Upper, Unique: e.Unique(), Degenerate: e.Degenerate}
			for _, x := range e.Rows {
				o.StrategiesA = append(o.StrategiesA, strategyJSON(moveNames(r.MovesA), x))
			}
			for _, y := range e.Cols {
				o.StrategiesB = append(o.StrategiesB, strategyJSON(moveNames(r.MovesB), y))
			}
			doc.Rounds = append(doc.Rounds, o)
		}
		return WriteJSON(w, doc)
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"a", "b", "value", "lower", "upper", "extreme_a", "extreme_b", "unique", "degenerate"})
		for i, r := range rs {
			e := es[i]
			cw.Write([]string{r.A.String(), r.B.String(), f12(e.Value), f12(e.Lower), f12(e.Upper),
				strconv.Itoa(len(e.Rows)), strconv.Itoa(len(e.Cols)), strconv.FormatBool(e.Unique()), strconv.FormatBool(e.Degenerate)})
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintln(w, WrapText(fmt.Sprintf("One round with every move available, every extreme optimal strategy of each side (vertex enumeration of the LP's optimal faces): %d of the %d pairings have a unique equilibrium; the others a continuum, the product of the two sides' optimal sets ('--pairing A,B --all' lists a pairing's).", unique, len(rs)), width))
	t := &Table{Header: []string{"A", "B", "value", "A's extremes", "B's extremes", "unique"}, Left: 2}
	for i, r := range rs {
		e := es[i]
		u := "yes"
		if !e.Unique() {
			u = "no"
		}
		t.Rows = append(t.Rows, []string{nzscLoadout(r.A), nzscLoadout(r.B), signed(e.Value, 4), strconv.Itoa(len(e.Rows)), strconv.Itoa(len(e.Cols)), u})
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, WrapText(nzscLoadoutLegend, width))
	return err
}
