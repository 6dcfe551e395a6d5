package report

import (
	"encoding/json"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/analysis/nash"
)

// TestSolveMatrixExactReplaced: when the LP's float equilibrium is not
// exact (moved off here by 1e-3) and the exact simplex's replaces it,
// the text and the JSON say so, and why, naming the deviation.
func TestSolveMatrixExactReplaced(t *testing.T) {
	a := mat.NewDense(2, 2, []float64{3, -1, -2, 1})
	e, err := nash.OneZeroSum(a)
	if err != nil {
		t.Fatal(err)
	}
	e.Rows[0][0] += 1e-3
	e.Rows[0][1] -= 1e-3
	x := ExactPayoffs{A: nash.RationalsOf(a)}
	r, err := nash.Exact(e, x.A, nil)
	if err != nil || r.Replaced == nil {
		t.Fatalf("%v, replaced %v", err, r.Replaced)
	}
	g := MatrixGame{Title: "Zero-sum game", Rows: []string{"Up", "Down"}, Cols: []string{"Left", "Right"}, A: a}
	var text strings.Builder
	if err := SolveMatrixExact(&text, "table", 80, g, x, e, r); err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(text.String()), " ")
	for _, want := range []string{"3/7 4/7", "2/7 5/7", "1/7 exactly", "could not be made exact (the column player gains", "by Right)", "the exact simplex's"} {
		if !strings.Contains(flat, want) {
			t.Errorf("text without %q:\n%s", want, text.String())
		}
	}
	var js strings.Builder
	if err := SolveMatrixExact(&js, "json", 80, g, x, e, r); err != nil {
		t.Fatal(err)
	}
	var d struct {
		Value    string `json:"value"`
		Replaced string `json:"lp_not_exact"`
		Inexact  int    `json:"inexact"`
	}
	if err := json.Unmarshal([]byte(js.String()), &d); err != nil || d.Value != "1/7" || !strings.HasPrefix(d.Replaced, "the column player gains") || d.Inexact != 0 {
		t.Errorf("%+v, %v:\n%s", d, err, js.String())
	}
}

// TestSolveMatrixExactReplacedHeader: payoffs below the float LP's
// tolerance (1e-99 and 3e-99) give a float equilibrium that is not one
// and that the float test calls degenerate; the exact simplex's replaces
// it. The text's first sentence names the exact simplex, not "by linear
// programming, made exact", and no degenerate note names the LP's
// strategy (R1=1.0000), which is not the one shown.
func TestSolveMatrixExactReplacedHeader(t *testing.T) {
	a := mat.NewDense(2, 2, []float64{1e-99, 0, 0, 3e-99})
	e, err := nash.OneZeroSum(a)
	if err != nil {
		t.Fatal(err)
	}
	x := ExactPayoffs{A: nash.RationalsOf(a)}
	r, err := nash.Exact(e, x.A, nil)
	if err != nil || r.Replaced == nil {
		t.Fatalf("%v, replaced %v", err, r.Replaced)
	}
	g := MatrixGame{Title: "Zero-sum game", Rows: []string{"R1", "R2"}, Cols: []string{"C1", "C2"}, A: a}
	var text strings.Builder
	if err := SolveMatrixExact(&text, "table", 80, g, x, e, r); err != nil {
		t.Fatal(err)
	}
	flat := strings.Join(strings.Fields(text.String()), " ")
	if !strings.HasPrefix(flat, "Zero-sum game: one equilibrium, by the exact simplex in rational arithmetic and verified exactly") || strings.Contains(flat, "by linear programming") {
		t.Errorf("first sentence does not name the exact simplex:\n%s", text.String())
	}
	if !strings.Contains(flat, "3/4 1/4") || strings.Contains(flat, "degenerate") {
		t.Errorf("want 3/4 1/4 and no degenerate note:\n%s", text.String())
	}
}
