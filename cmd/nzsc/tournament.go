package main

import (
	"compress/gzip"
	crand "crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/tournament"
)

// defaultTournamentBots is the tournament that 'nzsc tournament' plays
// without flags: every built-in bot, mcts on a small budget so that the
// whole run takes seconds.
const defaultTournamentBots = "random,classic,greedy,nash,mcts:iters=100"

func init() {
	register(&command{
		name:    "tournament",
		args:    "",
		summary: "play a round robin (or gauntlet) of bots, rank them and analyse loadouts; results go to a run directory",
		example: "nzsc tournament --bots random,greedy,nash --games 20000 --seed 7",
		flags: func(fs *pflag.FlagSet) {
			fs.String("bots", defaultTournamentBots, "bot specs separated by ',' or ';' (parameters and exec options may use them too: 'mcts:iters=100,c=2,random;exec:bin/gobot;timeout=1s')")
			fs.Int64("games", 2000, "games per pairing: positive and even (seat-swapped pairs)")
			fs.String("seed", "", "master seed, decimal or 0x-hex (default: picked at random and printed)")
			fs.Int("workers", runtime.NumCPU(), "parallel workers (results do not depend on it)")
			fs.String("gauntlet", "", "play this bot against each of --bots instead of a round robin")
			fs.String("out", "", "run directory (default runs/<UTC time>-<seed>)")
			fs.String("resume", "", "continue the interrupted run in this directory (its own settings are used)")
			fs.String("shard", "", "play only share i of n (i/n, 0 <= i < n) into a partial run directory; combine with 'nzsc merge'")
			fs.String("games-log", "", "append one tab-separated line per game to this gzip file")
			fs.String("format", "table", "output format: table, csv or json")
			fs.Bool("full", false, "table format: also print every loadout and booster matrix and per-bot tables")
			fs.Bool("quiet", false, "no progress bar or notes on stderr")
			fs.Uint64("chunk", tournament.ChunkPairs, "game pairs per chunk, the unit of shards and resumes")
			addBotTimeoutFlag(fs)
		},
		run: runTournament,
	})
}

// splitBots splits a --bots list at commas and semicolons. Specs may
// contain both (mcts:iters=100,c=2; exec:bot;timeout=1s), so a piece
// starts a new bot only when it begins with a registered bot's name;
// any other piece (a key=value, an external program's argument) continues
// the previous spec, with the separator it had.
func splitBots(s string) []string {
	var out []string
	sep := ""
	for s != "" {
		i := strings.IndexAny(s, ",;")
		piece, next := s, ""
		if i >= 0 {
			piece, next = s[:i], s[i+1:]
		}
		if t := strings.TrimSpace(piece); t != "" {
			if n := len(out); n > 0 && !startsBot(t, out[n-1]) {
				out[n-1] += sep + t
			} else {
				out = append(out, t)
			}
		}
		if i >= 0 {
			sep = s[i : i+1]
		}
		s = next
	}
	return out
}

// startsBot reports whether a --bots piece begins a new spec after the
// spec prev: a registered bot's name (alone or before ':') does; a
// key=value, or anything after a free-form spec such as exec:PROGRAM
// ARGS, continues prev; any other word starts a spec of its own, so that
// the error names it.
func startsBot(piece, prev string) bool {
	kinds := agents.Registered()
	isKind := func(spec string, prefixOnly bool) bool {
		name, _, _ := strings.Cut(spec, ":")
		for _, i := range kinds {
			if i.Name == name && (!prefixOnly || i.Prefix) {
				return true
			}
		}
		return false
	}
	switch {
	case isKind(piece, false):
		return true
	case isKind(prev, true):
		return false
	}
	name, _, _ := strings.Cut(piece, ":")
	return !strings.Contains(name, "=")
}

// parseShard reads "i/n".
func parseShard(s string) (*results.Shard, error) {
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return nil, fmt.Errorf("--shard wants i/n with 0 <= i < n, got %q", s)
	}
	return &results.Shard{Index: i, Count: n}, nil
}

func randomSeed() uint64 {
	var b [8]byte
	crand.Read(b[:])
	return binary.LittleEndian.Uint64(b[:])
}

// tournamentRun is a run being played: its directory, manifest, config,
// counts so far and the chunks still to play.
type tournamentRun struct {
	dir     *results.Dir
	man     *results.Manifest
	cfg     *roundrobin.Config
	base    analysis.Tournament // counts of earlier sessions (resume)
	done    []uint64            // their finished chunks
	pending []uint64            // chunks to play now
}

func newTournament(fs *pflag.FlagSet) (*tournamentRun, bool, error) {
	specs := splitBots(mustString(fs, "bots"))
	gauntlet := strings.TrimSpace(mustString(fs, "gauntlet"))
	cfg := &roundrobin.Config{Gauntlet: -1, Rules: engine.DefaultRules}
	if gauntlet != "" {
		if i := slices.Index(specs, gauntlet); i >= 0 {
			specs = slices.Delete(specs, i, i+1)
		}
		specs = append([]string{gauntlet}, specs...)
		cfg.Gauntlet = 0
	}
	if len(specs) < 2 {
		return nil, false, usagef("tournament: need at least two bots, got %d (--bots a,b,c)", len(specs))
	}
	seen := map[string]bool{}
	for _, s := range specs {
		if seen[s] {
			return nil, false, usagef("tournament: bot %q is listed twice (give a distinct spec, such as %s:)", s, s)
		}
		seen[s] = true
		b, err := agents.Parse(s)
		if err != nil {
			return nil, false, usagef("tournament: %v", err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	games, _ := fs.GetInt64("games")
	if games <= 0 || games%2 != 0 {
		return nil, false, usagef("tournament: --games must be a positive even number (games are played in seat-swapped pairs), got %d", games)
	}
	cfg.PairsPerPairing = uint64(games / 2)
	if cfg.ChunkPairs, _ = fs.GetUint64("chunk"); cfg.ChunkPairs == 0 {
		return nil, false, usagef("tournament: --chunk must be positive")
	}
	seedGiven := fs.Changed("seed")
	if seedGiven {
		var err error
		if cfg.Seed, err = agents.ParseSeed(mustString(fs, "seed")); err != nil {
			return nil, false, usagef("tournament: --seed: %v", err)
		}
	} else {
		cfg.Seed = randomSeed()
	}
	var shard *results.Shard
	if s := mustString(fs, "shard"); s != "" {
		var err error
		if shard, err = parseShard(s); err != nil {
			return nil, false, usagef("tournament: %v", err)
		}
	}
	out := mustString(fs, "out")
	if out == "" {
		suffix := strconv.FormatUint(cfg.Seed, 16)
		if shard != nil {
			suffix += fmt.Sprintf("-shard%dof%d", shard.Index, shard.Count)
		}
		out = filepath.Join("runs", time.Now().UTC().Format("20060102-150405")+"-"+suffix)
	}
	dir, err := results.Create(out)
	if err != nil {
		return nil, false, usagef("tournament: %v", err)
	}
	man := &results.Manifest{
		Kind: "tournament", Command: append([]string{"nzsc"}, os.Args[1:]...), Version: Version(),
		Seed: cfg.Seed, GamesPerPairing: uint64(games), ChunkPairs: cfg.ChunkPairs, Chunks: cfg.NumChunks(),
		Rules: results.Rules{TurnCap: cfg.Rules.TurnCap}, Shard: shard, Started: time.Now().UTC(),
	}
	if gauntlet != "" {
		man.Gauntlet = specs[0]
	}
	for _, b := range cfg.Bots {
		man.Bots = append(man.Bots, results.BotInfo{Spec: b.Name(), Kind: b.Info.Name, Params: b.Params})
	}
	r := &tournamentRun{dir: dir, man: man, cfg: cfg, base: cfg.Empty()}
	if shard != nil {
		r.pending, _ = tournament.ShardChunks(cfg.NumChunks(), shard.Index, shard.Count)
	} else {
		r.pending = tournament.Remaining(cfg.NumChunks(), nil)
	}
	man.GamesPlanned = 2 * cfg.PairsIn(r.pending)
	return r, seedGiven, nil
}

// resumeTournament reopens a run directory and works out what is left.
func resumeTournament(path string) (*tournamentRun, error) {
	dir, man, counts, err := results.Load(path)
	if err != nil {
		return nil, usagef("tournament: --resume: %v", err)
	}
	if man.Kind != "tournament" {
		return nil, usagef("tournament: --resume: %s holds a %q run", path, man.Kind)
	}
	if len(man.MergedFrom) > 0 && !man.Complete {
		return nil, usagef("tournament: --resume: %s is an incomplete merge; resume its shards, then merge again", path)
	}
	cfg := &roundrobin.Config{Gauntlet: -1, Rules: engine.Rules{TurnCap: man.Rules.TurnCap},
		PairsPerPairing: man.GamesPerPairing / 2, Seed: man.Seed, ChunkPairs: man.ChunkPairs}
	for i, bi := range man.Bots {
		b, err := agents.Parse(bi.Spec)
		if err != nil {
			return nil, usagef("tournament: --resume: bot %q: %v", bi.Spec, err)
		}
		cfg.Bots = append(cfg.Bots, b)
		if man.Gauntlet != "" && bi.Spec == man.Gauntlet && cfg.Gauntlet < 0 {
			cfg.Gauntlet = i
		}
	}
	if err := cfg.Check(); err != nil {
		return nil, usagef("tournament: --resume: %v", err)
	}
	if cfg.NumChunks() != man.Chunks {
		return nil, usagef("tournament: --resume: %s: manifest says %d chunks, its settings give %d", path, man.Chunks, cfg.NumChunks())
	}
	if err := checkSamePairings(cfg.Empty(), counts.Tournament); err != nil {
		return nil, usagef("tournament: --resume: %s: %v", path, err)
	}
	// pending is never nil: for roundrobin.Play nil means every chunk.
	r := &tournamentRun{dir: dir, man: man, cfg: cfg, base: counts.Tournament, done: counts.FinishedChunks(), pending: []uint64{}}
	all := tournament.Remaining(cfg.NumChunks(), nil)
	if man.Shard != nil {
		all, _ = tournament.ShardChunks(cfg.NumChunks(), man.Shard.Index, man.Shard.Count)
	}
	for _, c := range all {
		if _, found := slices.BinarySearch(r.done, c); !found {
			r.pending = append(r.pending, c)
		}
	}
	return r, nil
}

func checkSamePairings(want, got analysis.Tournament) error {
	empty := got
	empty.Pairings = nil
	for _, p := range got.Pairings {
		empty.Pairings = append(empty.Pairings, analysis.Pairing{A: p.A, B: p.B})
	}
	if len(empty.Pairings) != len(want.Pairings) {
		return fmt.Errorf("counts hold %d pairings, the settings give %d", len(empty.Pairings), len(want.Pairings))
	}
	for i := range want.Pairings {
		if want.Pairings[i] != empty.Pairings[i] {
			return fmt.Errorf("pairing %d differs from the settings", i)
		}
	}
	return nil
}

func mustString(fs *pflag.FlagSet, name string) string {
	s, _ := fs.GetString(name)
	return s
}

// openGamesLog opens path for appending one gzip member; the header line
// goes first into a new file.
func openGamesLog(path string) (io.Writer, func() error, error) {
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return nil, nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	zw := gzip.NewWriter(f)
	if st.Size() == 0 {
		io.WriteString(zw, roundrobin.LogHeader)
	}
	return zw, func() error { return errors.Join(zw.Close(), f.Close()) }, nil
}

func runTournament(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) > 0 {
		return usagef("tournament: unexpected argument %q (bots go in --bots a,b,c)", args[0])
	}
	format := mustString(fs, "format")
	if !slices.Contains([]string{"table", "csv", "json"}, format) {
		return usagef("tournament: --format must be table, csv or json, got %q", format)
	}
	workers, _ := fs.GetInt("workers")
	if workers < 1 {
		return usagef("tournament: --workers must be at least 1, got %d", workers)
	}
	quiet, _ := fs.GetBool("quiet")
	full, _ := fs.GetBool("full")
	if err := applyBotTimeout("tournament", fs); err != nil {
		return err
	}

	var r *tournamentRun
	var err error
	seedGiven := true
	if path := mustString(fs, "resume"); path != "" {
		for _, f := range []string{"bots", "games", "seed", "gauntlet", "out", "shard", "chunk"} {
			if fs.Changed(f) {
				return usagef("tournament: --%s cannot be combined with --resume (the run directory fixes it)", f)
			}
		}
		if r, err = resumeTournament(path); err != nil {
			return err
		}
	} else if r, seedGiven, err = newTournament(fs); err != nil {
		return err
	}
	// External bots log their standard error into the run directory.
	agents.ExecLogDir = filepath.Join(r.dir.Path, "bots")
	if err := probeBots("tournament", r.cfg.Bots...); err != nil {
		return err
	}
	if !seedGiven && !quiet {
		fmt.Fprintf(e.stderr, "seed %#x (replay with --seed %#x)\n", r.cfg.Seed, r.cfg.Seed)
	}

	var gamesLog io.Writer
	closeLog := func() error { return nil }
	if path := mustString(fs, "games-log"); path != "" {
		if gamesLog, closeLog, err = openGamesLog(path); err != nil {
			return usagef("tournament: --games-log: %v", err)
		}
	}

	save := func(counts *analysis.Tournament, finished []uint64) error {
		total := cloneTournament(&r.base)
		if err := total.Merge(counts); err != nil {
			return err
		}
		c := &results.Counts{Tournament: total}
		c.SetFinished(mergeChunks(r.done, finished))
		if err := r.dir.WriteCounts(c); err != nil {
			return err
		}
		r.man.GamesDone = uint64(total.Games())
		return r.dir.WriteManifest(r.man)
	}
	r.man.Ended = time.Time{}
	r.man.Interrupted = false
	// Write the manifest and counts before the first game, so that even a
	// run killed at once leaves a directory that --resume accepts.
	zero := r.cfg.Empty()
	if err := save(&zero, nil); err != nil {
		closeLog()
		return fmt.Errorf("tournament: %w", err)
	}

	var pairsDone atomic.Uint64
	stop := func() {}
	total := 2 * r.cfg.PairsIn(r.pending)
	if e.tty && !quiet && total > 0 {
		stop = progress.Start(e.stderr, total, "games", 200*time.Millisecond, func() uint64 { return 2 * pairsDone.Load() })
	}
	start := time.Now()
	res, err := roundrobin.Play(e.ctx, r.cfg, roundrobin.Options{
		Chunks: r.pending, Workers: workers, Checkpoint: save, GamesLog: gamesLog, Progress: &pairsDone,
	})
	elapsed := time.Since(start)
	stop()
	if cerr := closeLog(); err == nil && cerr != nil {
		err = fmt.Errorf("--games-log: %w", cerr)
	}
	// Final save, whatever happened: the counts of every finished chunk.
	finished := mergeChunks(r.done, res.Finished)
	r.man.Ended = time.Now().UTC()
	r.man.Interrupted = res.Interrupted || err != nil
	r.man.Complete = !r.man.Interrupted && len(finished) == len(r.done)+len(r.pending)
	if serr := save(&res.Counts, res.Finished); serr != nil && err == nil {
		err = serr
	}
	if err != nil {
		return fmt.Errorf("tournament: %w (finished games are saved in %s)", err, r.dir.Path)
	}
	counts, err := r.dir.ReadCounts()
	if err != nil {
		return err
	}
	sum := analysis.Summarize(&counts.Tournament)
	if err := r.dir.WriteTables(sum); err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	if err := renderReport(e.stdout, format, sum, r.man, report.Options{Full: full}); err != nil {
		return err
	}
	if !quiet {
		played := res.Counts.Games()
		fmt.Fprintf(e.stderr, "%d games in %s: %s games/s on %d workers; run directory %s\n",
			played, elapsed.Round(time.Millisecond), progress.Count(float64(played)/elapsed.Seconds()), workers, r.dir.Path)
	}
	if res.Interrupted {
		return fmt.Errorf("tournament interrupted: %d of %d games finished, saved in %s; continue with 'nzsc tournament --resume %s'",
			r.man.GamesDone, r.man.GamesPlanned, r.dir.Path, r.dir.Path)
	}
	return nil
}

func renderReport(w io.Writer, format string, s *analysis.Summary, m *results.Manifest, opt report.Options) error {
	switch format {
	case "json":
		return report.JSON(w, s, m)
	case "csv":
		return report.CSV(w, s)
	}
	return report.Text(w, s, m, opt)
}

func cloneTournament(t *analysis.Tournament) analysis.Tournament {
	return analysis.Tournament{Bots: slices.Clone(t.Bots), Pairings: slices.Clone(t.Pairings)}
}

func mergeChunks(a, b []uint64) []uint64 {
	out := append(slices.Clone(a), b...)
	slices.Sort(out)
	return slices.Compact(out)
}
