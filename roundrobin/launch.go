package roundrobin

import (
	"context"
	"fmt"
	"path/filepath"
	"sync/atomic"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// This file is a run's lifecycle as a command drives it: Open starts a
// new run (its seed picked when none is given, its directory named when
// it keeps one), Launch plays it with the bots set up and checked, its
// progress counted and its messages handed to the caller. A library
// prints nothing: the command decides where the notes and the progress
// bar go.

// Start says how Open starts a new run: the run directory's settings
// (NewRun), the run's size, seed and chunking.
type Start struct {
	NewRun
	// Games is the number of games of each pairing (each table at more
	// than two seats): a positive multiple of SetGames.
	Games int64
	// Seed is the master seed. When SeedGiven is false, Open picks one
	// with PickSeed instead.
	Seed      uint64
	SeedGiven bool
	PickSeed  func() uint64
	// Chunk is the number of game sets per chunk (0: the runner's
	// default).
	Chunk uint64
	// KeepDir keeps a run directory when Out is empty (a tournament
	// does; a match only when told): DefaultOut names it. A shard always
	// keeps one.
	KeepDir bool
}

// Open starts a new run of cfg, whose game, bots and schedule are set:
// it fills in the size, seed and chunking from s and creates the run
// (and its directory). It reports whether the seed was picked.
func Open(cfg *Config, s Start) (rd *RunDir, seedPicked bool, err error) {
	set := int64(cfg.SetGames())
	if s.Games <= 0 || s.Games%set != 0 {
		return nil, false, fmt.Errorf("%d games per pairing: want a positive multiple of %d", s.Games, set)
	}
	cfg.PairsPerPairing, cfg.ChunkPairs = uint64(s.Games/set), s.Chunk
	cfg.Seed = s.Seed
	if !s.SeedGiven {
		if s.PickSeed == nil {
			return nil, false, fmt.Errorf("roundrobin: Open needs a seed or PickSeed")
		}
		cfg.Seed, seedPicked = s.PickSeed(), true
	}
	if s.Out == "" && (s.KeepDir || s.Shard != nil) {
		s.Out = DefaultOut(cfg.Seed, s.Shard, time.Now())
	}
	rd, err = Create(cfg, s.NewRun)
	if err != nil {
		return nil, false, err
	}
	return rd, seedPicked, nil
}

// DefaultOut names a run directory that was not named:
// runs/<UTC time>-<seed>, with -shard<i>of<n> for a shard, and -2, -3...
// when that is taken (results.FreshPath).
func DefaultOut(seed uint64, shard *results.Shard, now time.Time) string {
	suffix := game.FormatSeed(seed)
	if shard != nil {
		suffix += fmt.Sprintf("-shard%dof%d", shard.Index, shard.Count)
	}
	return results.FreshPath(filepath.Join("runs", now.UTC().Format("20060102-150405")+"-"+suffix))
}

// Launch says how to play a run's session and whom to tell.
type Launch struct {
	RunOptions
	// Exec, when set, is given to every bot of the run before it is
	// built (external bots' time limits); a run with a directory logs
	// external bots' standard error in its bots/ folder.
	Exec *agents.ExecSettings
	// SeedPicked says the seed was picked (Open's report): Note is told
	// it, so that the run can be replayed.
	SeedPicked bool
	// Note, when set, receives the messages for people: the picked seed
	// before the games, the timing after.
	Note func(msg string)
	// Progress, when set, is called before the games with the number
	// the session plays and a function counting those played so far;
	// it returns the function called when they end (to clear a bar).
	Progress func(total uint64, played func() uint64) (stop func())
}

// SetupError is a run that could not start because of its settings: a
// size the runner refuses with these workers, an external bot that does
// not start or answer its handshake, or a resumed run's games log that
// is not its own. Nothing was played.
type SetupError struct{ Err error }

func (e *SetupError) Error() string { return e.Err.Error() }
func (e *SetupError) Unwrap() error { return e.Err }

// Launch checks the session's plan, sets up and probes the bots, and
// plays what is left of the run (Play), telling l.Note and l.Progress.
func (r *RunDir) Launch(ctx context.Context, l Launch) (Result, error) {
	if l.Workers < 1 {
		return Result{}, &SetupError{fmt.Errorf("workers must be at least 1, got %d", l.Workers)}
	}
	plan := r.Config.Plan()
	plan.Workers = l.Workers
	if err := plan.Check(); err != nil {
		return Result{}, &SetupError{err}
	}
	if l.Exec != nil {
		exec := *l.Exec
		if r.Dir != nil {
			exec.LogDir = filepath.Join(r.Dir.Path, "bots")
		}
		for _, b := range r.Config.Bots {
			b.Exec = &exec
		}
	}
	for _, b := range r.Config.Bots {
		if err := agents.ProbeFor(b, r.Config.Game); err != nil {
			return Result{}, &SetupError{err}
		}
	}
	note := func(format string, a ...any) {
		if l.Note != nil {
			l.Note(fmt.Sprintf(format, a...))
		}
	}
	if l.SeedPicked {
		note("seed %s (replay with --seed %[1]s)", game.FormatSeed(r.Config.Seed))
	}
	if err := r.unguarded(); err != nil {
		note("note: %v", err)
	}
	if n := uint64(r.Config.numOpenings()); n > 0 && r.Config.PairsPerPairing%n != 0 {
		// The design is balanced over whole cycles of its openings only.
		note("openings: %d seat-swapped sets of games per pairing do not cycle evenly through the %d openings: the first %d get one set more than the others (a multiple of %d sets, %d games, balances them)",
			r.Config.PairsPerPairing, n, r.Config.PairsPerPairing%n, n, n*uint64(r.Config.SetGames()))
	}
	var games atomic.Uint64
	opts := l.RunOptions
	if opts.Repaired == nil {
		opts.Repaired = l.Note
	}
	if opts.Progress == nil {
		opts.Progress = &games
	}
	stop := func() {}
	if total := r.PendingGames(); l.Progress != nil && total > 0 {
		stop = l.Progress(total, opts.Progress.Load)
	}
	start := time.Now()
	res, err := r.Play(ctx, opts)
	elapsed := time.Since(start)
	stop()
	played := res.Counts.Games()
	where := ""
	if r.Dir != nil {
		where = "; run directory " + r.Dir.Path
	}
	note("%d games in %s: %s games/s on %d workers%s", played, elapsed.Round(time.Millisecond),
		progress.Count(float64(played)/elapsed.Seconds()), l.Workers, where)
	return res, err
}

// unguarded returns the note of a run whose directory, or else whose
// new games log, its filesystem would not lock (results.Dir.Unguarded):
// one line, the log being on the same filesystem as a rule.
func (r *RunDir) unguarded() error {
	if r.Dir != nil && r.Dir.Unguarded() != nil {
		return r.Dir.Unguarded()
	}
	if r.log != nil {
		return r.log.Unguarded()
	}
	return nil
}

// DefaultChunk picks the chunk size (game sets per chunk) of a match or
// a tournament of games per pairing at a table of seats: the runner's
// default for long runs, smaller ones for a run of fewer than 32 default
// chunks a pairing, so that a short run of slow bots (a thousand mcts
// games a pairing) keeps the cores busy and, since only whole chunks are
// saved, keeps what it played when stopped (a 2000-game tournament of
// mcts took chunks of 512 pairs, minutes each: a Ctrl-C after 30 s saved
// nothing). It does not depend on the number of workers: a chunk is also
// a series (see Series in the package doc), and what a bot that learns
// across games carries must not depend on the workers. The run directory
// records it.
func DefaultChunk(games int64, seats int) uint64 {
	sets := uint64(max(games, 0)) / uint64(SetGames(seats))
	return min(max(sets/32, 4), tournament.ChunkPairs)
}
