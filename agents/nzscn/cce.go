package nzscn

import (
	"fmt"
	"math/rand/v2"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
	"github.com/nzsclab/nzsc/engine/rng"
)

func init() {
	agents.Register(agents.Info{
		Name: "cce", MinSeats: minSeats, MaxSeats: maxSeats,
		Help: "each turn, its side of a coarse correlated equilibrium of the one-turn game (regret-matching self-play, each seat taking the others to err at random half the time), every joint choice valued by a greedy playout (3 or 4 players)",
		Params: []agents.Param{
			{Name: "iters", Default: "1024", Help: "regret-matching iterations of the one-turn game per decision"},
			agents.MSParam,
			{Name: "depth", Default: "60", Help: "turns a greedy playout runs before the game is scored by points"},
			{Name: "playouts", Default: "1", Help: "playouts per joint choice (their values averaged)"},
			{Name: "lambda", Default: "0.5", Help: "in the self-play, each seat takes every other seat to play uniformly at random with this probability (a model of weak opponents; 0: pure self-play)"},
			{Name: "eps", Default: "0", Help: "in playouts, the probability that a seat plays a uniformly random legal choice instead of greedy's"},
		},
		NewPlayer: func(p agents.Params) (agents.Player, error) {
			c := &CCE{}
			if err := c.ReadBudget(p); err != nil {
				return nil, err
			}
			depth, err := p.IntIn("depth", 1, 1000)
			if err != nil {
				return nil, err
			}
			playouts, err := p.IntIn("playouts", 1, 1024)
			if err != nil {
				return nil, err
			}
			e, err := p.Float("eps")
			if err != nil || e < 0 || e > 1 {
				return nil, fmt.Errorf("eps must be a number in [0,1], got %q", p["eps"])
			}
			lambda, err := p.Float("lambda")
			if err != nil || lambda < 0 || lambda > 1 {
				return nil, fmt.Errorf("lambda must be a number in [0,1], got %q", p["lambda"])
			}
			c.depth, c.playouts, c.eps, c.lambda = depth, playouts, e, lambda
			return c, nil
		},
	})
}

// CCE plays, at every decision, its marginal of a coarse correlated
// equilibrium of the one-turn game: every seat's legal choices (a stuck
// seat passes), each joint choice valued for every seat by what follows
// it, and regret-matching self-play (regret matching+, averages weighted
// by iteration, as in CFR+; Tammelin 2014) run for iters iterations from
// uniform strategies. Regret-matching self-play's average joint play
// approaches the game's coarse correlated equilibria (Hart and Mas-Colell
// 2000); the bot draws from its own seat's average strategy.
//
// In the self-play each seat takes every other seat to play its
// current strategy with probability 1−lambda and uniformly at random
// with probability lambda (default 1/2): the equilibrium of a table
// whose players err, which is what a lab's field holds. Measured at 3
// players against every other bot (1200 games, seed 21): with lambda 0
// (pure self-play) cce ranked second, 45 Plackett–Luce Elo behind
// greedy (which plays the best response to uniform opponents, one turn
// deep); with lambda 1/2 it ranked first, 109 Elo ahead of greedy
// (89 ahead since repicks mix, breakClashes; 4800 games, seed 2026).
//
// A joint choice's value for a seat is its score, the share of
// opponents it finishes ahead of (ties half), the reward mcts uses: at
// once when the turn ends the game, otherwise after a playout in which
// every seat plays greedy (first of equals, no draws) for at most depth
// turns, the game then scored by points as at the turn cap. A character
// clash, after which everyone picks again, is valued 1/2 for every seat:
// greedy playouts of repicks between greedy seats can clash forever.
//
// The strategy is a function of the state alone (playouts and
// self-play draw nothing), so the bot states it (Mixer) and its one-seat
// exploitability is exact; Act makes one draw from its rng.
type CCE struct {
	// Budget: the self-play's iterations (iters) or time (ms) per
	// decision; its Interrupt ends the valuation and the self-play.
	agents.Budget
	depth, playouts int
	eps, lambda     float64
	// play draws the playouts' random choices, seeded from the state
	// before each decision.
	play   rng.Wyrand
	rng    *rand.Rand
	greedy [nzscn.MaxPlayers]Greedy
	// Scratch of a decision.
	opts  [nzscn.MaxPlayers][nzsc.MaxChoices]nzsc.Choice
	count [nzscn.MaxPlayers]int
	u     []float64 // per joint choice, per seat
	probs [nzsc.MaxChoices]float64
}

// NewGame implements agents.Player.
func (c *CCE) NewGame(g game.Game, seat int, rng *rand.Rand) {
	c.rng = rng
}

// Act implements agents.Player.
func (c *CCE) Act(obs game.Observation, legal []game.Action) game.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	c.Mix(obs, legal, c.probs[:len(legal)])
	r := c.rng.Float64()
	for i, q := range c.probs[:len(legal)-1] {
		if r < q {
			return legal[i]
		}
		r -= q
	}
	return legal[len(legal)-1]
}

// Mix implements Mixer: the seat's average strategy of the self-play.
func (c *CCE) Mix(obs game.Observation, legal []game.Action, probs []float64) {
	var all [nzscn.MaxPlayers][nzsc.MaxChoices]float64
	if !c.mixAll(observed(obs).State, &all) {
		uniform(probs, len(legal))
		return
	}
	copy(probs, all[obs.Seat()][:])
}

// MixAll writes every seat's average strategy of the self-play at s
// into probs[seat] (one entry per legal choice in canonical order; a
// stuck seat's single pass gets 1): the self-play computes them all, so
// a tool that needs several seats' strategies (analysis/exploitn, with
// cce in every other seat) pays for one. Each row is what Mix gives
// that seat; a stop before the first iteration gives uniform rows.
func (c *CCE) MixAll(s *nzscn.State, probs *[nzscn.MaxPlayers][nzsc.MaxChoices]float64) {
	if !c.mixAll(s, probs) {
		for j := range int(s.Players) {
			uniform(probs[j][:], c.count[j])
		}
	}
}

// mixAll values every joint choice at s and runs the self-play, writing
// every seat's average strategy; false when it was stopped first.
func (c *CCE) mixAll(s *nzscn.State, probs *[nzscn.MaxPlayers][nzsc.MaxChoices]float64) bool {
	n := int(s.Players)
	c.Start()
	for i := range c.greedy {
		c.greedy[i].seat = i // the playouts' greedy seats, before any NewGame too
	}
	cells := 1
	var buf [nzsc.MaxChoices]nzsc.Choice
	for j := range n {
		k := s.Legal(j, &buf)
		if k == 0 {
			c.opts[j][0], k = 0, 1
		} else {
			copy(c.opts[j][:], buf[:k])
		}
		c.count[j] = k
		cells *= k
	}
	if cap(c.u) < cells*n {
		c.u = make([]float64, cells*n)
	}
	u := c.u[:cells*n]
	c.play.Seed(stateHash(s), 0)
	// Value every joint choice; cell index = Σ a_j · stride_j.
	var at [nzscn.MaxPlayers]int
	for cell := range cells {
		if c.Interrupted() {
			return false
		}
		var ch nzscn.Choices
		for j := range n {
			ch[j] = c.opts[j][at[j]]
		}
		t := *s
		turn := t.Step(ch)
		c.value(&t, turn.Clash(), u[cell*n:cell*n+n])
		for j := 0; j < n; j++ {
			if at[j]++; at[j] < c.count[j] {
				break
			}
			at[j] = 0
		}
	}
	selfPlay(u, n, &c.count, &c.Budget, c.lambda, probs)
	if s.Phase == nzsc.PickCharacter {
		breakClashes(s, &c.count, probs)
	}
	return true
}

// clashed reports whether seat j took part in the clash that made
// everyone pick again: its last pick, the character phase's streak
// being at least 1 (0 at the first pick), is another seat's last pick.
func clashed(s *nzscn.State, j int) bool {
	c, streak := s.CharacterStreak(j)
	if streak == 0 {
		return false
	}
	for k := range int(s.Players) {
		if d, n := s.CharacterStreak(k); k != j && n > 0 && d == c {
			return true
		}
	}
	return false
}

// repickMix is the share of uniform play mixed into a repick.
const repickMix = 0.5

// breakClashes mixes uniform play, repickMix of it, into the strategy
// of every seat picking again after a clash it took part in. Why: the strategy is a
// function of the state, so two cce seats at one table compute the same
// self-play, and where it gives both the same character they clashed
// again at every repick until the turn cap (six games of six with two
// cce seats and greedy, before): a clash is valued as an even game, so
// nothing in the values moves them apart. Randomised symmetry breaking
// ends the stall: at a repick two such seats agree again with
// probability at most about (1 - repickMix*(k-1)/k)², 0.39 with four
// legal characters, and the game goes on within a few turns.
func breakClashes(s *nzscn.State, count *[nzscn.MaxPlayers]int, probs *[nzscn.MaxPlayers][nzsc.MaxChoices]float64) {
	for j := range int(s.Players) {
		if count[j] < 2 || !clashed(s, j) {
			continue
		}
		u := repickMix / float64(count[j])
		for i := range count[j] {
			probs[j][i] = (1-repickMix)*probs[j][i] + u
		}
	}
}

// TurnWindow says within how many turns of the cap the strategy
// depends on the turn count: a playout from the state after the turn
// runs at most depth turns, cut by the cap only when the cap is at most
// depth+1 turns away. Elsewhere the strategy is a function of the
// position (analysis/exploitn merges positions reached at different
// turns outside this window).
func (c *CCE) TurnWindow() int { return c.depth + 1 }

// value writes every seat's value of the state t reached by one turn.
func (c *CCE) value(t0 *nzscn.State, clash bool, u []float64) {
	for j := range u {
		u[j] = 0
	}
	if clash {
		for j := range u {
			u[j] = 0.5
		}
		return
	}
	var buf [nzsc.MaxChoices]nzsc.Choice
	for range c.playouts {
		t := *t0
		for d := 0; d < c.depth && !t.Over(); d++ {
			var ch nzscn.Choices
			for j := range int(t.Players) {
				k := t.Legal(j, &buf)
				switch {
				case k == 0:
				case c.eps > 0 && float64(c.play.Uint64()>>11)/(1<<53) < c.eps:
					ch[j] = buf[c.play.Uint64()%uint64(k)]
				default:
					ch[j] = c.greedy[j].first(&t, buf[:k])
				}
			}
			if tr := t.Step(ch); tr.Clash() {
				break // scored by points: nobody has moved yet
			}
		}
		for j := range u {
			u[j] += shareAhead(&t, j) / float64(c.playouts)
		}
	}
}

// stateHash hashes what the rules read of s, for the playouts' seed: the
// bot's strategy is then a function of the state.
func stateHash(s *nzscn.State) uint64 {
	h := uint64(s.Phase)<<56 ^ uint64(s.Players)<<48
	mix := func(x uint64) {
		h ^= x
		h *= 0x9e3779b97f4a7c15
		h ^= h >> 29
	}
	for j := range int(s.Players) {
		m, k := s.MoveStreak(j)
		c, ck := s.CharacterStreak(j)
		mix(uint64(s.Points(j)) | uint64(s.Waits(j))<<8 | uint64(s.Character(j))<<16 | uint64(s.Booster(j))<<24 | uint64(m)<<32 | uint64(k)<<40 | uint64(c)<<48 | uint64(ck)<<56)
		mix(uint64(s.Destroyed(j)) | uint64(s.Blocked(j))<<32)
	}
	return h
}

// first is greedy's choice among legal with its ties broken by order
// (the first of equals) instead of a draw.
func (g *Greedy) first(s *nzscn.State, legal []nzsc.Choice) nzsc.Choice {
	pick := legal[0]
	best, bestConceded := -1.0, 0.0
	for _, a := range legal {
		v, conceded := g.score(s, a)
		if v > best+eps || v > best-eps && conceded < bestConceded-eps {
			best, bestConceded, pick = v, conceded, a
		}
	}
	return pick
}

// shareAhead is seat's share of opponents finished ahead of in s, ties
// half, as mcts's reward (ranked by points when s is not finished).
func shareAhead(s *nzscn.State, seat int) float64 {
	var u [agents.SMSeats]float64
	rewards(s, &u)
	return u[seat]
}

// selfPlay runs regret matching+ self-play on the game whose payoffs
// are u (cell-major, n seats; cell = Σ a_j·Π_{k<j} count[k]) and writes
// every seat's average strategy, weighted by iteration, into probs.
func selfPlay(u []float64, n int, count *[nzscn.MaxPlayers]int, b *agents.Budget, lambda float64, probs *[nzscn.MaxPlayers][nzsc.MaxChoices]float64) {
	var regret, sigma, avg [nzscn.MaxPlayers][nzsc.MaxChoices]float64
	for j := range n {
		for a := range count[j] {
			sigma[j][a] = 1 / float64(count[j])
		}
	}
	cells := len(u) / n
	// seen[k] is seat k's strategy as the others take it: its own mixed
	// with uniform play at rate lambda.
	var seen [nzscn.MaxPlayers][nzsc.MaxChoices]float64
	for it := 1; b.More(it - 1); it++ {
		for k := range n {
			for a := range count[k] {
				seen[k][a] = (1-lambda)*sigma[k][a] + lambda/float64(count[k])
			}
		}
		var q [nzscn.MaxPlayers][nzsc.MaxChoices]float64
		var at [nzscn.MaxPlayers]int
		for cell := range cells {
			for j := range n {
				w := 1.0
				for k := range n {
					if k != j {
						w *= seen[k][at[k]]
					}
				}
				q[j][at[j]] += w * u[cell*n+j]
			}
			for j := 0; j < n; j++ {
				if at[j]++; at[j] < count[j] {
					break
				}
				at[j] = 0
			}
		}
		for j := range n {
			k := count[j]
			ev := 0.0
			for a := range k {
				ev += sigma[j][a] * q[j][a]
			}
			pos := 0.0
			for a := range k {
				regret[j][a] = max(0, regret[j][a]+q[j][a]-ev)
				pos += regret[j][a]
			}
			for a := range k {
				avg[j][a] += float64(it) * sigma[j][a]
				if pos > 0 {
					sigma[j][a] = regret[j][a] / pos
				} else {
					sigma[j][a] = 1 / float64(k)
				}
			}
		}
	}
	for j := range n {
		total := 0.0
		for a := range count[j] {
			total += avg[j][a]
		}
		if total == 0 { // stopped before its first iteration
			uniform(probs[j][:], count[j])
			continue
		}
		for a := range probs[j] {
			probs[j][a] = 0
			if a < count[j] {
				probs[j][a] = avg[j][a] / total
			}
		}
	}
}
