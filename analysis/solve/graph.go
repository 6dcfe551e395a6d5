package solve

import (
	"math/bits"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Terminal successor codes in Graph.Succ (non-negative codes are state
// indices).
const (
	// FirstWins: the first seat has won (value +1).
	FirstWins int32 = -1
	// SecondWins: the second seat has won (value -1).
	SecondWins int32 = -2
	// Drawn: the game is drawn (value 0): both players stuck with level
	// scores.
	Drawn int32 = -3
)

// TerminalValue returns the first seat's payoff of a terminal code.
func TerminalValue(code int32) float64 {
	switch code {
	case FirstWins:
		return 1
	case SecondWins:
		return -1
	}
	return 0
}

// solveTurnCap is the turn cap states are generated under: the turn
// counter is reset before every step, so the cap never ends play;
// endless play is the stochastic game's 0, not a capped draw.
const solveTurnCap = 0xFFFF

// solveRules returns r as states are generated under it (solveTurnCap).
func solveRules(r nzsc.Rules) nzsc.Rules {
	r.TurnCap = solveTurnCap
	return r
}

// Graph is the move phase of one loadout pairing as a deterministic
// simultaneous-move game graph: every reachable state in which both
// players have a legal move, its legal moves, and the successor of every
// pair of moves.
type Graph struct {
	A, B nzsc.Loadout
	// States[k] is state k (turn counter zeroed); state 0 is the start.
	States []nzsc.State
	// Moves[k] holds the first seat's legal moves in States[k] (NA[k] of
	// them), then the second seat's (NB[k]).
	NA, NB []uint8
	Moves  [][2][MaxSide]nzsc.Move
	// Off[k] is where state k's successors start in Succ: Succ[Off[k] +
	// i*NB[k] + j] is the successor when the first seat plays its i-th
	// and the second its j-th legal move, a state index or a terminal code.
	Off  []int32
	Succ []int32
	// index maps a state's key to its index.
	index keyIndex
}

// keyIndex maps state keys to indices: an open-addressing hash table
// (linear probing), which a graph fills once and never deletes from.
// Why not a map: looking every successor up was a third of building a
// graph, and the graphs are built on every solve.
type keyIndex struct {
	keys  []Key // noKey: empty slot
	vals  []int32
	n     int
	shift uint // 64 - log2(len(keys))
}

// noKey marks an empty slot: keys have 30 bits.
const noKey Key = 1<<32 - 1

func (ix *keyIndex) slot(k Key) int {
	// Fibonacci hashing: the top bits of k times 2^64/φ.
	return int(uint64(k) * 0x9E3779B97F4A7C15 >> ix.shift)
}

// get returns k's index.
func (ix *keyIndex) get(k Key) (int32, bool) {
	if ix.n == 0 {
		return 0, false
	}
	mask := len(ix.keys) - 1
	for i := ix.slot(k); ; i = (i + 1) & mask {
		switch ix.keys[i] {
		case k:
			return ix.vals[i], true
		case noKey:
			return 0, false
		}
	}
}

// put adds k with index v; k must be absent.
func (ix *keyIndex) put(k Key, v int32) {
	if 2*(ix.n+1) > len(ix.keys) {
		old, oldVals := ix.keys, ix.vals
		size := max(1024, 2*len(old))
		ix.keys, ix.vals, ix.n = make([]Key, size), make([]int32, size), 0
		ix.shift = uint(64 - bits.TrailingZeros(uint(size)))
		for i := range ix.keys {
			ix.keys[i] = noKey
		}
		for i, ok := range old {
			if ok != noKey {
				ix.put(ok, oldVals[i])
			}
		}
	}
	mask := len(ix.keys) - 1
	i := ix.slot(k)
	for ix.keys[i] != noKey {
		i = (i + 1) & mask
	}
	ix.keys[i], ix.vals[i] = k, v
	ix.n++
}

// Key packs what a move-phase state of a known pairing under known rules
// depends on into 30 bits: both scores (4 bits each, for up to 9 points
// to win), both destroyed sets relative to the player's canonical move
// list (5 bits each), and both move streaks (the last move's position in
// the move list plus one, 0 before any move: 3 bits; the streak length,
// up to 4: 3 bits). Waits are not part of it: they stay at their start
// while both players play legally.
type Key uint32

// KeyOf returns s's key. It assumes s is in the move phase.
func KeyOf(s *nzsc.State) Key {
	var k Key
	for seat := range 2 {
		l := s.Loadout(seat)
		moves := l.Moves()
		k = k<<4 | Key(s.Points(seat))
		k = k<<5 | Key(compress(s.Destroyed(seat), moves))
		last, n := s.MoveStreak(seat)
		code := Key(0)
		if n > 0 {
			code = Key(bits.OnesCount32(moves&(1<<last-1))) + 1
		}
		k = k<<3 | code
		k = k<<3 | Key(n)
	}
	return k
}

// Mirror returns the key of the same state with the seats swapped: the
// state of the pairing B against A that mirrors it (each seat's 15 bits
// depend only on that seat's loadout).
func (k Key) Mirror() Key { return k>>15 | k&(1<<15-1)<<15 }

// compress maps the bits of set that lie in moves to consecutive low
// bits, in move order.
func compress(set, moves uint32) uint32 {
	out, i := uint32(0), 0
	for m := moves; m != 0; m &= m - 1 {
		if set&(m&-m) != 0 {
			out |= 1 << i
		}
		i++
	}
	return out
}

// terminal reports whether s ends the stochastic game and its code:
// GameOver, or a stuck player (a lone stuck player passes every turn and
// loses on penalty points; both stuck: the higher score wins, level
// scores never end and count as a draw).
func terminal(s *nzsc.State) (int32, bool) {
	if s.Phase == nzsc.GameOver {
		switch s.Result {
		case nzsc.FirstWins:
			return FirstWins, true
		case nzsc.SecondWins:
			return SecondWins, true
		}
		return Drawn, true
	}
	sa, sb := s.Stuck(0), s.Stuck(1)
	switch {
	case sa && sb:
		switch pa, pb := s.Points(0), s.Points(1); {
		case pa > pb:
			return FirstWins, true
		case pa < pb:
			return SecondWins, true
		}
		return Drawn, true
	case sa:
		return SecondWins, true
	case sb:
		return FirstWins, true
	}
	return 0, false
}

// NewGraph enumerates the move phase of the pairing a (first seat)
// against b under the shared rules (NewGraphRules).
func NewGraph(a, b nzsc.Loadout) *Graph { return NewGraphRules(nzsc.DefaultRules, a, b) }

// NewGraphRules enumerates the move phase of the pairing a (first seat)
// against b under rules r from nzsc.NewRound, stepping with
// nzsc.Step.
func NewGraphRules(r nzsc.Rules, a, b nzsc.Loadout) *Graph {
	g := &Graph{A: a, B: b}
	start := nzsc.NewRound(solveRules(r), a, b)
	g.add(start)
	var buf [nzsc.MaxChoices]nzsc.Choice
	for k := 0; k < len(g.States); k++ {
		s := g.States[k]
		var mv [2][MaxSide]nzsc.Move
		na := s.Legal(0, &buf)
		for i := range na {
			mv[0][i] = nzsc.Move(buf[i])
		}
		nb := s.Legal(1, &buf)
		for j := range nb {
			mv[1][j] = nzsc.Move(buf[j])
		}
		g.NA = append(g.NA, uint8(na))
		g.NB = append(g.NB, uint8(nb))
		g.Moves = append(g.Moves, mv)
		g.Off = append(g.Off, int32(len(g.Succ)))
		for i := range na {
			for j := range nb {
				t := s
				t.Turn = 0
				t.Step(nzsc.Choice(mv[0][i]), nzsc.Choice(mv[1][j]))
				t.Turn = 0
				code, done := terminal(&t)
				if !done {
					code = g.add(t)
				}
				g.Succ = append(g.Succ, code)
			}
		}
	}
	return g
}

func (g *Graph) add(s nzsc.State) int32 {
	s.Turn = 0
	k := KeyOf(&s)
	if i, ok := g.index.get(k); ok {
		return i
	}
	i := int32(len(g.States))
	g.index.put(k, i)
	g.States = append(g.States, s)
	return i
}

// Len returns the number of non-terminal states.
func (g *Graph) Len() int { return len(g.States) }

// Row returns state k's successors: Row(k)[i*NB[k]+j].
func (g *Graph) Row(k int32) []int32 {
	return g.Succ[g.Off[k] : g.Off[k]+int32(g.NA[k])*int32(g.NB[k])]
}
