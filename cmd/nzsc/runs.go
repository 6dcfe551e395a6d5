package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"  // Ninja Pirate Zombie Robot registers its bots
	_ "github.com/nzsclab/nzsc/agents/nzsc"  // two-player NZSC registers its bots
	_ "github.com/nzsclab/nzsc/agents/nzscn" // NZSC for 3 or 4 players registers its bots
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games" // every game registers itself
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
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

// rulesOf reads the --rule settings: the one reading of --rule of every
// command.
func rulesOf(cmd string, fs *pflag.FlagSet) (game.Rules, error) {
	settings, _ := fs.GetStringArray("rule")
	rules, err := game.ParseRules(settings)
	if err != nil {
		return nil, usagef("%s: --rule: %v", cmd, err)
	}
	return rules, nil
}

// nzscRulesOf reads --rule into two-player NZSC's rules (the shared
// rules when none is given).
func nzscRulesOf(cmd string, fs *pflag.FlagSet) (nzsc.Rules, error) {
	opts, err := rulesOf(cmd, fs)
	if err != nil {
		return nzsc.Rules{}, err
	}
	r, err := nzsc.ParseRules(opts)
	if err != nil {
		return nzsc.Rules{}, usagef("%s: --rule: %v", cmd, err)
	}
	return r, nil
}

// solverRulesOf reads --rule for a command answered by the exact
// two-player solver (solve, exploit), which solves the game without a
// turn cap: a cap would be silently ignored (the values, and a
// confirming match played under it, would disagree), so it is refused.
func solverRulesOf(cmd string, fs *pflag.FlagSet) (nzsc.Rules, error) {
	opts, err := rulesOf(cmd, fs)
	if err != nil {
		return nzsc.Rules{}, err
	}
	if v, ok := opts["turn_cap"]; ok {
		return nzsc.Rules{}, usagef("%s: --rule turn_cap=%s: the two-player solver solves the game without a turn cap (endless play is worth 0), so a cap is not taken here; it is for match, tournament, sprt and exploit --players 3|4", cmd, v)
	}
	return nzscRulesOf(cmd, fs)
}

// gameOf builds the game --game, --players and --rule name.
func gameOf(cmd string, fs *pflag.FlagSet) (game.Game, error) {
	rules, err := rulesOf(cmd, fs)
	if err != nil {
		return nil, err
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
	fs.String("openings", "", "openings of a balanced design, pair k of every pairing from opening k (cycling), seats swapped: loadouts or characters (NZSC: every loadout or character pairing, forced), or a file of game records (their first steps forced) or of deal seeds, one a line (decimal or 0x hex), in place of deals drawn from --seed")
	fs.Int("opening-steps", 0, "with --openings FILE of game records: the first K steps of each record are its opening (0: all its turns)")
	fs.Uint64("chunk", 0, "game pairs per chunk, the unit of shards and resumes (default: picked from the run's size)")
	fs.Bool("quiet", false, "no progress bar, seed note, rating lines or timing on stderr")
	fs.Bool("allow-exec", false, "with --resume: start the exec: bots the run directory's manifest names (a run directory is data; without this flag a resume that would run programs is refused and names them)")
	addGameFlags(fs)
	addBotTimeoutFlag(fs)
	addNoiseFlag(fs)
	addClockFlag(fs)
}

// runFlags are the flags fixed by a run directory: --resume refuses them.
var runFlags = []string{"games", "seed", "out", "shard", "chunk", "games-log-level", "game", "players", "rule", "bots", "gauntlet",
	"elo0", "elo1", "alpha", "beta", "model", "max-games", "batch", "field", "noise", "tc", "openings", "opening-steps"}

// newRun is what a command gives openRun to start a new run: the config
// with its bots and schedule, and the run's kind, size, default chunk
// and whether it keeps a directory without --out; openRun fills in the
// rest from the shared flags.
type newRun struct {
	cfg   *roundrobin.Config
	start roundrobin.Start
}

// openRun reads the shared flags into a run: resumed from --resume, or
// new from n. It reports whether the seed was picked at random.
func openRun(e *env, cmd string, fs *pflag.FlagSet, n func(g game.Game) (*newRun, error)) (rd *roundrobin.RunDir, seedPicked bool, err error) {
	if _, err := execSettingsOf(cmd, fs); err != nil {
		return nil, false, err
	}
	// Checked before a run directory is made (playRun checks it too),
	// and here by the command's name: the library's own check said
	// "match: tournament: 1000000 workers".
	workers, _ := fs.GetInt("workers")
	if err := checkWorkers(cmd, workers); err != nil {
		return nil, false, err
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
		// A manifest is data: the programs it names run only when the
		// user says so, having seen them.
		if progs := rd.Programs(); len(progs) > 0 {
			if allow, _ := fs.GetBool("allow-exec"); !allow {
				return nil, false, usagef("%s: --resume: %s runs external programs (%s); resume with --allow-exec if you trust them", cmd, path, strings.Join(progs, "; "))
			}
		}
		// A resumed run goes on writing its own games log; naming it
		// again is allowed, naming another is not.
		if log := mustString(fs, "games-log"); fs.Changed("games-log") && !samePath(log, rd.Manifest.GamesLog) {
			return nil, false, usagef("%s: --resume: the run's games log is %q; a resumed run goes on writing it (no --games-log needed)", cmd, rd.Manifest.GamesLog)
		}
		return rd, false, nil
	}
	// Flags that act only with another were taken without a word.
	switch {
	case mustString(fs, "games-log") == "-":
		// Made absolute below: a file called "-" in the working directory.
		return nil, false, usagef("%s: --games-log: %v", cmd, results.ErrDash)
	case fs.Changed("allow-exec"):
		return nil, false, usagef("%s: --allow-exec goes with --resume (a new run starts the exec: bots its command names)", cmd)
	case fs.Changed("games-log-level") && mustString(fs, "games-log") == "":
		return nil, false, usagef("%s: --games-log-level goes with --games-log FILE (no games log is written without it)", cmd)
	}
	g, err := gameOf(cmd, fs)
	if err != nil {
		return nil, false, err
	}
	spec, err := n(g)
	if err != nil {
		return nil, false, probeStopped(e.ctx, err)
	}
	spec.cfg.Game = g
	start := spec.start
	start.PickSeed, start.Command, start.Version = game.NewSeed, append([]string{"nzsc"}, os.Args[1:]...), Version()
	start.GamesLog, start.GamesLogLevel = mustString(fs, "games-log"), mustString(fs, "games-log-level")
	if start.SeedGiven = fs.Changed("seed"); start.SeedGiven {
		if start.Seed, err = game.ParseSeed(mustString(fs, "seed")); err != nil {
			return nil, false, usagef("%s: --seed: %v", cmd, err)
		}
	}
	steps, _ := fs.GetInt("opening-steps")
	if o := mustString(fs, "openings"); fs.Changed("openings") {
		if f, ok := strings.CutPrefix(o, "file="); ok {
			// fastchess's and cutechess-cli's -openings file=NAME.
			name, _, _ := strings.Cut(f, " ")
			return nil, false, usagef("%s: --openings takes the file's name alone (--openings %s), not file=", cmd, name)
		}
		if err := spec.cfg.SetOpenings(o, steps); err != nil {
			if strings.HasPrefix(err.Error(), "--") {
				// It names its flag ("--opening-steps must not be
				// negative"): not "--openings: --openings loadouts ...".
				return nil, false, usagef("%s: %v", cmd, err)
			}
			return nil, false, usagef("%s: --openings: %v", cmd, err)
		}
	} else if fs.Changed("opening-steps") {
		return nil, false, usagef("%s: --opening-steps goes with --openings FILE of game records", cmd)
	}
	if fs.Changed("chunk") {
		if start.Chunk, _ = fs.GetUint64("chunk"); start.Chunk == 0 {
			return nil, false, usagef("%s: --chunk must be positive", cmd)
		}
	}
	if s := mustString(fs, "shard"); s != "" {
		if start.Shard, err = results.ParseShard(s); err != nil {
			return nil, false, usagef("%s: %v", cmd, err)
		}
	}
	if start.Out = mustString(fs, "out"); fs.Changed("out") && start.Out == "" {
		return nil, false, usagef("%s: --out needs a directory", cmd)
	}
	if err := results.CheckLevel(start.GamesLogLevel); err != nil {
		return nil, false, usagef("%s: --games-log-level: %v", cmd, err)
	}
	if rd, seedPicked, err = roundrobin.Open(spec.cfg, start); err != nil {
		return nil, false, usagef("%s: %v", cmd, err)
	}
	return rd, seedPicked, nil
}

// samePath reports whether a and b name the same path (made absolute).
func samePath(a, b string) bool {
	x, err1 := filepath.Abs(a)
	y, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && x == y
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

// parseBots reads bot specs for g, checks that each plays it at its
// number of seats, probes the external ones (their hello names them) and
// refuses two bots of one name (agents.CheckNames; mirror: a
// head-to-head command). --noise and --tc are added to the specs first
// (withNoise, withClock).
func parseBots(cmd string, fs *pflag.FlagSet, g game.Game, specs []string, mirror bool) ([]*agents.Bot, error) {
	// The specs as typed, before --noise and --tc add options to them.
	for _, s := range specs {
		if err := agents.CheckTyped(s); err != nil {
			return nil, usagef("%s: %v", cmd, err)
		}
	}
	specs, err := withNoise(cmd, fs, g, specs)
	if err != nil {
		return nil, err
	}
	if specs, err = withClock(cmd, fs, g, specs); err != nil {
		return nil, err
	}
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
	if err := agents.CheckNames(out, mirror); err != nil {
		return nil, usagef("%s: %v", cmd, err)
	}
	return out, nil
}

// parseTyped reads a bot spec given on the command line
// (agents.ParseForSeats after agents.CheckTyped: "mcts:" is refused).
func parseTyped(gameName string, seats int, spec string) (*agents.Bot, error) {
	if err := agents.CheckTyped(spec); err != nil {
		return nil, err
	}
	return agents.ParseForSeats(gameName, seats, spec)
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
	// "random,greedy" typed as one argument where each argument is a bot.
	if names := strings.Split(kind, ","); len(names) > 1 && !slices.ContainsFunc(names, func(n string) bool {
		return !slices.Contains(kinds, strings.TrimSpace(n))
	}) {
		return "; give one bot per argument, not a comma-separated list"
	}
	return didYouMean(kind, kinds)
}

// lockRun takes rd's directory for the command until unlock
// (roundrobin.RunDir.Lock; a new run's, held since it was created, is
// handed over): its games, its looks and its report and tables, with no
// other player (another nzsc, a Runs page job) slipping in between. A
// directory another holds is bad input: exit code 2.
func lockRun(cmd string, fs *pflag.FlagSet, rd *roundrobin.RunDir) (unlock func(), err error) {
	if unlock, err = rd.Lock(); err != nil {
		return nil, usagef("%s: %v", cmd, err)
	}
	return unlock, nil
}

// playRun plays what is left of the run (roundrobin.RunDir.Launch): a
// progress bar on a terminal, the seed note and the timing on stderr.
func playRun(e *env, cmd string, fs *pflag.FlagSet, rd *roundrobin.RunDir, seedPicked bool, opts roundrobin.RunOptions) (roundrobin.Result, error) {
	quiet, _ := fs.GetBool("quiet")
	l := roundrobin.Launch{RunOptions: opts, SeedPicked: seedPicked}
	l.Workers, _ = fs.GetInt("workers")
	if err := checkWorkers(cmd, l.Workers); err != nil {
		return roundrobin.Result{}, err
	}
	var err error
	if l.Exec, err = execSettingsOf(cmd, fs); err != nil {
		return roundrobin.Result{}, err
	}
	if !quiet {
		l.Note = func(msg string) { fmt.Fprintln(e.stderr, msg) }
		if e.tty {
			l.Progress = func(total uint64, played func() uint64) func() {
				return progress.Start(e.stderr, total, "games", 200*time.Millisecond, played)
			}
		}
	}
	res, err := rd.Launch(e.ctx, l)
	if setup := (*roundrobin.SetupError)(nil); errors.As(err, &setup) {
		return res, usagef("%s: %v", cmd, setup.Err)
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
	if m.Complete {
		// A finished run resumed and stopped before it played: there
		// is nothing to go on with.
		return fmt.Errorf("%s interrupted: the run in %s was already complete (%d games) and is unchanged", cmd, rd.Dir.Path, m.GamesDone)
	}
	return fmt.Errorf("%s interrupted: %d of %d games finished, saved in %s; continue with 'nzsc %s --resume %s'",
		cmd, m.GamesDone, m.GamesPlanned, rd.Dir.Path, cmd, rd.Dir.Path)
}

// numberWord spells the small numbers of players.
func numberWord(n int) string {
	if n >= 2 && n <= 4 {
		return [...]string{"two", "three", "four"}[n-2]
	}
	return strconv.Itoa(n)
}
