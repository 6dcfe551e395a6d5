package cost_test

import (
	"context"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/agents/cost"
	_ "github.com/nzsclab/nzsc/agents/npzr"  // NPZR's bots
	_ "github.com/nzsclab/nzsc/agents/nzscn" // the 3-4 player bots
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// counter is a test bot: it counts the decisions it is asked with more
// than one legal action (calls) and, with nap set, sleeps at each; with
// spin set, every tenth of them works until its thread has spent spin
// of CPU.
type counter struct {
	calls int
	nap   time.Duration
	spin  time.Duration
}

func (c *counter) NewGame(game.Game, int, *rand.Rand) {}

func (c *counter) Act(_ game.Observation, legal []game.Action) game.Action {
	if len(legal) > 1 {
		c.calls++
		time.Sleep(c.nap)
		if c.spin > 0 && c.calls%10 == 0 {
			for start := cost.ThreadCPU(); cost.ThreadCPU()-start < c.spin; {
			}
		}
	}
	return legal[len(legal)-1]
}

var last *counter

func init() {
	for _, name := range []string{"count-test", "nap-test", "spin-test"} {
		agents.Register(agents.Info{Game: "npzr", Name: name, Help: "a test bot", NewPlayer: func(agents.Params) (agents.Player, error) {
			last = &counter{}
			if name == "nap-test" {
				last.nap = 2 * time.Millisecond
			}
			if name == "spin-test" {
				last.spin = spinCPU
			}
			return last, nil
		}})
	}
}

func build(t *testing.T, gameName string, seats int, spec string) (game.Game, *agents.Bot) {
	t.Helper()
	g, err := game.Build(gameName, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := agents.ParseForSeats(gameName, seats, spec)
	if err != nil {
		t.Fatal(err)
	}
	return g, b
}

// TestMeasureCounts checks what is counted: exactly the decisions asked,
// those with more than one legal action after the uncounted first game,
// and that the bound ends a measurement at the decision that crosses it.
func TestMeasureCounts(t *testing.T) {
	g, b := build(t, "npzr", 2, "count-test")
	r, err := cost.Measure(context.Background(), g, b, cost.Options{Decisions: 40, CPU: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	// The bot's calls: the first game's and the counted ones; the
	// counted games after the 40th decision are answered by the meter.
	first := last.calls - r.Decisions
	if r.Decisions != 40 || first <= 0 || r.Games < 1 {
		t.Fatalf("%d decisions in %d games (%d in the first), want 40 after a first game", r.Decisions, r.Games, first)
	}
	if r.Spec != "count-test" || r.Game != "npzr" || r.Seats != 2 || r.CPU <= 0 || r.PerDecision() != r.CPU/40 {
		t.Errorf("result %+v", r)
	}
	r, err = cost.Measure(context.Background(), g, b, cost.Options{Decisions: 40, CPU: time.Nanosecond})
	if err != nil || r.Decisions != 1 || r.Games != 1 {
		t.Errorf("a bound of 1 ns: %d decisions in %d games (%v), want the first only", r.Decisions, r.Games, err)
	}
}

// spinCPU is what spin-test's dear decisions cost.
const spinCPU = 3 * time.Millisecond

// TestMeasureMax: a bot whose every tenth decision costs 3 ms of CPU and
// the others next to nothing has its dearest decision at 3 ms or more,
// far above its mean, and no dearer than all its decisions together.
func TestMeasureMax(t *testing.T) {
	g, b := build(t, "npzr", 2, "spin-test")
	r, err := cost.Measure(context.Background(), g, b, cost.Options{Decisions: 40, CPU: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	// Each counted decision's CPU is what the bot spent less the clock's
	// tare (well under a microsecond).
	if r.Max < spinCPU-10*time.Microsecond || r.Max > r.CPU {
		t.Errorf("dearest decision %v, want at least %v and at most the total %v", r.Max, spinCPU, r.CPU)
	}
	if r.PerDecision() > r.Max/2 {
		t.Errorf("mean %v, dearest %v: want the mean far below (one decision in ten is dear)", r.PerDecision(), r.Max)
	}
}

// TestMeasureCPUNotWall: a bot that sleeps costs the thread nothing, so
// its cost is far below the time it slept.
func TestMeasureCPUNotWall(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the thread CPU clock is Linux's")
	}
	g, b := build(t, "npzr", 2, "nap-test")
	r, err := cost.Measure(context.Background(), g, b, cost.Options{Decisions: 20})
	if err != nil {
		t.Fatal(err)
	}
	if r.Clock != "thread-cpu" || r.Decisions != 20 || r.PerDecision() >= time.Millisecond {
		t.Errorf("%s: %v a decision over %d decisions that each slept 2 ms", r.Clock, r.PerDecision(), r.Decisions)
	}
}

// TestMeasureSeatsAndRefusals measures a real bot at three seats, and
// refuses an external program and a stopped context.
func TestMeasureSeatsAndRefusals(t *testing.T) {
	g, b := build(t, "nzsc", 3, "mcts:iters=20")
	r, err := cost.Measure(context.Background(), g, b, cost.Options{Decisions: 10})
	if err != nil || r.Decisions != 10 || r.Seats != 3 {
		t.Errorf("mcts at 3 seats: %+v, %v", r, err)
	}
	g, b = build(t, "nzsc", 2, "exec:true")
	if _, err := cost.Measure(context.Background(), g, b, cost.Options{}); err == nil || !strings.Contains(err.Error(), "external") {
		t.Errorf("an external program: %v, want an error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g, b = build(t, "nzsc", 2, "greedy")
	if _, err := cost.Measure(ctx, g, b, cost.Options{}); err != context.Canceled {
		t.Errorf("a stopped context: %v, want context.Canceled", err)
	}
}

// ctxBot is a test bot that records the context a table gives it.
type ctxBot struct {
	counter
	agents.Interrupt
	given bool
}

func (c *ctxBot) SetContext(ctx context.Context) {
	c.Interrupt.SetContext(ctx)
	c.given = c.given || ctx != nil
}

var lastCtx *ctxBot

func init() {
	agents.Register(agents.Info{Game: "npzr", Name: "ctx-test", Help: "a test bot", NewPlayer: func(agents.Params) (agents.Player, error) {
		lastCtx = &ctxBot{}
		return lastCtx, nil
	}})
}

// TestMeasurePassesContext: the bot measured is given the measurement's
// context (the meter around it hid its SetContext), so that a stop
// reaches a search under way.
func TestMeasurePassesContext(t *testing.T) {
	g, b := build(t, "npzr", 2, "ctx-test")
	if _, err := cost.Measure(context.Background(), g, b, cost.Options{Decisions: 3}); err != nil {
		t.Fatal(err)
	}
	if !lastCtx.given {
		t.Errorf("the measured bot was never given the table's context")
	}
}
