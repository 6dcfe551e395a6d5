package agents_test

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// timedAgent wraps an Agent and records the CPU time of each of its
// decisions with more than one legal choice (threadCPU), by phase.
type timedAgent struct {
	agents.Agent
	t   *testing.T
	cpu [3][]time.Duration // character, booster, move
}

func (a *timedAgent) Choose(d *agents.Decision) nzsc.Choice {
	if len(d.Legal) == 1 {
		return a.Agent.Choose(d)
	}
	start := threadCPU(a.t)
	c := a.Agent.Choose(d)
	ph := 2
	switch d.State.Phase {
	case nzsc.PickCharacter:
		ph = 0
	case nzsc.PickBooster:
		ph = 1
	}
	a.cpu[ph] = append(a.cpu[ph], threadCPU(a.t)-start)
	return c
}

// TestResolveCost measures resolve's CPU time per decision (RUSAGE_THREAD
// of the game's thread, as TestCostPerDecision) under each cache, in
// seat-alternated games against random under the shared rules: the mean
// and the largest, over all decisions and by phase. A measurement, not a
// check: it runs only with NZSC_COST=1 (NZSC_COST=1 go test -run
// TestResolveCost -v ./agents/; NZSC_COST_GAMES sets the games, 6 by
// default).
func TestResolveCost(t *testing.T) {
	if os.Getenv("NZSC_COST") == "" {
		t.Skip("a measurement: set NZSC_COST=1")
	}
	games := 6
	if n, err := fmt.Sscan(os.Getenv("NZSC_COST_GAMES"), &games); n != 1 || err != nil {
		games = 6
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, spec := range []string{"resolve", "resolve:cache=bot"} {
		b, err := agents.Parse(spec)
		if err != nil {
			t.Fatal(err)
		}
		bot, err := b.New()
		if err != nil {
			t.Fatal(err)
		}
		me := &timedAgent{Agent: bot, t: t}
		tab := agents.NewTable()
		for g := range games {
			if g%2 == 0 {
				tab.Play(nzsc.DefaultRules, uint64(g), me, &nzscbots.Random{})
			} else {
				tab.Play(nzsc.DefaultRules, uint64(g), &nzscbots.Random{}, me)
			}
		}
		var all []time.Duration
		line := ""
		for ph, name := range []string{"character", "booster", "move"} {
			all = append(all, me.cpu[ph]...)
			line += "; " + name + ": " + costSummary(me.cpu[ph])
		}
		t.Logf("%s, %d games: %s%s", spec, games, costSummary(all), line)
	}
}

// costSummary is "N decisions, mean M ms, max X ms".
func costSummary(ds []time.Duration) string {
	if len(ds) == 0 {
		return "no decisions"
	}
	sum := time.Duration(0)
	for _, d := range ds {
		sum += d
	}
	return fmt.Sprintf("%d decisions, mean %.3g ms, max %.3g ms", len(ds), float64(sum)/float64(len(ds))/1e6, float64(slices.Max(ds))/1e6)
}
