package agents

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// playLoop is Table.play with the seats looped over instead of written
// out: the reference the unrolled loop must agree with, and the baseline
// of its benchmark (house style: a hand-unrolled hot loop shows its gain
// in a same-run benchmark).
func (t *Table) playLoop(seed uint64, a, b Agent) (o Outcome) {
	o.Forfeit, o.Fault = t.playLoopGame(seed, a, b)
	t.finish(&o)
	return o
}

// playLoopGame is play with the seats looped over.
func (t *Table) playLoopGame(seed uint64, a, b Agent) (int, error) {
	s := t.start(seed, a, b)
	var choice [2]nzsc.Choice
	for s.Phase != nzsc.GameOver {
		for i := range t.seats {
			st := &t.seats[i]
			m := s.LegalMask(i)
			if m == 0 {
				choice[i] = nzsc.Unknown
				continue
			}
			if g := st.digits; g != nil {
				if g.Spent() {
					g.Fill(t.src[i].Uint64())
				}
				choice[i] = nzsc.LegalAt(m, g.Next())
				continue
			}
			st.d.History = t.History
			if st.mask != nil {
				choice[i] = st.mask.ChooseMask(&st.d, m)
			} else {
				st.d.Legal = st.buf[:nzsc.ListLegal(m, &st.buf)]
				choice[i] = st.agent.Choose(&st.d)
			}
			if st.faulter != nil {
				if err := st.faulter.Fault(); err != nil {
					return i, err
				}
			}
		}
		t.History = append(t.History, s.Step(choice[0], choice[1]))
	}
	return -1, nil
}

// listOnly hides an agent's ChooseMask and Digits: the table lists its
// choices.
type listOnly struct{ Agent }

// maskOnly hides the random bot's Digits: the table asks it through
// ChooseMask.
type maskOnly struct {
	MaskChooser
	Agent
}

func asMaskOnly(a Agent) maskOnly { return maskOnly{a.(MaskChooser), a} }

// faultAt is a bot that faults at its k-th decision of every game.
type faultAt struct {
	Agent
	k, n int
}

var errFaultAt = errors.New("faultAt: planned fault")

func (f *faultAt) NewGame(seat int, rng *rand.Rand) { f.Agent.NewGame(seat, rng); f.n = 0 }
func (f *faultAt) Choose(d *Decision) nzsc.Choice   { f.n++; return f.Agent.Choose(d) }
func (f *faultAt) Fault() error {
	if f.n == f.k {
		return errFaultAt
	}
	return nil
}

// TestPlayIsPlayLoop plays the same seeded games with Table.Play (the
// seats written out) and with playLoop (the seats looped over): random on
// its digits path (DigitPicker), on its bit-set path and on its list
// path, list-taking bots, and bots that fault in either seat; outcomes
// and histories must be identical.
func TestPlayIsPlayLoop(t *testing.T) {
	spec := func(s string) Agent { return mustAgent(t, s) }
	if _, ok := randomBot().(MaskChooser); !ok {
		t.Fatal("the random bot takes no bit set: the fast path goes untested")
	}
	if _, ok := randomBot().(DigitPicker); !ok {
		t.Fatal("the random bot is no DigitPicker: the digits path goes untested")
	}
	pairs := []struct {
		name string
		a, b Agent
	}{
		{"random-random", randomBot(), randomBot()},
		{"random-masked", asMaskOnly(randomBot()), randomBot()},
		{"random-listed", randomBot(), listOnly{randomBot()}},
		{"greedy-random", spec("greedy"), randomBot()},
		{"random-nash", randomBot(), spec("nash")},
		{"fault0-random", &faultAt{Agent: randomBot(), k: 3}, randomBot()},
		{"random-fault1", randomBot(), &faultAt{Agent: listOnly{randomBot()}, k: 5}},
	}
	for _, rules := range []nzsc.Rules{nzsc.DefaultRules, {TurnCap: 30, MoveStreak: 2}} {
		for _, p := range pairs {
			unrolled, loop := NewTable(), NewTable()
			for seed := range uint64(200) {
				ou := unrolled.Play(rules, seed, p.a, p.b)
				loop.state = nzsc.NewGame(rules)
				loop.History = loop.History[:0]
				ol := loop.playLoop(seed, p.a, p.b)
				if ou.State != ol.State || ou.Forfeit != ol.Forfeit || ou.Fault != ol.Fault || !slices.Equal(unrolled.History, loop.History) {
					t.Fatalf("%s, rules %+v, seed %d: Play %+v after %v; playLoop %+v after %v",
						p.name, rules, seed, ou, unrolled.History, ol, loop.History)
				}
			}
		}
	}
}

// BenchmarkPlayUnrolled plays random against random through Table.Play
// and through playLoop, a game per operation, in one run.
func BenchmarkPlayUnrolled(b *testing.B) {
	x, y := randomBot(), randomBot()
	for _, v := range []struct {
		name string
		play func(t *Table, seed uint64) Outcome
	}{
		{"unrolled", func(t *Table, seed uint64) Outcome { return t.Play(nzsc.DefaultRules, seed, x, y) }},
		{"loop", func(t *Table, seed uint64) Outcome {
			t.state = nzsc.NewGame(nzsc.DefaultRules)
			t.History = t.History[:0]
			return t.playLoop(seed, x, y)
		}},
	} {
		b.Run(v.name, func(b *testing.B) {
			t := NewTable()
			seed := uint64(0)
			b.ReportAllocs()
			for b.Loop() {
				seed++
				v.play(t, seed)
			}
		})
	}
}
