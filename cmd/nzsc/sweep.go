package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/report"
)

// pickTol is the weight above which a character counts as worth picking.
const pickTol = 1e-6

// runSweep is `nzsc solve sweep`: every variant the --rule settings span,
// solved in turn, one row each (docs/sweep.md).
func runSweep(e *env, fs *pflag.FlagSet, format string, workers int) error {
	settings, _ := fs.GetStringArray("rule")
	if len(settings) == 0 {
		return usagef("solve sweep: give the variants with --rule, such as --rule points=3..9")
	}
	if fs.Changed("save") {
		return usagef("solve sweep: --save is for solve game (a sweep keeps no solutions)")
	}
	variants, err := solve.ExpandRules(settings)
	if err != nil {
		return usagef("solve sweep: %v", err)
	}
	quiet, _ := fs.GetBool("quiet")
	var prog solve.SweepProgress
	if !quiet {
		prog = func(i, total int, r engine.Rules) {
			fmt.Fprintf(e.stderr, "solving variant %d of %d:%s\n", i+1, total, rulesNote(r))
		}
	}
	rows, err := solve.Sweep(e.ctx, variants, workers, prog)
	if err != nil {
		if len(rows) > 0 {
			// What was solved is still worth printing.
			writeSweep(e.stdout, e.width, format, rows)
		}
		return err
	}
	return writeSweep(e.stdout, e.width, format, rows)
}

// sweepVariant names a row's variant by its settings other than the
// turn cap ("shared rules" when none).
func sweepVariant(r engine.Rules) string {
	if n := strings.TrimPrefix(rulesNote(r), " under "); n != "" {
		return n
	}
	return "shared rules"
}

func writeSweep(w io.Writer, width int, format string, rows []solve.SweepRow) error {
	chars := [engine.NumCharacters]engine.Character{engine.Ninja, engine.Zombie, engine.Samurai, engine.Clown}
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
	boosters := func(r engine.Rules, c engine.Character, p [3]float64) []probJSON {
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
		return writeJSON(w, struct {
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
	fmt.Fprintln(w, report.WrapText("Rule variants, each solved exactly: the first pick's equilibrium (each character's weight), the characters worth picking, and the game's value for the first seat (0 by symmetry).", width))
	t := &report.Table{Header: []string{"variant", "Ninja", "Zombie", "Samurai", "Clown", "worth picking", "value", "gap", "time"}}
	for i, o := range out {
		r := rows[i]
		t.Rows = append(t.Rows, []string{sweepVariant(r.Rules), weight(r.Characters[engine.Ninja]), weight(r.Characters[engine.Zombie]),
			weight(r.Characters[engine.Samurai]), weight(r.Characters[engine.Clown]), strings.Join(o.Picked, " "),
			fmt.Sprintf("%+.1e", o.Value), fmt.Sprintf("%.1e", o.Gap), r.Elapsed.Round(100 * time.Millisecond).String()})
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, report.WrapText("Booster phase of each variant: for each character, its equilibrium boosters against each opponent (as the first seat), and the pairing's value for it.", width))
	t = &report.Table{Header: []string{"variant", "character", "vs Ninja", "vs Zombie", "vs Samurai", "vs Clown"}, Left: 2}
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

// weight formats a character's weight, "-" for none.
func weight(w float64) string {
	if w <= pickTol {
		return "-"
	}
	return strconv.FormatFloat(w, 'f', 3, 64)
}
