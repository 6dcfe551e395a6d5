package agents

import (
	"context"
	"math/rand/v2"
	"unsafe"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// Table holds what Play needs between games, so that a worker playing
// millions of games allocates nothing per game: each seat's random
// source and the history buffer.
type Table struct {
	src     [2]rng.Wyrand
	rng     [2]*rand.Rand
	History []nzsc.Turn
	// The game state and the seats' decisions live here rather than on
	// Play's stack: they are handed to agents through an interface call,
	// so on the stack they would escape and be allocated every game.
	state nzsc.State
	seats [2]tableSeat
	// ctx is passed on to the bots at every game (SetContext).
	ctx context.Context
}

// tableSeat is what a turn of Play reads and writes for one seat, in one
// place, so that the loop over the seats addresses it from one pointer.
type tableSeat struct {
	agent    Agent
	picker   *nzsc.Digits // agent's Digits when it is a DigitPicker, or nil
	digits   *nzsc.Digits // picker, unless both seats' agents share it; or nil
	mask     MaskChooser  // agent's fast path, or nil
	faulter  Faulter      // or nil
	finisher Finisher     // or nil
	d        Decision
	buf      [nzsc.MaxChoices]nzsc.Choice
}

// SetContext makes Play pass ctx on to its bots that search
// (ContextSetter) at the start of every game, so that a stop ends their
// searches; the game under way is then played out at once, and the
// runner abandons it.
func (t *Table) SetContext(ctx context.Context) { t.ctx = ctx }

// NewTable returns a Table ready for Play.
func NewTable() *Table {
	t := &Table{History: make([]nzsc.Turn, 0, 64)}
	for i := range t.rng {
		t.rng[i] = rand.New(&t.src[i])
	}
	return t
}

// SeatSource returns the random source seat s gets in the game with
// seed: rng.Wyrand seeded with (seed, s), the generator
// nzsc.State.PlayRandom reads. Common random numbers follow: when two
// games share a seed with seats swapped, each bot meets the other's
// stream.
func SeatSource(seed uint64, seat int) *rng.Wyrand { return rng.NewWyrand(seed, uint64(seat)) }

// Outcome is how a game played by Play ended.
type Outcome struct {
	// State is the final state (GameOver unless a seat forfeited).
	State nzsc.State
	// Forfeit is the seat that forfeited through a Fault, or -1.
	Forfeit int
	// Fault is the forfeiting agent's failure.
	Fault error
}

// Winner returns the winning seat (the opponent of a forfeiter), or -1
// for a draw.
func (o *Outcome) Winner() int {
	if o.Forfeit >= 0 {
		return 1 - o.Forfeit
	}
	return o.State.Result.Winner()
}

// Play plays one game between a (seat 0) and b (seat 1) under rules, from
// the game seed; t.History holds its turns afterwards. A stuck player is
// not asked (it passes). An agent that reports a Fault forfeits at once.
// An agent that implements MaskChooser is asked through ChooseMask, its
// legal choices unlisted; one that implements DigitPicker is not asked:
// Table makes its picks.
func (t *Table) Play(rules nzsc.Rules, seed uint64, a, b Agent) (o Outcome) {
	t.state = nzsc.NewGame(rules)
	t.History = t.History[:0]
	o.Forfeit, o.Fault = t.play(seed, a, b)
	t.finish(&o)
	return o
}

// PlayFrom is Play from start, the state after opening (the turns that
// led to it, which t.History begins with): a run's opening forces the
// first picks and the bots play on from there.
func (t *Table) PlayFrom(start *nzsc.State, opening []nzsc.Turn, seed uint64, a, b Agent) (o Outcome) {
	t.state = *start
	t.History = append(t.History[:0], opening...)
	o.Forfeit, o.Fault = t.play(seed, a, b)
	t.finish(&o)
	return o
}

// play plays the game from t.state and t.History on (Play, PlayFrom:
// each sets them up in place, so that a game costs no copy of a state)
// and returns the forfeiting seat (or -1) and its fault, for finish.
func (t *Table) play(seed uint64, a, b Agent) (forfeit int, fault error) {
	s := t.start(seed, a, b)
	// The turn is written out for each seat rather than looped over them:
	// Go keeps no register across the bots' interface calls, and the loop
	// paid for its counter, its indexing and a seat-dependent LegalMask
	// after each one. Unrolled, a turn of random against random costs 12%
	// fewer instructions (about 372 against 424) and less CPU; the loop
	// is kept beside it in play_unroll_test.go (playLoop), which checks
	// that both play the same games and benchmarks them in one run
	// (BenchmarkPlayUnrolled).
	s0, s1 := &t.seats[0], &t.seats[1]
	for s.Phase != nzsc.GameOver {
		c0, c1 := nzsc.Unknown, nzsc.Unknown
		if m := s.LegalMask(0); m != 0 {
			if g := s0.digits; g != nil {
				if g.Spent() {
					g.Fill(t.src[0].Uint64())
				}
				c0 = nzsc.LegalAt(m, g.Next())
			} else {
				s0.d.History = t.History
				if s0.mask != nil {
					c0 = s0.mask.ChooseMask(&s0.d, m)
				} else {
					s0.d.Legal = s0.buf[:nzsc.ListLegal(m, &s0.buf)]
					c0 = s0.agent.Choose(&s0.d)
				}
				if s0.faulter != nil {
					if err := s0.faulter.Fault(); err != nil {
						return 0, err
					}
				}
			}
		}
		if m := s.LegalMask(1); m != 0 {
			if g := s1.digits; g != nil {
				if g.Spent() {
					g.Fill(t.src[1].Uint64())
				}
				c1 = nzsc.LegalAt(m, g.Next())
			} else {
				s1.d.History = t.History
				if s1.mask != nil {
					c1 = s1.mask.ChooseMask(&s1.d, m)
				} else {
					s1.d.Legal = s1.buf[:nzsc.ListLegal(m, &s1.buf)]
					c1 = s1.agent.Choose(&s1.d)
				}
				if s1.faulter != nil {
					if err := s1.faulter.Fault(); err != nil {
						return 1, err
					}
				}
			}
		}
		t.History = append(t.History, s.Step(c0, c1))
	}
	return -1, nil
}

// start seeds the seats' sources, starts the agents' game and sets up
// their seats, and returns the game's state. (A seat at a time, written
// out: a loop over the two agents built an array of them and indexed
// it, about 25 instructions a game more.)
func (t *Table) start(seed uint64, a, b Agent) *nzsc.State {
	t.startSeat(0, seed, a)
	t.startSeat(1, seed, b)
	// One agent in both seats keeps one Digits, read from the source its
	// last NewGame gave it (seat 1's): the table cannot make its picks
	// from each seat's own, so it asks the agent, which answers as it
	// always did.
	p0, p1 := t.seats[0].picker, t.seats[1].picker
	if p0 == p1 {
		p0, p1 = nil, nil
	}
	t.seats[0].digits, t.seats[1].digits = p0, p1
	return &t.state
}

// startSeat seeds seat i's source, starts agent ag's game in seat i and
// sets up the seat.
func (t *Table) startSeat(i int, seed uint64, ag Agent) {
	st := &t.seats[i&1]
	t.src[i&1].Seed(seed, uint64(i))
	ag.NewGame(i, t.rng[i&1])
	// A worker plays game after game with the same bots: their
	// optional interfaces are asserted once (three assertions a
	// seat cost about 12 instructions a turn of random play).
	if !sameAgent(st.agent, ag) {
		st.agent = ag
		st.picker = nil
		if p, ok := ag.(DigitPicker); ok {
			st.picker = p.Digits()
		}
		st.faulter, _ = ag.(Faulter)
		st.mask, _ = ag.(MaskChooser)
		st.finisher, _ = ag.(Finisher)
		// Seat and State stay for every game of this agent in this
		// seat (State is t.state); each decision only updates History
		// and Legal (list-taking agents only, so that it stays nil for
		// the others).
		st.d = Decision{Seat: i, State: &t.state}
	}
	if t.ctx != nil {
		SetContext(ag, t.ctx)
	}
}

// finish completes o, the game's Outcome with its forfeit and fault
// set, from the final state t.state, and tells the agents that
// implement Finisher. (Play and PlayFrom build the Outcome in their
// result, which finish fills in place: built by finish and returned,
// its 80 bytes were zeroed and copied three times a game.)
func (t *Table) finish(o *Outcome) {
	o.State = t.state
	if f := t.seats[0].finisher; f != nil {
		f.Finish(*o, t.History)
	}
	if f := t.seats[1].finisher; f != nil {
		f.Finish(*o, t.History)
	}
}

// sameAgent reports whether x and y are the same agent: the same
// dynamic type and the same data word. It compares the interfaces' two
// words rather than with ==, which panics for an agent of a type that is
// not comparable. Equal words are the same value (a pointer, or one boxed
// copy, which is never modified); unequal ones only cost the assertions
// again.
func sameAgent(x, y Agent) bool {
	wx, wy := (*[2]unsafe.Pointer)(unsafe.Pointer(&x)), (*[2]unsafe.Pointer)(unsafe.Pointer(&y))
	return wx[0] == wy[0] && wx[1] == wy[1] // not wx == wy, a call of memequal
}
