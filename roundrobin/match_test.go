package roundrobin

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/tournament"
)

// Test bots, registered under names no real bot uses.

// lowest always plays its first legal choice: deterministic and weak.
type lowest struct{}

func (lowest) NewGame(int, *rand.Rand)               {}
func (lowest) Choose(d *agents.Decision) nzsc.Choice { return d.Legal[0] }

// garbage answers a nonexistent choice every time.
type garbage struct{}

func (garbage) NewGame(int, *rand.Rand)             {}
func (garbage) Choose(*agents.Decision) nzsc.Choice { return nzsc.Unknown }

// kindErr is a fault with a kind, as external bots report them.
type kindErr struct{ kind string }

func (e kindErr) Error() string     { return "test fault " + e.kind }
func (e kindErr) FaultKind() string { return e.kind }

// flaky plays randomly and faults at its third decision of every game
// whose seed draw is odd; closes counts Close calls.
type flaky struct {
	rng    *rand.Rand
	n      int
	fail   bool
	fault  error
	closes *atomic.Int64
}

func (f *flaky) NewGame(_ int, rng *rand.Rand) {
	f.rng, f.n, f.fault = rng, 0, nil
	f.fail = rng.Uint64()%2 == 1
}

func (f *flaky) Choose(d *agents.Decision) nzsc.Choice {
	f.n++
	if f.fail && f.n == 3 {
		f.fault = errors.Join(errors.New("wrapped"), kindErr{"timeout"})
	}
	return d.Legal[f.rng.IntN(len(d.Legal))]
}

func (f *flaky) Fault() error { return f.fault }
func (f *flaky) Close() error { f.closes.Add(1); return nil }

var flakyCloses atomic.Int64

func init() {
	agents.Register(agents.Info{Name: "test-lowest", Help: "test", New: func(agents.Params) (agents.Agent, error) { return lowest{}, nil }})
	agents.Register(agents.Info{Name: "test-garbage", Help: "test", New: func(agents.Params) (agents.Agent, error) { return garbage{}, nil }})
	agents.Register(agents.Info{Name: "test-flaky", Help: "test", New: func(agents.Params) (agents.Agent, error) {
		return &flaky{closes: &flakyCloses}, nil
	}})
}

// matchConfig is a head-to-head match of pairs game pairs.
func matchConfig(t testing.TB, a, b string, seed, pairs, chunk uint64) *Config {
	return &Config{Bots: bots(t, a, b), Gauntlet: -1, HeadToHead: true, PairsPerPairing: pairs,
		Seed: seed, Rules: nzsc.DefaultRules, ChunkPairs: chunk}
}

// playMatch plays a match on workers and returns its one pairing.
func playMatch(t *testing.T, cfg *Config, workers int, chunks []uint64) matchResult {
	t.Helper()
	res, err := Play(context.Background(), cfg, Options{Workers: workers, Chunks: chunks})
	if err != nil {
		t.Fatal(err)
	}
	r := matchResult{Pairing: res.Counts.Pairings[0], counts: &res.Counts}
	if st, ok := res.Counts.Game.(*nzsc.Stats); ok {
		r.Loadouts = st.Pairing(0, 1)
	}
	return r
}

// matchResult is a match's pairing and its loadouts (two-player NZSC's
// tally of the pairing, from A's side).
type matchResult struct {
	analysis.Pairing
	Loadouts nzsc.LoadoutTally
	counts   *analysis.Tournament
}

// summary is the match's summary with its loadout lines.
func (r *matchResult) summary() analysis.MatchSummary {
	s := analysis.SummarizeMatch(&r.Pairing)
	loadouts.Match(&s, r.counts, &r.Pairing)
	return s
}

func TestMatchIdenticalForAnyWorkersAndChunkOrder(t *testing.T) {
	pairs := uint64(3000)
	if testing.Short() {
		pairs = 600
	}
	cfg := matchConfig(t, "random", "test-flaky", 0xfeed, pairs, 37)
	var first matchResult
	for i, w := range []int{1, 2, 7} {
		got := playMatch(t, cfg, w, nil)
		if i == 0 {
			first = got
			continue
		}
		if !reflect.DeepEqual(got.Pairing, first.Pairing) || got.Loadouts != first.Loadouts {
			t.Errorf("workers %d: result differs from workers 1", w)
		}
	}
	chunks := tournament.Remaining(cfg.NumChunks(), nil)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(chunks), func(i, j int) { chunks[i], chunks[j] = chunks[j], chunks[i] })
	if got := playMatch(t, cfg, 3, chunks); !reflect.DeepEqual(got, first) {
		t.Error("shuffled chunk order: result differs")
	}
	if first.Games() != int64(2*pairs) || first.Forfeits[1] == 0 {
		t.Errorf("games %d, B forfeits %d", first.Games(), first.Forfeits[1])
	}
}

// TestMatchAgainstDirectReplay recomputes the counts of a small match by
// playing every game directly with agents.Table, one by one.
func TestMatchAgainstDirectReplay(t *testing.T) {
	const pairs, seed = 400, 99
	r := playMatch(t, matchConfig(t, "random", "test-lowest", seed, pairs, 16), 2, nil)
	var seat [2][3]uint64 // A's wins, draws, losses by A's seat
	var penta [5]uint64
	var cells = map[[2]nzsc.Loadout][3]uint64{}
	var turns uint64
	table := agents.NewTable()
	for p := range uint64(pairs) {
		gameSeed := tournament.PairSeed(seed, p)
		points := 0
		for seatA := range 2 {
			a, b := agents.Agent(&nzscbots.Random{}), agents.Agent(lowest{})
			if seatA == 1 {
				a, b = b, a
			}
			o := table.Play(nzsc.DefaultRules, gameSeed, a, b)
			turns += uint64(o.State.Turn)
			k := 1
			switch o.State.Result.Winner() {
			case seatA:
				k = 0
				points += 2
			case -1:
				points++
			default:
				k = 2
			}
			seat[seatA][k]++
			key := [2]nzsc.Loadout{o.State.Loadout(seatA), o.State.Loadout(1 - seatA)}
			c := cells[key]
			c[k]++
			cells[key] = c
		}
		penta[points]++
	}
	for s := range 2 {
		if got := [3]uint64{uint64(r.Seat[s].Wins), uint64(r.Seat[s].Draws), uint64(r.Seat[s].Losses)}; got != seat[s] {
			t.Errorf("seat %d: got %v, want %v", s, got, seat[s])
		}
	}
	var gotPenta [5]uint64
	for i, n := range r.Pentanomial {
		gotPenta[i] = uint64(n)
	}
	if gotPenta != penta || uint64(r.Turns) != turns || r.Games() != 2*pairs {
		t.Errorf("pentanomial %v turns %d games %d, want %v %d %d", r.Pentanomial, r.Turns, r.Games(), penta, turns, 2*pairs)
	}
	// Neither bot can be penalized, so every game reaches the move phase.
	for key, want := range cells {
		c := r.Loadouts.Loadouts[key[0].Index()][key[1].Index()]
		if got := [3]uint64{uint64(c[0]), uint64(c[1]), uint64(c[2])}; got != want {
			t.Errorf("loadouts %v: got %v, want %v", key, got, want)
		}
	}
	// test-lowest always settles on Ninja/Shadow; random meets it with
	// all 12 loadouts.
	if len(cells) < 12 {
		t.Errorf("only %d loadout pairings met; the replay is too small to test them", len(cells))
	}
}

// TestSelfPlayIsSeatSymmetric: with the same bot on both sides, the two
// games of a pair are the same game with the bots' names swapped, so A
// scores exactly one point per pair and every count is mirrored.
func TestSelfPlayIsSeatSymmetric(t *testing.T) {
	r := playMatch(t, matchConfig(t, "random", "random", 5, 2000, 0), 2, nil)
	if r.Pentanomial[0]+r.Pentanomial[1]+r.Pentanomial[3]+r.Pentanomial[4] != 0 {
		t.Errorf("pentanomial %v: self-play pairs must score exactly 1", r.Pentanomial)
	}
	if r.Seat[0] != r.Seat[1].Flip() {
		t.Errorf("seats not mirrored: %+v", r.Seat)
	}
	if n := r.Loadouts.Games(); n != r.Games() {
		t.Errorf("loadouts hold %d games of %d", n, r.Games())
	}
	for a := range nzsc.NumLoadouts {
		for b := range nzsc.NumLoadouts {
			if r.Loadouts.Loadouts[a][b] != r.Loadouts.Loadouts[b][a].Flip() {
				t.Fatalf("loadouts %d×%d not mirrored", a, b)
			}
		}
	}
	sum := r.summary()
	if len(sum.Picks[0]) == 0 || !reflect.DeepEqual(sum.Picks[0], sum.Picks[1]) {
		t.Errorf("picks differ: %v %v", sum.Picks[0], sum.Picks[1])
	}
	// Seat 0 has no advantage in NZSC (picks are simultaneous): its score
	// must be within 4 standard errors of one half.
	w := r.Seat[0]
	n := float64(w.Games())
	score := w.Score()
	if math.Abs(score-0.5) > 4*0.5/math.Sqrt(n) {
		t.Errorf("seat 0 scores %.4f over %v games", score, n)
	}
}

func TestMatchFaultAccounting(t *testing.T) {
	const pairs = 300
	// A garbage bot is penalized 4 waits at its first answer, then gives
	// its opponent a point per turn: five turns later the opponent wins,
	// still in the character phase. Six illegal choices per game.
	r := playMatch(t, matchConfig(t, "test-garbage", "random", 8, pairs, 0), 2, nil)
	games := int64(2 * pairs)
	if r.Total() != (analysis.Record{Losses: games}) || r.Turns != 6*games {
		t.Errorf("garbage: %+v, %d turns", r.Total(), r.Turns)
	}
	if r.Illegal[0] != 6*games || r.Forfeits[0] != 0 || r.Illegal[1]+r.Forfeits[1] != 0 {
		t.Errorf("garbage faults %v %v", r.Illegal, r.Forfeits)
	}
	if sum := r.summary(); sum.Picks[0]["none"] != uint64(games) || r.Loadouts.Unsettled[2] != games {
		t.Errorf("unsettled loadouts not counted: %v", sum.Picks[0])
	}

	flakyCloses.Store(0)
	r = playMatch(t, matchConfig(t, "test-flaky", "test-lowest", 8, pairs, 0), 3, nil)
	f := analysis.SummarizeMatch(&r.Pairing).Faults[0]
	if f.Forfeits == 0 || f.Kinds["timeout"] != f.Forfeits || len(f.Kinds) != 1 {
		t.Errorf("flaky faults %+v", f)
	}
	if uint64(r.Total().Losses) < f.Forfeits {
		t.Errorf("flaky lost %d games but forfeited %d", r.Total().Losses, f.Forfeits)
	}
	// agents.Parse builds and closes one instance to validate the spec;
	// then each of the 3 workers closes its own.
	if n := flakyCloses.Load(); n != 1+3 {
		t.Errorf("Close called %d times, want once per worker (3) plus Parse's", n)
	}
}

func TestMatchCancelKeepsFinishedChunks(t *testing.T) {
	cfg := matchConfig(t, "random", "test-lowest", 11, 1<<40, 64)
	ctx, cancel := context.WithCancel(context.Background())
	var done atomic.Uint64
	go func() {
		for done.Load() < 10000 { // games: 5000 pairs
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	res, err := Play(ctx, cfg, Options{Workers: 2, Progress: &done})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Interrupted || len(res.Finished) == 0 {
		t.Fatalf("interrupted %v after %d chunks", res.Interrupted, len(res.Finished))
	}
	again := playMatch(t, cfg, 2, res.Finished)
	if !reflect.DeepEqual(res.Counts.Pairings[0], again.Pairing) || uint64(again.Games()) != 2*cfg.PairsIn(res.Finished) ||
		res.Counts.Game.(*nzsc.Stats).Pairing(0, 1) != again.Loadouts {
		t.Errorf("interrupted counts differ from the finished chunks replayed (%d vs %d games)", res.Counts.Games(), again.Games())
	}
}

func TestMatchPairAllocatesNothing(t *testing.T) {
	for _, noFast := range []bool{false, true} {
		cfg := matchConfig(t, "random", "test-lowest", 3, 1<<20, 0)
		if !noFast {
			cfg = matchConfig(t, "random", "random", 3, 1<<20, 0)
		}
		cfg.NoFastPath = noFast
		w, err := newWorker(cfg, cfg.Tables(), nil)
		if err != nil {
			t.Fatal(err)
		}
		var a agg
		pair := uint64(0)
		w.PlayPair(&a, pair, 0) // allocates the per-pairing counts once
		allocs := testing.AllocsPerRun(2000, func() {
			pair++
			w.PlayPair(&a, pair, 0)
		})
		if allocs != 0 {
			t.Errorf("NoFastPath %v: a pair allocates %v times, want 0", noFast, allocs)
		}
	}
}
