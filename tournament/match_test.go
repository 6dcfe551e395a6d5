package tournament

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
	"github.com/nzsclab/nzsc/engine"
)

// Test bots, registered under names no real bot uses.

// lowest always plays its first legal choice: deterministic and weak.
type lowest struct{}

func (lowest) NewGame(int, *rand.Rand)                 {}
func (lowest) Choose(d *agents.Decision) engine.Choice { return d.Legal[0] }

// garbage answers a nonexistent choice every time.
type garbage struct{}

func (garbage) NewGame(int, *rand.Rand)               {}
func (garbage) Choose(*agents.Decision) engine.Choice { return engine.Unknown }

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

func (f *flaky) Choose(d *agents.Decision) engine.Choice {
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

func playMatch(t *testing.T, a, b string, plan Plan) Report[MatchResult] {
	t.Helper()
	m := &Match{A: mustBot(t, a), B: mustBot(t, b), Rules: engine.DefaultRules}
	rep, err := m.Play(context.Background(), plan, nil)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

func TestMatchIdenticalForAnyWorkersAndChunkOrder(t *testing.T) {
	pairs := uint64(3000)
	if testing.Short() {
		pairs = 600
	}
	base := Plan{Seed: 0xfeed, Pairs: pairs, ChunkPairs: 37}
	var first MatchResult
	for i, w := range []int{1, 2, 7} {
		p := base
		p.Workers = w
		rep := playMatch(t, "random", "test-flaky", p)
		if i == 0 {
			first = rep.Total
			continue
		}
		if !reflect.DeepEqual(rep.Total, first) {
			t.Errorf("workers %d: result differs from workers 1", w)
		}
	}
	p := base
	p.Workers = 3
	p.Chunks = Remaining(p.NumChunks(), nil)
	rand.New(rand.NewPCG(1, 2)).Shuffle(len(p.Chunks), func(i, j int) { p.Chunks[i], p.Chunks[j] = p.Chunks[j], p.Chunks[i] })
	if rep := playMatch(t, "random", "test-flaky", p); !reflect.DeepEqual(rep.Total, first) {
		t.Error("shuffled chunk order: result differs")
	}
	if first.Games != 2*pairs || first.Faults[1].Forfeits == 0 {
		t.Errorf("games %d, B forfeits %d", first.Games, first.Faults[1].Forfeits)
	}
}

// TestMatchAgainstDirectReplay recomputes the counts of a small match by
// playing every game directly with agents.Table, one by one.
func TestMatchAgainstDirectReplay(t *testing.T) {
	const pairs, seed = 400, 99
	rep := playMatch(t, "random", "test-lowest", Plan{Seed: seed, Pairs: pairs, ChunkPairs: 16, Workers: 2})
	var seat [2][3]uint64 // A's wins, draws, losses by A's seat
	var penta [5]uint64
	var cells = map[[2]engine.Loadout][3]uint64{}
	var turns uint64
	table := agents.NewTable()
	for p := range uint64(pairs) {
		gameSeed := PairSeed(seed, p)
		points := 0
		for seatA := range 2 {
			a, b := agents.Agent(&agents.Random{}), agents.Agent(lowest{})
			if seatA == 1 {
				a, b = b, a
			}
			o := table.Play(engine.DefaultRules, gameSeed, a, b)
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
			key := [2]engine.Loadout{o.State.Loadout(seatA), o.State.Loadout(1 - seatA)}
			c := cells[key]
			c[k]++
			cells[key] = c
		}
		penta[points]++
	}
	r := &rep.Total
	for s := range 2 {
		if got := [3]uint64{r.Seat[s].W, r.Seat[s].D, r.Seat[s].L}; got != seat[s] {
			t.Errorf("seat %d: got %v, want %v", s, got, seat[s])
		}
	}
	if r.Pentanomial != penta || r.Turns != turns || r.Games != 2*pairs {
		t.Errorf("pentanomial %v turns %d games %d, want %v %d %d", r.Pentanomial, r.Turns, r.Games, penta, turns, 2*pairs)
	}
	// Neither bot can be penalized, so every game reaches the move phase.
	for key, want := range cells {
		c := r.Loadouts[LoadoutSlot(key[0])][LoadoutSlot(key[1])]
		if got := [3]uint64{c.W, c.D, c.L}; got != want {
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
	rep := playMatch(t, "random", "random", Plan{Seed: 5, Pairs: 2000, Workers: 2})
	r := &rep.Total
	if r.Pentanomial[0]+r.Pentanomial[1]+r.Pentanomial[3]+r.Pentanomial[4] != 0 {
		t.Errorf("pentanomial %v: self-play pairs must score exactly 1", r.Pentanomial)
	}
	if r.Seat[0].W != r.Seat[1].L || r.Seat[0].L != r.Seat[1].W || r.Seat[0].D != r.Seat[1].D {
		t.Errorf("seats not mirrored: %+v", r.Seat)
	}
	for a := range NumLoadoutSlots {
		for b := range NumLoadoutSlots {
			if r.Loadouts[a][b].W != r.Loadouts[b][a].L {
				t.Fatalf("loadouts %d×%d not mirrored", a, b)
			}
		}
	}
	if r.Picks[0] != r.Picks[1] {
		t.Errorf("picks differ: %v %v", r.Picks[0], r.Picks[1])
	}
	// Seat 0 has no advantage in NZSC (picks are simultaneous): its score
	// must be within 4 standard errors of one half.
	w := r.Seat[0]
	n := float64(w.Games())
	score := (float64(w.W) + float64(w.D)/2) / n
	if math.Abs(score-0.5) > 4*0.5/math.Sqrt(n) {
		t.Errorf("seat 0 scores %.4f over %v games", score, n)
	}
}

func TestMatchFaultAccounting(t *testing.T) {
	const pairs = 300
	// A garbage bot is penalized 4 waits at its first answer, then gives
	// its opponent a point per turn: five turns later the opponent wins,
	// still in the character phase. Six illegal choices per game.
	rep := playMatch(t, "test-garbage", "random", Plan{Seed: 8, Pairs: pairs, Workers: 2})
	r := &rep.Total
	games := uint64(2 * pairs)
	if r.WDL() != (WDL{L: games}) || r.Turns != 6*games {
		t.Errorf("garbage: %+v, %d turns", r.WDL(), r.Turns)
	}
	if r.Faults[0].Illegal != 6*games || r.Faults[0].Forfeits != 0 || r.Faults[1].Total() != 0 {
		t.Errorf("garbage faults %+v, random %+v", r.Faults[0], r.Faults[1])
	}
	if r.Picks[0][NoLoadout] != games || r.Loadouts[NoLoadout][NoLoadout].L != games {
		t.Errorf("unsettled loadouts not counted: %v", r.Picks[0])
	}

	flakyCloses.Store(0)
	rep = playMatch(t, "test-flaky", "test-lowest", Plan{Seed: 8, Pairs: pairs, Workers: 3})
	r = &rep.Total
	f := r.Faults[0]
	if f.Forfeits == 0 || f.Kinds["timeout"] != f.Forfeits || len(f.Kinds) != 1 {
		t.Errorf("flaky faults %+v", f)
	}
	if r.WDL().L < f.Forfeits {
		t.Errorf("flaky lost %d games but forfeited %d", r.WDL().L, f.Forfeits)
	}
	// agents.Parse builds and closes one instance to validate the spec;
	// then each of the 3 workers closes its own.
	if n := flakyCloses.Load(); n != 1+3 {
		t.Errorf("Close called %d times, want once per worker (3) plus Parse's", n)
	}
	if got := FaultKind(errors.New("plain")); got != "other" {
		t.Errorf("FaultKind(plain) = %q", got)
	}
}

func TestLoadoutSlots(t *testing.T) {
	for i, l := range engine.Loadouts() {
		if LoadoutSlot(l) != i || LoadoutSlotName(i) != l.String() {
			t.Errorf("case %d: %v has slot %d, name %q", i, l, LoadoutSlot(l), LoadoutSlotName(i))
		}
	}
	for i, l := range []engine.Loadout{{Character: engine.NoCharacter, Booster: engine.NoBooster}, {Character: engine.Ninja, Booster: engine.Strong}} {
		if LoadoutSlot(l) != NoLoadout {
			t.Errorf("case %d: %v has slot %d, want NoLoadout", i, l, LoadoutSlot(l))
		}
	}
}

func TestMatchCancelKeepsFinishedChunks(t *testing.T) {
	plan := Plan{Seed: 11, Pairs: 1 << 40, ChunkPairs: 64, Workers: 2}
	ctx, cancel := context.WithCancel(context.Background())
	m := &Match{A: mustBot(t, "random"), B: mustBot(t, "test-lowest"), Rules: engine.DefaultRules}
	counter := NewCounter(plan.Workers)
	go func() {
		for counter.Done() < 5000 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	rep, err := m.Play(ctx, plan, counter)
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Interrupted || len(rep.Finished) == 0 {
		t.Fatalf("interrupted %v after %d chunks", rep.Interrupted, len(rep.Finished))
	}
	replay := plan
	replay.Chunks = rep.Finished
	again, err := m.Play(context.Background(), replay, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(rep.Total, again.Total) || rep.Total.Games != 2*rep.Pairs {
		t.Errorf("interrupted counts differ from the finished chunks replayed (%d vs %d games)", rep.Total.Games, again.Total.Games)
	}
}

func TestMatchPairAllocatesNothing(t *testing.T) {
	for _, noFast := range []bool{false, true} {
		m := &Match{A: mustBot(t, "random"), B: mustBot(t, "test-lowest"), Rules: engine.DefaultRules, NoFastPath: noFast}
		if !noFast {
			m.B = mustBot(t, "random")
		}
		w, err := m.NewWorker(0)
		if err != nil {
			t.Fatal(err)
		}
		var r MatchResult
		pair := uint64(0)
		allocs := testing.AllocsPerRun(2000, func() {
			w.PlayPair(&r, pair, PairSeed(3, pair))
			pair++
		})
		if allocs != 0 {
			t.Errorf("NoFastPath %v: a pair allocates %v times, want 0", noFast, allocs)
		}
	}
}
