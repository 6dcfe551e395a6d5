package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/report"
)

func init() {
	register(&command{
		name:    "solve",
		args:    "rounds|game|sweep",
		summary: "solve NZSC: each pairing's one-round game, the whole game exactly (certified), or a sweep of rule variants",
		example: "nzsc solve game --format json > solution.json",
		flags: func(fs *pflag.FlagSet) {
			addFormatFlag(fs, " (docs/formats.md)", "table", "csv", "json")
			fs.Int("workers", runtime.GOMAXPROCS(0), "goroutines solving pairings (game)")
			fs.String("save", "", "where to save the solution for the optimal bot (game; default: the user cache dir's nzsc/solution-vN.bin; '-' not to save)")
			fs.Bool("quiet", false, "no progress bar or timing on stderr")
			fs.StringArray("rule", nil, "a rules option key=value to solve a variant (game; repeatable; 'nzsc games' lists them), such as points=7; for sweep also a range points=3..9 or a list headstarts=on,off")
		},
		run: runSolve,
	})
}

func runSolve(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) != 1 || (args[0] != "rounds" && args[0] != "game" && args[0] != "sweep") {
		return usagef("solve: want 'rounds', 'game' or 'sweep' (run 'nzsc help solve')")
	}
	format, err := formatOf("solve", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	if args[0] == "rounds" {
		rs, err := solve.Rounds()
		if err != nil {
			return err
		}
		return writeRounds(e.stdout, e.width, format, rs)
	}
	workers, _ := fs.GetInt("workers")
	if workers < 1 {
		return usagef("solve: --workers %d: want at least 1", workers)
	}
	if args[0] == "sweep" {
		return runSweep(e, fs, format, workers)
	}
	quiet, _ := fs.GetBool("quiet")
	save, _ := fs.GetString("save")
	settings, _ := fs.GetStringArray("rule")
	opts, err := game.ParseRules(settings)
	if err != nil {
		return usagef("solve: %v", err)
	}
	rules, err := engine.ParseRules(opts)
	if err != nil {
		return usagef("solve: %v", err)
	}
	if save != "" && save != "-" {
		// Checked before the solve: a file the user names is replaced
		// only if it is a solution file (an older one, say).
		if _, err := os.Stat(save); err == nil {
			if err := solve.CheckFile(save); err != nil && !errors.Is(err, solve.ErrFileVersion) {
				return usagef("solve: --save %s: not a solution file, refusing to overwrite it", save)
			}
		}
	}
	var prog solve.Progress
	var bar *progress.Bar
	if e.tty && !quiet {
		bar = progress.New(e.stderr, uint64(solve.NumPairings(rules)), "pairings")
		prog = func(done, _ int) { bar.Draw(uint64(done)) }
	}
	s, err := solve.SolveRules(e.ctx, rules, workers, prog)
	if bar != nil {
		bar.Clear()
	}
	if err != nil {
		return err
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "solved in %v on %d worker(s); certificate gap %.3g\n", s.Elapsed.Round(time.Millisecond), workers, s.Gap)
	}
	if save != "-" {
		path := save
		if path == "" {
			if path, err = solve.CachePathRules(rules); err != nil {
				return err
			}
		}
		if err := s.Save(path); err != nil {
			return fmt.Errorf("solve: saving the solution: %w", err)
		}
		if !quiet {
			fmt.Fprintf(e.stderr, "solution saved to %s\n", path)
		}
	}
	return writeGame(e.stdout, e.width, format, s, workers)
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

func moveNames(ms []engine.Move) []string {
	out := make([]string, len(ms))
	for i, m := range ms {
		out[i] = m.String()
	}
	return out
}

// probJSON is one choice of a mixed strategy in a JSON document.
type probJSON struct {
	Choice      string  `json:"choice"`
	Probability float64 `json:"probability"`
}

// strategyJSON lists a mixed strategy's choices with their probabilities
// (zero included), in the order of names.
func strategyJSON(names []string, p []float64) []probJSON {
	out := make([]probJSON, len(names))
	for i, n := range names {
		out[i] = probJSON{n, p[i] + 0} // + 0: no -0 in documents
	}
	return out
}

func writeRounds(w io.Writer, width int, format string, rs []*solve.Round) error {
	switch format {
	case "json":
		type row struct {
			A         string     `json:"a"`
			B         string     `json:"b"`
			Value     float64    `json:"value"`
			Lower     float64    `json:"lower"`
			Upper     float64    `json:"upper"`
			StrategyA []probJSON `json:"strategy_a"`
			StrategyB []probJSON `json:"strategy_b"`
		}
		doc := struct {
			Format string `json:"format"`
			Rounds []row  `json:"rounds"`
		}{Format: "nzsc-solve-rounds/1"}
		for _, r := range rs {
			doc.Rounds = append(doc.Rounds, row{r.A.String(), r.B.String(), r.Value, r.Lower, r.Upper,
				strategyJSON(moveNames(r.MovesA), r.X), strategyJSON(moveNames(r.MovesB), r.Y)})
		}
		return writeJSON(w, doc)
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
	fmt.Fprintln(w, report.WrapText("One round with every move available; payoff = own points - opponent's; value for A; gap: the certificate's width.", width))
	t := &report.Table{Header: []string{"A", "B", "value", "gap", "equilibrium"}, Left: 2, Wrap: true}
	for _, r := range rs {
		t.Rows = append(t.Rows, []string{short(r.A), short(r.B), fmt.Sprintf("%+.4f", r.Value), fmt.Sprintf("%.0e", r.Upper-r.Lower),
			"A: " + mix(moveNames(r.MovesA), r.X, " ") + "; B: " + mix(moveNames(r.MovesB), r.Y, " ")})
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	_, err := fmt.Fprintln(w, report.WrapText(loadoutAbbrevLegend, width))
	return err
}

func f12(v float64) string { return strconv.FormatFloat(v, 'f', 12, 64) }

func boosterNames(r engine.Rules, c engine.Character) []string {
	var out []string
	bs, n := r.Boosters(c)
	for _, b := range bs[:n] {
		out = append(out, b.String())
	}
	return out
}

func characterNames(st int) []string {
	cs, n := solve.CharacterChoices(st)
	var out []string
	for _, c := range cs[:n] {
		out = append(out, c.String())
	}
	return out
}

func writeGame(w io.Writer, width int, format string, s *solve.Solution, workers int) error {
	ls := engine.Loadouts()
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
		type booster struct {
			A         string     `json:"a"`
			B         string     `json:"b"`
			Value     float64    `json:"value"`
			Lower     float64    `json:"lower"`
			Upper     float64    `json:"upper"`
			StrategyA []probJSON `json:"strategy_a"`
			StrategyB []probJSON `json:"strategy_b"`
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
			Boosters   []booster         `json:"boosters"`
			Pairings   []pairing         `json:"pairings"`
		}
		o := out{Format: "nzsc-solve-game/1", Rules: s.Rules.Options(), Value: s.Value(), Lower: s.Characters.L[0], Upper: s.Characters.U[0], Gap: s.Gap,
			Certified: certified, Seconds: s.Elapsed.Seconds(), Workers: workers, Characters: strategyJSON(characterNames(0), s.Characters.X[0][:])}
		for a := range engine.Character(engine.NumCharacters) {
			for b := range engine.Character(engine.NumCharacters) {
				if a == b {
					continue
				}
				bg := &s.Boosters[a][b]
				o.Boosters = append(o.Boosters, booster{a.String(), b.String(), bg.Value, bg.Lower, bg.Upper,
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
			return writeJSON(w, o)
		}
		cw := csv.NewWriter(w)
		cw.Write([]string{"a", "b", "value", "lower", "upper", "gap", "states"})
		for _, p := range o.Pairings {
			cw.Write([]string{p.A, p.B, f12(p.Value), f12(p.Lower), f12(p.Upper), strconv.FormatFloat(p.Gap, 'g', 3, 64), strconv.Itoa(p.States)})
		}
		cw.Flush()
		return cw.Error()
	}
	para := func(s string) { fmt.Fprintln(w, report.WrapText(s, width)) }
	para(fmt.Sprintf("NZSC solved%s: value %+.2e for the first seat (0 by symmetry), certified within [%+.2e, %+.2e]; largest certificate gap over all states %.3g; %d of %d pairings certified within %g; %v on %d worker(s).",
		rulesNote(s.Rules), s.Value(), s.Characters.L[0], s.Characters.U[0], s.Gap, certified, solve.NumPairings(s.Rules), solve.CertificateTol, s.Elapsed.Round(time.Millisecond), workers))
	fmt.Fprintln(w)
	para("Move phase: value for the row loadout (first seat) against the column loadout, +1 win, -1 loss, headstarts included.")
	t := &report.Table{Header: []string{"A \\ B"}}
	for _, l := range ls {
		t.Header = append(t.Header, short(l))
	}
	for i, a := range ls {
		row := []string{a.String()}
		for j := range ls {
			if p := s.Pairings[i][j]; p != nil {
				row = append(row, fmt.Sprintf("%+.3f", p.Value))
			} else {
				row = append(row, "")
			}
		}
		t.Rows = append(t.Rows, row)
	}
	if err := t.Write(w, width); err != nil {
		return err
	}
	para(loadoutAbbrevLegend)
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
	t = &report.Table{Header: []string{"A", "B", "value", "equilibrium"}, Left: 2, Wrap: true}
	for a := range engine.Character(engine.NumCharacters) {
		for b := range engine.Character(engine.NumCharacters) {
			if a == b {
				continue
			}
			bg := &s.Boosters[a][b]
			t.Rows = append(t.Rows, []string{a.String(), b.String(), fmt.Sprintf("%+.4f", bg.Value),
				"A: " + mix(boosterNames(s.Rules, a), bg.Eq.X[:], " ") + "; B: " + mix(boosterNames(s.Rules, b), bg.Eq.Y[:], " ")})
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

// loadoutAbbrevLegend explains short's column headers.
const loadoutAbbrevLegend = "Loadouts are abbreviated to three letters of the character and four of the booster (- for No Booster)."

// short abbreviates a loadout for a column header: "Ninja/Shadow" ->
// "Nin/Sha".
func short(l engine.Loadout) string {
	b := l.Booster.String()
	if l.Booster == engine.NoBooster {
		b = "-"
	} else if len(b) > 4 {
		b = b[:4]
	}
	return l.Character.String()[:3] + "/" + b
}

// rulesNote names a variant's settings (" under points=7"), or nothing for
// the shared rules.
func rulesNote(r engine.Rules) string {
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
