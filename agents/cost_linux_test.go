package agents_test

import (
	"fmt"
	"os"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
)

// threadCPU returns the CPU time (user + system) of the calling thread
// (RUSAGE_THREAD, 1 on Linux).
func threadCPU(t *testing.T) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil {
		t.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// timed wraps a Player and adds the CPU time of its searching decisions
// (more than one legal action) measured on the locked thread.
type timed struct {
	agents.Player
	t     *testing.T
	cpu   time.Duration
	calls int
}

func (p *timed) Act(obs game.Observation, legal []game.Action) game.Action {
	if len(legal) == 1 {
		return p.Player.Act(obs, legal)
	}
	start := threadCPU(p.t)
	a := p.Player.Act(obs, legal)
	p.cpu += threadCPU(p.t) - start
	p.calls++
	return a
}

// TestCostPerDecision measures each search bot's CPU time per decision at
// its defaults: the bot in seat 0 against random bots, games played until
// 300 searching decisions (more than one legal action) or 30 s of its CPU,
// the CPU time that of the thread the game runs on (RUSAGE_THREAD), so
// neither the opponents' nor the collector's other threads count. It is
// a measurement, not a check: it runs only with NZSC_COST=1 and logs
// (go test -run TestCostPerDecision -v ./agents/ with NZSC_COST=1).
func TestCostPerDecision(t *testing.T) {
	if os.Getenv("NZSC_COST") == "" {
		t.Skip("a measurement: set NZSC_COST=1")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, c := range []struct {
		game  string
		seats int
		spec  string
	}{
		{"nzsc", 2, "mcts"}, {"nzsc", 3, "mcts"}, {"nzsc", 4, "mcts"}, {"nzsc", 3, "cce"}, {"nzsc", 4, "cce"},
		{"npzr", 2, "ismcts"}, {"npzr", 2, "pimc"}, {"npzr", 2, "turn"},
	} {
		g, err := game.Build(c.game, c.seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		var bots []agents.Player
		var me *timed
		for s := range c.seats {
			spec := "random"
			if s == 0 {
				spec = c.spec
			}
			b, err := agents.ParseForSeats(c.game, c.seats, spec)
			if err != nil {
				t.Fatal(err)
			}
			p, err := b.NewPlayer()
			if err != nil {
				t.Fatal(err)
			}
			if s == 0 {
				me = &timed{Player: p, t: t}
				p = me
			}
			bots = append(bots, p)
		}
		tab := agents.NewPlayerTable()
		for seed := uint64(1); me.calls < 300 && me.cpu < 30*time.Second; seed++ {
			tab.Play(g, seed, bots)
		}
		t.Log(fmt.Sprintf("%s %d players %s: %d decisions, %.3g ms CPU a decision", c.game, c.seats, c.spec, me.calls, float64(me.cpu)/float64(me.calls)/1e6))
	}
}
