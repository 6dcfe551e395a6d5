package main

import (
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/progress"
)

func init() {
	register(&command{
		name:    "solve",
		args:    "rounds|game|sweep",
		summary: "solve NZSC: each pairing's one-round game, the whole game exactly (certified), or a sweep of rule variants",
		example: "nzsc solve game --format json > solution.json",
		flags: func(fs *pflag.FlagSet) {
			fs.String("format", "table", "output: table, csv or json")
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
	format, _ := fs.GetString("format")
	if format != "table" && format != "csv" && format != "json" {
		return usagef("solve: --format %q: want table, csv or json", format)
	}
	if args[0] == "rounds" {
		rs, err := solve.Rounds()
		if err != nil {
			return err
		}
		return writeRounds(e.stdout, format, rs)
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
	return writeGame(e.stdout, format, s, workers)
}

func solveTable(w io.Writer) *tablewriter.Table {
	return tablewriter.NewTable(w,
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignment(tw.AlignLeft),
		tablewriter.WithRowAutoWrap(tw.WrapNone),
	)
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

func writeRounds(w io.Writer, format string, rs []*solve.Round) error {
	switch format {
	case "json":
		type row struct {
			A, B           string
			Value          float64 `json:"value"`
			Lower, Upper   float64
			MovesA, MovesB []string
			X, Y           []float64
		}
		var out []row
		for _, r := range rs {
			out = append(out, row{r.A.String(), r.B.String(), r.Value, r.Lower, r.Upper, moveNames(r.MovesA), moveNames(r.MovesB), r.X, r.Y})
		}
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(out)
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
	fmt.Fprintln(w, "One round with every move available; payoff = own points - opponent's; value for A.")
	t := solveTable(w)
	t.Header("A", "B", "VALUE", "GAP", "A PLAYS", "B PLAYS")
	for _, r := range rs {
		if err := t.Append(r.A.String(), r.B.String(), fmt.Sprintf("%+.4f", r.Value), fmt.Sprintf("%.1e", r.Upper-r.Lower),
			mix(moveNames(r.MovesA), r.X, " "), mix(moveNames(r.MovesB), r.Y, " ")); err != nil {
			return err
		}
	}
	return t.Render()
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

func writeGame(w io.Writer, format string, s *solve.Solution, workers int) error {
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
			A, B                     string
			Value, Lower, Upper, Gap float64
			States                   int
		}
		type booster struct {
			A, B                string
			Value, Lower, Upper float64
			X, Y                map[string]float64
		}
		type out struct {
			Rules      map[string]string  `json:"rules"`
			Value      float64            `json:"value"`
			Lower      float64            `json:"lower"`
			Upper      float64            `json:"upper"`
			Gap        float64            `json:"gap"`
			Certified  int                `json:"pairings_certified"`
			Seconds    float64            `json:"seconds"`
			Workers    int                `json:"workers"`
			Characters map[string]float64 `json:"character_strategy"`
			Boosters   []booster          `json:"boosters"`
			Pairings   []pairing          `json:"pairings"`
		}
		o := out{Rules: s.Rules.Options(), Value: s.Value(), Lower: s.Characters.L[0], Upper: s.Characters.U[0], Gap: s.Gap, Certified: certified, Seconds: s.Elapsed.Seconds(), Workers: workers,
			Characters: probMap(characterNames(0), s.Characters.X[0][:])}
		for a := range engine.Character(engine.NumCharacters) {
			for b := range engine.Character(engine.NumCharacters) {
				if a == b {
					continue
				}
				bg := &s.Boosters[a][b]
				o.Boosters = append(o.Boosters, booster{a.String(), b.String(), bg.Value, bg.Lower, bg.Upper,
					probMap(boosterNames(s.Rules, a), bg.Eq.X[:]), probMap(boosterNames(s.Rules, b), bg.Eq.Y[:])})
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
			enc := json.NewEncoder(w)
			enc.SetIndent("", "  ")
			return enc.Encode(o)
		}
		cw := csv.NewWriter(w)
		cw.Write([]string{"a", "b", "value", "lower", "upper", "gap", "states"})
		for _, p := range o.Pairings {
			cw.Write([]string{p.A, p.B, f12(p.Value), f12(p.Lower), f12(p.Upper), strconv.FormatFloat(p.Gap, 'g', 3, 64), strconv.Itoa(p.States)})
		}
		cw.Flush()
		return cw.Error()
	}
	fmt.Fprintf(w, "NZSC solved%s: value %+.2e for the first seat (0 by symmetry), certified within [%+.2e, %+.2e]; largest certificate gap over all states %.3g; %d of %d pairings certified within %g; %v on %d worker(s).\n",
		rulesNote(s.Rules), s.Value(), s.Characters.L[0], s.Characters.U[0], s.Gap, certified, solve.NumPairings(s.Rules), solve.CertificateTol, s.Elapsed.Round(time.Millisecond), workers)
	fmt.Fprintln(w, "\nMove phase: value for the row loadout (first seat) against the column loadout, +1 win, -1 loss, headstarts included.")
	t := solveTable(w)
	hdr := []any{"A \\ B"}
	for _, l := range ls {
		hdr = append(hdr, short(l))
	}
	t.Header(hdr...)
	for i, a := range ls {
		row := []any{a.String()}
		for j := range ls {
			if p := s.Pairings[i][j]; p != nil {
				row = append(row, fmt.Sprintf("%+.3f", p.Value))
			} else {
				row = append(row, "")
			}
		}
		if err := t.Append(row...); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	// The heading only above a list that has entries: usually every
	// pairing is certified and there is nothing to list.
	if wide > 0 {
		fmt.Fprintln(w, "\nPairings whose certificate is wider than", solve.CertificateTol, "(stationary strategies only approach the value there):")
		for i := range ls {
			for j := range ls {
				if p := s.Pairings[i][j]; p != nil && p.Gap > solve.CertificateTol {
					fmt.Fprintf(w, "  %v vs %v: value in [%.9f, %.9f], largest gap over its states %.3g\n", p.A, p.B, p.Lower, p.Upper, p.Gap)
				}
			}
		}
	}
	fmt.Fprintln(w, "\nBooster phase: equilibrium of each character pair (value for A).")
	t = solveTable(w)
	t.Header("A", "B", "VALUE", "A PICKS", "B PICKS")
	for a := range engine.Character(engine.NumCharacters) {
		for b := range engine.Character(engine.NumCharacters) {
			if a == b {
				continue
			}
			bg := &s.Boosters[a][b]
			if err := t.Append(a.String(), b.String(), fmt.Sprintf("%+.4f", bg.Value),
				mix(boosterNames(s.Rules, a), bg.Eq.X[:], " "), mix(boosterNames(s.Rules, b), bg.Eq.Y[:], " ")); err != nil {
				return err
			}
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	fmt.Fprintf(w, "\nCharacter phase (first pick): A plays %s; B plays %s; value %+.2e.\n",
		mix(characterNames(0), s.Characters.X[0][:], " "), mix(characterNames(0), s.Characters.Y[0][:], " "), s.Characters.Value)
	return nil
}

func probMap(names []string, p []float64) map[string]float64 {
	m := map[string]float64{}
	for i, n := range names {
		m[n] = p[i]
	}
	return m
}

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
