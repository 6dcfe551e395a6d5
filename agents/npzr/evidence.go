package npzr

import (
	"math/bits"

	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

// This file is what the whole-turn bot reads from the opponent's public
// turns about its hidden hand.
//
// The model: under the greedy rules a player completes a stack for a
// character it lacks whenever its hand can, so a turn in which the
// opponent scored no new character while one of its stacks showed two
// tops of a character it lacked says that its hand at the start of that
// turn (after its draw) held none of the kinds completing it; a hand that
// did hold one has likelihood eps (one factor eps per such turn).
//
// What an earlier turn says about the hand now: the hand persists between
// turns apart from the cards played (public: they reach the table) and
// the cards drawn (one at the start of each of its turns; hidden). So the
// hand at the start of turn t is the hand now, plus every card it played
// from turn t on, minus the cards it drew after turn t, and which of the
// cards were the drawn ones is unknown. A deal fixes the hand now; going
// back one turn, each card of the hand at the start of the newer turn is
// equally likely to be the one drawn then (the deck is shuffled uniformly,
// so every order of arrival consistent with the plays is equally likely,
// and removing a uniform card at each step back gives exactly that
// uniform order: every card held at a step back could have been the one
// drawn, whichever was removed later). likelihood walks back through the
// opponent's turns once, removing a random card per draw, and returns
// eps to the number of turns it finds a completer in: a random number
// whose mean over the walks is the likelihood of the deal. Accepting a
// deal with that probability accepts it with probability equal to its
// likelihood (the pseudo-marginal argument), so the deals drawn follow
// the model's posterior exactly; a walk costs one pass over the turns
// kept, with no allocation. The last turn alone needs no walk (nothing
// was drawn since), which is what evidence=last reads.

// histLen is how many of the opponent's turns are kept: older ones are
// dropped (a hand of about six cards with a draw a turn is mostly
// renewed well within it).
const histLen = 32

// oppTurn is what one turn of the opponent showed.
type oppTurn struct {
	// completers are the kinds that would have completed one of its
	// stacks for a character it lacked at the start of the turn, when it
	// scored no new character in it (else 0: no evidence).
	completers uint32
	// played counts by kind the cards it put on the table (playedKinds
	// the kinds with a count), after its hand size once the turn ended.
	played      [np.NumKinds]uint8
	playedKinds uint32
	after       int
}

// evidence is the opponent's turns read so far, contiguous: a turn that
// cannot be read (a reshuffle at the observer's draw, a turn of its own
// skipped) empties it, since the hand's history is then broken.
type evidence struct {
	// all reads every turn kept; otherwise only the last.
	all   bool
	opp   int
	turns [histLen]oppTurn
	// n turns are kept, the newest at turns[last]; lastTurns is the
	// observation's Turns when it was read.
	n, last, lastTurns int
}

// reset forgets every turn read.
func (e *evidence) reset() { e.n = 0 }

// read adds the turn the opponent played between b's last turn's end and
// o.
func (e *evidence) read(b *Turn, o *np.Observation) {
	end := &b.end
	if !b.endOK || o.Turns != end.Turns+1 || o.Reshuffles != end.Reshuffles {
		e.reset()
		return
	}
	b.endOK = false
	if e.n > 0 && end.Turns != e.lastTurns+1 {
		e.reset()
	}
	opp := 1 - o.Seat()
	var t oppTurn
	var before, after [np.NumKinds]int
	for _, c := range end.Table[:end.NTable] {
		before[c.Kind]++
	}
	for _, c := range o.Table[:o.NTable] {
		after[c.Kind]++
	}
	for k := range np.NumKinds {
		p := after[k] + int(o.Scored[k]) - before[k] - int(end.Scored[k])
		if p < 0 {
			e.reset()
			return
		}
		if p > 0 {
			t.played[k], t.playedKinds = uint8(p), t.playedKinds|1<<k
		}
	}
	t.after = o.OppHand
	t.completers = completers(end, opp)
	for c := range np.NumCharacters {
		if o.Scores[opp][c] > 0 && end.Scores[opp][c] == 0 {
			t.completers = 0 // it completed for a new character: no sign of what it lacked
		}
	}
	e.opp, e.lastTurns = opp, o.Turns
	e.last = (e.last + 1) % histLen
	e.turns[e.last] = t
	e.n = min(e.n+1, histLen)
}

// completers returns the kinds that would complete one of opp's stacks in
// o for a character opp lacks.
func completers(o *np.Observation, opp int) uint32 {
	var ks uint32
	for i := range o.Stacks {
		if int(o.Owner[i]) != opp {
			continue
		}
		var count [np.NumCharacters]int
		for _, t := range o.Top[i] {
			if t.Kind != np.NoCard {
				count[t.As.Character()]++
			}
		}
		for c, n := range count {
			if n != 2 || o.Scores[opp][c] > 0 {
				continue
			}
			for p := range np.Part(np.NumParts) {
				if t := o.Top[i][p]; t.Kind == np.NoCard || t.As.Character() != np.Character(c) {
					need := np.RegularKind(np.Character(c), p)
					for k := range np.Kind(np.NumKinds) {
						if k.Nominations()>>need&1 == 1 {
							ks |= 1 << k
						}
					}
				}
			}
		}
	}
	return ks
}

// likelihood returns eps to the number of the opponent's turns read in
// which its hand (as d deals it now, walked back with r choosing the
// cards drawn) held a completer: an estimate whose mean is the deal's
// likelihood (exact with evidence=last, which draws nothing from r).
func (e *evidence) likelihood(d *np.State, eps float64, r *rng.Wyrand) float64 {
	if e.n == 0 {
		return 1
	}
	return e.handLikelihood(d.Hand(e.opp), eps, r)
}

// handLikelihood is likelihood for the opponent's hand h.
func (e *evidence) handLikelihood(h [np.NumKinds]uint8, eps float64, r *rng.Wyrand) float64 {
	var m [np.NumKinds]int
	size := 0
	for k, c := range h {
		m[k] = int(c)
		size += int(c)
	}
	w := 1.0
	for i := range e.n {
		t := &e.turns[(e.last-i+histLen)%histLen]
		if i > 0 {
			if size < t.after {
				break // not the hand this turn left: read no further
			}
			// Back past the newer turn's draw: the card drawn is any of
			// the hand's, equally likely.
			for size > t.after {
				x := int(r.Uint64() % uint64(size))
				k := 0
				for x >= m[k] {
					x -= m[k]
					k++
				}
				m[k]--
				size--
			}
		}
		for ks := t.playedKinds; ks != 0; ks &= ks - 1 {
			k := bits.TrailingZeros32(ks)
			m[k] += int(t.played[k])
			size += int(t.played[k])
		}
		for ks := t.completers; ks != 0; ks &= ks - 1 {
			if m[bits.TrailingZeros32(ks)] > 0 {
				w *= eps
				break
			}
		}
		if !e.all {
			break
		}
	}
	return w
}
