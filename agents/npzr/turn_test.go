package npzr

import (
	"flag"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

var missedSpec = flag.String("missed.bot", "turn:iters=20", "the bot TestNoMissedOwnTurnWins checks (it must miss none; name another bot to count its misses)")
var missedGames = flag.Int("missed.games", 0, "games TestNoMissedOwnTurnWins plays; 0 uses 200 (20 with -short)")

// winSearch is the test's oracle: whether the seat to act can still win
// before its turn ends, by exhaustive search over every legal action
// (transpositions merged by State.Key, which only saves work). It is
// independent of the bots' turn search, which follows a subset of the
// actions.
type winSearch struct {
	me    int
	seen  map[uint64]bool
	nodes int
	limit int
	bufs  [][]np.Action
	// line is the winning line found, last action first.
	line []np.Action
}

// win reports whether the seat to act in s wins within its turn by some
// line; decided is false when more than limit positions would have to be
// expanded (then win is what the part searched found).
func (w *winSearch) win(s *np.State, limit int) (win, decided bool) {
	w.me, w.seen, w.nodes, w.limit = s.ToAct(), map[uint64]bool{}, 0, limit
	win = w.dfs(s, 0, -1)
	return win, win || w.nodes <= w.limit
}

// within reports whether the seat to act wins within depth of its own
// actions, with no limit on the positions searched.
func (w *winSearch) within(s *np.State, depth int) bool {
	w.me, w.seen, w.nodes, w.limit = s.ToAct(), map[uint64]bool{}, 0, 1<<62
	return w.dfs(s, 0, depth)
}

func (w *winSearch) dfs(s *np.State, d, maxDepth int) bool {
	if maxDepth < 0 {
		if w.seen[s.Key()] {
			return false
		}
		w.seen[s.Key()] = true
	}
	w.nodes++
	if w.nodes > w.limit || d == maxDepth {
		return false
	}
	for len(w.bufs) <= d {
		w.bufs = append(w.bufs, nil)
	}
	w.bufs[d] = s.Legal(w.bufs[d][:0])
	for _, a := range w.bufs[d] {
		x := *s
		x.Step(a)
		switch {
		case x.Over():
			if x.Winner() == w.me {
				w.line = append(w.line[:0], a)
				return true
			}
		case x.ToAct() == w.me:
			if w.dfs(&x, d+1, maxDepth) {
				w.line = append(w.line, a)
				return true
			}
		}
	}
	return false
}

// TestNoMissedOwnTurnWins plays the whole-turn bot against greedy (200
// games, the bot in seat 0 and 1 alternately) and, before each of its
// decisions, asks the oracle whether a win was reachable within its own
// turn; if it was, the bot's action must win or leave the win reachable.
// Positions the full oracle cannot decide within its limit are checked
// for wins within two of the bot's own actions, as the blunder search of
// issue 26 did.
func TestNoMissedOwnTurnWins(t *testing.T) {
	games := 200
	if testing.Short() {
		games = 20
	}
	if *missedGames > 0 {
		games = *missedGames
	}
	g, _ := np.NewGame(np.DefaultRules)
	bot, opp := newBot(t, *missedSpec), newBot(t, "greedy")
	var w winSearch
	var buf [np.MaxLegal]np.Action
	var legal []game.Action
	var o np.Observation
	chances, missed, undecided, unsure, decisions, gamesMissed := 0, 0, 0, 0, 0, 0
	for k := range uint64(games) {
		seed := 0x7e570000 + k
		seat := int(k & 1)
		missedBefore := missed
		s, _ := np.New(np.DefaultRules, seed)
		bot.NewGame(g, seat, rand.New(rng.NewWyrand(seed, 1)))
		opp.NewGame(g, 1-seat, rand.New(rng.NewWyrand(seed, 2)))
		for !s.Over() {
			legal = legal[:0]
			for _, a := range s.Legal(buf[:0]) {
				legal = append(legal, game.Action(a))
			}
			me := s.ToAct()
			s.Observe(me, &o)
			if me != seat {
				s.Step(np.Action(opp.Act(&o, legal)))
				continue
			}
			decisions++
			canWin, decided := w.win(&s, 3000)
			if !decided {
				undecided++
				canWin = w.within(&s, 2)
			}
			var winLine []string
			if canWin {
				y := s
				for i := len(w.line) - 1; i >= 0; i-- {
					var yo np.Observation
					y.Observe(me, &yo)
					winLine = append(winLine, yo.Name(w.line[i]))
					y.Step(w.line[i])
				}
			}
			a := np.Action(bot.Act(&o, legal))
			x := s
			if err := x.Apply(a); err != nil {
				t.Fatalf("seed %#x: illegal %s: %v", seed, o.Name(a), err)
			}
			if canWin {
				chances++
				kept := x.Over() && x.Winner() == me
				if !kept && !x.Over() && x.ToAct() == me {
					var decided bool
					if kept, decided = w.win(&x, 3000); !decided {
						// Counted as kept: the count of misses is a lower
						// bound, with these positions counted beside it.
						kept = true
						unsure++
					}
				}
				if !kept {
					missed++
					j, _ := o.MarshalJSON()
					t.Errorf("seed %#x step %d: a win was reachable in its turn (%q); %s played %s\n%s", seed, s.Steps(), winLine, *missedSpec, o.Name(a), j)
				}
			}
			s = x
		}
		if missed > missedBefore {
			gamesMissed++
		}
	}
	t.Logf("%s: %d games, %d decisions, %d with a win reachable in the turn, %d missed (in %d games); %d positions beyond the oracle's limit checked to two actions, %d after the bot's action beyond it (counted as kept)", *missedSpec, games, decisions, chances, missed, gamesMissed, undecided, unsure)
	if unsure > 0 {
		t.Errorf("%d positions after the bot's action were beyond the oracle's limit: misses may be undercounted", unsure)
	}
	if chances < games/4 {
		t.Errorf("only %d chances to win in %d games: the test checks too little", chances, games)
	}
}

// TestTurnFollowsItsPlan checks that the whole-turn bot plans once per
// turn, not once per decision: its plan's expected observations match
// the game's at every decision of the turn (its own turn hides nothing).
func TestTurnFollowsItsPlan(t *testing.T) {
	b := newBot(t, "turn:iters=20").(*Turn)
	plans, decisions := 0, 0
	g, _ := np.NewGame(np.DefaultRules)
	opp := newBot(t, "greedy")
	var o np.Observation
	var buf [np.MaxLegal]np.Action
	var legal []game.Action
	for k := range uint64(10) {
		s, _ := np.New(np.DefaultRules, 0x7e570000+k)
		b.NewGame(g, int(k&1), rand.New(rand.NewPCG(k, 1)))
		opp.NewGame(g, int(k&1)^1, rand.New(rand.NewPCG(k, 2)))
		for !s.Over() {
			legal = legal[:0]
			for _, a := range s.Legal(buf[:0]) {
				legal = append(legal, game.Action(a))
			}
			s.Observe(s.ToAct(), &o)
			var p agents.Player = opp
			if s.ToAct() == int(k&1) {
				p = b
				decisions++
				switch {
				case b.next >= len(b.plan):
					plans++
				case o != b.expect[b.next]:
					t.Errorf("seed %d step %d: the game is not what the plan expects", k, s.Steps())
				}
			}
			s.Step(np.Action(p.Act(&o, legal)))
		}
	}
	if plans == 0 || plans >= decisions {
		t.Errorf("%d plans for %d decisions", plans, decisions)
	}
	t.Logf("%d plans for %d decisions", plans, decisions)
}

// TestTimeBudget checks that the search bots accept a time budget and
// play legal actions under it (how many iterations fit is not
// deterministic, so only legality is checked).
func TestTimeBudget(t *testing.T) {
	for _, spec := range []string{"pimc:ms=1", "ismcts:ms=1", "turn:ms=1"} {
		bot := newBot(t, spec)
		steps := 0
		decisions(t, bot, 3, func(s *np.State, legal []game.Action, a game.Action) {
			steps++
			if !slices.Contains(legal, a) {
				t.Fatalf("%s: illegal action %x", spec, a)
			}
		})
		if steps == 0 {
			t.Errorf("%s: no decision", spec)
		}
	}
}
