package main

import (
	crand "crypto/rand"
	"encoding/binary"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/tw"
	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/tournament"
)

func init() {
	register(&command{
		name:    "match",
		args:    "BOT_A BOT_B",
		summary: "play a head-to-head match of seat-swapped game pairs and report score, Elo and loadout pairings",
		example: "nzsc match random classic --games 100000 --seed 42",
		flags: func(fs *pflag.FlagSet) {
			fs.Int64("games", 20000, "number of games: positive and even (games are played in seat-swapped pairs)")
			fs.String("seed", "", "master seed, decimal or 0x-hex (default: picked at random and printed)")
			fs.Int("workers", runtime.NumCPU(), "parallel workers, default the number of cores (results do not depend on it)")
			fs.Bool("quiet", false, "no progress bar, seed note or timing on stderr")
			fs.String("format", "table", "output format: table, csv or json (see docs/formats.md)")
			fs.Int("top", 12, "loadout pairings to show in the table, most frequent first (csv and json list all)")
			fs.Duration("bot-timeout", agents.ExecTimeout, "time limit per decision of exec: bots whose spec sets none")
		},
		run: runMatch,
	})
}

// matchOpts are the validated command-line settings of a match.
type matchOpts struct {
	a, b      *agents.Bot
	games     uint64
	seed      uint64
	seedGiven bool
	workers   int
	quiet     bool
	format    string
	top       int
}

func matchOptions(fs *pflag.FlagSet, args []string) (*matchOpts, error) {
	if len(args) != 2 {
		return nil, usagef("match: want two bots, BOT_A BOT_B (got %d arguments; 'nzsc bots' lists them)", len(args))
	}
	o := &matchOpts{}
	var err error
	// Exec bots read the default time limit when they are built.
	if d, _ := fs.GetDuration("bot-timeout"); fs.Changed("bot-timeout") {
		if err := agents.SetExecTimeout(d); err != nil {
			return nil, usagef("match: --bot-timeout: %v", err)
		}
	}
	if o.a, err = agents.Parse(args[0]); err != nil {
		return nil, usagef("match: %v", err)
	}
	if o.b, err = agents.Parse(args[1]); err != nil {
		return nil, usagef("match: %v", err)
	}
	games, _ := fs.GetInt64("games")
	if games <= 0 || games%2 != 0 {
		return nil, usagef("match: --games must be a positive even number (games are played in seat-swapped pairs), got %d", games)
	}
	o.games = uint64(games)
	if o.workers, _ = fs.GetInt("workers"); o.workers < 1 {
		return nil, usagef("match: --workers must be at least 1, got %d", o.workers)
	}
	if o.top, _ = fs.GetInt("top"); o.top < 0 {
		return nil, usagef("match: --top must not be negative, got %d", o.top)
	}
	o.format, _ = fs.GetString("format")
	if !slices.Contains([]string{"table", "csv", "json"}, o.format) {
		return nil, usagef("match: --format must be table, csv or json, got %q", o.format)
	}
	o.quiet, _ = fs.GetBool("quiet")
	// A program that cannot start or answer the handshake is bad input,
	// reported before anything is played.
	for _, b := range []*agents.Bot{o.a, o.b} {
		if err := agents.Probe(b); err != nil {
			return nil, usagef("match: %v", err)
		}
	}
	if s, _ := fs.GetString("seed"); fs.Changed("seed") {
		if o.seed, err = agents.ParseSeed(s); err != nil {
			return nil, usagef("match: --seed: %v", err)
		}
		o.seedGiven = true
	} else {
		var b [8]byte
		crand.Read(b[:]) // never fails (Go 1.24+)
		o.seed = binary.LittleEndian.Uint64(b[:])
	}
	return o, nil
}

func runMatch(e *env, fs *pflag.FlagSet, args []string) error {
	o, err := matchOptions(fs, args)
	if err != nil {
		return err
	}
	if !o.seedGiven && !o.quiet {
		fmt.Fprintf(e.stderr, "seed %#x (replay with --seed %#x)\n", o.seed, o.seed)
	}
	m := &tournament.Match{A: o.a, B: o.b, Rules: engine.DefaultRules}
	plan := tournament.Plan{Seed: o.seed, Pairs: o.games / 2, Workers: o.workers, ChunkPairs: matchChunk(o.games/2, o.workers)}
	counter := tournament.NewCounter(o.workers)
	stop := func() {}
	if e.tty && !o.quiet {
		stop = progress.Start(e.stderr, o.games, "games", 200*time.Millisecond, func() uint64 { return 2 * counter.Done() })
	}
	start := time.Now()
	rep, err := m.Play(e.ctx, plan, counter)
	elapsed := time.Since(start)
	stop()
	if err != nil && rep.Total.Games == 0 {
		// A worker could not start (a bot that cannot be built): the
		// user's bot spec is at fault.
		return asUsage(fmt.Errorf("match: %w", err))
	}
	// On failure too, what finished is reported before the error.
	res := &matchOutput{opts: o, rep: &rep, sum: rep.Total.Summarize()}
	var werr error
	switch o.format {
	case "json":
		werr = res.writeJSON(e.stdout)
	case "csv":
		werr = res.writeCSV(e.stdout)
	default:
		werr = res.writeTable(e.stdout)
	}
	if err != nil {
		return asUsage(fmt.Errorf("match stopped after %d of %d games (results above): %w", rep.Total.Games, o.games, err))
	}
	if werr != nil {
		return werr
	}
	if !o.quiet {
		rate := float64(rep.Total.Games) / elapsed.Seconds()
		fmt.Fprintf(e.stderr, "%d games in %s: %s games/s on %d workers\n",
			rep.Total.Games, elapsed.Round(time.Millisecond), progress.Count(rate), o.workers)
	}
	if rep.Interrupted {
		return fmt.Errorf("match interrupted: %d of %d games finished; the results above are partial",
			rep.Total.Games, o.games)
	}
	return nil
}

// matchChunk picks the chunk size: the runner's default for long
// matches, smaller ones when there are fewer than 16 chunks per worker,
// so that a short match of slow bots (a thousand mcts games) keeps every
// core busy and stops promptly on Ctrl-C. A match keeps no run directory,
// so its chunk size is free; the games do not depend on it.
func matchChunk(pairs uint64, workers int) uint64 {
	return min(max(pairs/(16*uint64(workers)), 4), tournament.ChunkPairs)
}

type matchOutput struct {
	opts *matchOpts
	rep  *tournament.Report[tournament.MatchResult]
	sum  tournament.Summary
}

// matchJSON is the JSON document of a match (docs/formats.md).
type matchJSON struct {
	Format       string `json:"format"`
	BotA         string `json:"bot_a"`
	BotB         string `json:"bot_b"`
	Seed         string `json:"seed"`
	GamesPlanned uint64 `json:"games_planned"`
	Games        uint64 `json:"games"`
	Interrupted  bool   `json:"interrupted"`
	tournament.Summary
}

func (m *matchOutput) writeJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(matchJSON{
		Format: "nzsc-match/1", BotA: m.opts.a.Name(), BotB: m.opts.b.Name(),
		Seed: fmt.Sprintf("%#x", m.opts.seed), GamesPlanned: m.opts.games, Games: m.rep.Total.Games,
		Interrupted: m.rep.Interrupted, Summary: m.sum,
	})
}

// csvHeader is the stable column list of --format csv (docs/formats.md).
var csvHeader = []string{"bot_a", "bot_b", "seed", "row", "a_loadout", "b_loadout",
	"games", "wins", "draws", "losses", "score", "score_lo", "score_hi",
	"elo", "elo_lo", "elo_hi", "elo_err", "los"}

func csvFloat(x tournament.Number, digits int) string {
	f := float64(x)
	switch {
	case math.IsNaN(f):
		return ""
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return strconv.FormatFloat(f, 'f', digits, 64)
}

func csvLine(l *tournament.Line) []string {
	u := func(x uint64) string { return strconv.FormatUint(x, 10) }
	return []string{u(l.Games), u(l.Wins), u(l.Draws), u(l.Losses),
		csvFloat(l.Score, 6), csvFloat(l.ScoreLo, 6), csvFloat(l.ScoreHi, 6),
		csvFloat(l.Elo, 2), csvFloat(l.EloLo, 2), csvFloat(l.EloHi, 2), csvFloat(l.EloErr, 2), csvFloat(l.LOS, 6)}
}

func (m *matchOutput) writeCSV(w io.Writer) error {
	cw := csv.NewWriter(w)
	pre := []string{m.opts.a.Name(), m.opts.b.Name(), fmt.Sprintf("%#x", m.opts.seed)}
	row := func(kind, a, b string, l *tournament.Line) {
		cw.Write(append(append(slices.Clone(pre), kind, a, b), csvLine(l)...))
	}
	cw.Write(csvHeader)
	row("total", "", "", &m.sum.Total)
	row("seat0", "", "", &m.sum.Seats[0])
	row("seat1", "", "", &m.sum.Seats[1])
	for i := range m.sum.Pairings {
		p := &m.sum.Pairings[i]
		row("pairing", p.A, p.B, &p.Line)
	}
	cw.Flush()
	return cw.Error()
}

// newTable returns a table with the given header: the first left
// columns (labels) are aligned left, the others (numbers) right.
func newTable(w io.Writer, left int, header ...string) *tablewriter.Table {
	align := make([]tw.Align, len(header))
	for i := range align {
		align[i] = tw.AlignRight
		if i < left {
			align[i] = tw.AlignLeft
		}
	}
	t := tablewriter.NewTable(w,
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithHeaderAlignment(tw.AlignLeft),
		tablewriter.WithRowAlignmentConfig(tw.CellAlignment{Global: tw.AlignRight, PerColumn: align}),
	)
	h := make([]any, len(header))
	for i, s := range header {
		h[i] = s
	}
	t.Header(h...)
	return t
}

func fmtScore(l *tournament.Line) string {
	if l.Games == 0 {
		return "-"
	}
	mark := ""
	if !l.Significant() {
		mark = "~"
	}
	return fmt.Sprintf("%s%.4f [%.4f, %.4f]", mark, float64(l.Score), float64(l.ScoreLo), float64(l.ScoreHi))
}

func fmtElo(l *tournament.Line) string {
	e, err := float64(l.Elo), float64(l.EloErr)
	switch {
	case l.Games == 0 || math.IsNaN(e):
		return "-"
	case math.IsInf(e, 0):
		return fmt.Sprintf("%+.0f", e)
	case math.IsInf(err, 0) || math.IsNaN(err):
		return fmt.Sprintf("%+.1f ± inf", e)
	}
	return fmt.Sprintf("%+.1f ± %.1f", e, err)
}

func fmtPct(x tournament.Number) string { return fmt.Sprintf("%.1f%%", 100*float64(x)) }

func (m *matchOutput) writeTable(w io.Writer) error {
	o, s := m.opts, &m.sum
	fmt.Fprintf(w, "%s (A) vs %s (B): %d games, seed %#x\n", o.a.Name(), o.b.Name(), m.rep.Total.Games, o.seed)
	t := newTable(w, 1, "A", "games", "wins", "draws", "losses", "score [95% CI]", "Elo ± 95%", "LOS")
	for i, name := range []string{"all", "in seat 0", "in seat 1"} {
		l := &s.Total
		if i > 0 {
			l = &s.Seats[i-1]
		}
		t.Append([]string{name, fmt.Sprint(l.Games), fmt.Sprint(l.Wins), fmt.Sprint(l.Draws), fmt.Sprint(l.Losses),
			fmtScore(l), fmtElo(l), fmtPct(l.LOS)})
	}
	if err := t.Render(); err != nil {
		return err
	}
	p := s.Pentanomial
	fmt.Fprintf(w, "Pairs by A's points (0, 1/2, 1, 3/2, 2): [%d, %d, %d, %d, %d]; ~ marks a score whose interval contains 1/2\n",
		p[0], p[1], p[2], p[3], p[4])
	if s.Faults[0].Total()+s.Faults[1].Total() > 0 {
		fmt.Fprintln(w, "\nFaults")
		ft := newTable(w, 1, "bot", "forfeits", "illegal choices", "forfeits by kind")
		for i, b := range []*agents.Bot{o.a, o.b} {
			f := &s.Faults[i]
			kinds := make([]string, 0, len(f.Kinds))
			for _, k := range slices.Sorted(maps.Keys(f.Kinds)) {
				kinds = append(kinds, fmt.Sprintf("%s %d", k, f.Kinds[k]))
			}
			ft.Append([]string{b.Name(), fmt.Sprint(f.Forfeits), fmt.Sprint(f.Illegal), strings.Join(kinds, ", ")})
		}
		if err := ft.Render(); err != nil {
			return err
		}
	}
	if o.top > 0 && len(s.Pairings) > 0 {
		n := min(o.top, len(s.Pairings))
		fmt.Fprintf(w, "\nLoadout pairings (%d most frequent of %d)\n", n, len(s.Pairings))
		pt := newTable(w, 2, "A's loadout", "B's loadout", "games", "wins", "draws", "losses", "A's score [95% CI]")
		for _, p := range s.Pairings[:n] {
			pt.Append([]string{p.A, p.B, fmt.Sprint(p.Games), fmt.Sprint(p.Wins), fmt.Sprint(p.Draws), fmt.Sprint(p.Losses), fmtScore(&p.Line)})
		}
		if err := pt.Render(); err != nil {
			return err
		}
	}
	return nil
}
