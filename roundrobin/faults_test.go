package roundrobin

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Two misbehaving bots whose faults are known in advance, whatever the
// worker or chunk a game lands on: "test-timeout" forfeits every game at
// its first decision with a fault of kind "timeout"; "test-illegal"
// answers a nonexistent name at its first decision of every game (one
// penalized turn a game) and plays randomly after that.
func init() {
	agents.Register(agents.Info{Name: "test-timeout", Help: "test bot", New: func(agents.Params) (agents.Agent, error) { return &timeoutBot{}, nil }})
	agents.Register(agents.Info{Name: "test-illegal", Help: "test bot", New: func(agents.Params) (agents.Agent, error) { return &illegalOnceBot{}, nil }})
}

type kindError struct{ kind string }

func (k kindError) Error() string     { return k.kind }
func (k kindError) FaultKind() string { return k.kind }

type timeoutBot struct{ fault error }

func (b *timeoutBot) NewGame(int, *rand.Rand) { b.fault = nil }
func (b *timeoutBot) Choose(d *agents.Decision) nzsc.Choice {
	b.fault = kindError{"timeout"}
	return d.Legal[0]
}
func (b *timeoutBot) Fault() error { return b.fault }

// illegalOnceBot holds its Random as a field, not embedded: embedded, its
// fast path (ChooseMask) would be promoted and the table would call it
// instead of this Choose.
type illegalOnceBot struct {
	random nzscbots.Random
	asked  bool
}

func (b *illegalOnceBot) NewGame(seat int, rng *rand.Rand) {
	b.random.NewGame(seat, rng)
	b.asked = false
}
func (b *illegalOnceBot) Choose(d *agents.Decision) nzsc.Choice {
	if !b.asked {
		b.asked = true
		return nzsc.Unknown
	}
	return b.random.Choose(d)
}

// TestFaultsCounted checks that forfeits are counted by kind and illegal
// answers by bot, exactly, on any number of workers.
func TestFaultsCounted(t *testing.T) {
	for _, workers := range []int{1, 3} {
		cfg := &Config{Bots: bots(t, "random", "test-timeout", "test-illegal"), Gauntlet: -1,
			PairsPerPairing: 12, Seed: 7, Rules: nzsc.DefaultRules, ChunkPairs: 5}
		res, err := Play(context.Background(), cfg, Options{Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		s := analysis.Summarize(&res.Counts)
		games := int64(2 * 2 * cfg.PairsPerPairing) // each bot plays two pairings
		timeout := analysis.FaultKindIndex("timeout")
		for i, want := range []analysis.BotFaults{
			{},
			{Forfeits: games, Kinds: func() (k [analysis.NumFaultKinds]int64) { k[timeout] = games; return }()},
			// Against test-timeout, which forfeits at its first decision,
			// the illegal bot's first answer is still given (both seats
			// answer the first turn) and counted only if the turn is
			// played; Play stops at the forfeit before stepping.
			{Illegal: games / 2},
		} {
			if got := s.Faults[i]; got != want {
				t.Errorf("workers %d, %s: faults %+v, want %+v", workers, cfg.Bots[i].Name(), got, want)
			}
		}
		if !s.AnyFaults() {
			t.Errorf("workers %d: AnyFaults is false", workers)
		}
	}
}
