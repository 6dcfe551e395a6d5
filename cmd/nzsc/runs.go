package main

import (
	"bytes"
	"fmt"
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
	_ "github.com/nzsclab/nzsc/agents/npzr"  // Ninja Pirate Zombie Robot registers its bots
	_ "github.com/nzsclab/nzsc/agents/nzscn" // NZSC for 3 or 4 players registers its bots
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games" // every game registers itself
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
	"github.com/nzsclab/nzsc/tournament"
)

// The commands that play games (match, sprt, tournament) share one
// pipeline: bot specs → a roundrobin.Config (one pairing for a match) →
// a roundrobin.RunDir that plays it, checkpoints it into its run
// directory and keeps its games log → the counts → a summary → a
// renderer. This file holds what they share: the flags, reading them
// into a run, and playing it with a progress bar.

// addGameFlags declares --game, --players and --rule.
func addGameFlags(fs *pflag.FlagSet) {
	fs.String("game", agents.DefaultGame, "the game to play ('nzsc games' lists them)")
	fs.Int("players", 2, "players at each table (NZSC: 2 to 4; tables of more than 2 play every seat order of their bots from each seed)")
	fs.StringArray("rule", nil, "a rules option key=value of the game (repeatable; 'nzsc games' lists them), such as turn_cap=200")
}

// gameOf builds the game --game, --players and --rule name.
func gameOf(cmd string, fs *pflag.FlagSet) (game.Game, error) {
	settings, _ := fs.GetStringArray("rule")
	rules, err := game.ParseRules(settings)
	if err != nil {
		return nil, usagef("%s: --rule: %v", cmd, err)
	}
	players, _ := fs.GetInt("players")
	name := mustString(fs, "game")
	if _, err := lookupGame(cmd, name); err != nil {
		return nil, err
	}
	g, err := game.Build(name, players, rules)
	if err != nil {
		return nil, usagef("%s: %v", cmd, err)
	}
	return g, nil
}

// addRunFlags declares the flags of a run: its size, seed, workers, run
// directory, resume, shard, games log and chunking.
func addRunFlags(fs *pflag.FlagSet, games int64, gamesHelp, outHelp string) {
	fs.Int64("games", games, gamesHelp)
	fs.String("seed", "", "master seed, decimal or 0x-hex (default: picked at random and printed)")
	fs.Int("workers", runtime.NumCPU(), "parallel workers, default the number of cores (results do not depend on it)")
	fs.String("out", "", outHelp)
	fs.String("resume", "", "continue the interrupted run in this directory (its own settings are used)")
	fs.String("shard", "", "play only share i of n (i/n, 0 <= i < n) into a partial run directory; combine with 'nzsc merge'")
	fs.String("games-log", "", "write a game record (JSON line) per game to this file, gzip when it ends in .gz (docs/records.md)")
	fs.String("games-log-level", results.LevelFull, "games log detail: full (every turn) or outcome (results only)")
	fs.Uint64("chunk", 0, "game pairs per chunk, the unit of shards and resumes (default: picked from the run's size)")
	fs.Bool("quiet", false, "no progress bar, seed note or timing on stderr")
	addGameFlags(fs)
	addBotTimeoutFlag(fs)
}

// runFlags are the flags fixed by a run directory: --resume refuses them.
var runFlags = []string{"games", "seed", "out", "shard", "chunk", "games-log-level", "game", "players", "rule", "bots", "gauntlet",
	"elo0", "elo1", "alpha", "beta", "model", "max-games", "batch"}

// newRun is what a command gives openRun to start a new run.
type newRun struct {
	kind string
	// cfg is the config with its bots and schedule; openRun fills in
	// the seed, chunking and game.
	cfg *roundrobin.Config
	// games is the number of games per pairing (per table).
	games int64
	// dir says whether the run keeps a run directory when --out is not
	// given (a tournament does, under runs/; a match only with --out).
	dir  bool
	sprt *results.SPRTState
	// chunk is the chunk size to use when --chunk is not given (0: the
	// runner's default).
	chunk uint64
}

// openRun reads the shared flags into a run: resumed from --resume, or
// new from n. It reports whether the seed was picked at random.
func openRun(e *env, cmd string, fs *pflag.FlagSet, n func(g game.Game) (*newRun, error)) (rd *roundrobin.RunDir, seedPicked bool, err error) {
	if _, err := execSettingsOf(cmd, fs); err != nil {
		return nil, false, err
	}
	// Checked before a run directory is made (playRun checks it too).
	if w, _ := fs.GetInt("workers"); w < 1 {
		return nil, false, usagef("%s: --workers must be at least 1, got %d", cmd, w)
	}
	if fs.Changed("resume") {
		path := mustString(fs, "resume")
		if path == "" {
			return nil, false, usagef("%s: --resume needs a run directory", cmd)
		}
		for _, f := range runFlags {
			if fs.Lookup(f) != nil && fs.Changed(f) {
				return nil, false, usagef("%s: --%s cannot be combined with --resume (the run directory fixes it)", cmd, f)
			}
		}
		rd, err := roundrobin.Resume(path)
		if err != nil {
			return nil, false, usagef("%s: --resume: %v", cmd, err)
		}
		if k := rd.Manifest.Kind; k != cmd {
			return nil, false, usagef("%s: --resume: %s holds a %s run (resume it with 'nzsc %s --resume %s')", cmd, path, k, k, path)
		}
		// A resumed run goes on writing its own games log; naming it
		// again is allowed, naming another is not.
		if log := mustString(fs, "games-log"); fs.Changed("games-log") && log != rd.Manifest.GamesLog {
			return nil, false, usagef("%s: --resume: the run's games log is %q; a resumed run goes on writing it (no --games-log needed)", cmd, rd.Manifest.GamesLog)
		}
		return rd, false, nil
	}
	g, err := gameOf(cmd, fs)
	if err != nil {
		return nil, false, err
	}
	spec, err := n(g)
	if err != nil {
		return nil, false, err
	}
	spec.cfg.Game = g
	cfg := spec.cfg
	cfg.PairsPerPairing, cfg.ChunkPairs = setsOf(spec.games, cfg.Game.Seats()), spec.chunk
	if fs.Changed("seed") {
		if cfg.Seed, err = game.ParseSeed(mustString(fs, "seed")); err != nil {
			return nil, false, usagef("%s: --seed: %v", cmd, err)
		}
	} else {
		cfg.Seed, seedPicked = randomUint64(), true
	}
	if fs.Changed("chunk") {
		if cfg.ChunkPairs, _ = fs.GetUint64("chunk"); cfg.ChunkPairs == 0 {
			return nil, false, usagef("%s: --chunk must be positive", cmd)
		}
	}
	var shard *results.Shard
	if s := mustString(fs, "shard"); s != "" {
		if shard, err = parseShard(s); err != nil {
			return nil, false, usagef("%s: %v", cmd, err)
		}
	}
	out := mustString(fs, "out")
	if fs.Changed("out") && out == "" {
		return nil, false, usagef("%s: --out needs a directory", cmd)
	}
	if out == "" && (spec.dir || shard != nil) {
		suffix := game.FormatSeed(cfg.Seed)
		if shard != nil {
			suffix += fmt.Sprintf("-shard%dof%d", shard.Index, shard.Count)
		}
		out = filepath.Join("runs", time.Now().UTC().Format("20060102-150405")+"-"+suffix)
	}
	level := mustString(fs, "games-log-level")
	if err := results.CheckLevel(level); err != nil {
		return nil, false, usagef("%s: --games-log-level: %v", cmd, err)
	}
	rd, err = roundrobin.Create(cfg, roundrobin.NewRun{
		Out: out, Kind: spec.kind, Command: append([]string{"nzsc"}, os.Args[1:]...), Version: Version(),
		Shard: shard, GamesLog: mustString(fs, "games-log"), GamesLogLevel: level, SPRT: spec.sprt,
	})
	if err != nil {
		return nil, false, usagef("%s: %v", cmd, err)
	}
	return rd, seedPicked, nil
}

// gamesOf reads --games: a positive multiple of the games of a set (a
// seat-swapped pair at two seats, every seat order at more).
func gamesOf(cmd string, fs *pflag.FlagSet, flag string, g game.Game) (int64, error) {
	games, _ := fs.GetInt64(flag)
	set := int64(roundrobin.SetGames(g.Seats()))
	if games <= 0 || games%set != 0 {
		if set == 2 {
			return 0, usagef("%s: --%s must be a positive even number (games are played in seat-swapped pairs), got %d", cmd, flag, games)
		}
		return 0, usagef("%s: --%s must be a positive multiple of %d (each seed is played in every seat order of %d players), got %d", cmd, flag, set, g.Seats(), games)
	}
	return games, nil
}

// setsOf returns the number of sets (games sharing a seed) in games.
func setsOf(games int64, seats int) uint64 { return uint64(games) / uint64(roundrobin.SetGames(seats)) }

// parseBots reads bot specs for g, checks that each plays it at its
// number of seats, probes the external ones (their hello names them) and
// refuses two bots of one name: a table could not tell them apart. A
// head-to-head command (mirror) may pit one spec against itself: its
// tables name the seats A and B.
func parseBots(cmd string, g game.Game, specs []string, mirror bool) ([]*agents.Bot, error) {
	var out []*agents.Bot
	for _, s := range specs {
		b, err := agents.ParseForSeats(g.Info().Name, g.Seats(), s)
		if err != nil {
			return nil, usagef("%s: %v%s", cmd, err, botHint(g.Info().Name, g.Seats(), s))
		}
		if err := probeBots(cmd, g, b); err != nil {
			return nil, err
		}
		out = append(out, b)
	}
	seen := map[string]string{}
	for _, b := range out {
		if spec, dup := seen[b.Name()]; dup {
			if spec == b.Spec && mirror {
				continue
			}
			if spec == b.Spec {
				return nil, usagef("%s: bot %q is listed twice (give each a name=ALIAS, such as %s:name=%s2)", cmd, b.Spec, b.Info.Name, b.Info.Name)
			}
			return nil, usagef("%s: two bots are named %q (%s and %s); give one a name=ALIAS", cmd, b.Name(), spec, b.Spec)
		}
		seen[b.Name()] = b.Spec
	}
	return out, nil
}

// botHint suggests the nearest bot name for a spec whose name is no bot
// of game at seats players, or returns "".
func botHint(gameName string, seats int, spec string) string {
	var kinds []string
	for _, i := range agents.RegisteredForSeats(gameName, seats) {
		kinds = append(kinds, i.Name)
	}
	kind, _, _ := strings.Cut(strings.TrimSpace(spec), ":")
	if slices.Contains(kinds, kind) {
		return ""
	}
	return didYouMean(kind, kinds)
}

// playRun probes the run's bots, plays what is left of the run with a
// progress bar on a terminal, and prints the timing line.
func playRun(e *env, cmd string, fs *pflag.FlagSet, rd *roundrobin.RunDir, seedPicked bool, opts roundrobin.RunOptions) (roundrobin.Result, error) {
	quiet, _ := fs.GetBool("quiet")
	if opts.Workers, _ = fs.GetInt("workers"); opts.Workers < 1 {
		return roundrobin.Result{}, usagef("%s: --workers must be at least 1, got %d", cmd, opts.Workers)
	}
	// The runner's own bounds (workers, the run's size), checked before
	// anything starts.
	plan := rd.Config.Plan()
	plan.Workers = opts.Workers
	if err := plan.Check(); err != nil {
		return roundrobin.Result{}, usagef("%s: %v", cmd, err)
	}
	exec, err := execSettingsOf(cmd, fs)
	if err != nil {
		return roundrobin.Result{}, err
	}
	if rd.Dir != nil {
		// External bots log their standard error into the run directory.
		exec.LogDir = filepath.Join(rd.Dir.Path, "bots")
	}
	for _, b := range rd.Config.Bots {
		b.Exec = exec
	}
	if err := probeBots(cmd, rd.Config.Game, rd.Config.Bots...); err != nil {
		return roundrobin.Result{}, err
	}
	if seedPicked && !quiet {
		fmt.Fprintf(e.stderr, "seed %s (replay with --seed %[1]s)\n", game.FormatSeed(rd.Config.Seed))
	}
	var pairsDone atomic.Uint64
	opts.Progress = &pairsDone
	stop := func() {}
	if total := rd.PendingGames(); e.tty && !quiet && total > 0 {
		stop = progress.Start(e.stderr, total, "games", 200*time.Millisecond, func() uint64 { return 2 * pairsDone.Load() })
	}
	start := time.Now()
	res, err := rd.Play(e.ctx, opts)
	elapsed := time.Since(start)
	stop()
	if !quiet {
		played := res.Counts.Games()
		where := ""
		if rd.Dir != nil {
			where = "; run directory " + rd.Dir.Path
		}
		fmt.Fprintf(e.stderr, "%d games in %s: %s games/s on %d workers%s\n",
			played, elapsed.Round(time.Millisecond), progress.Count(float64(played)/elapsed.Seconds()), opts.Workers, where)
	}
	return res, err
}

// interrupted is the error of a run stopped by Ctrl-C: what finished is
// saved and how to go on.
func interrupted(cmd string, rd *roundrobin.RunDir) error {
	m := rd.Manifest
	if rd.Dir == nil {
		return fmt.Errorf("%s interrupted: %d of %d games finished; the results above are partial", cmd, m.GamesDone, m.GamesPlanned)
	}
	return fmt.Errorf("%s interrupted: %d of %d games finished, saved in %s; continue with 'nzsc %s --resume %s'",
		cmd, m.GamesDone, m.GamesPlanned, rd.Dir.Path, cmd, rd.Dir.Path)
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

// matchChunk picks the chunk size of a match: the runner's default for
// long matches, smaller ones when there are fewer than 16 chunks per
// worker, so that a short match of slow bots (a thousand mcts games) keeps
// every core busy and stops promptly on Ctrl-C. The games do not depend
// on it; the run directory records it.
func matchChunk(pairs uint64, workers int) uint64 {
	return min(max(pairs/(16*uint64(max(workers, 1))), 4), tournament.ChunkPairs)
}

// renderFFA writes a free-for-all run (tables of three or more seats) in
// format, and its ranking as ratings.csv into its run directory.
func renderFFA(e *env, format string, dir *results.Dir, man *results.Manifest, counts *analysis.Tournament) error {
	s, err := analysis.SummarizeFFA(counts)
	if err != nil {
		return err
	}
	if dir != nil {
		var b bytes.Buffer
		if err := report.FFACSV(&b, s); err == nil {
			if err := dir.WriteFile("ratings.csv", b.Bytes()); err != nil {
				fmt.Fprintf(e.stderr, "note: ratings.csv not written: %v\n", err)
			}
		}
	}
	switch format {
	case "json":
		return report.FFAJSON(e.stdout, s, man)
	case "csv":
		return report.FFACSV(e.stdout, s)
	}
	return report.FFAText(e.stdout, s, man, report.Options{Width: e.width})
}

// numberWord spells the small numbers of players.
func numberWord(n int) string {
	if n >= 2 && n <= 4 {
		return [...]string{"two", "three", "four"}[n-2]
	}
	return strconv.Itoa(n)
}
