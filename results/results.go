package results

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/inputfile"
)

// FormatVersion is the version of counts.json, and ManifestFormat that
// of manifest.json. Each changes whenever a field changes meaning or
// disappears; readers refuse versions they do not know. Format 2 moved
// two-player NZSC's loadouts from the pairings into the game's tally
// (game_stats), so that an older program refuses a newer file rather
// than show it without loadouts; format 1 is still read, its loadouts
// converted.
const FormatVersion = 2

// ManifestFormat is the version of manifest.json this program writes.
// Version 2 writes the seed in 0x hex, as every other output does, and
// each bot's name; version 1 (a decimal seed, bots named by their specs)
// is still read.
const ManifestFormat = 2

// File names inside a run directory.
const (
	ManifestFile = "manifest.json"
	CountsFile   = "counts.json"
)

// BotInfo is one participant as the manifest records it.
type BotInfo struct {
	// Spec is the spec string as given, from which a resumed run parses
	// the bot again.
	Spec string `json:"spec"`
	// Name is the bot's name in every table (its alias, the name its
	// program gave, or its spec without nzsc's options); absent in
	// format 1 manifests, whose bots are named by their specs.
	Name string `json:"name,omitempty"`
	// Kind is the registered bot kind; Params its parameters with
	// defaults filled in.
	Kind   string            `json:"kind"`
	Params map[string]string `json:"params,omitempty"`
}

// BotName returns the bot's name in tables: Name, or for a format 1
// manifest (which has none) Spec.
func (b *BotInfo) BotName() string {
	if b.Name != "" {
		return b.Name
	}
	return b.Spec
}

// Shard says which share of a run a partial run directory holds.
type Shard struct {
	Index int `json:"index"`
	Count int `json:"count"`
}

// IsShard reports whether m is a shard's: its directory holds the share
// of a run's games one --shard played, to merge with the others (nzsc
// merge), not a whole run; a merged run's is not. The one rule by which
// merge, a report and a report's suggestion of the newest run tell a
// shard.
func (m *Manifest) IsShard() bool { return m.Shard != nil }

// Rules are the game's rules options of a run, every option present. In
// JSON a value that is a whole number is written as a number
// ({"turn_cap": 1000}), as manifests have always written it.
type Rules game.Rules

// MarshalJSON implements json.Marshaler.
func (r Rules) MarshalJSON() ([]byte, error) {
	out := make(map[string]any, len(r))
	for k, v := range r {
		if n, err := strconv.ParseInt(v, 10, 64); err == nil && strconv.FormatInt(n, 10) == v {
			out[k] = n
		} else {
			out[k] = v
		}
	}
	return json.Marshal(out)
}

// UnmarshalJSON implements json.Unmarshaler: numbers and strings.
func (r *Rules) UnmarshalJSON(b []byte) error {
	var in map[string]json.RawMessage
	if err := json.Unmarshal(b, &in); err != nil {
		return fmt.Errorf("rules: %w", err)
	}
	*r = Rules{}
	for k, raw := range in {
		var s string
		if json.Unmarshal(raw, &s) == nil {
			(*r)[k] = s
			continue
		}
		var n json.Number
		if err := json.Unmarshal(raw, &n); err != nil {
			return fmt.Errorf("rules: %s is neither a number nor a string", k)
		}
		(*r)[k] = n.String()
	}
	return nil
}

// SPRTState is a sequential test's settings and the looks it took, kept
// in the manifest so that a resumed test goes on exactly.
type SPRTState struct {
	Elo0  float64 `json:"elo0"`
	Elo1  float64 `json:"elo1"`
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	Model string  `json:"model"`
	// BatchPairs is the number of game pairs between two looks.
	BatchPairs uint64 `json:"batch_pairs"`
	// EveryPair says the test decides after every pair, in pair order
	// (tests started since it was added): its looks are then recorded at
	// each batch's end and where it decided. Without it (older run
	// directories) the test decides at batch ends only.
	EveryPair bool `json:"every_pair,omitempty"`
	// Field, in a test at three or four seats, names the bots of the
	// other seats, the manifest's bots after NEW and BASE (copies of
	// BASE unless --field chose others); absent at two.
	Field []string `json:"field,omitempty"`
	// Looks are the LLR after each finished batch.
	Looks []SPRTLook `json:"looks"`
	// Verdict is set once the test ended: the String of the
	// analysis.Verdict it reached ("H0 accepted", "H1 accepted").
	Verdict string `json:"verdict,omitempty"`
}

// Test returns the sequential test of these settings, checked: the one
// reading of them, by the run that takes them from its flags, by the
// manifest's check of its looks (Manifest.Check), and by a resume and a
// report.
func (s *SPRTState) Test() (analysis.SPRT, error) {
	t := analysis.SPRT{Elo0: s.Elo0, Elo1: s.Elo1, Alpha: s.Alpha, Beta: s.Beta}
	var err error
	if t.Model, err = analysis.ParseEloModel(s.Model); err != nil {
		// Not "--model:": the settings come from the command's flag,
		// the Runs page's form or a manifest, and the error names the
		// model itself.
		return t, err
	}
	return t, t.Check()
}

// Last returns the LLR of the test's last look and whether the test
// ended there (it recorded a verdict after at least one look), the
// arguments of analysis.SPRT.Final.
func (s *SPRTState) Last() (llr float64, ended bool) {
	if len(s.Looks) == 0 {
		return 0, false
	}
	return s.Looks[len(s.Looks)-1].LLR, s.Verdict != ""
}

// SPRTLook is one look at the log-likelihood ratio, with the counts it
// was computed from.
type SPRTLook struct {
	Games       uint64    `json:"games"`
	LLR         float64   `json:"llr"`
	Pentanomial [5]int64  `json:"pentanomial"`
	WDL         [3]uint64 `json:"wdl"`
}

// legacy reports whether the look kept its LLR only, as nzsc did
// before 2026-11-24 (079e39e): no pentanomial and no record. A look that
// kept them counts at least one pair.
func (l SPRTLook) legacy() bool {
	return l.Games > 0 && l.Pentanomial == [5]int64{} && l.WDL == [3]uint64{}
}

// The kinds of run a manifest records.
const (
	KindTournament = "tournament"
	KindMatch      = "match"
	KindSPRT       = "sprt"
)

// Manifest describes how a run was made.
type Manifest struct {
	Format int `json:"format"`
	// Kind is KindTournament, KindMatch or KindSPRT.
	Kind string `json:"kind"`
	// Game is the game's registry name (absent: "nzsc") and Seats its
	// number of players (absent: 2).
	Game    string    `json:"game,omitempty"`
	Seats   int       `json:"seats,omitempty"`
	Command []string  `json:"command"`
	Version string    `json:"version"`
	Seed    uint64    `json:"seed"`
	Bots    []BotInfo `json:"bots"`
	// Gauntlet is the spec of the bot that plays all others, empty for a
	// round robin.
	Gauntlet string `json:"gauntlet,omitempty"`
	// DrawTables, at three or more seats, is the number of tables drawn
	// from the seed (0: every combination of the bots).
	DrawTables int `json:"draw_tables,omitempty"`
	// Openings are the seeds (0x hex) the run's game pairs cycle
	// through instead of seeds drawn from Seed (--openings).
	Openings []string `json:"openings,omitempty"`
	// OpeningDesign names the run's forced openings (--openings
	// loadouts, characters, or a file of game records: "records") and
	// OpeningSteps lists them in order, each its forced first steps (one
	// action name per seat a step, as game records name them). In a
	// game of chance Openings holds as many seeds, each its opening's
	// deal.
	OpeningDesign   string       `json:"opening_design,omitempty"`
	OpeningSteps    [][][]string `json:"opening_steps,omitempty"`
	GamesPerPairing uint64       `json:"games_per_pairing"`
	// ChunkPairs and Chunks fix how the run's game pairs are cut into
	// chunks, the unit of shards and resumes.
	ChunkPairs uint64 `json:"chunk_pairs"`
	Chunks     uint64 `json:"chunks"`
	Rules      Rules  `json:"rules"`
	// GamesLog is the games log's path, relative to the directory the run
	// was started in, and GamesLogLevel its level; a resumed run goes on
	// writing it.
	GamesLog      string `json:"games_log,omitempty"`
	GamesLogLevel string `json:"games_log_level,omitempty"`
	// SPRT holds a sequential test's settings and looks.
	SPRT *SPRTState `json:"sprt,omitempty"`
	// Shard is set for a partial run made with --shard (IsShard).
	Shard *Shard `json:"shard,omitempty"`
	// MergedFrom lists the directories a merged run was made from.
	MergedFrom []string  `json:"merged_from,omitempty"`
	Started    time.Time `json:"started"`
	Ended      time.Time `json:"ended,omitzero"`
	// GamesPlanned is the number of games this directory is meant to
	// hold (its shard's share); GamesDone those finished.
	GamesPlanned uint64 `json:"games_planned"`
	GamesDone    uint64 `json:"games_done"`
	// Complete is set when every planned chunk finished.
	Complete bool `json:"complete"`
	// Interrupted is set when the run stopped early (Ctrl-C or an error).
	Interrupted bool `json:"interrupted,omitempty"`
}

// manifestFields is Manifest without its methods, for the JSON methods.
type manifestFields Manifest

// MarshalJSON writes the manifest with its seed in 0x hex, the notation
// of every seed the lab prints.
func (m Manifest) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		*manifestFields
		Seed string `json:"seed"`
	}{(*manifestFields)(&m), game.FormatSeed(m.Seed)})
}

// UnmarshalJSON reads a manifest whose seed is a string (0x hex or
// decimal, format 2) or a JSON number (format 1, written before seeds
// were hex everywhere).
func (m *Manifest) UnmarshalJSON(b []byte) error {
	in := struct {
		*manifestFields
		Seed json.RawMessage `json:"seed"`
	}{manifestFields: (*manifestFields)(m)}
	if err := json.Unmarshal(b, &in); err != nil {
		return err
	}
	if len(in.Seed) == 0 {
		return nil
	}
	var s string
	if err := json.Unmarshal(in.Seed, &s); err != nil {
		s = string(in.Seed) // a number: decimal digits
	}
	seed, err := game.ParseSeed(s)
	if err != nil {
		return fmt.Errorf("manifest: %v", err)
	}
	m.Seed = seed
	return nil
}

// Same reports whether m and o describe the same games (seed, bots,
// schedule, rules, chunking), so that their counts can be merged.
func (m *Manifest) Same(o *Manifest) error {
	switch {
	case m.Kind != o.Kind:
		return fmt.Errorf("kind %q vs %q", m.Kind, o.Kind)
	case m.Seed != o.Seed:
		return fmt.Errorf("seed %s vs %s", game.FormatSeed(m.Seed), game.FormatSeed(o.Seed))
	case m.Gauntlet != o.Gauntlet:
		return fmt.Errorf("gauntlet %q vs %q", m.Gauntlet, o.Gauntlet)
	case m.DrawTables != o.DrawTables:
		return fmt.Errorf("%d tables drawn vs %d", m.DrawTables, o.DrawTables)
	case !slices.Equal(m.Openings, o.Openings):
		return fmt.Errorf("openings differ (%d seeds vs %d)", len(m.Openings), len(o.Openings))
	case m.OpeningDesign != o.OpeningDesign || !slices.EqualFunc(m.OpeningSteps, o.OpeningSteps, sameSteps):
		return fmt.Errorf("openings differ (%q, %d openings vs %q, %d)", m.OpeningDesign, len(m.OpeningSteps), o.OpeningDesign, len(o.OpeningSteps))
	case m.GamesPerPairing != o.GamesPerPairing:
		return fmt.Errorf("games per pairing %d vs %d", m.GamesPerPairing, o.GamesPerPairing)
	case m.ChunkPairs != o.ChunkPairs || m.Chunks != o.Chunks:
		return fmt.Errorf("chunking %d×%d vs %d×%d", m.Chunks, m.ChunkPairs, o.Chunks, o.ChunkPairs)
	case m.GameName() != o.GameName() || m.NumSeats() != o.NumSeats():
		return fmt.Errorf("game %s for %d vs %s for %d", m.GameName(), m.NumSeats(), o.GameName(), o.NumSeats())
	case !maps.Equal(m.Rules, o.Rules):
		return fmt.Errorf("rules %v vs %v", m.Rules, o.Rules)
	case len(m.Bots) != len(o.Bots):
		return fmt.Errorf("%d bots vs %d", len(m.Bots), len(o.Bots))
	}
	for i := range m.Bots {
		if m.Bots[i].Spec != o.Bots[i].Spec {
			return fmt.Errorf("bot %d is %q vs %q", i, m.Bots[i].Spec, o.Bots[i].Spec)
		}
	}
	return nil
}

// sameSteps reports whether two openings force the same steps.
func sameSteps(a, b [][]string) bool { return slices.EqualFunc(a, b, slices.Equal) }

// NumOpenings returns the number of the run's openings (0: none).
func (m *Manifest) NumOpenings() int { return max(len(m.Openings), len(m.OpeningSteps)) }

// MaxOpeningTallies bounds the openings a run tallies one by one
// (analysis.Pairing.Openings, in counts.json at every checkpoint): a
// run with more openings keeps no per-opening tallies.
const MaxOpeningTallies = 1024

// OpeningSeeds returns the run's openings as numbers (none: nil).
func (m *Manifest) OpeningSeeds() ([]uint64, error) {
	var out []uint64
	for i, s := range m.Openings {
		v, err := game.ParseSeed(s)
		if err != nil {
			return nil, fmt.Errorf("openings[%d]: %v", i, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// PlanDigest returns the digest of what the run plays and where it
// writes: its kind, game, seats, rules, seed, bots' specs, schedule,
// chunking, shard, games log and a sequential test's settings, as
// "sha256:" and the hex SHA-256 of their JSON. The counts keep it
// (Counts.Plan), so that counts are never read, resumed or merged under
// a plan they were not made under. It is a check against edits and
// mistakes, not a signature: whoever may write a run directory may
// write a matching digest too (so resuming a run's external programs
// needs --allow-exec as well).
func (m *Manifest) PlanDigest() string {
	plan := struct {
		Kind, Game      string
		Seats           int
		Rules           Rules
		Seed            uint64
		Bots            []string
		Gauntlet        string
		DrawTables      int
		Openings        []string     `json:",omitempty"`
		OpeningDesign   string       `json:",omitempty"`
		OpeningSteps    [][][]string `json:",omitempty"`
		GamesPerPairing uint64
		ChunkPairs      uint64
		Chunks          uint64
		Shard           *Shard
		GamesLog        string
		GamesLogLevel   string
		SPRT            *SPRTState
	}{Kind: m.Kind, Game: m.GameName(), Seats: m.NumSeats(), Rules: m.Rules, Seed: m.Seed, Gauntlet: m.Gauntlet,
		DrawTables: m.DrawTables, Openings: m.Openings, OpeningDesign: m.OpeningDesign, OpeningSteps: m.OpeningSteps, GamesPerPairing: m.GamesPerPairing, ChunkPairs: m.ChunkPairs, Chunks: m.Chunks,
		Shard: m.Shard, GamesLog: m.GamesLog, GamesLogLevel: m.GamesLogLevel}
	for _, b := range m.Bots {
		plan.Bots = append(plan.Bots, b.Spec)
	}
	if m.SPRT != nil {
		// The settings, not the looks a run adds.
		s := *m.SPRT
		s.Looks, s.Verdict = nil, ""
		plan.SPRT = &s
	}
	b, err := json.Marshal(plan)
	if err != nil {
		panic("results: a plan does not encode: " + err.Error()) // plain data
	}
	sum := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(sum[:])
}

// GameName returns the run's game, "nzsc" when the manifest predates games.
func (m *Manifest) GameName() string {
	if m.Game == "" {
		return "nzsc"
	}
	return m.Game
}

// NumSeats returns the run's number of players (2 when absent).
func (m *Manifest) NumSeats() int {
	if m.Seats == 0 {
		return 2
	}
	return m.Seats
}

// Counts is the content of counts.json: the tournament's counts and the
// chunks they hold.
type Counts struct {
	Format int `json:"format"`
	analysis.Tournament
	// Finished lists the chunks whose games are in the counts, as sorted
	// inclusive ranges [first, last].
	Finished [][2]uint64 `json:"finished"`
	// Plan is the digest of the plan the counts were made under
	// (Manifest.PlanDigest): Load refuses counts whose manifest no longer
	// has it (a manifest edited to other rules or bots). Absent in
	// counts written before it was kept, which are read as they are and
	// get it at their next save.
	Plan string `json:"plan,omitempty"`
	// GameStats is Tournament.Game on disk, in the game's own JSON:
	// WriteCounts fills it and Load reads it back through the game's
	// registry entry.
	GameStats json.RawMessage `json:"game_stats,omitempty"`
	// legacy is two-player NZSC's loadouts as counts.json held them in
	// its pairings before the game kept its own tally; Load turns them
	// into the tally.
	legacy *legacyCounts
}

// legacyCounts is what a counts.json written before the games kept their
// own tallies (game_stats) held of one: two-player NZSC kept its
// loadouts in each pairing ("loadouts", "unsettled"). Storage keeps each
// pairing's JSON as it was and hands it to the game's tally
// (legacyTally), which alone knows what it holds.
type legacyCounts struct {
	Pairings []map[string]json.RawMessage `json:"pairings"`
}

// legacyTally is a game's tally that a counts.json of format 1 kept
// inside its pairings: it reads each pairing's JSON back
// (nzsc.Stats.AddLegacyPairing), and it counts every game of the
// pairings.
type legacyTally interface {
	game.Stats
	AddLegacyPairing(a, b int, pairing json.RawMessage) error
	Games() int64
}

// FinishedChunks expands Finished.
func (c *Counts) FinishedChunks() []uint64 {
	var out []uint64
	for _, r := range c.Finished {
		for x := r[0]; x <= r[1]; x++ {
			out = append(out, x)
		}
	}
	return out
}

// SetFinished stores a sorted chunk list as ranges.
func (c *Counts) SetFinished(chunks []uint64) {
	c.Finished = c.Finished[:0]
	for _, x := range chunks {
		if n := len(c.Finished); n > 0 && c.Finished[n-1][1]+1 == x {
			c.Finished[n-1][1] = x
			continue
		}
		c.Finished = append(c.Finished, [2]uint64{x, x})
	}
}

// Dir is a run directory.
type Dir struct {
	Path string
	// held is the open directory holding its lock from Create until the
	// first Lock hands it over; unguarded is the note of a lock the
	// filesystem would not keep (Unguarded).
	held      *os.File
	unguarded error
}

// ErrExists is what Create's and CreateGamesLog's refusals of a path
// that already holds a run or a log match (errors.Is): their messages
// suggest --resume, and a command that cannot resume (merge, play
// --record) says what to do instead.
var ErrExists = errors.New("results: the output already exists")

// ErrDashDir is Create's refusal of "-", which would make a directory
// called "-" for a user who meant standard output; a caller that makes
// the directory itself (roundrobin.CreateDir) refuses it first.
var ErrDashDir = errors.New(`"-" would be a directory named "-": a run is kept in a directory (name it)`)

// ErrBusy is what Dir.Lock's refusal of a run directory another process
// holds matches (errors.Is): a command that does not play the run (a
// merge into it) says what to do instead of "then resume".
var ErrBusy = errors.New("results: the run directory is held by another process")

// busyError is Dir.Lock's refusal of a directory another process holds;
// starting, Create's, of one without a run yet, which another process
// started into at the same moment: "then resume" would play its run.
type busyError struct {
	path     string
	starting bool
}

func (e *busyError) Error() string {
	if e.starting {
		return fmt.Sprintf("another run started in %s at the same time and holds it; start this one with another --out", e.path)
	}
	return fmt.Sprintf("%s is being played by another process or job; wait for it to end (or stop it), then resume", e.path)
}
func (e *busyError) Is(target error) bool { return target == ErrBusy }

// existsError is a refusal to write over an existing run or log.
type existsError struct{ msg string }

func (e *existsError) Error() string        { return e.msg }
func (e *existsError) Is(target error) bool { return target == ErrExists }

// Create makes a new run directory; it refuses one that already holds a
// run (use Resume for that). A directory that holds only what a run
// killed before it wrote its manifest leaves (leftOver) counts as empty,
// so that the start, run again (a batch job requeued), starts: it was
// refused both as a start (not empty) and as a resume (no manifest).
// The directory is returned locked (Lock hands the lock over): it is
// taken before it is judged empty and before any file of the run is
// written, so that of two starts into one path at the same moment the
// second is refused (ErrBusy) or finds the first's run, and never writes
// over it.
func Create(path string) (*Dir, error) { return CreateWithLog(path, "") }

// CreateWithLog is Create for a run whose games log is gamesLog (empty:
// none): a log inside the directory that a start killed before its
// first checkpoint made, still empty, is taken as that start's leftover
// too, so that the same start run again starts (it was refused for good:
// "not empty", and no manifest to resume).
func CreateWithLog(path, gamesLog string) (*Dir, error) { return create(path, gamesLog, false) }

// CreateMerged is CreateWithLog for a merge whose games log is gamesLog:
// the log inside the directory, whole, beside nothing but what a run
// killed before its manifest leaves, is taken as the leftover of the
// same merge killed between publishing its log and saving its run, so
// that the merge run again starts (it was refused for good: "not
// empty", and a merge is not resumed). The merge keeps that log only as
// the very bytes it merges (MergeGamesLogsAgain), never writes over it.
func CreateMerged(path, gamesLog string) (*Dir, error) { return create(path, gamesLog, true) }

// create is CreateWithLog, or with wholeLog CreateMerged.
func create(path, gamesLog string, wholeLog bool) (*Dir, error) {
	if path == "-" {
		return nil, ErrDashDir
	}
	log := LogNameIn(path, gamesLog)
	look := func() error { return checkNewRunDir(path, log, wholeLog) }
	// A look first, so that a directory in use says what it holds
	// rather than that it is busy; the look under the lock decides.
	if err := look(); err != nil {
		if err = startedMeanwhile(path, look, err); err != nil {
			return nil, err
		}
	}
	for range 100 {
		// 0o777 and 0o666 (WriteFile) less the umask: a colleague, a
		// merge run as another user or a pod on a shared volume may
		// read the run.
		if err := os.MkdirAll(path, 0o777); err != nil {
			return nil, err
		}
		d := &Dir{Path: path}
		f, err := d.lock()
		if errors.Is(err, errMoved) {
			continue // removed by a start that gave up: made again
		}
		if busy := (*busyError)(nil); errors.As(err, &busy) {
			busy.starting = true
		}
		if err != nil {
			return nil, err
		}
		err = look()
		if written(err) {
			// Empty at the first look, written before the lock was
			// taken: a start at the same moment, which holds it or
			// has let it go.
			err = &busyError{path: path, starting: true}
		}
		if err == nil {
			err = checkWritable(path)
		}
		if err != nil {
			if f != nil {
				f.Close()
			}
			return nil, err
		}
		d.held = f
		return d, nil
	}
	return nil, fmt.Errorf("%s keeps being removed as it is made", path)
}

// checkWritable refuses a directory a run could not write its files in
// (a read-only directory, or one of another user), at the start rather
// than at the first checkpoint, which would name a temporary file and
// offer a resume of a run that has no manifest. It writes and removes a
// file named as a counts file's temporary (isRunTemp), so that a start
// killed in between leaves a file the next start takes for a leftover.
func checkWritable(path string) error {
	f, err := createTemp(path, tempPrefix(CountsFile, tempReplace))
	if err != nil {
		if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("cannot write in %s: %w", path, err)
	}
	f.Close()
	return os.Remove(f.Name())
}

// LogNameIn returns the name of the games log gamesLog in the directory
// path when it is there, or "".
func LogNameIn(path, gamesLog string) string {
	if gamesLog == "" {
		return ""
	}
	dir, err := filepath.Abs(path)
	log, err2 := filepath.Abs(gamesLog)
	if err != nil || err2 != nil || filepath.Dir(log) != dir {
		return ""
	}
	return filepath.Base(log)
}

// checkNewRunDir refuses a path a new run may not start in: one that
// holds a run, a link, a file, a directory that holds anything but
// what a run killed in its first checkpoint leaves (leftOver), its
// games log (named log) among it while that is empty, or with wholeLog
// at any size (CreateMerged).
func checkNewRunDir(path, log string, wholeLog bool) error {
	if _, err := os.Stat(filepath.Join(path, ManifestFile)); err == nil {
		return &existsError{fmt.Sprintf("%s already holds a run (use --resume %s, or another --out)", path, path)}
	}
	// Not through a link: the run is written where it is named. A
	// trailing slash ("LINK/", as a shell completes it) would make the
	// look follow the link.
	named := strings.TrimRight(path, string(filepath.Separator))
	if named == "" {
		named = path
	}
	if st, err := os.Lstat(named); err == nil && st.Mode()&fs.ModeSymlink != 0 {
		return fmt.Errorf("%s is a symbolic link; a run directory is not created through a link (name the directory itself)", path)
	}
	// A run directory is the run's own: one that holds anything else
	// (or a file of that name) is refused, so that nothing there is
	// written over.
	st, err := os.Stat(path)
	if err != nil {
		return nil
	}
	if !st.IsDir() {
		return fmt.Errorf("%s is a file, not a directory for a run", path)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return err
	}
	for _, e := range entries {
		if e.Name() == log && e.Type().IsRegular() {
			if info, err := e.Info(); err == nil && (wholeLog || info.Size() == 0) {
				continue
			}
		}
		if !leftOver(path, e.Name()) {
			return &notEmptyError{path: path, name: e.Name()}
		}
	}
	return nil
}

// notEmptyError is checkNewRunDir's refusal of a directory that holds
// something not a run's leftover: name, the first such entry.
type notEmptyError struct{ path, name string }

func (e *notEmptyError) Error() string {
	return fmt.Sprintf("%s is not empty (%s, …); a run starts in a new or empty directory", e.path, e.name)
}

// written reports whether err is checkNewRunDir's refusal of what a
// directory holds (a run, or files), rather than of the path itself.
func written(err error) bool {
	var notEmpty *notEmptyError
	return errors.Is(err, ErrExists) || errors.As(err, &notEmpty)
}

// startedMeanwhile returns the first look's refusal err of a directory
// that holds files but no run, or, when another start is writing them
// (it holds the lock, or a second look finds the directory changed: a
// start that finished and let go), that start's busy refusal: a start
// at the same moment as another is told so, not that the other's half
// written files make the directory "not empty". Nil: the directory
// was emptied meanwhile.
func startedMeanwhile(path string, look func() error, err error) error {
	var notEmpty *notEmptyError
	if !errors.As(err, &notEmpty) {
		return err
	}
	f, openErr := os.Open(path)
	if openErr != nil {
		return err
	}
	defer f.Close()
	unlock, lockErr := tryLockFile(f)
	if errors.Is(lockErr, ErrBusy) {
		return &busyError{path: path, starting: true}
	}
	if lockErr == nil {
		defer unlock()
	}
	switch again := look(); {
	case again == nil:
		return nil // emptied by a start that gave up: the look under the lock decides
	case again.Error() != err.Error():
		return &busyError{path: path, starting: true}
	}
	return err
}

// Open opens an existing run directory.
func Open(path string) (*Dir, error) {
	// A file named as the run reads "stat FILE/manifest.json: not a
	// directory" otherwise.
	st, err := os.Stat(path)
	switch {
	case err == nil && !st.IsDir():
		return nil, fmt.Errorf("%s is a file, not a run directory", path)
	case errors.Is(err, os.ErrNotExist):
		// Not "is not a run directory (no manifest.json)": there is
		// no directory at all (a typo, another working directory).
		return nil, fmt.Errorf("no directory %s", path)
	}
	if _, err := os.Stat(filepath.Join(path, ManifestFile)); err != nil {
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("%s is not a run directory (no %s)", path, ManifestFile)
		}
		return nil, err
	}
	return &Dir{Path: path}, nil
}

// WriteManifest writes manifest.json atomically.
func (d *Dir) WriteManifest(m *Manifest) error {
	m.Format = ManifestFormat
	return d.writeJSON(ManifestFile, m)
}

// Save writes a checkpoint: counts.json bound to m's plan
// (Counts.Plan), then manifest.json, each atomically.
func (d *Dir) Save(m *Manifest, c *Counts) error {
	c.Plan = m.PlanDigest()
	if err := d.WriteCounts(c); err != nil {
		return &notSavedError{err}
	}
	if err := d.WriteManifest(m); err != nil {
		return &notSavedError{err}
	}
	return nil
}

// ErrNotSaved is what a failed Save matches (errors.Is): the directory
// keeps its previous checkpoint (each file is replaced atomically), so a
// command must not say that the games just finished are saved.
var ErrNotSaved = errors.New("results: the checkpoint was not saved")

// notSavedError is Save's error, its message the cause's.
type notSavedError struct{ err error }

func (e *notSavedError) Error() string        { return e.err.Error() }
func (e *notSavedError) Unwrap() error        { return e.err }
func (e *notSavedError) Is(target error) bool { return target == ErrNotSaved }

// WriteCounts writes counts.json atomically: it is the checkpoint.
func (d *Dir) WriteCounts(c *Counts) error {
	c.Format = FormatVersion
	c.GameStats = nil
	if c.Game != nil {
		b, err := json.Marshal(c.Game)
		if err != nil {
			return fmt.Errorf("the game's statistics: %w", err)
		}
		c.GameStats = b
	}
	// Compact: a checkpoint is rewritten while the run plays, and 100
	// bots' counts indented were 36 MB, most of it indentation.
	b, err := json.Marshal(c)
	if err != nil {
		return err
	}
	return d.WriteFile(CountsFile, append(b, '\n'))
}

// loadGameStats turns c.GameStats into c.Game with the game's registry
// entry. Counts with games but no stored tally (a directory from before
// the game kept one) keep none.
func loadGameStats(m *Manifest, c *Counts) error {
	info, err := game.Lookup(m.GameName())
	if err != nil || info.Stats == nil {
		return nil // a game this program does not know has no tally to read
	}
	g, err := game.Build(m.GameName(), m.NumSeats(), game.Rules(m.Rules))
	if err != nil {
		return err
	}
	st := info.Stats(g, len(c.Bots))
	legacy, isLegacy := st.(legacyTally)
	switch {
	case st == nil:
		return nil
	case len(c.GameStats) > 0:
		if err := json.Unmarshal(c.GameStats, st); err != nil {
			return plainJSON(err)
		}
	case c.legacy != nil && isLegacy:
		if err := c.legacy.convert(c, legacy); err != nil {
			return err
		}
	case c.Games() > 0:
		return nil
	}
	c.Game = st
	if err := checkTally(g, c); err != nil {
		c.Game = nil
		return err
	}
	return nil
}

// convert adds the tally that l's pairings, those of c, hold to st.
func (l *legacyCounts) convert(c *Counts, st legacyTally) error {
	if len(l.Pairings) != len(c.Pairings) {
		return fmt.Errorf("%d pairings hold loadouts of %d", len(l.Pairings), len(c.Pairings))
	}
	for i, lp := range l.Pairings {
		p := &c.Pairings[i]
		raw, err := json.Marshal(lp)
		if err != nil {
			return fmt.Errorf("pairing %d: %v", i, err)
		}
		if err := st.AddLegacyPairing(p.A, p.B, raw); err != nil {
			return fmt.Errorf("pairing %d: %v", i, err)
		}
	}
	return nil
}

// present reports whether a JSON field holds a value (not absent, not
// null).
func present(raw json.RawMessage) bool { return len(raw) > 0 && string(raw) != "null" }

// ReadManifest reads and checks manifest.json.
func (d *Dir) ReadManifest() (*Manifest, error) {
	var m Manifest
	if err := d.readJSON(ManifestFile, &m); err != nil {
		return nil, err
	}
	if err := m.Check(); err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(d.Path, ManifestFile), err)
	}
	return &m, nil
}

// ReadCounts reads and checks counts.json.
func (d *Dir) ReadCounts() (*Counts, error) {
	var c Counts
	if err := d.readJSON(CountsFile, &c); err != nil {
		return nil, err
	}
	name := filepath.Join(d.Path, CountsFile)
	if c.Format == 1 && len(c.GameStats) == 0 {
		var l legacyCounts
		if err := d.readJSON(CountsFile, &l); err != nil {
			return nil, err
		}
		for _, p := range l.Pairings {
			if present(p["loadouts"]) || present(p["unsettled"]) {
				c.legacy = &l
				break
			}
		}
	}
	if c.Format != 1 && c.Format != FormatVersion {
		return nil, fmt.Errorf("%s: %w", name, formatError(c.Format, FormatVersion))
	}
	if len(c.Bots) < 2 {
		return nil, fmt.Errorf("%s: %d bots; a run has at least two", name, len(c.Bots))
	}
	for i, p := range c.Pairings {
		if p.A < 0 || p.B < 0 || p.A >= len(c.Bots) || p.B >= len(c.Bots) || p.A == p.B {
			return nil, fmt.Errorf("%s: pairing %d names bots %d and %d of %d", name, i, p.A, p.B, len(c.Bots))
		}
	}
	for i, r := range c.Finished {
		if r[0] > r[1] || i > 0 && r[0] <= c.Finished[i-1][1] {
			return nil, fmt.Errorf("%s: finished[%d] = %v: ranges must be sorted and disjoint", name, i, r)
		}
	}
	return &c, nil
}

// Load reads a run directory's manifest and counts and checks that they
// agree.
func Load(path string) (*Dir, *Manifest, *Counts, error) {
	d, err := Open(path)
	if err != nil {
		return nil, nil, nil, err
	}
	m, err := d.ReadManifest()
	if err != nil {
		return nil, nil, nil, err
	}
	c, err := d.ReadCounts()
	if err != nil {
		return nil, nil, nil, err
	}
	if c.Plan != "" && c.Plan != m.PlanDigest() {
		return nil, nil, nil, fmt.Errorf("%s: plan %s: the counts were not made under this manifest's game, rules, bots or schedule (was %s edited?)",
			filepath.Join(path, CountsFile), c.Plan, ManifestFile)
	}
	if err := CheckCounts(m, c); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %v", filepath.Join(path, CountsFile), err)
	}
	if err := loadGameStats(m, c); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: game_stats: %v", filepath.Join(path, CountsFile), err)
	}
	return d, m, c, nil
}

// Files returns the names of the run directory's regular files, sorted.
func (d *Dir) Files() ([]string, error) {
	entries, err := os.ReadDir(d.Path)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			out = append(out, e.Name())
		}
	}
	return out, nil
}

// Remove removes a file of the run directory durably; one that is not
// there is no error.
func (d *Dir) Remove(name string) error {
	err := os.Remove(filepath.Join(d.Path, name))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case err != nil:
		return err
	}
	return syncDir(d.Path)
}

func (d *Dir) writeJSON(name string, v any) error {
	b, err := json.MarshalIndent(v, "", " ")
	if err != nil {
		return err
	}
	return d.WriteFile(name, append(b, '\n'))
}

// WriteFile writes a file in the run directory atomically and durably:
// a temporary file, synced to disk, renamed over the old one, then the
// directory synced, so that after a crash or power loss the file is the
// old one or the new one, never empty or partial, and a checkpoint that
// was reported written stays written.
func (d *Dir) WriteFile(name string, b []byte) error {
	path := filepath.Join(d.Path, name)
	tmp, err := createTemp(d.Path, tempPrefix(name, tempReplace))
	if err != nil {
		return err
	}
	if err := replaceWith(tmp, b, path, true); err != nil {
		return err
	}
	return syncDir(d.Path)
}

// leftOver reports whether the file name in the directory dir, which
// has no manifest, is what a run killed in its first checkpoint leaves:
// a temporary file of Dir.WriteFile (isRunTemp) or of a merged games
// log (isMergeTemp), one of an earlier version's names (isOlderTemp: not
// removed, but no reason to refuse the start), or counts.json of no
// finished chunk (the first checkpoint writes the counts, then the
// manifest).
func leftOver(dir, name string) bool {
	if isRunTemp(name) || isMergeTemp(name) || isOlderTemp(name) {
		return true
	}
	if name != CountsFile {
		return false
	}
	var c Counts
	// A run's counts say their format: a counts.json of the user's (a
	// "{}") is not taken for one and written over.
	return (&Dir{Path: dir}).readJSON(CountsFile, &c) == nil && c.Format >= 1 && c.Format <= FormatVersion && len(c.Finished) == 0
}

// isRunTemp reports whether name is a temporary file of a run's own file
// (Dir.WriteFile: its manifest, counts or a table), which only a process
// killed while writing it leaves behind.
func isRunTemp(name string) bool {
	f, kind, ok := parseTemp(name)
	return ok && kind == tempReplace && (f == ManifestFile || f == CountsFile || strings.HasSuffix(f, ".csv"))
}

// formatError is the refusal of a run file of format got where this
// program reads 1 to max: one written by a newer nzsc says so, so that
// its user reads it with that version rather than suspect the file.
func formatError(got, max int) error {
	if got > max {
		return fmt.Errorf("format %d, newer than this program reads (1 and %d): a newer nzsc wrote it; read or resume it with that version", got, max)
	}
	return fmt.Errorf("format %d, this program reads 1 and %d", got, max)
}

// isMergeTemp reports whether name is the temporary file of a merged
// games log (mergePrefix), which a merge killed while writing its log
// inside its --out directory leaves there; the next merge into that log
// removes it.
func isMergeTemp(name string) bool {
	_, kind, ok := parseTemp(name)
	return ok && kind == tempMerge
}

// removeRunTemps removes the temporary files (isRunTemp) that processes
// killed while writing left in the run directory dir; the caller holds
// its lock, so no process is writing one.
func removeRunTemps(dir string) {
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if e.Type().IsRegular() && isRunTemp(e.Name()) {
			os.Remove(filepath.Join(dir, e.Name()))
		}
	}
}

// replaceWith writes b into tmp, a new temporary file beside path (from
// createTemp), synced to disk first when durable, closes it and renames
// it over path; on any failure it removes tmp and leaves path as it was.
// Every file this package writes whole is written through it (a run
// directory's files, a command's output).
func replaceWith(tmp *os.File, b []byte, path string, durable bool) error {
	_, err := tmp.Write(b)
	if err == nil && durable {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}

// createTemp creates a new file in dir named prefix (tempPrefix) and a
// random suffix of tempDigits hex digits, with mode 0o666 less the umask
// (os.CreateTemp's files are 0o600, which keeps a run from the people it
// is shared with).
func createTemp(dir, prefix string) (*os.File, error) {
	for range 10000 {
		name := filepath.Join(dir, fmt.Sprintf("%s%0*x", prefix, tempDigits, rand.Uint32()))
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL|syscallNoFollow, 0o666)
		if !errors.Is(err, fs.ErrExist) {
			return f, err
		}
	}
	return nil, fmt.Errorf("%s: no unused temporary name for %s", dir, prefix)
}

// syncDir makes a rename in dir durable. Systems whose directories cannot
// be synced (Windows) report an error that is not a failure of the write.
func syncDir(dir string) error {
	f, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, os.ErrInvalid) && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return err
	}
	return nil
}

func (d *Dir) readJSON(name string, v any) error {
	path := filepath.Join(d.Path, name)
	b, err := inputfile.ReadFile(path)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("%s: %v", path, plainJSON(err))
	}
	return nil
}

// Merge combines shard run directories of one run into counts and a
// manifest for the whole: each must pass Load's checks and hold a match
// or a tournament (a sequential test has no shards), the manifests
// must describe the same games, and no chunk may appear twice. The sum of
// integer counts is exact, so merging every shard gives the
// single-machine run's counts. Finished chunks are handled as ranges,
// never expanded.
func Merge(paths []string) (*Manifest, *Counts, error) {
	if len(paths) == 0 {
		return nil, nil, errors.New("nothing to merge")
	}
	var man *Manifest
	var counts *Counts
	var planned uint64
	for _, p := range paths {
		_, m, c, err := Load(p)
		if err != nil {
			return nil, nil, err
		}
		if m.Kind == KindSPRT {
			// A test's verdict is where its LLR first left its bounds,
			// in game order: counts added up from pieces would not say
			// where that was, so a test is never sharded (nzsc sprt
			// refuses --shard) and its one directory is the whole run.
			return nil, nil, fmt.Errorf("%s holds a sequential test (sprt), which is played whole in one directory, never in shards: each look reads every game before it, so there is nothing to merge (resume it to go on; report it to read it)", p)
		}
		// Each shard planned its share of the games (or, merged already,
		// its shards' shares): the whole run plans their sum, however
		// its games are counted.
		planned += m.GamesPlanned
		if man == nil {
			mm := *m
			man, counts = &mm, c
			man.Started, man.Ended = m.Started, m.Ended
			continue
		}
		if err := man.Same(m); err != nil {
			return nil, nil, fmt.Errorf("%s is not part of the same run as %s: %v", p, paths[0], err)
		}
		all, dup, ok := unionRanges(counts.Finished, c.Finished)
		if !ok {
			return nil, nil, fmt.Errorf("%s: chunk %d is already in another directory (merging a shard twice?)", p, dup)
		}
		if err := counts.Tournament.Merge(&c.Tournament); err != nil {
			return nil, nil, fmt.Errorf("%s: %v", p, err)
		}
		counts.Finished = all
		if m.Started.Before(man.Started) {
			man.Started = m.Started
		}
		if m.Ended.After(man.Ended) {
			man.Ended = m.Ended
		}
	}
	man.Shard = nil
	man.MergedFrom = paths
	man.GamesDone = uint64(counts.Games())
	man.GamesPlanned = planned
	man.Complete = counts.NumFinished() == man.Chunks
	man.Interrupted = false
	// The sums are checked as a directory's are: shards that each pass
	// may still add up past int64 (turns, a tally's counts).
	if err := CheckCounts(man, counts); err != nil {
		return nil, nil, fmt.Errorf("the merged counts: %v", err)
	}
	g, err := game.Build(man.GameName(), man.NumSeats(), game.Rules(man.Rules))
	if err == nil {
		err = checkTally(g, counts)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("the merged counts: game_stats: %v", err)
	}
	return man, counts, nil
}

// NumFinished returns the number of finished chunks, from the ranges.
func (c *Counts) NumFinished() uint64 {
	var n uint64
	for _, r := range c.Finished {
		n += r[1] - r[0] + 1
	}
	return n
}

// unionRanges returns the union of two sorted lists of disjoint
// inclusive ranges, with adjacent ranges joined; ok is false when they
// share a chunk, dup.
func unionRanges(a, b [][2]uint64) (out [][2]uint64, dup uint64, ok bool) {
	out = make([][2]uint64, 0, len(a)+len(b))
	add := func(r [2]uint64) bool {
		n := len(out)
		switch {
		case n > 0 && r[0] <= out[n-1][1]:
			dup = max(r[0], out[n-1][0])
			return false
		case n > 0 && out[n-1][1]+1 == r[0]:
			out[n-1][1] = r[1]
		default:
			out = append(out, r)
		}
		return true
	}
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		var r [2]uint64
		if j == len(b) || i < len(a) && a[i][0] <= b[j][0] {
			r, i = a[i], i+1
		} else {
			r, j = b[j], j+1
		}
		if !add(r) {
			return nil, dup, false
		}
	}
	return out, 0, true
}
