package nzscn

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"sync"

	"gonum.org/v1/gonum/mat"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis/nash"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/nzscn"
)

func init() {
	agents.Register(agents.Info{
		Name: "paranoid", MinSeats: minSeats, MaxSeats: maxSeats,
		Help:      "each phase, its side of the equilibrium of the one-shot zero-sum game of its points minus all opponents' points, the opponents as one coalition; solved by LP (3 or 4 players)",
		NewPlayer: func(agents.Params) (agents.Player, error) { return &Paranoid{}, nil },
	})
}

// Paranoid assumes the worst: its opponents are one coalition playing
// against it. In every phase it samples from its side of the Nash
// equilibrium of a one-shot zero-sum game between itself (rows: its legal
// choices) and the coalition (columns: every joint choice of the
// opponents), solved by linear programming with analysis/nash, whose
// solutions carry a certificate (the guaranteed payoffs of both strategies
// agree within nash.Tol), as for the two-player nash bot:
//
//   - Move: payoff = the points it scores in the round against every
//     opponent that is not stuck, minus every such opponent's points in
//     the round (against it and against each other). What follows the
//     round (destruction, streaks, the score) is ignored. With every
//     opponent stuck, any move is worth the same: it picks uniformly.
//   - Booster: its three boosters against the opponents' joint boosters;
//     the entry is the value of the first round's move game between the
//     full loadouts plus the headstart difference already settled.
//   - Character: its legal characters against the opponents' joint legal
//     characters; the entry is 0 when any two players clash (everyone
//     repicks) and otherwise the value of the booster game.
//
// Solutions are cached in tables shared by every instance (guarded by a
// mutex; they are computed once per distinct game), so after warming up a
// decision is a map lookup and a draw. It plays at 3 or 4 seats.
type Paranoid struct {
	rng  *rand.Rand
	seat int
}

// NewGame implements agents.Player.
func (p *Paranoid) NewGame(_ game.Game, seat int, rng *rand.Rand) { p.rng, p.seat = rng, seat }

// Act implements agents.Player.
func (p *Paranoid) Act(obs game.Observation, legal []game.Action) game.Action {
	if len(legal) == 1 {
		return legal[0]
	}
	row, _ := ParanoidStrategy(observed(obs).State, p.seat)
	if len(row) != len(legal) {
		panic("agents/nzscn: paranoid: strategy does not match the legal choices")
	}
	r := p.rng.Float64()
	for i, q := range row[:len(row)-1] {
		if r < q {
			return legal[i]
		}
		r -= q
	}
	return legal[len(legal)-1]
}

// side is one player's situation in a move game: its loadout and its
// available moves (none for a stuck player, who is left out).
type side struct {
	l     nzsc.Loadout
	avail uint32
}

// key packs a side into 10 bits: character, booster slot, and which of
// the loadout's moves are available (5 bits).
func (s side) key() uint64 {
	local := s.avail >> (7 * uint(s.l.Character))
	subset := local & 0b111
	if k := slot(s.l.Booster); k < 2 {
		subset |= (local >> (3 + 2*uint(k)) & 0b11) << 3
	}
	return (uint64(s.l.Character)*3+uint64(slot(s.l.Booster)))<<5 | uint64(subset)
}

// solution is a cached row strategy and the game's value.
type solution struct {
	row   []float64
	value float64
}

var paranoidCache = struct {
	sync.Mutex
	move, booster, character map[uint64]solution
}{move: map[uint64]solution{}, booster: map[uint64]solution{}, character: map[uint64]solution{}}

func cached(m map[uint64]solution, k uint64, solve func() solution) solution {
	c := &paranoidCache
	c.Lock()
	s, ok := m[k]
	c.Unlock()
	if ok {
		return s
	}
	s = solve() // two goroutines may solve the same game: same answer
	c.Lock()
	m[k] = s
	c.Unlock()
	return s
}

// ParanoidStrategy returns the paranoid bot's mixed strategy for seat now,
// over its legal choices in canonical order, and the value of the phase's
// game (the points difference it guarantees in expectation).
func ParanoidStrategy(s *nzscn.State, seat int) ([]float64, float64) {
	n := int(s.Players)
	switch s.Phase {
	case nzsc.PickCharacter:
		var masks []uint32
		k := uint64(s.LegalMask(seat))
		for o := range n {
			if o != seat {
				masks = append(masks, s.LegalMask(o))
				k = k<<4 | uint64(s.LegalMask(o))
			}
		}
		sol := cached(paranoidCache.character, k, func() solution { return characterGame(s.LegalMask(seat), masks) })
		return sol.row, sol.value
	case nzsc.PickBooster:
		var opps []nzsc.Character
		for o := range n {
			if o != seat {
				opps = append(opps, s.Character(o))
			}
		}
		sol := boosterGame(s.Character(seat), opps)
		return sol.row, sol.value
	}
	me := side{s.Loadout(seat), s.Available(seat)}
	var opps []side
	for o := range n {
		if o != seat && s.Available(o) != 0 {
			opps = append(opps, side{s.Loadout(o), s.Available(o)})
		}
	}
	sol := moveGame(me, opps)
	return sol.row, sol.value
}

// moveGame returns the paranoid move game's solution for me against the
// active opponents opps.
func moveGame(me side, opps []side) solution {
	slices.SortFunc(opps, func(a, b side) int { return int(a.key()) - int(b.key()) })
	k := me.key()
	for _, o := range opps {
		k = k<<10 | 1<<9 | o.key()
	}
	return cached(paranoidCache.move, k, func() solution { return solveMoves(me, opps) })
}

func solveMoves(me side, opps []side) solution {
	m := bits.OnesCount32(me.avail)
	if len(opps) == 0 {
		return solution{row: uniformRow(m)}
	}
	// Columns: the opponents' joint moves, the first opponent's move
	// varying slowest.
	var lists [][]nzsc.Move
	cols := 1
	for _, o := range opps {
		var l []nzsc.Move
		for y := o.avail; y != 0; y &= y - 1 {
			l = append(l, nzsc.Move(bits.TrailingZeros32(y)))
		}
		lists = append(lists, l)
		cols *= len(l)
	}
	a := mat.NewDense(m, cols, nil)
	strong := func(l nzsc.Loadout) bool { return l.Booster == nzsc.Strong }
	joint := make([]nzsc.Move, len(opps))
	i := 0
	for x := me.avail; x != 0; x &= x - 1 {
		mv := nzsc.Move(bits.TrailingZeros32(x))
		for j := range cols {
			r := j
			for q := len(opps) - 1; q >= 0; q-- {
				joint[q] = lists[q][r%len(lists[q])]
				r /= len(lists[q])
			}
			v := 0.0
			for q, o := range joint {
				mine, theirs := nzsc.PairPoints(mv, o, strong(me.l), strong(opps[q].l))
				v += float64(mine) - float64(theirs)
				for q2 := q + 1; q2 < len(joint); q2++ {
					x, y := nzsc.PairPoints(o, joint[q2], strong(opps[q].l), strong(opps[q2].l))
					v -= float64(x) + float64(y)
				}
			}
			a.Set(i, j, v)
		}
		i++
	}
	return solve(a)
}

// boosterGame returns the solution of the booster game of character c
// against the opponents' characters opps (order does not matter).
func boosterGame(c nzsc.Character, opps []nzsc.Character) solution {
	opps = slices.Clone(opps)
	slices.Sort(opps)
	k := uint64(c)
	for _, o := range opps {
		k = k<<3 | 4 | uint64(o)
	}
	return cached(paranoidCache.booster, k, func() solution {
		head := 0.0
		all := append([]nzsc.Character{c}, opps...)
		for i := range all {
			for j := i + 1; j < len(all); j++ {
				hi, hj := nzsc.Headstart(all[i], all[j])
				if i == 0 {
					head += float64(hi) - float64(hj)
				} else {
					head -= float64(hi) + float64(hj)
				}
			}
		}
		cols := 1
		for range opps {
			cols *= 3
		}
		a := mat.NewDense(3, cols, nil)
		for i, b := range c.Boosters() {
			me := nzsc.Loadout{Character: c, Booster: b}
			for j := range cols {
				r := j
				sides := make([]side, len(opps))
				for q := len(opps) - 1; q >= 0; q-- {
					l := nzsc.Loadout{Character: opps[q], Booster: opps[q].Boosters()[r%3]}
					sides[q] = side{l, l.Moves()}
					r /= 3
				}
				a.Set(i, j, moveGame(side{me, me.Moves()}, sides).value+head)
			}
		}
		return solve(a)
	})
}

// characterGame solves the character game between the legal characters
// mine and the opponents' legal characters masks.
func characterGame(mine uint32, masks []uint32) solution {
	var lists [][]nzsc.Character
	cols := 1
	for _, m := range masks {
		var l []nzsc.Character
		for y := m; y != 0; y &= y - 1 {
			l = append(l, nzsc.Character(bits.TrailingZeros32(y)))
		}
		lists = append(lists, l)
		cols *= len(l)
	}
	a := mat.NewDense(bits.OnesCount32(mine), cols, nil)
	joint := make([]nzsc.Character, len(masks))
	i := 0
	for x := mine; x != 0; x &= x - 1 {
		c := nzsc.Character(bits.TrailingZeros32(x))
		for j := range cols {
			r := j
			used := uint32(1) << c
			clash := false
			for q := len(masks) - 1; q >= 0; q-- {
				joint[q] = lists[q][r%len(lists[q])]
				r /= len(lists[q])
				clash = clash || used>>joint[q]&1 == 1
				used |= 1 << joint[q]
			}
			if !clash {
				a.Set(i, j, boosterGame(c, joint).value)
			}
		}
		i++
	}
	return solve(a)
}

// solve solves the game a (rows: the bot, maximizing; columns: the
// coalition) and certifies the answer on the whole of a. The coalition's
// weakly dominated columns (entrywise at least another column) are
// dropped first: joint moves repeat and dominate each other a lot (125
// columns at 4 seats often shrink to a dozen), and a row strategy that
// guarantees v against the kept columns guarantees v against a column
// that dominates one of them, so the solution of the pruned game is one of
// the whole game; nash.Check then verifies it against every column.
func solve(a *mat.Dense) solution {
	m, n := a.Dims()
	var keep []int
	for j := range n {
		dominated := false
		for k := 0; k < n && !dominated; k++ {
			if k == j {
				continue
			}
			geq, eq := true, true
			for i := range m {
				x, y := a.At(i, j), a.At(i, k)
				geq = geq && x >= y
				eq = eq && x == y
			}
			// Of equal columns keep the first; otherwise drop j when
			// another column is never worse for the coalition.
			dominated = geq && (!eq || k < j)
		}
		if !dominated {
			keep = append(keep, j)
		}
	}
	sub := mat.NewDense(m, len(keep), nil)
	for c, j := range keep {
		for i := range m {
			sub.Set(i, c, a.At(i, j))
		}
	}
	// Bland's dense simplex: on these small pruned games gonum's
	// lp.Simplex (nash.Solve's first try) took up to 300 ms a game where
	// Bland takes about 20 µs.
	s, err := nash.SolveWith(sub, nash.Bland)
	if err == nil {
		col := make([]float64, n)
		for c, j := range keep {
			col[j] = s.Col[c]
		}
		_, _, err = nash.Check(a, s.Row, col)
	}
	if err != nil {
		// The games are small with integer entries up to a constant: the
		// solver certifies them or it is broken.
		panic(fmt.Sprintf("agents/nzscn: paranoid: %v", err))
	}
	return solution{row: s.Row, value: s.Value}
}

func uniformRow(n int) []float64 {
	p := make([]float64, n)
	for i := range p {
		p[i] = 1 / float64(n)
	}
	return p
}
