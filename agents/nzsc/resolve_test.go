package nzsc

import (
	"context"
	"math/rand/v2"
	"os"
	"slices"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis/solve"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// smallRules is a variant whose whole game resolve solves in about a
// second (points=3, move_streak=2, character_streak=2): the default
// game takes it about 5 s of CPU.
var smallRules = nz.Rules{TurnCap: 1000, Points: 3, MoveStreak: 2, CharacterStreak: 2}

// mixPolicy is a bot's stated strategy as the exact best response reads
// it (what nzsc exploit does for a Mixer).
func mixPolicy(a agents.Agent) solve.BotPolicy {
	var buf [nz.MaxChoices]nz.Choice
	m := a.(Mixer)
	return func(st *nz.State, seat int, probs []float64) {
		n := st.Legal(seat, &buf)
		m.Mix(&agents.Decision{Seat: seat, State: st, Legal: buf[:n]}, probs)
	}
}

// TestResolveUnexploitable: on a small variant, the exact best response
// to resolve's stated strategy in either seat wins nothing (the game is
// symmetric: its value is 0), while a bot that draws a character at
// random, as resolve would with its phases mixed up, is punished.
func TestResolveUnexploitable(t *testing.T) {
	ctx := context.Background()
	// One bot for both seats and every call (one worker: one goroutine
	// at a time), so that it solves the variant once.
	bot := mustNew(t, "resolve")
	for seat := range 2 {
		x, err := solve.BestResponseRules(ctx, smallRules, seat, 1, func() (solve.BotPolicy, error) { return mixPolicy(bot), nil }, nil)
		if err != nil {
			t.Fatal(err)
		}
		// The plain solve's certificates are within 1e-5 (solve.SolvePairingInto).
		if x.Value > 1e-5 {
			t.Errorf("seat %d: the best response to resolve wins %.3g, want 0", seat, x.Value)
		}
		if x.States == 0 {
			t.Errorf("seat %d: no move-phase state asked", seat)
		}
	}
	// The oracle can fail: random concedes far more.
	x, err := solve.BestResponseRules(ctx, smallRules, 0, 1, func() (solve.BotPolicy, error) { return mixPolicy(&uniformMixer{}), nil }, nil)
	if err != nil {
		t.Fatal(err)
	}
	if x.Value < 0.5 {
		t.Errorf("the best response to uniform play wins only %.3f", x.Value)
	}
}

// uniformMixer states the uniform strategy.
type uniformMixer struct{ Random }

func (uniformMixer) Mix(d *agents.Decision, probs []float64) {
	for i := range probs {
		probs[i] = 1 / float64(len(probs))
	}
}

// TestResolveDeterministicAndCaches: resolve plays only legal choices,
// the same games from the same seeds, and the same games whether it
// forgets its solves at each game (cache=game) or keeps them
// (cache=bot): its strategy is a function of the state.
func TestResolveDeterministicAndCaches(t *testing.T) {
	// Under cache=game every game solves the variant again (a second
	// each): few games.
	games := 4
	if testing.Short() {
		games = 2
	}
	var logs [][]nz.Turn
	for _, spec := range []string{"resolve", "resolve", "resolve:cache=bot"} {
		a := &legalChecker{Agent: mustNew(t, spec)}
		b := mustNew(t, "random")
		tab := agents.NewTable()
		var log []nz.Turn
		for g := range games {
			x, y := agents.Agent(a), b
			if g%2 == 1 {
				x, y = y, x
			}
			out := tab.Play(smallRules, uint64(g), x, y)
			if out.State.Phase != nz.GameOver || out.Forfeit >= 0 {
				t.Fatalf("%s game %d: not over or forfeited (%v)", spec, g, out.Fault)
			}
			log = append(log, tab.History...)
		}
		if a.bad != "" {
			t.Fatalf("%s: %s", spec, a.bad)
		}
		logs = append(logs, log)
	}
	if !slices.Equal(logs[0], logs[1]) {
		t.Error("two runs of resolve from the same seeds differ")
	}
	if !slices.Equal(logs[0], logs[2]) {
		t.Error("resolve:cache=bot plays other games than resolve from the same seeds")
	}
}

// TestResolveStops: with its context done, resolve answers the first
// decision of a game (which solves the whole game) at once and legally, keeps nothing of the solve it cut, and solves properly once
// given a live context.
func TestResolveStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	a := mustNew(t, "resolve:cache=bot").(*Resolve)
	a.SetContext(ctx)
	a.NewGame(0, rand.New(rand.NewPCG(1, 1)))
	st := nz.NewGame(smallRules)
	var buf [nz.MaxChoices]nz.Choice
	n := st.Legal(0, &buf)
	d := &agents.Decision{Seat: 0, State: &st, Legal: buf[:n]}
	chooseLegalSoon(t, a, d, "a stopped resolve still solves after 60 s")
	if a.sol != nil && a.sol.HasCharacters() {
		t.Fatal("the cut solve was kept as solved")
	}
	a.SetContext(context.Background())
	got := make([]float64, n)
	a.Mix(d, got)
	want := make([]float64, n)
	mustNew(t, "resolve").(Mixer).Mix(d, want)
	if !slices.Equal(got, want) {
		t.Errorf("after a stop: strategy %v, a fresh bot's %v", got, want)
	}
	// Cancelled during the solve of the shared rules' whole game
	// (seconds): the decision ends soon after, legally.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	b := mustNew(t, "resolve").(*Resolve)
	b.SetContext(ctx)
	b.NewGame(0, rand.New(rand.NewPCG(1, 1)))
	full := nz.NewGame(nz.DefaultRules)
	n = full.Legal(0, &buf)
	d = &agents.Decision{Seat: 0, State: &full, Legal: buf[:n]}
	time.AfterFunc(50*time.Millisecond, cancel)
	chooseLegalSoon(t, b, d, "resolve still solves 60 s after its context was cancelled")
	if b.sol.HasCharacters() {
		t.Error("a solve cut after 50 ms was kept as solved")
	}
}

// chooseLegalSoon fails t unless a's choice at d is legal and comes
// within 60 s (else the failure says stuck): a stopped search returns.
func chooseLegalSoon(t *testing.T, a agents.Agent, d *agents.Decision, stuck string) {
	t.Helper()
	done := make(chan nz.Choice, 1)
	go func() { done <- a.Choose(d) }()
	select {
	case c := <-done:
		if !slices.Contains(d.Legal, c) {
			t.Fatalf("chose %v, not in %v", c, d.Legal)
		}
	case <-time.After(60 * time.Second):
		t.Fatal(stuck)
	}
}

// TestResolveReadsNoSolution: resolve never reads or writes the
// solution cache optimal uses: with the user cache directory empty it
// plays, and the directory stays empty.
func TestResolveReadsNoSolution(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	t.Setenv("HOME", dir)
	a, b := mustNew(t, "resolve"), mustNew(t, "random")
	out := agents.NewTable().Play(smallRules, 3, a, b)
	if out.State.Phase != nz.GameOver {
		t.Fatal("not over")
	}
	if ents, err := os.ReadDir(dir); err != nil || len(ents) != 0 {
		t.Errorf("the cache dir holds %v (%v), want nothing", ents, err)
	}
}

func TestResolveParams(t *testing.T) {
	for i, c := range []struct {
		spec string
		ok   bool
	}{
		{"resolve", true},
		{"resolve:cache=game", true},
		{"resolve:cache=bot", true},
		{"resolve:cache=process", false},
		{"resolve:iters=10", false},
	} {
		b, err := agents.Parse(c.spec)
		if err == nil {
			_, err = b.New()
		}
		if (err == nil) != c.ok {
			t.Errorf("case %d: %q: error %v, want ok=%v", i, c.spec, err, c.ok)
		}
	}
}

// TestResolveOrderFree: resolve's strategy at a state does not depend on
// what it was asked before. A pairing and its mirror image (b against a)
// are one solve, kept in one orientation; had the first asked of the two
// been solved, a bot that met b against a first would hold another
// equilibrium of a against b than one that met a against b first, and
// the exact best response (which asks pairings in its own order, on
// several workers) would answer a strategy the bot does not play.
func TestResolveOrderFree(t *testing.T) {
	ls := nz.Loadouts()
	var buf [nz.MaxChoices]nz.Choice
	for i, a := range ls {
		for j, b := range ls {
			if j <= i || a.Character == b.Character || !allowedIn(smallRules, a) || !allowedIn(smallRules, b) {
				continue
			}
			ab, ba := moveStart(smallRules, a, b), moveStart(smallRules, b, a)
			first, second := mustNew(t, "resolve").(*Resolve), mustNew(t, "resolve").(*Resolve)
			for seat := range 2 {
				n := ab.Legal(seat, &buf)
				d := &agents.Decision{Seat: seat, State: &ab, Legal: buf[:n]}
				m := ba.Legal(1-seat, &buf)
				p, q := make([]float64, n), make([]float64, n)
				first.Mix(d, p)
				second.Mix(&agents.Decision{Seat: 1 - seat, State: &ba, Legal: buf[:m]}, make([]float64, m))
				n = ab.Legal(seat, &buf)
				second.Mix(&agents.Decision{Seat: seat, State: &ab, Legal: buf[:n]}, q)
				if !slices.Equal(p, q) {
					t.Errorf("%v against %v, seat %d: %v asked first, %v after its mirror image", a, b, seat, p, q)
				}
			}
		}
	}
}

// allowedIn reports whether rules r allow loadout l.
func allowedIn(r nz.Rules, l nz.Loadout) bool {
	return !(r.BoosterRequired && l.Booster == nz.NoBooster)
}

// moveStart returns the first move-phase state of a against b under r.
func moveStart(r nz.Rules, a, b nz.Loadout) nz.State {
	st := nz.NewGame(r)
	st.Step(nz.Choice(a.Character), nz.Choice(b.Character))
	st.Step(nz.Choice(a.Booster), nz.Choice(b.Booster))
	return st
}
