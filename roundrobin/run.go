package roundrobin

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// RunDir is a run being played into its run directory: its manifest, its
// config, the counts of earlier sessions (a resumed run) and the chunks it
// still has to play. Every command that plays games (match, sprt,
// tournament) keeps its results through it, so that all of them resume,
// shard, merge and re-render alike.
type RunDir struct {
	// Dir is nil for a run that keeps no directory.
	Dir      *results.Dir
	Manifest *results.Manifest
	Config   *Config
	base     analysis.Tournament // counts of earlier sessions
	done     [][2]uint64         // their finished chunks, as ranges
	pending  tournament.ChunkSet // chunks to play now
	log      *results.GamesLog   // a new run's log, opened by Create
	total    analysis.Tournament
	// unlock lets go of the directory's lock (nil: not held): taken by
	// Create, a new run holding its directory from before it looks
	// inside, or by Lock. claimed says the caller took it (Lock) and
	// lets it go; otherwise Play lets it go as it returns.
	unlock  func()
	claimed bool
}

// Lock takes the run directory for the caller (results.Dir.Lock) until
// it calls unlock: the caller plays the run and ends it (its report and
// tables written) with no other player (another nzsc, a Runs page job)
// slipping in between. Play, which otherwise holds the lock for its
// games only, then plays under the caller's. A new run's lock, held
// since Create, is handed over. A run without a directory has nothing to
// lock.
func (r *RunDir) Lock() (unlock func(), err error) {
	if r.Dir == nil {
		return func() {}, nil
	}
	if r.claimed {
		panic("roundrobin: RunDir.Lock called twice")
	}
	if r.unlock == nil {
		if r.unlock, err = r.Dir.Lock(); err != nil {
			return nil, err
		}
	}
	r.claimed = true
	return func() {
		r.release()
		r.claimed = false
	}, nil
}

// release lets go of the directory's lock if it is held.
func (r *RunDir) release() {
	if r.unlock != nil {
		r.unlock()
		r.unlock = nil
	}
}

// NewRun says how to start a run directory.
type NewRun struct {
	// Out is the directory; it must not hold a run already. Empty keeps
	// no directory: the run is played and counted, and cannot resume.
	Out string
	// Kind is results.KindTournament, KindMatch or KindSPRT.
	Kind string
	// Command and Version are recorded in the manifest.
	Command []string
	Version string
	// Shard, when set, restricts the run to one share of its chunks.
	Shard *results.Shard
	// GamesLog, when set, is the games log's path and GamesLogLevel its
	// level (results.LevelFull by default).
	GamesLog      string
	GamesLogLevel string
	// SPRT holds a sequential test's settings.
	SPRT *results.SPRTState
}

// CreateDir creates the run directory out (results.Create) for a run,
// or a merge, whose games log is gamesLog (empty: none), and returns it
// locked (its Lock hands the lock over). The directory comes first, then
// the log, which may be in it (a cutechess user puts the pgn anywhere):
// beside the run's own files, never one of them (results.RunFileIn),
// which is refused before anything is made. undo, called while the lock
// is held, removes the directory when this call made it and it is still
// empty, and the missing parents it made for it: the caller's log could
// not be written, and the run never started.
func CreateDir(out, gamesLog string) (dir *results.Dir, undo func(), err error) {
	return createDir(out, gamesLog, results.CreateWithLog)
}

// CreateMergeDir is CreateDir for a merge (results.CreateMerged): its
// whole games log inside out, left by the same merge killed before it
// saved the run, does not make out "not empty".
func CreateMergeDir(out, gamesLog string) (dir *results.Dir, undo func(), err error) {
	return createDir(out, gamesLog, results.CreateMerged)
}

// createDir is CreateDir with create, results.CreateWithLog or
// results.CreateMerged.
func createDir(out, gamesLog string, create func(path, gamesLog string) (*results.Dir, error)) (dir *results.Dir, undo func(), err error) {
	if gamesLog != "" {
		o, err := filepath.Abs(out)
		log, err2 := filepath.Abs(gamesLog)
		if err == nil && err2 == nil && results.RunFileIn(o, log) {
			return nil, nil, fmt.Errorf("games log %s would be a file of the run directory %s (its manifest, counts, tables or bots/); name it otherwise, e.g. %s", gamesLog, out, filepath.Join(out, "games.jsonl.gz"))
		}
	}
	if out == "-" {
		// Refused before it is made: a refusal of Create keeps what
		// this call made (below).
		return nil, nil, results.ErrDashDir
	}
	// The directory is made here, not by results.Create, when it does
	// not exist, so that undo removes only what this call made: two
	// merges into one new --out each saw it missing, and the one that
	// failed removed the other's directory. So are its missing parents,
	// which undo removes too.
	var made []string // the directories this call made, innermost first
	if _, err := os.Lstat(out); errors.Is(err, fs.ErrNotExist) {
		afterLstat(out)
		if made, err = mkdirParents(filepath.Dir(out)); err != nil {
			removeEmpty(made)
			return nil, nil, err
		}
		if os.Mkdir(out, 0o777) == nil {
			made = append([]string{out}, made...)
		}
	}
	if dir, err = create(out, gamesLog); err != nil {
		// Not removed, even when made here: the directory was empty,
		// so another process (a start into it at the same moment)
		// holds it or wrote into it, and a removal under its lock
		// would leave it writing into a directory no path names.
		return nil, nil, err
	}
	undo = func() {
		if len(made) > 0 && made[0] == out { // else out is another's, in its parents
			removeEmpty(made)
		}
	}
	return dir, undo, nil
}

// removeEmpty removes the directories dirs, innermost first, while they
// are empty (os.Remove): one another process has written into since is
// kept, and its parents with it.
func removeEmpty(dirs []string) {
	for _, d := range dirs {
		if os.Remove(d) != nil {
			return
		}
	}
}

// mkdirParents makes the directory dir and its missing parents, as
// os.MkdirAll does, and returns those it made itself, innermost first.
func mkdirParents(dir string) (made []string, err error) {
	var missing []string // outermost last
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); !errors.Is(err, fs.ErrNotExist) {
			break
		}
		missing = append(missing, d)
		if filepath.Dir(d) == d {
			break
		}
	}
	for i := len(missing) - 1; i >= 0; i-- {
		if os.Mkdir(missing[i], 0o777) == nil {
			made = append([]string{missing[i]}, made...)
		}
	}
	// What is still missing (a file in the way, no permission) says
	// why, as MkdirAll said it.
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return made, err
	}
	return made, nil
}

// afterLstat is a test's hook: another process making out between
// CreateDir's look at it and its own making.
var afterLstat = func(out string) {}

// Create starts a new run directory for cfg, holding its lock from
// before anything of the run is written (CreateDir) until Play returns
// or, when the caller took it (Lock), the caller lets it go.
func Create(cfg *Config, spec NewRun) (*RunDir, error) {
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	if sh := spec.Shard; sh != nil && (sh.Count < 1 || sh.Index < 0 || sh.Index >= sh.Count) {
		return nil, fmt.Errorf("shard %d/%d: want 0 <= i < n", sh.Index, sh.Count)
	}
	if spec.GamesLog != "" && spec.GamesLogLevel == "" {
		spec.GamesLogLevel = results.LevelFull
	}
	var dir *results.Dir
	undo, unlock := func() {}, func() {}
	if spec.Out != "" {
		// Locked before the log or any file of the run is written.
		var err error
		if dir, undo, err = CreateDir(spec.Out, spec.GamesLog); err != nil {
			return nil, err
		}
		if unlock, err = dir.Lock(); err != nil {
			return nil, err
		}
	}
	var log *results.GamesLog
	if spec.GamesLog != "" {
		// The manifest keeps the absolute path: a run resumed from
		// another directory goes on writing its own log.
		abs, err := filepath.Abs(spec.GamesLog)
		if err == nil {
			spec.GamesLog = abs
			log, err = results.CreateGamesLog(spec.GamesLog, spec.GamesLogLevel)
		}
		if err != nil {
			undo() // the run never started
			unlock()
			return nil, err
		}
	}
	g := cfg.game()
	man := &results.Manifest{
		Kind: spec.Kind, Command: spec.Command, Version: spec.Version,
		Seed: cfg.Seed, GamesPerPairing: uint64(cfg.SetGames()) * cfg.PairsPerPairing, ChunkPairs: cfg.chunkPairs(), Chunks: cfg.NumChunks(),
		Rules: results.Rules(g.Rules()), Shard: spec.Shard, Started: time.Now().UTC(),
		GamesLog: spec.GamesLog, GamesLogLevel: spec.GamesLogLevel, SPRT: spec.SPRT,
	}
	if name := g.Info().Name; name != agents.DefaultGame || g.Seats() != 2 {
		man.Game, man.Seats = name, g.Seats()
	}
	man.DrawTables = cfg.DrawTables
	for _, s := range cfg.Openings {
		man.Openings = append(man.Openings, game.FormatSeed(s))
	}
	if len(cfg.Prefixes) > 0 {
		man.OpeningDesign, man.OpeningSteps = cfg.Design, cfg.Prefixes
		if man.OpeningDesign == "" {
			man.OpeningDesign = DesignRecords
		}
	}
	if cfg.Gauntlet >= 0 {
		man.Gauntlet = cfg.Bots[cfg.Gauntlet].Spec
	}
	for _, b := range cfg.Bots {
		man.Bots = append(man.Bots, results.BotInfo{Spec: b.Spec, Name: b.Name(), Kind: b.Info.Name, Params: b.Params})
	}
	// Chunks are sets, never listed: a run may have billions of them.
	r := &RunDir{Dir: dir, Manifest: man, Config: cfg, base: cfg.Empty(), log: log, unlock: unlock,
		pending: tournament.RemainingSet(cfg.NumChunks(), nil)}
	if spec.Shard != nil {
		r.pending, _ = tournament.ShardSet(cfg.NumChunks(), spec.Shard.Index, spec.Shard.Count)
	}
	man.GamesPlanned = r.PendingGames()
	return r, nil
}

// Resume reopens a run directory and works out what is left. The game is
// built again from the game registry (the caller imports the games it
// offers, as package games does) and the bots are parsed again from their
// specs.
func Resume(path string) (*RunDir, error) {
	dir, man, counts, err := results.Load(path)
	if err != nil {
		return nil, err
	}
	if len(man.MergedFrom) > 0 && !man.Complete {
		return nil, fmt.Errorf("%s is an incomplete merge; resume its shards, then merge again", path)
	}
	cfg, err := ConfigOf(man)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	if cfg.NumChunks() != man.Chunks {
		return nil, fmt.Errorf("%s: manifest says %d chunks, its settings give %d", path, man.Chunks, cfg.NumChunks())
	}
	if err := checkSamePairings(cfg.Empty(), counts.Tournament); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	r := &RunDir{Dir: dir, Manifest: man, Config: cfg, base: counts.Tournament, done: slices.Clone(counts.Finished), total: counts.Tournament,
		pending: tournament.RemainingSet(cfg.NumChunks(), nil)}
	if man.Shard != nil {
		if r.pending, err = tournament.ShardSet(cfg.NumChunks(), man.Shard.Index, man.Shard.Count); err != nil {
			return nil, fmt.Errorf("%s: %v", path, err)
		}
	}
	r.pending.Done = r.done
	if err := r.pending.Check(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return r, nil
}

// Programs returns the specs of the run's bots that start external
// programs (exec: bots), in the manifest's order. A resumed run's
// manifest is data anyone who could write the directory may have
// written: the command names these and starts them only when told to.
func (r *RunDir) Programs() []string {
	var out []string
	for _, b := range r.Config.Bots {
		if b.Info.Prefix {
			out = append(out, b.Spec)
		}
	}
	return out
}

// ConfigOf rebuilds the config a manifest describes: its game, its bots
// parsed again from their specs, its schedule.
func ConfigOf(man *results.Manifest) (*Config, error) {
	g, err := game.Build(man.GameName(), man.NumSeats(), game.Rules(man.Rules))
	if err != nil {
		return nil, err
	}
	// A sequential test at three or more seats is played in seat-swapped
	// pairs (SwapPairs), its only design.
	cfg := &Config{Game: g, Gauntlet: -1, HeadToHead: man.Kind != results.KindTournament,
		SwapPairs: man.Kind == results.KindSPRT && g.Seats() > 2, Seed: man.Seed, ChunkPairs: man.ChunkPairs,
		DrawTables: man.DrawTables}
	cfg.PairsPerPairing = man.GamesPerPairing / uint64(cfg.SetGames())
	if cfg.Openings, err = man.OpeningSeeds(); err != nil {
		return nil, err
	}
	cfg.Prefixes, cfg.Design = man.OpeningSteps, man.OpeningDesign
	for i, bi := range man.Bots {
		b, err := agents.ParseForSeats(man.GameName(), g.Seats(), bi.Spec)
		if err != nil {
			return nil, fmt.Errorf("bot %q: %v", bi.Spec, err)
		}
		// The bot keeps the name it had when the run started (an external
		// program's hello may differ now; format 1 named bots by spec).
		if name := bi.BotName(); name != b.Name() {
			b.Peer = name
		}
		cfg.Bots = append(cfg.Bots, b)
		if man.Gauntlet != "" && bi.Spec == man.Gauntlet && cfg.Gauntlet < 0 {
			cfg.Gauntlet = i
		}
	}
	if err := cfg.Check(); err != nil {
		return nil, err
	}
	return cfg, nil
}

// SetGames returns the number of games in a set at a table of n seats,
// the games that share a seed: every order of the table's bots in the
// seats (2 for a seat-swapped pair, 6 for three seats, 24 for four).
func SetGames(n int) int {
	g := 1
	for i := 2; i <= n; i++ {
		g *= i
	}
	return g
}

func checkSamePairings(want, got analysis.Tournament) error {
	if len(got.Tables) != len(want.Tables) {
		return fmt.Errorf("counts hold %d tables, the settings give %d", len(got.Tables), len(want.Tables))
	}
	for i := range want.Tables {
		if !slices.Equal(want.Tables[i].Bots, got.Tables[i].Bots) {
			return fmt.Errorf("table %d differs from the settings", i)
		}
	}
	if len(got.Pairings) != len(want.Pairings) {
		return fmt.Errorf("counts hold %d pairings, the settings give %d", len(got.Pairings), len(want.Pairings))
	}
	for i := range want.Pairings {
		if w, g := want.Pairings[i], got.Pairings[i]; w.A != g.A || w.B != g.B {
			return fmt.Errorf("pairing %d differs from the settings", i)
		}
	}
	return nil
}

// Total returns the whole run's counts as last saved (earlier sessions
// included).
func (r *RunDir) Total() *analysis.Tournament { return &r.total }

// PendingGames returns the number of games this session plays: every
// pending chunk is full but the run's last, which may be short.
func (r *RunDir) PendingGames() uint64 {
	plan := r.Config.Plan()
	n := r.pending.Len()
	pairs := n * r.Config.chunkPairs()
	if last := plan.NumChunks() - 1; n > 0 && r.pending.Contains(last) {
		lo, hi := plan.ChunkRange(last)
		pairs -= r.Config.chunkPairs() - (hi - lo)
	}
	return uint64(r.Config.SetGames()) * pairs
}

// RunOptions control one session of a run.
type RunOptions struct {
	// Workers is the number of goroutines (0: all cores).
	Workers int
	// SegmentChunks is the number of chunks in a segment (0: 8 per
	// worker). A run looked at (Look) saves a checkpoint after every
	// segment; any other saves one at a segment's end only when
	// CheckpointEvery has passed since the last, and 20 times as long as
	// that one took to write (a big run's checkpoint, 100 bots' counts,
	// costs the run at most a twentieth of its time).
	SegmentChunks int
	// CheckpointEvery is the least time between two checkpoints of a run
	// not looked at (0: DefaultCheckpointEvery; negative: after every
	// segment). The counts, the games log and a resume's results are the
	// same whatever it is: it only says how many games a kill loses.
	CheckpointEvery time.Duration
	// Progress, when set, counts the games played so far.
	Progress *atomic.Uint64
	// Repaired, when set, is told what a resumed run's games log lacked
	// and that those games are played again into it.
	Repaired func(msg string)
	// Look, when set, is called at each checkpoint with the whole run's
	// counts so far (earlier sessions included); returning true ends the
	// run there, complete (a sequential test reached its verdict).
	Look func(total *analysis.Tournament) (stop bool, err error)
	// InOrder calls Look after every chunk instead, in chunk order, with
	// the whole run's pairings and tables (no game tally: Look reads the
	// test's counts only), and saves a checkpoint every SegmentChunks
	// chunks of the run's numbering; the workers play ahead and never
	// wait at a checkpoint (Options.InOrder). A Look that stops keeps the
	// chunks up to the one it stopped at.
	InOrder bool
	// Rating, when set, is told the whole run's counts (earlier sessions
	// included) every Rating.Every games while it plays, in game order,
	// the same whatever the workers (Rating).
	Rating *Rating
}

// Play plays what is left of the run, saving the counts (and the games
// log) at every checkpoint and at the end, whatever happened: a run that
// is killed, interrupted or fails keeps every finished chunk and resumes
// from there. Total has the counts of the whole run afterwards.
func (r *RunDir) Play(ctx context.Context, opts RunOptions) (res Result, err error) {
	man := r.Manifest
	if r.Dir != nil {
		// One player per run directory (another nzsc, a Runs page job):
		// the caller's lock (Lock), or one for the games (a new run's,
		// held since Create).
		if !r.claimed {
			if r.unlock == nil {
				if r.unlock, err = r.Dir.Lock(); err != nil {
					return res, &SetupError{err}
				}
			}
			defer r.release()
		}
		// Read before the lock: a player that has ended since would
		// have saved games this copy does not count.
		if m, err := r.Dir.ReadManifest(); err == nil && m.GamesDone != man.GamesDone {
			return res, &SetupError{fmt.Errorf("%s was played by another process since it was read (%d games saved, not %d); resume it again", r.Dir.Path, m.GamesDone, man.GamesDone)}
		}
	}
	var log *results.GamesLog
	var repair *results.LogRepair
	if man.GamesLog != "" {
		if log, repair, err = r.openGamesLog(ctx); err != nil {
			if cerr := ctx.Err(); cerr == nil || !errors.Is(err, cerr) {
				// Nothing played: the run's settings (its log) are at fault.
				return res, &SetupError{err}
			}
			// A stop (Ctrl-C) while the log was being reopened: the
			// session plays nothing and ends interrupted, the run
			// directory and its log left as they were (a finished run
			// stays complete).
			return Result{Counts: r.Config.Empty(), Interrupted: true}, nil
		}
	}
	closeLog := func() error {
		if log == nil {
			return nil
		}
		l := log
		log = nil
		return l.Close()
	}
	defer closeLog()
	stopped := false
	save := func(counts *analysis.Tournament, finished []uint64) error {
		t, err := r.cloneTournament(&r.base)
		if err != nil {
			return err
		}
		if err := t.Merge(counts); err != nil {
			return err
		}
		// The log first: it must hold every game the counts hold.
		if log != nil {
			if err := log.Sync(); err != nil {
				return &logError{err: err, notSaved: true}
			}
		}
		man.GamesDone = uint64(t.Games())
		r.total = t
		if r.Dir == nil {
			return nil
		}
		c := &results.Counts{Tournament: t, Finished: addRanges(r.done, finished)}
		return r.Dir.Save(man, c)
	}
	man.Ended, man.Interrupted = time.Time{}, false
	// The manifest and counts go to disk before the first game, so that
	// even a run killed at once leaves a directory that Resume accepts.
	zero := r.Config.Empty()
	saveStart := time.Now()
	if err := save(&zero, nil); err != nil {
		return res, err
	}
	checkpoint := save
	if opts.Look == nil {
		checkpoint = paced(save, opts.CheckpointEvery, time.Since(saveStart))
	}
	if opts.Look != nil {
		checkpoint = func(counts *analysis.Tournament, finished []uint64) error {
			if err := save(counts, finished); err != nil {
				return err
			}
			stop, err := opts.Look(&r.total)
			if err != nil {
				return err
			}
			if stop {
				stopped = true
				// Saved again below with the run marked complete.
				return ErrStop
			}
			return nil
		}
	}
	var inOrder func(chunk, counts *analysis.Tournament, finished []uint64) (bool, error)
	if opts.Look != nil && opts.InOrder {
		checkpoint = nil
		seg := uint64(max(opts.SegmentChunks, 1))
		view := r.lookView()
		inOrder = func(chunk, counts *analysis.Tournament, finished []uint64) (bool, error) {
			for i := range view.Pairings {
				view.Pairings[i].Merge(&chunk.Pairings[i])
			}
			for i := range view.Tables {
				view.Tables[i].Merge(&chunk.Tables[i])
			}
			stop, err := opts.Look(&view)
			if err != nil || stop {
				// Saved below with the run marked complete.
				stopped = stop
				return stop, err
			}
			if (finished[len(finished)-1]+1)%seg != 0 {
				return false, nil
			}
			return false, save(counts, finished)
		}
	}
	if r.Dir == nil && log == nil && opts.Look == nil {
		// Nothing to checkpoint: one segment, so that workers (and their
		// bots) are built once for the whole run.
		checkpoint = nil
	}
	// The log first holds the counts' games again (a damaged or lost
	// log), then the run goes on.
	interrupted := false
	if repair != nil {
		interrupted, err = r.repairLog(ctx, log, repair, opts)
	}
	if err == nil && !interrupted && opts.Look != nil && len(r.done) == 1 && r.done[0][0] == 0 {
		// The look the checkpoint may owe: a run killed between writing
		// its counts and its manifest (which keeps the looks) counted
		// games whose look was not recorded, and would go on past it,
		// past a decision taken there too. Taken again from the same
		// counts, the finished chunks being the ones the run looked at,
		// in order from the first; a look recorded already is not
		// recorded twice (SPRTLook).
		view := r.lookView()
		stopped, err = opts.Look(&view)
	}
	var rating *Rating
	if opts.Rating != nil {
		rt := *opts.Rating
		rt.From = &r.base
		rating = &rt
	}
	if err == nil && !interrupted && !stopped {
		res, err = Play(ctx, r.Config, Options{
			Set: &r.pending, Workers: opts.Workers, SegmentChunks: opts.SegmentChunks,
			Checkpoint: checkpoint, InOrder: inOrder, GamesLog: log, Progress: opts.Progress, Rating: rating,
		})
	} else {
		res = Result{Counts: r.Config.Empty(), Interrupted: interrupted}
	}
	// The final save, whatever happened: the counts of every finished
	// chunk.
	man.Ended = time.Now().UTC()
	man.Interrupted = res.Interrupted || err != nil
	man.Complete = stopped || !man.Interrupted && uint64(len(res.Finished)) == r.pending.Len()
	if serr := save(&res.Counts, res.Finished); serr != nil && err == nil {
		err = serr
	}
	if log != nil && man.Complete && err == nil && !log.InOrder() {
		// A resumed run appended the chunks its interruption cut (and
		// those a repair played again): the finished log is in chunk
		// order, as an uninterrupted run's.
		place := r.logPlan().Place
		if serr := log.SortChunks(func(rec *game.Record) (uint64, bool) {
			c, _, ok := place(rec)
			return c, ok
		}); serr != nil {
			err = &logError{err: serr}
		}
	}
	if cerr := closeLog(); cerr != nil && err == nil {
		err = &logError{err: cerr}
	}
	return res, err
}

// DefaultCheckpointEvery is the least time between two checkpoints of a
// run not looked at (RunOptions.CheckpointEvery).
const DefaultCheckpointEvery = 2 * time.Second

// paced returns save called at most once every every (see
// RunOptions.CheckpointEvery) and every 20 times its last cost, the first
// of which was first; a call it skips saves nothing, and the run's final
// save (not through it) holds every finished chunk.
func paced(save func(*analysis.Tournament, []uint64) error, every, first time.Duration) func(*analysis.Tournament, []uint64) error {
	if every < 0 {
		return save
	}
	if every == 0 {
		every = DefaultCheckpointEvery
	}
	last, cost := time.Now(), first
	return func(counts *analysis.Tournament, finished []uint64) error {
		if time.Since(last) < max(every, 20*cost) {
			return nil
		}
		start := time.Now()
		err := save(counts, finished)
		last = time.Now()
		cost = last.Sub(start)
		return err
	}
}

// openGamesLog opens the run's games log: a new one for a run that has
// played nothing, the old one reopened for a resumed run, holding the
// finished chunks' games (results.ReopenGamesLog); the repair says what
// it lacked. A games log named relative to the directory the run was
// started in (manifests before the path was made absolute) that is not
// found from here is refused: another log of that name would be made
// or trimmed instead.
func (r *RunDir) openGamesLog(ctx context.Context) (*results.GamesLog, *results.LogRepair, error) {
	man := r.Manifest
	if r.log != nil {
		l := r.log
		r.log = nil
		return l, &results.LogRepair{}, nil
	}
	// The manifest keeps the path as it was written (the counts' plan
	// digest covers it; an absolute one since the path was made so).
	if !filepath.IsAbs(man.GamesLog) && len(r.done) > 0 {
		if _, err := os.Lstat(man.GamesLog); err != nil {
			return nil, nil, fmt.Errorf("games log %s: %v; it is named relative to the directory the run was started in: resume from there", man.GamesLog, err)
		}
	}
	return results.ReopenGamesLog(ctx, man.GamesLog, man.GamesLogLevel, r.logPlan())
}

// logPlan says where each of the run's games goes in its games log.
func (r *RunDir) logPlan() results.LogPlan {
	plan := r.Config.Plan()
	cp := r.Config.chunkPairs()
	tables := len(r.Config.Tables())
	seats := r.Config.seats()
	set := r.Config.SetGames()
	name := r.Config.game().Info().Name
	return results.LogPlan{
		Place: func(rec *game.Record) (uint64, int, bool) {
			if rec.Table == nil || rec.Set == nil || rec.InSet == nil || rec.Game != name || rec.Seats != seats {
				return 0, 0, false
			}
			table, k, in := *rec.Table, *rec.Set, *rec.InSet
			if table < 0 || table >= tables || k >= r.Config.PairsPerPairing || in < 0 || in >= set {
				return 0, 0, false
			}
			// A record of another run (another seed) at the same place
			// is not this run's game.
			if rec.Seed != game.FormatSeed(r.Config.GameSeed(table, k)) {
				return 0, 0, false
			}
			pair := uint64(table)*r.Config.PairsPerPairing + k
			if pair >= plan.Pairs {
				return 0, 0, false
			}
			chunk := pair / cp
			return chunk, int(pair-chunk*cp)*set + in, true
		},
		Games: func(chunk uint64) int {
			lo, hi := plan.ChunkRange(chunk)
			return int(hi-lo) * set
		},
		Finished: r.done,
	}
}

// repairLog plays the finished chunks whose games the reopened log
// lacks (a damaged line, a deleted log) again from their seeds, into the
// log only: their counts are in the run's already. It tells
// opts.Repaired what was wrong. Bots that are not reproducible play new
// games from the same seeds.
func (r *RunDir) repairLog(ctx context.Context, log *results.GamesLog, rep *results.LogRepair, opts RunOptions) (interrupted bool, err error) {
	if rep.Damage == "" && len(rep.Missing) == 0 {
		return false, nil
	}
	var chunks uint64
	for _, m := range rep.Missing {
		chunks += m[1] - m[0] + 1
	}
	if opts.Repaired != nil {
		msg := "games log " + r.Manifest.GamesLog + ":"
		if rep.Damage != "" {
			msg += fmt.Sprintf(" %d damaged line(s), the first at %s;", rep.Damaged, rep.Damage)
		}
		if chunks == 0 {
			opts.Repaired(msg + " dropped; no game of the run was missing from it")
		} else {
			opts.Repaired(fmt.Sprintf("%s the games of %d finished chunk(s) were missing from it and are played again from their seeds into it", msg, chunks))
		}
	}
	if chunks == 0 {
		return false, nil
	}
	n := r.Config.NumChunks()
	set := tournament.ChunkSet{N: n, Stride: 1, Done: complementRanges(rep.Missing, n)}
	res, err := Play(ctx, r.Config, Options{Set: &set, Workers: opts.Workers, GamesLog: log})
	if err != nil {
		return false, fmt.Errorf("playing the games log's missing games again: %w", err)
	}
	if err := log.Sync(); err != nil {
		return false, &logError{err: err, notSaved: true}
	}
	return res.Interrupted, nil
}

// complementRanges returns the chunks of 0..n-1 not in rs (sorted
// disjoint inclusive ranges inside the run), as such ranges.
func complementRanges(rs [][2]uint64, n uint64) [][2]uint64 {
	var out [][2]uint64
	next := uint64(0)
	for _, r := range rs {
		if r[0] > next {
			out = append(out, [2]uint64{next, r[0] - 1})
		}
		next = r[1] + 1
	}
	if next < n {
		out = append(out, [2]uint64{next, n - 1})
	}
	return out
}

// lookView returns what an in-order look (RunOptions.InOrder) starts
// from: the pairings and tables of earlier sessions, without their game
// tally, to which each chunk read is added.
func (r *RunDir) lookView() analysis.Tournament {
	return analysis.Tournament{Bots: slices.Clone(r.base.Bots), Pairings: analysis.ClonePairings(r.base.Pairings), Tables: analysis.CloneTables(r.base.Tables)}
}

// cloneTournament copies t, its game tally included.
func (r *RunDir) cloneTournament(t *analysis.Tournament) (analysis.Tournament, error) {
	c := analysis.Tournament{Bots: slices.Clone(t.Bots), Pairings: analysis.ClonePairings(t.Pairings), Tables: analysis.CloneTables(t.Tables)}
	if mk := r.Config.statsMaker(); mk != nil && t.Game != nil {
		c.Game = mk()
		if err := c.Game.Merge(t.Game); err != nil {
			return c, err
		}
	}
	return c, nil
}

// addRanges returns the sorted disjoint ranges of done (sorted disjoint
// inclusive ranges) and chunks (sorted, none in done), adjacent ranges
// joined: a checkpoint's finished list, in memory proportional to the
// ranges and this session's chunks, never to the run.
func addRanges(done [][2]uint64, chunks []uint64) [][2]uint64 {
	out := make([][2]uint64, 0, len(done)+len(chunks))
	add := func(r [2]uint64) {
		if n := len(out); n > 0 && out[n-1][1]+1 >= r[0] {
			out[n-1][1] = max(out[n-1][1], r[1])
			return
		}
		out = append(out, r)
	}
	i := 0
	for _, c := range chunks {
		for i < len(done) && done[i][0] < c {
			add(done[i])
			i++
		}
		add([2]uint64{c, c})
	}
	for ; i < len(done); i++ {
		add(done[i])
	}
	return out
}

// inRanges reports whether c is in one of the sorted disjoint ranges.
func inRanges(rs [][2]uint64, c uint64) bool {
	i, _ := slices.BinarySearchFunc(rs, c, func(r [2]uint64, c uint64) int {
		switch {
		case r[1] < c:
			return -1
		case r[0] > c:
			return 1
		}
		return 0
	})
	return i < len(rs) && rs[i][0] <= c && c <= rs[i][1]
}

// MergeGamesLogs writes the games logs of a run's shards, srcs, into a new
// log at dst in chunk order: byte for byte the log of the run played at
// once. man is the merged run's manifest (results.Merge), whose settings
// place each record in its chunk. It returns the number of games
// written. With again, a log already at dst is kept when it holds the
// very bytes merged (results.MergeGamesLogsAgain: the leftover of this
// merge killed before it saved its run), refused otherwise.
func MergeGamesLogs(ctx context.Context, man *results.Manifest, dst string, srcs []string, again bool) (uint64, error) {
	cfg, err := ConfigOf(man)
	if err != nil {
		return 0, err
	}
	level := man.GamesLogLevel
	if level == "" {
		level = results.LevelFull
	}
	place := (&RunDir{Config: cfg}).logPlan().Place
	merge := results.MergeGamesLogs
	if again {
		merge = results.MergeGamesLogsAgain
	}
	return merge(ctx, dst, level, srcs, func(rec *game.Record) (uint64, bool) {
		c, _, ok := place(rec)
		return c, ok
	})
}
