package agents_test

import (
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// newAgent builds a two-player NZSC bot from spec.
func newAgent(t *testing.T, spec string) agents.Agent {
	t.Helper()
	a := agents.MustAgent(t, spec)
	t.Cleanup(func() {
		if c, ok := a.(agents.Closer); ok {
			c.Close()
		}
	})
	return a
}

// newPlayers builds one Player per spec for gameName at len(specs) seats.
func newPlayers(t *testing.T, gameName string, specs ...string) []agents.Player {
	t.Helper()
	var out []agents.Player
	for _, s := range specs {
		b, err := agents.ParseForSeats(gameName, len(specs), s)
		if err != nil {
			t.Fatal(err)
		}
		p, err := b.NewPlayer()
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	t.Cleanup(func() { closeAll(out) })
	return out
}

// history plays a two-player NZSC game and returns its turns.
func history(tb *agents.Table, seed uint64, a, b agents.Agent) []nzsc.Turn {
	tb.Play(nzsc.DefaultRules, seed, a, b)
	return slices.Clone(tb.History)
}

// checkRate checks that replaced of n decisions is within five standard
// deviations of the binomial mean n·p (the streams are seeded, so the
// test is deterministic; five sigmas leave room for any seed choice).
func checkRate(t *testing.T, what string, n, replaced int64, p float64) {
	t.Helper()
	if n < 1000 {
		t.Fatalf("%s: only %d decisions", what, n)
	}
	mean, sd := float64(n)*p, math.Sqrt(float64(n)*p*(1-p))
	if math.Abs(float64(replaced)-mean) > 5*sd+1e-9 {
		t.Errorf("%s: %d of %d decisions replaced, want %.0f ± %.0f (p=%v)", what, replaced, n, mean, 5*sd, p)
	}
}

// TestNoiseRate: the share of decisions the noise replaces is P within a
// binomial bound, in every game and at every table size.
func TestNoiseRate(t *testing.T) {
	want := int64(20000) // decisions of the noisy bot
	if testing.Short() {
		want = 4000
	}
	decisions := func(x any) int64 {
		n, _, ok := agents.NoiseCounts(x)
		if !ok {
			t.Fatalf("%T has no noise", x)
		}
		return n
	}
	for _, p := range []string{"0.1", "0.5"} {
		pf, _ := agents.ParseNoise(p)
		// Two-player NZSC: an Agent on the Table.
		a := newAgent(t, "greedy:noise="+p)
		b := newAgent(t, "classic")
		tb := agents.NewTable()
		for seed := uint64(0); decisions(a) < want; seed++ {
			tb.Play(nzsc.DefaultRules, seed, a, b)
		}
		n, r, ok := agents.NoiseCounts(a)
		if !ok {
			t.Fatalf("greedy:noise=%s has no noise", p)
		}
		checkRate(t, "nzsc 2 players", n, r, pf)
		// Three-player NZSC and NPZR: Players on the PlayerTable.
		for _, c := range []struct {
			game  string
			specs []string
		}{
			{"nzsc", []string{"greedy:noise=" + p, "random", "classic"}},
			{"npzr", []string{"greedy:noise=" + p, "random"}},
		} {
			g, err := game.Build(c.game, len(c.specs), nil)
			if err != nil {
				t.Fatal(err)
			}
			ps := newPlayers(t, c.game, c.specs...)
			pt := agents.NewPlayerTable()
			for seed := uint64(0); decisions(ps[0]) < want; seed++ {
				pt.Play(g, seed, ps)
			}
			n, r, ok := agents.NoiseCounts(ps[0])
			if !ok {
				t.Fatalf("%s: %s has no noise", c.game, c.specs[0])
			}
			checkRate(t, c.game, n, r, pf)
		}
	}
}

// TestNoiseZero: noise=0 builds the bot itself, which plays exactly the
// games of the bot without noise.
func TestNoiseZero(t *testing.T) {
	tb := agents.NewTable()
	for _, spec := range []string{"greedy", "mcts:iters=20", "random"} {
		plain, zero := newAgent(t, spec), newAgent(t, (&agents.Bot{Spec: spec}).WithNoise("0"))
		opp := newAgent(t, "classic")
		if _, _, ok := agents.NoiseCounts(zero); ok {
			t.Errorf("%s with noise=0 is wrapped", spec)
		}
		for seed := range uint64(30) {
			h0, h1 := history(tb, seed, plain, opp), history(tb, seed, zero, opp)
			if !slices.Equal(h0, h1) {
				t.Fatalf("%s: seed %d: noise=0 plays another game", spec, seed)
			}
		}
	}
}

// chooser records, for each decision of the bot it wraps, which of the
// legal choices it played, by the number of legal choices.
type chooser struct {
	agents.Agent
	picks map[int][]int // len(Legal) -> count per index
}

func (c *chooser) Choose(d *agents.Decision) nzsc.Choice {
	ch := c.Agent.Choose(d)
	n := len(d.Legal)
	if c.picks[n] == nil {
		c.picks[n] = make([]int, n)
	}
	c.picks[n][slices.Index(d.Legal, ch)]++
	return ch
}

// TestNoiseOne: at P=1 a bot plays the random bot's distribution (each
// legal choice equally often, within a binomial bound), and what the bot
// it wraps would choose no longer matters: greedy and classic with
// noise=1 play the same games.
func TestNoiseOne(t *testing.T) {
	tb := agents.NewTable()
	g1, c1 := newAgent(t, "greedy:noise=1"), newAgent(t, "classic:noise=1")
	opp := newAgent(t, "random")
	for seed := range uint64(50) {
		if !slices.Equal(history(tb, seed, g1, opp), history(tb, seed, c1, opp)) {
			t.Fatalf("seed %d: greedy and classic with noise=1 play different games", seed)
		}
	}
	rec := &chooser{Agent: newAgent(t, "greedy:noise=1"), picks: map[int][]int{}}
	for seed := range uint64(1500) {
		tb.Play(nzsc.DefaultRules, seed, rec, opp)
	}
	for n, counts := range rec.picks {
		total := 0
		for _, c := range counts {
			total += c
		}
		if total < 500 {
			continue
		}
		p := 1 / float64(n)
		for i, c := range counts {
			mean, sd := float64(total)*p, math.Sqrt(float64(total)*p*(1-p))
			if math.Abs(float64(c)-mean) > 5*sd {
				t.Errorf("%d legal choices: choice %d played %d of %d times, want %.0f ± %.0f", n, i, c, total, mean, 5*sd)
			}
		}
	}
	if len(rec.picks) < 2 {
		t.Errorf("decisions of only %d sizes were seen", len(rec.picks))
	}
}

// TestNoiseSpecs: noise= parses in every spec form, is kept in the
// bot's name (so records and tables carry it), and is refused outside
// [0, 1].
func TestNoiseSpecs(t *testing.T) {
	for _, c := range []struct {
		spec, with, name string
		noise            float64
	}{
		{"greedy", "greedy:noise=0.1", "greedy:noise=0.1", 0.1},
		{"mcts:iters=20", "mcts:iters=20,noise=0.1", "mcts:iters=20,noise=0.1", 0.1},
		{"greedy:name=g", "greedy:name=g,noise=0.1", "g", 0.1},
	} {
		b, err := agents.Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		if b.HasNoise() {
			t.Errorf("%s: has noise", c.spec)
		}
		if got := b.WithNoise("0.1"); got != c.with {
			t.Errorf("WithNoise(%q) = %q, want %q", c.spec, got, c.with)
		}
		nb, err := agents.Parse(c.with)
		if err != nil {
			t.Fatalf("%s: %v", c.with, err)
		}
		if !nb.HasNoise() || nb.Noise != c.noise || nb.Name() != c.name {
			t.Errorf("%s: noise %v (set %v), name %q; want %v, %q", c.with, nb.Noise, nb.HasNoise(), nb.Name(), c.noise, c.name)
		}
	}
	if b, err := agents.Parse("greedy:noise=0.2,name=g"); err != nil || b.Name() != "g" {
		t.Errorf("an alias with noise: %v", err)
	} else if b2, _ := agents.Parse("greedy:name=g2,noise=0.2"); b2 == nil || !strings.Contains(b2.Spec, "noise=0.2") {
		t.Errorf("noise lost from the spec")
	}
	for _, bad := range []struct{ spec, want string }{
		{"greedy:noise=1.5", "outside [0, 1]"},
		{"greedy:noise=-0.1", "outside [0, 1]"},
		{"greedy:noise=x", "not a number"},
		{"greedy:noise=NaN", "not a number"},
		{"greedy:noise=0.1,noise=0.2", "given twice"},
		{"exec:bot;noise=2", "outside [0, 1]"},
	} {
		_, err := agents.Parse(bad.spec)
		if err == nil || !strings.Contains(err.Error(), bad.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line with %q", bad.spec, err, bad.want)
		}
	}
}

// TestNoiseExec: an external program with noise is asked every decision
// and sees the game (it plays to the end without a fault, started once),
// while the noise replaces its choices: at P=1 it plays the same games as
// any other bot with noise=1.
func TestNoiseExec(t *testing.T) {
	bin := agents.ExecTestBots(t)
	gobot := "exec:" + filepath.Join(bin, "gobot")
	b, err := agents.Parse(gobot + ";noise=1")
	if err != nil {
		t.Fatal(err)
	}
	if b.Name() != "exec:"+filepath.Join(bin, "gobot")+";noise=1" || b.Noise != 1 {
		t.Errorf("name %q, noise %v", b.Name(), b.Noise)
	}
	if err := agents.Probe(b); err != nil {
		t.Fatal(err)
	}
	if b.Peer == "" {
		t.Errorf("the probe did not reach the program (no name from its hello)")
	}
	x, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	defer x.(agents.Closer).Close()
	g1, opp := newAgent(t, "greedy:noise=1"), newAgent(t, "random")
	tb := agents.NewTable()
	for seed := range uint64(20) {
		hx := history(tb, seed, x, opp)
		if f := x.(agents.Faulter).Fault(); f != nil {
			t.Fatalf("seed %d: the program faulted: %v", seed, f)
		}
		if !slices.Equal(hx, history(tb, seed, g1, opp)) {
			t.Fatalf("seed %d: exec with noise=1 plays another game than greedy with noise=1", seed)
		}
	}
	n, r, _ := agents.NoiseCounts(x)
	if n == 0 || n != r {
		t.Errorf("%d of %d decisions replaced at noise=1", r, n)
	}
	// Any game: the program plays NPZR with noise.
	g, err := game.Build("npzr", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	ps := newPlayers(t, "npzr", "exec:"+filepath.Join(bin, "anybot")+";noise=0.5", "random")
	pt := agents.NewPlayerTable()
	for seed := range uint64(20) {
		if res := pt.Play(g, seed, ps); res.Forfeit >= 0 {
			t.Fatalf("npzr seed %d: forfeit %d: %v", seed, res.Forfeit, res.Fault)
		}
	}
	if n, r, ok := agents.NoiseCounts(ps[0]); !ok || r == 0 || r == n {
		t.Errorf("npzr: %d of %d decisions replaced at noise=0.5", r, n)
	}
}

// TestNoiseAllocs: a noisy bot plays whole games without allocating,
// as the bot without noise does.
func TestNoiseAllocs(t *testing.T) {
	a, b := newAgent(t, "greedy:noise=0.1"), newAgent(t, "random")
	tb := agents.NewTable()
	tb.Play(nzsc.DefaultRules, 0, a, b) // the noise stream's first game builds its rand.Rand
	var seed uint64
	if allocs := testing.AllocsPerRun(200, func() { seed++; tb.Play(nzsc.DefaultRules, seed, a, b) }); allocs != 0 {
		t.Errorf("a game with a noisy bot allocates %v times", allocs)
	}
}

// BenchmarkTableSpecs plays whole two-player games of bots built from
// their specs, without and with noise: "plain" is the hot path bots
// without noise keep (compare it with the same benchmark before noise
// existed), "noise" what the wrapper costs.
func BenchmarkTableSpecs(b *testing.B) {
	for _, c := range []struct{ name, spec string }{{"plain", "greedy"}, {"noise", "greedy:noise=0.1"}} {
		b.Run(c.name, func(b *testing.B) {
			bot, err := agents.Parse(c.spec)
			if err != nil {
				b.Fatal(err)
			}
			x, _ := bot.New()
			r, _ := agents.Parse("random")
			y, _ := r.New()
			tb := agents.NewTable()
			var seed uint64
			b.ReportAllocs()
			for b.Loop() {
				seed++
				tb.Play(nzsc.DefaultRules, seed, x, y)
			}
		})
	}
}
