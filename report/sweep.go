package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// pickTol is the weight above which a character counts as worth picking.
const pickTol = 1e-6

// SolveSweep writes the rows of `nzsc solve sweep` (docs/sweep.md) in
// format (table, csv, json or html): for each variant, the first pick's equilibrium, the characters
// worth picking, the value and each character pair's boosters.
func SolveSweep(w io.Writer, format string, width int, rows []solve.SweepRow) error {
	if format == "html" {
		return SolveSweepHTML(w, rows)
	}
	chars := [nzsc.NumCharacters]nzsc.Character{nzsc.Ninja, nzsc.Zombie, nzsc.Samurai, nzsc.Clown}
	type pair struct {
		A     string     `json:"a"`
		B     string     `json:"b"`
		Value float64    `json:"value"`
		X     []probJSON `json:"a_boosters"`
		Y     []probJSON `json:"b_boosters"`
	}
	type row struct {
		Rules      map[string]string `json:"rules"`
		Value      float64           `json:"value"`
		Gap        float64           `json:"gap"`
		Characters []probJSON        `json:"characters"`
		Picked     []string          `json:"picked"`
		Pairs      []pair            `json:"pairs"`
		States     int               `json:"states"`
		Seconds    float64           `json:"seconds"`
	}
	boosters := func(r nzsc.Rules, c nzsc.Character, p [3]float64) []probJSON {
		return strategyJSON(boosterNames(r, c), p[:])
	}
	var out []row
	for _, r := range rows {
		o := row{Rules: r.Rules.Options(), Value: r.Value, Gap: r.Gap,
			States: r.States, Seconds: r.Elapsed.Seconds()}
		delete(o.Rules, "turn_cap")
		for _, c := range chars {
			o.Characters = append(o.Characters, probJSON{c.String(), r.Characters[c]})
		}
		for _, c := range r.Picked(pickTol) {
			o.Picked = append(o.Picked, c.String())
		}
		for _, a := range chars {
			for _, b := range chars {
				if a != b {
					p := &r.Pairs[a][b]
					o.Pairs = append(o.Pairs, pair{a.String(), b.String(), p.Value, boosters(r.Rules, a, p.X), boosters(r.Rules, b, p.Y)})
				}
			}
		}
		out = append(out, o)
	}
	switch format {
	case "json":
		return WriteJSON(w, struct {
			Format   string `json:"format"`
			Variants []row  `json:"variants"`
		}{"nzsc-solve-sweep/1", out})
	case "csv":
		cw := csv.NewWriter(w)
		hdr := []string{"variant", "value", "gap", "seconds", "states"}
		for _, c := range chars {
			hdr = append(hdr, strings.ToLower(c.String()))
		}
		hdr = append(hdr, "picked")
		for _, a := range chars {
			for _, b := range chars {
				if a != b {
					n := strings.ToLower(a.String() + "_" + b.String())
					hdr = append(hdr, "value_"+n, "boosters_"+n)
				}
			}
		}
		cw.Write(hdr)
		for i, o := range out {
			rec := []string{sweepVariant(rows[i].Rules), f12(o.Value), strconv.FormatFloat(o.Gap, 'g', 3, 64),
				strconv.FormatFloat(o.Seconds, 'f', 3, 64), strconv.Itoa(o.States)}
			for _, c := range chars {
				rec = append(rec, strconv.FormatFloat(rows[i].Characters[c], 'f', 6, 64))
			}
			rec = append(rec, strings.Join(o.Picked, ";"))
			r := rows[i]
			for _, a := range chars {
				for _, b := range chars {
					if a != b {
						p := &r.Pairs[a][b]
						rec = append(rec, f12(p.Value), mix(boosterNames(r.Rules, a), p.X[:], ";")+" | "+mix(boosterNames(r.Rules, b), p.Y[:], ";"))
					}
				}
			}
			cw.Write(rec)
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintln(w, WrapText("Rule variants, each solved exactly: the first pick's equilibrium (each character's weight), the characters worth picking, and the game's value for the first seat (0 by symmetry).", width))
	t := &Table{Header: []string{"variant", "Ninja", "Zombie", "Samurai", "Clown", "worth picking", "value", "gap", "time"}}
	for i, o := range out {
		r := rows[i]
		t.Rows = append(t.Rows, []string{sweepVariant(r.Rules), characterWeight(r.Characters[nzsc.Ninja]), characterWeight(r.Characters[nzsc.Zombie]),
			characterWeight(r.Characters[nzsc.Samurai]), characterWeight(r.Characters[nzsc.Clown]), strings.Join(o.Picked, " "),
			sweepValue(o.Value, o.Gap), fmt.Sprintf("%.1e", o.Gap), r.Elapsed.Round(100 * time.Millisecond).String()})
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, WrapText("Booster phase of each variant: for each character, its equilibrium boosters against each opponent (as the first seat), and the pairing's value for it.", width))
	t = &Table{Header: []string{"variant", "character", "vs Ninja", "vs Zombie", "vs Samurai", "vs Clown"}, Left: 2}
	for _, r := range rows {
		for _, a := range chars {
			rec := []string{sweepVariant(r.Rules), a.String()}
			for _, b := range chars {
				if a == b {
					rec = append(rec, "")
					continue
				}
				p := &r.Pairs[a][b]
				rec = append(rec, fmt.Sprintf("%+.3f %s", p.Value, mix(boosterNames(r.Rules, a), p.X[:], " ")))
			}
			t.Rows = append(t.Rows, rec)
		}
	}
	return t.Write(w, width)
}

// sweepVariant names a row's variant by its settings other than the
// turn cap ("shared rules" when none).
func sweepVariant(r nzsc.Rules) string {
	if n := strings.TrimPrefix(RulesNote(r), " under "); n != "" {
		return n
	}
	return "shared rules"
}

// characterWeight formats a character's weight, "-" for none.
func characterWeight(w float64) string {
	if w <= pickTol {
		return "-"
	}
	return strconv.FormatFloat(w, 'f', 3, 64)
}

// sweepValue formats a variant's value for people: "0" when it lies
// within the certificate's gap of 0 (the value is 0 by symmetry, and a
// -3.8e-17 is rounding the certificate cannot tell from 0), else
// "+1.2e-03".
func sweepValue(v, gap float64) string {
	if math.Abs(v) <= math.Max(gap, 1e-12) {
		return "0"
	}
	return fmt.Sprintf("%+.1e", v)
}
