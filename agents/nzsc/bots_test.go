package nzsc

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nz "github.com/nzsclab/nzsc/engine/nzsc"
)

// builtinSpecs are the built-in bots as the cross-bot tests run them:
// every registered kind that needs no external program, search budgets
// kept small so the tests stay cheap.
func builtinSpecs(t testing.TB) []string {
	t.Helper()
	cheap := map[string][]string{
		"mcts": {"mcts:iters=40", "mcts:iters=40,select=exp3", "mcts:iters=40,select=duct"},
	}
	var specs []string
	for _, info := range agents.Registered() {
		// resolve solves the whole game at a game's first decision
		// (seconds): its own tests (resolve_test.go) check it on a small
		// rules variant.
		if info.Prefix || info.Name == "exec" || info.Name == "resolve" {
			continue
		}
		if s, ok := cheap[info.Name]; ok {
			specs = append(specs, s...)
			continue
		}
		specs = append(specs, info.Name)
	}
	for _, want := range []string{"random", "greedy", "nash", "mcts:iters=40"} {
		if !slices.Contains(specs, want) {
			t.Fatalf("built-in bot %s is not registered (have %v)", want, specs)
		}
	}
	return specs
}

func mustNew(t testing.TB, spec string) agents.Agent {
	t.Helper()
	b, err := agents.Parse(spec)
	if err != nil {
		t.Fatal(err)
	}
	a, err := b.New()
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// wildStates drives games with both seats mostly random but sometimes
// answering illegally (a penalty: waits drop, penalty points, nullified
// turns) so that the states cover low waits, repicks, destroyed moves,
// three-in-a-row blocks and stuck players, and calls visit at every state
// where a seat must choose.
func wildStates(seed uint64, games int, visit func(s *nz.State, seat int, legal []nz.Choice)) {
	r := rand.New(rand.NewPCG(seed, 99))
	var buf [2][nz.MaxChoices]nz.Choice
	for range games {
		s := nz.NewGame(nz.DefaultRules)
		illegal := r.Float64() * 0.3
		for s.Phase != nz.GameOver {
			var ch [2]nz.Choice
			for seat := range 2 {
				n := s.Legal(seat, &buf[seat])
				if n == 0 {
					ch[seat] = nz.Unknown
					continue
				}
				visit(&s, seat, buf[seat][:n])
				if r.Float64() < illegal {
					ch[seat] = nz.Choice(r.IntN(nz.NumMoves + 1))
				} else {
					ch[seat] = buf[seat][r.IntN(n)]
				}
			}
			s.Step(ch[0], ch[1])
		}
	}
}

func TestBotsLegalOnWildStates(t *testing.T) {
	games := 400
	if testing.Short() {
		games = 100
	}
	for _, spec := range builtinSpecs(t) {
		t.Run(spec, func(t *testing.T) {
			a := mustNew(t, spec)
			rng := rand.New(rand.NewPCG(1, 2))
			n := games
			if spec[:4] == "mcts" {
				n = games / 10
			}
			asked := 0
			wildStates(7, n, func(s *nz.State, seat int, legal []nz.Choice) {
				// Every decision is a fresh game for the bot, so that
				// bots with per-game state see arbitrary positions.
				a.NewGame(seat, rng)
				d := agents.Decision{Seat: seat, State: s, Legal: legal}
				c := a.Choose(&d)
				asked++
				if !slices.Contains(legal, c) {
					t.Fatalf("phase %v seat %d: chose %v, not in %v", s.Phase, seat, c, legal)
				}
			})
			if asked < n*5 {
				t.Errorf("only %d decisions in %d games", asked, n)
			}
		})
	}
}

// legalChecker wraps an agent and records any illegal answer.
type legalChecker struct {
	agents.Agent
	bad string
}

func (l *legalChecker) Choose(d *agents.Decision) nz.Choice {
	c := l.Agent.Choose(d)
	if !slices.Contains(d.Legal, c) && l.bad == "" {
		l.bad = fmt.Sprintf("phase %v: %v not in %v", d.State.Phase, c, d.Legal)
	}
	return c
}

// TestBotsLegalInPlay plays every built-in against every other (itself
// included) through agents.Table.Play and checks that no answer was illegal, so
// no game saw a penalty for a built-in bot.
func TestBotsLegalInPlay(t *testing.T) {
	specs := builtinSpecs(t)
	tab := agents.NewTable()
	for _, sa := range specs {
		for _, sb := range specs {
			a, b := &legalChecker{Agent: mustNew(t, sa)}, &legalChecker{Agent: mustNew(t, sb)}
			games := 20
			for g := range games {
				out := tab.Play(nz.DefaultRules, uint64(g), a, b)
				for _, turn := range tab.History {
					if turn.Offence(0) != nz.NoOffence && turn.Offence(0) != nz.Stuck ||
						turn.Offence(1) != nz.NoOffence && turn.Offence(1) != nz.Stuck {
						t.Fatalf("%s vs %s game %d: penalized turn %08x", sa, sb, g, uint32(turn))
					}
				}
				if out.State.Phase != nz.GameOver {
					t.Fatalf("%s vs %s game %d: not over", sa, sb, g)
				}
			}
			if a.bad != "" || b.bad != "" {
				t.Errorf("%s vs %s: %s %s", sa, sb, a.bad, b.bad)
			}
		}
	}
}

// wilsonLower is the lower end of the Wilson score interval at z for a
// score of s out of n.
func wilsonLower(s, n, z float64) float64 {
	p := s / n
	d := 1 + z*z/n
	c := p + z*z/(2*n)
	r := z * math.Sqrt(p*(1-p)/n+z*z/(4*n*n))
	return (c - r) / d
}

func TestWilsonLower(t *testing.T) {
	// Reference: 60 of 100 at z = 1.96 gives [0.5020, 0.6906].
	if got := wilsonLower(60, 100, 1.96); math.Abs(got-0.5020) > 1e-4 {
		t.Errorf("wilsonLower(60, 100) = %v, want 0.5020", got)
	}
}

// TestBeatRandom plays seat-swapped pairs against random and requires the
// 95% Wilson lower bound of the score to exceed ½.
func TestBeatRandom(t *testing.T) {
	for _, c := range []struct {
		spec  string
		pairs int
	}{
		{"greedy", 200},
		{"nash", 200},
		{"mcts:iters=300", 100},
	} {
		t.Run(c.spec, func(t *testing.T) {
			bot, rnd := mustNew(t, c.spec), mustNew(t, "random")
			tab := agents.NewTable()
			score, games := 0.0, 0
			for g := range c.pairs {
				for seat := range 2 {
					var out agents.Outcome
					if seat == 0 {
						out = tab.Play(nz.DefaultRules, uint64(g), bot, rnd)
					} else {
						out = tab.Play(nz.DefaultRules, uint64(g), rnd, bot)
					}
					switch out.Winner() {
					case seat:
						score++
					case -1:
						score += 0.5
					}
					games++
				}
			}
			lo := wilsonLower(score, float64(games), 1.96)
			t.Logf("%s vs random: score %.1f/%d = %.3f, Wilson 95%% lower bound %.3f", c.spec, score, games, score/float64(games), lo)
			if lo <= 0.5 {
				t.Errorf("%s does not beat random significantly: lower bound %.3f", c.spec, lo)
			}
		})
	}
}

func TestBotParams(t *testing.T) {
	for i, c := range []struct {
		spec string
		ok   bool
	}{
		{"mcts", true},
		{"mcts:iters=5000,c=0.2", true},
		{"mcts:select=duct,c=1.2", true},
		{"mcts:select=exp3", true},
		{"mcts:iters=0", false},
		{"mcts:iters=many", false},
		{"mcts:select=ucb", false},
		{"mcts:c=1.2", false}, // γ must be in (0,1] for rm
		{"mcts:c=-1,select=duct", false},
		{"mcts:depth=3", false},
		{"greedy:x=1", false},
		{"nash", true},
	} {
		_, err := agents.Parse(c.spec)
		if (err == nil) != c.ok {
			t.Errorf("case %d: agents.Parse(%q) error %v, want ok=%v", i, c.spec, err, c.ok)
		}
	}
}

// decisionSet collects decisions (in every phase) from random games for
// allocation tests and benchmarks.
func decisionSet(n int) []agents.Decision {
	var out []agents.Decision
	wildStates(5, n, func(s *nz.State, seat int, legal []nz.Choice) {
		c := *s
		out = append(out, agents.Decision{Seat: seat, State: &c, Legal: slices.Clone(legal)})
	})
	return out
}

func TestChooseAllocs(t *testing.T) {
	ds := decisionSet(50)
	for _, spec := range []string{"random", "greedy", "nash"} {
		a := mustNew(t, spec)
		a.NewGame(0, rand.New(rand.NewPCG(1, 1)))
		for i := range ds { // warm the nash cache
			a.Choose(&ds[i])
		}
		i := 0
		allocs := testing.AllocsPerRun(2000, func() {
			a.Choose(&ds[i%len(ds)])
			i++
		})
		if allocs != 0 {
			t.Errorf("%s: Choose allocates %v times per call", spec, allocs)
		}
	}
	// mcts reuses its node storage: once it has grown, a decision
	// allocates nothing either.
	a := mustNew(t, "mcts:iters=100")
	a.NewGame(0, rand.New(rand.NewPCG(1, 1)))
	for i := range ds {
		a.Choose(&ds[i])
	}
	i := 0
	if allocs := testing.AllocsPerRun(200, func() { a.Choose(&ds[i%len(ds)]); i++ }); allocs != 0 {
		t.Errorf("mcts: Choose allocates %v times per call after warm-up", allocs)
	}
}

func benchChoose(b *testing.B, spec string) {
	ds := decisionSet(200)
	a := mustNew(b, spec)
	a.NewGame(0, rand.New(rand.NewPCG(1, 1)))
	for i := range ds {
		a.Choose(&ds[i])
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		a.Choose(&ds[i%len(ds)])
		i++
	}
}

func BenchmarkChooseRandom(b *testing.B) { benchChoose(b, "random") }
func BenchmarkChooseGreedy(b *testing.B) { benchChoose(b, "greedy") }
func BenchmarkChooseNash(b *testing.B)   { benchChoose(b, "nash") }
func BenchmarkChooseMCTS(b *testing.B)   { benchChoose(b, "mcts") }

// FuzzBotsLegal drives games from fuzzed seeds (with fuzzed rates of
// illegal answers by the driving players, to reach penalty states) and
// asks every built-in bot at every state: each answer must be legal.
func FuzzBotsLegal(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(0xdeadbeef), uint64(7))
	specs := builtinSpecs(f)
	bots := make([]agents.Agent, len(specs))
	for i, s := range specs {
		bots[i] = mustNew(f, s)
	}
	f.Fuzz(func(t *testing.T, seed, botSeed uint64) {
		rng := rand.New(rand.NewPCG(botSeed, 0))
		wildStates(seed, 2, func(s *nz.State, seat int, legal []nz.Choice) {
			for i, a := range bots {
				a.NewGame(seat, rng)
				d := agents.Decision{Seat: seat, State: s, Legal: legal}
				if c := a.Choose(&d); !slices.Contains(legal, c) {
					t.Fatalf("%s, phase %v seat %d: chose %v, not in %v", specs[i], s.Phase, seat, c, legal)
				}
			}
		})
	})
}
