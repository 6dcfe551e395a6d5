package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/numfmt"
)

// This file renders two-player NZSC's exact solution (package
// analysis/solve): `nzsc solve rounds` and `nzsc solve game`, as a table
// for people or CSV and JSON (docs/formats.md). Unknown formats write
// the table: the command checks --format.

// WriteJSON writes v as indented JSON, the form of every nzsc --format
// json document that is not a run's.
func WriteJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// SolveRounds writes each loadout pairing's one-round game (every move
// available) in format: its value for A, its certificate and its
// equilibrium, text fitted to width.
func SolveRounds(w io.Writer, format string, width int, rs []*solve.Round) error {
	switch format {
	case "json":
		doc := struct {
			Format string         `json:"format"`
			Rounds []pairGameJSON `json:"rounds"`
		}{Format: "nzsc-solve-rounds/1"}
		for _, r := range rs {
			doc.Rounds = append(doc.Rounds, pairGameJSON{r.A.String(), r.B.String(), r.Value, r.Lower, r.Upper,
				strategyJSON(moveNames(r.MovesA), r.X), strategyJSON(moveNames(r.MovesB), r.Y)})
		}
		return WriteJSON(w, doc)
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write([]string{"a", "b", "value", "lower", "upper", "strategy_a", "strategy_b"})
		for _, r := range rs {
			cw.Write([]string{r.A.String(), r.B.String(), f12(r.Value), f12(r.Lower), f12(r.Upper),
				mix(moveNames(r.MovesA), r.X, ";"), mix(moveNames(r.MovesB), r.Y, ";")})
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintln(w, WrapText("One round with every move available; payoff = own points - opponent's; value for A; gap: the certificate's width.", width))
	t := &Table{Header: []string{"A", "B", "value", "gap", "equilibrium"}, Left: 2, Wrap: true}
	for _, r := range rs {
		t.Rows = append(t.Rows, []string{nzscLoadout(r.A), nzscLoadout(r.B), signed(r.Value, 4), fmt.Sprintf("%.0e", r.Upper-r.Lower),
			sides(mix(glued(moveNames(r.MovesA)), r.X, " "), mix(glued(moveNames(r.MovesB)), r.Y, " "))})
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, WrapText(nzscLoadoutLegend, width))
	return err
}

// SolveRoundMatrix writes one loadout pairing's one-round game as a
// matrix game, the way Gambit and nashpy show one: A's payoff for each
// of A's moves (rows) against each of B's (columns), each side's
// equilibrium probability beside its moves, then the value and its
// certificate. csv is the payoff matrix alone, with the moves as its
// header and first column (numpy.loadtxt(f, delimiter=",", skiprows=1,
// usecols=range(1, n+1)), or pandas' read_csv(f, index_col=0)); json is
// the pairing's one-round document with the matrix added.
func SolveRoundMatrix(w io.Writer, format string, width int, r *solve.Round) error {
	ma, mb := moveNames(r.MovesA), moveNames(r.MovesB)
	switch format {
	case "json":
		return WriteJSON(w, struct {
			Format string `json:"format"`
			pairGameJSON
			MovesA []string    `json:"moves_a"`
			MovesB []string    `json:"moves_b"`
			Payoff [][]float64 `json:"payoff"`
		}{"nzsc-solve-round/1", pairGameJSON{r.A.String(), r.B.String(), r.Value, r.Lower, r.Upper,
			strategyJSON(ma, r.X), strategyJSON(mb, r.Y)}, ma, mb, r.Payoff})
	case "csv":
		cw := csv.NewWriter(w)
		cw.Write(append([]string{r.A.String() + " \\ " + r.B.String()}, mb...))
		for i, row := range r.Payoff {
			rec := []string{ma[i]}
			for _, v := range row {
				rec = append(rec, strconv.FormatFloat(v, 'g', -1, 64))
			}
			cw.Write(rec)
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintln(w, WrapText(fmt.Sprintf("%v (A, rows) against %v (B, columns), one round with every move available: A's payoff, its points minus B's (the game is zero-sum). The last column and row are the equilibrium's probabilities.", r.A, r.B), width))
	t := &Table{Header: append(append([]string{"A \\ B"}, mb...), "A plays")}
	prob := func(p float64) string {
		if p < 5e-5 {
			return "0"
		}
		return strconv.FormatFloat(p, 'f', 4, 64)
	}
	for i, row := range r.Payoff {
		rec := []string{ma[i]}
		for _, v := range row {
			if v == 0 {
				rec = append(rec, "0")
			} else {
				rec = append(rec, signed(v, 0))
			}
		}
		t.Rows = append(t.Rows, append(rec, prob(r.X[i])))
	}
	last := []string{"B plays"}
	for j := range mb {
		last = append(last, prob(r.Y[j]))
	}
	t.Rows = append(t.Rows, last)
	if err := t.Write(w, width); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, WrapText(fmt.Sprintf("Value for A: %s, certified within [%s, %s] (what A's strategy guarantees, what B's concedes).",
		signed(r.Value, 4), signed(r.Lower, 6), signed(r.Upper, 6)), width))
	return err
}

// SolveGame writes the whole game's solution in format: the value and
// its certificate, each loadout pairing's move-phase value, the booster
// and character phases' equilibria (the table), or the pairings (CSV) or
// all of it (JSON). workers is what the solve ran on, for the record.
func SolveGame(w io.Writer, format string, width int, s *solve.Solution, workers int) error {
	ls := nzsc.Loadouts()
	certified, wide := 0, 0
	for i := range ls {
		for j := range ls {
			if p := s.Pairings[i][j]; p != nil {
				if p.Gap <= solve.CertificateTol {
					certified++
				} else {
					wide++
				}
			}
		}
	}
	switch format {
	case "json", "csv":
		type pairing struct {
			A      string  `json:"a"`
			B      string  `json:"b"`
			Value  float64 `json:"value"`
			Lower  float64 `json:"lower"`
			Upper  float64 `json:"upper"`
			Gap    float64 `json:"gap"`
			States int     `json:"states"`
		}
		type out struct {
			Format     string            `json:"format"`
			Rules      map[string]string `json:"rules"`
			Value      float64           `json:"value"`
			Lower      float64           `json:"lower"`
			Upper      float64           `json:"upper"`
			Gap        float64           `json:"gap"`
			Certified  int               `json:"pairings_certified"`
			Seconds    float64           `json:"seconds"`
			Workers    int               `json:"workers"`
			Characters []probJSON        `json:"character_strategy"`
			Boosters   []pairGameJSON    `json:"boosters"`
			Pairings   []pairing         `json:"pairings"`
		}
		o := out{Format: "nzsc-solve-game/1", Rules: s.Rules.Options(), Value: s.Value(), Lower: s.Characters.L[0], Upper: s.Characters.U[0], Gap: s.Gap,
			Certified: certified, Seconds: s.Elapsed.Seconds(), Workers: workers, Characters: strategyJSON(characterNames(0), s.Characters.X[0][:])}
		for a := range nzsc.Character(nzsc.NumCharacters) {
			for b := range nzsc.Character(nzsc.NumCharacters) {
				if a == b {
					continue
				}
				bg := &s.Boosters[a][b]
				o.Boosters = append(o.Boosters, pairGameJSON{a.String(), b.String(), bg.Value, bg.Lower, bg.Upper,
					strategyJSON(boosterNames(s.Rules, a), bg.Eq.X[:]), strategyJSON(boosterNames(s.Rules, b), bg.Eq.Y[:])})
			}
		}
		for i := range ls {
			for j := range ls {
				if p := s.Pairings[i][j]; p != nil {
					o.Pairings = append(o.Pairings, pairing{p.A.String(), p.B.String(), p.Value, p.Lower, p.Upper, p.Gap, p.States})
				}
			}
		}
		if format == "json" {
			return WriteJSON(w, o)
		}
		cw := csv.NewWriter(w)
		cw.Write([]string{"a", "b", "value", "lower", "upper", "gap", "states"})
		for _, p := range o.Pairings {
			cw.Write([]string{p.A, p.B, f12(p.Value), f12(p.Lower), f12(p.Upper), strconv.FormatFloat(p.Gap, 'g', 3, 64), strconv.Itoa(p.States)})
		}
		cw.Flush()
		return cw.Error()
	}
	para := func(s string) { fmt.Fprintln(w, WrapText(s, width)) }
	para(fmt.Sprintf("NZSC solved%s: value %+.2e for the first seat (0 by symmetry), certified within [%+.2e, %+.2e]; largest certificate gap over all states %.3g; %d of %d pairings certified within %g; %v on %d worker(s).",
		RulesNote(s.Rules), s.Value(), s.Characters.L[0], s.Characters.U[0], s.Gap, certified, solve.NumPairings(s.Rules), solve.CertificateTol, s.Elapsed.Round(time.Millisecond), workers))
	fmt.Fprintln(w)
	para("Move phase: value for the row loadout (first seat) against the column loadout, +1 win, -1 loss, headstarts included.")
	t := &Table{Header: []string{"A \\ B"}}
	for _, l := range ls {
		t.Header = append(t.Header, nzscLoadout(l))
	}
	for i, a := range ls {
		row := []string{a.String()}
		for j := range ls {
			if p := s.Pairings[i][j]; p != nil {
				row = append(row, signed(p.Value, 3))
			} else {
				row = append(row, "")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	para(nzscLoadoutLegend)
	// The heading only above a list that has entries: usually every
	// pairing is certified and there is nothing to list.
	var lines []string
	for i := range ls {
		for j := range ls {
			if p := s.Pairings[i][j]; p != nil && p.Gap > solve.CertificateTol {
				lines = append(lines, fmt.Sprintf("  %v vs %v: value in [%.9f, %.9f], largest gap over its states %.3g", p.A, p.B, p.Lower, p.Upper, p.Gap))
			}
		}
	}
	if wide > 0 {
		fmt.Fprintln(w)
		para(fmt.Sprintf("Pairings whose certificate is wider than %g (stationary strategies only approach the value there):", solve.CertificateTol))
		for _, l := range lines {
			para(l)
		}
	}
	fmt.Fprintln(w)
	para("Booster phase: equilibrium of each character pair (value for A).")
	t = &Table{Header: []string{"A", "B", "value", "equilibrium"}, Left: 2, Wrap: true}
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for b := range nzsc.Character(nzsc.NumCharacters) {
			if a == b {
				continue
			}
			bg := &s.Boosters[a][b]
			t.Rows = append(t.Rows, []string{a.String(), b.String(), signed(bg.Value, 4),
				sides(mix(glued(boosterNames(s.Rules, a)), bg.Eq.X[:], " "), mix(glued(boosterNames(s.Rules, b)), bg.Eq.Y[:], " "))})
		}
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	fmt.Fprintln(w)
	para(fmt.Sprintf("Character phase (first pick): A plays %s; B plays %s; value %+.2e.",
		mix(characterNames(0), s.Characters.X[0][:], " "), mix(characterNames(0), s.Characters.Y[0][:], " "), s.Characters.Value))
	return nil
}

// RulesNote names a variant's settings other than the turn cap
// (" under points=7"), or nothing for the shared rules.
func RulesNote(r nzsc.Rules) string {
	o := r.Options()
	delete(o, "turn_cap")
	if len(o) == 0 {
		return ""
	}
	keys := make([]string, 0, len(o))
	for k, v := range o {
		keys = append(keys, k+"="+v)
	}
	slices.Sort(keys)
	return " under " + strings.Join(keys, " ")
}

// sides is a table cell of both players' mixed strategies, "A: ...; B:
// ...", given as mix writes them from glued names: it wraps between
// one choice and the next, never inside a choice's name ("Acid" at a
// line's end and "Spray=1.0000" under it read as two moves).
func sides(a, b string) string { return "A:" + glue + a + "; B:" + glue + b }

// glued is names with each name's words glued (nobreak), for sides.
func glued(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = nobreak(n)
	}
	return out
}

// mix formats a mixed strategy as "name=p" items, entries that round to
// zero left out.
func mix(names []string, p []float64, sep string) string {
	var parts []string
	for i, q := range p[:len(names)] {
		if q >= 5e-5 {
			parts = append(parts, names[i]+"="+strconv.FormatFloat(q, 'f', 4, 64))
		}
	}
	return strings.Join(parts, sep)
}

func moveNames(ms []nzsc.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// pairGameJSON is a matrix game between two sides in the JSON documents
// (a loadout pairing's one round, a character pairing's booster pick):
// its value for A with its certified bounds and both equilibrium
// strategies.
type pairGameJSON struct {
	A         string     `json:"a"`
	B         string     `json:"b"`
	Value     float64    `json:"value"`
	Lower     float64    `json:"lower"`
	Upper     float64    `json:"upper"`
	StrategyA []probJSON `json:"strategy_a"`
	StrategyB []probJSON `json:"strategy_b"`
}

// number is a number of a JSON document: a float, or an exact fraction
// written as a string ("1/3", big.Rat's RatString).
type number interface{ float64 | string }

// choiceJSON is one choice of a mixed strategy in a JSON document, its
// probability a float or a fraction.
type choiceJSON[V number] struct {
	Choice      string `json:"choice"`
	Probability V      `json:"probability"`
}

// probJSON is one choice of a mixed strategy, its probability a float.
type probJSON = choiceJSON[float64]

// strategyJSON lists a mixed strategy's choices with their probabilities
// (zero included), in the order of names; nil for a nil strategy (one
// that could not be made exact).
func strategyJSON[V number](names []string, p []V) []choiceJSON[V] {
	if p == nil {
		return nil
	}
	var zero V
	out := make([]choiceJSON[V], len(names))
	for i, n := range names {
		// + zero: no -0 in documents (-0 + 0 is 0; a fraction's
		// string is itself).
		out[i] = choiceJSON[V]{n, p[i] + zero}
	}
	return out
}

// f12 is a value's CSV cell: twelve decimals.
func f12(v float64) string { return numfmt.CSV(v, 12) }

// boosterNames lists the boosters c may pick under r, in the solver's
// order.
func boosterNames(r nzsc.Rules, c nzsc.Character) []string {
	var out []string
	bs, n := r.Boosters(c)
	for _, b := range bs[:n] {
		out = append(out, b.String())
	}
	return out
}

// characterNames lists the characters open at streak state st, in the
// solver's order.
func characterNames(st int) []string {
	cs, n := solve.CharacterChoices(st)
	var out []string
	for _, c := range cs[:n] {
		out = append(out, c.String())
	}
	return out
}

// nzscLoadoutLegend explains nzscLoadout's column headers.
const nzscLoadoutLegend = "Loadouts are abbreviated to three letters of the character and four of the booster (- for No Booster)."

// nzscLoadout abbreviates a loadout for a column header: "Ninja/Shadow"
// -> "Nin/Sha".
func nzscLoadout(l nzsc.Loadout) string {
	b := l.Booster.String()
	if l.Booster == nzsc.NoBooster {
		b = "-"
	} else if len(b) > 4 {
		b = b[:4]
	}
	return l.Character.String()[:3] + "/" + b
}
