package npzr

import (
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

func newBot(t testing.TB, spec string) agents.Player {
	t.Helper()
	b, err := agents.ParseFor("npzr", spec)
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// decisions plays a game of seed with bot in both seats through the fast
// State, calling check before each action is applied.
func decisions(t *testing.T, bot agents.Player, seed uint64, check func(s *np.State, legal []game.Action, a game.Action)) {
	t.Helper()
	g, _ := np.NewGame(np.DefaultRules)
	s, _ := np.New(np.DefaultRules, seed)
	bot.NewGame(g, 0, rand.New(rng.NewWyrand(seed, 7)))
	var buf [np.MaxLegal]np.Action
	var legal []game.Action
	var o np.Observation
	for !s.Over() {
		legal = legal[:0]
		for _, a := range s.Legal(buf[:0]) {
			legal = append(legal, game.Action(a))
		}
		s.Observe(s.ToAct(), &o)
		a := bot.Act(&o, legal)
		check(&s, legal, a)
		if err := s.Apply(np.Action(a)); err != nil {
			t.Fatalf("seed %d: %s plays %q: %v", seed, "bot", o.Name(np.Action(a)), err)
		}
	}
}

// after returns s after a.
func after(s *np.State, a game.Action) np.State {
	x := *s
	x.Step(np.Action(a))
	return x
}

// TestGreedyRules checks greedy's rules against the engine's own
// verdicts, found by playing every legal action on a copy of the state.
func TestGreedyRules(t *testing.T) {
	bot := newBot(t, "greedy")
	completions, spoils, setups := 0, 0, 0
	for seed := range uint64(60) {
		decisions(t, bot, seed, func(s *np.State, legal []game.Action, a game.Action) {
			me := s.ToAct()
			mine, theirs := s.Scored(me), s.Scored(1-me)
			next := after(s, a)
			// Rule 1–2: if some action scores a character I lack, greedy's
			// does too.
			canScore := false
			for _, b := range legal {
				x := after(s, b)
				canScore = canScore || x.Scored(me)&^mine != 0
			}
			if canScore {
				completions++
				if next.Scored(me)&^mine == 0 {
					var o np.Observation
					s.Observe(me, &o)
					for _, b := range legal {
						if x := after(s, b); x.Scored(me)&^mine != 0 {
							t.Logf("scores: %s", o.Name(np.Action(b)))
						}
					}
					j, _ := o.MarshalJSON()
					t.Fatalf("seed %d step %d: greedy could score a new character and did not: %s\n%s", seed, s.Steps(), o.Name(np.Action(a)), j)
				}
			}
			// Never hands the opponent a character it lacks when some
			// action does not.
			if next.Scored(1-me)&^theirs != 0 && next.Winner() != me {
				for _, b := range legal {
					if x := after(s, b); x.Scored(1-me)&^theirs == 0 {
						t.Fatalf("seed %d step %d: greedy gave the opponent a character", seed, s.Steps())
					}
				}
			}
			// A wild is played only to score, or from a hand of wilds.
			if na := np.Action(a); na.IsPlay() && na.Card().IsWild() && s.Phase() == np.Play {
				hand := s.Hand(me)
				regular := 0
				for k := range np.NumRegular {
					regular += int(hand[k])
				}
				// Or to set up a score: some action of the same turn
				// then scores.
				setup := false
				var buf [np.MaxLegal]np.Action
				for _, b := range next.Legal(buf[:0]) {
					if x := after(&next, game.Action(b)); next.ToAct() == me && x.Scored(me)&^mine != 0 {
						setup = true
						break
					}
				}
				if regular > 0 && next.Scored(me)&^mine == 0 && !setup {
					t.Fatalf("seed %d step %d: greedy spent a wild without scoring or setting up a score", seed, s.Steps())
				}
				if setup && next.Scored(me)&^mine == 0 {
					setups++
				}
			}
			if np.Action(a).IsPlay() && !canScore {
				// Count spoils: a placement on a stack of the opponent.
				if t := np.Action(a).Target(); t != np.NewStack && s.Owner(t) != me {
					spoils++
				}
			}
		})
	}
	if completions < 50 || spoils < 20 || setups < 3 {
		t.Errorf("only %d scoring chances, %d spoils and %d wilds played to set up a score seen", completions, spoils, setups)
	}
	t.Logf("%d scoring chances, %d spoils, %d wilds played to set up a score", completions, spoils, setups)
}

// TestBotsAreDeterministic plays every bot twice from the same sources
// and checks the same actions come out, and that every action is legal.
func TestBotsAreDeterministic(t *testing.T) {
	for _, spec := range []string{"random", "greedy", "pimc:samples=2,rollouts=1", "ismcts:iters=30", "turn:iters=30"} {
		var runs [2][]game.Action
		for i := range runs {
			bot := newBot(t, spec)
			decisions(t, bot, 11, func(s *np.State, legal []game.Action, a game.Action) {
				ok := false
				for _, b := range legal {
					ok = ok || a == b
				}
				if !ok {
					t.Fatalf("%s: illegal action %x", spec, a)
				}
				runs[i] = append(runs[i], a)
			})
		}
		if len(runs[0]) != len(runs[1]) {
			t.Fatalf("%s: %d then %d decisions", spec, len(runs[0]), len(runs[1]))
		}
		for j := range runs[0] {
			if runs[0][j] != runs[1][j] {
				t.Fatalf("%s: decision %d differs", spec, j)
			}
		}
	}
}

func TestParams(t *testing.T) {
	for _, c := range []struct {
		spec string
		ok   bool
	}{
		{"random", true}, {"greedy", true}, {"pimc", true}, {"ismcts", true},
		{"pimc:samples=3,k=2,rollouts=1,horizon=4", true}, {"ismcts:iters=10,c=0.3,k=3,horizon=2", true},
		{"pimc:samples=0", false}, {"pimc:depth=3", false}, {"ismcts:iters=x", false},
		{"ismcts:c=-1", false}, {"nash", false},
		{"turn", true}, {"turn:iters=10,k=4,horizon=3,nodes=50,eps=0.5,ms=5", true}, {"turn:eps=0", false},
		{"turn:eps=1.5", false}, {"turn:evidence=all", true}, {"turn:evidence=last", true}, {"turn:evidence=some", false}, {"turn:nodes=0", false}, {"pimc:ms=3", true}, {"ismcts:ms=-1", false}, {"ismcts:ms=x", false},
	} {
		_, err := agents.ParseFor("npzr", c.spec)
		if (err == nil) != c.ok {
			t.Errorf("%q: error %v, want ok %v", c.spec, err, c.ok)
		}
	}
}

// BenchmarkDecision times one decision of each bot on positions from
// greedy games.
func BenchmarkDecision(b *testing.B) {
	type pos struct {
		o     np.Observation
		legal []game.Action
	}
	var positions []pos
	g, _ := np.NewGame(np.DefaultRules)
	gr := newBot(b, "greedy")
	gr.NewGame(g, 0, rand.New(rand.NewPCG(1, 2)))
	var buf [np.MaxLegal]np.Action
	for seed := range uint64(4) {
		s, _ := np.New(np.DefaultRules, seed)
		for !s.Over() {
			var p pos
			for _, a := range s.Legal(buf[:0]) {
				p.legal = append(p.legal, game.Action(a))
			}
			s.Observe(s.ToAct(), &p.o)
			positions = append(positions, p)
			s.Step(np.Action(gr.Act(&p.o, p.legal)))
		}
	}
	for _, spec := range []string{"greedy", "pimc", "ismcts", "turn"} {
		b.Run(spec, func(b *testing.B) {
			b.ReportAllocs()
			bot := newBot(b, spec)
			bot.NewGame(g, 0, rand.New(rand.NewPCG(3, 4)))
			i := 0
			for b.Loop() {
				p := &positions[i%len(positions)]
				bot.NewGame(g, p.o.ToAct, rand.New(rand.NewPCG(uint64(i), 4)))
				bot.Act(&p.o, p.legal)
				i++
			}
		})
	}
}
