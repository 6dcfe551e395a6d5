package cost

import (
	"context"
	"fmt"
	"runtime"
	"time"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
)

// Defaults of Options.
const (
	DefaultDecisions = 300
	DefaultCPU       = 2 * time.Second
)

// Options bound a measurement.
type Options struct {
	// Decisions is how many decisions to measure (0: DefaultDecisions).
	Decisions int
	// CPU bounds the measured CPU time (0: DefaultCPU): a slow bot stops
	// sooner, with fewer decisions.
	CPU time.Duration
	// Seed is the first game's seed; game k has seed Seed+k.
	Seed uint64
}

// Result is a bot's measured cost.
type Result struct {
	// Spec is the bot's spec, Game and Seats the game measured.
	Spec  string
	Game  string
	Seats int
	// Decisions measured, over Games games (after one uncounted game).
	Decisions int
	Games     int
	// CPU is the time of the measured decisions, on Clock; Max is the
	// dearest one's (a bot's budget is a bound on each decision, and a
	// mean hides the dear ones: the first of a game, or one that solves
	// what the others look up).
	CPU   time.Duration
	Max   time.Duration
	Clock string
}

// PerDecision is the mean time of a measured decision (0 when none was).
func (r Result) PerDecision() time.Duration {
	if r.Decisions == 0 {
		return 0
	}
	return r.CPU / time.Duration(r.Decisions)
}

// Measure plays games of g with bot in seat 0 and "random" in the other
// seats and returns the cost of bot's decisions. One game is played
// first and not counted, so that what a bot does once (optimal loads or
// solves its solution at its first decision; a search grows its storage)
// is left out. A decision counts when it has more than one legal action.
// The clock's own cost (two readings around nothing, the least of a
// few) is taken off each decision. Once the decisions or the CPU bound are reached, bot's remaining
// decisions in the game under way are answered with their first legal
// action, so that the measurement ends promptly. When ctx ends, Measure
// returns what it measured with ctx's error.
func Measure(ctx context.Context, g game.Game, bot *agents.Bot, o Options) (Result, error) {
	if o.Decisions <= 0 {
		o.Decisions = DefaultDecisions
	}
	if o.CPU <= 0 {
		o.CPU = DefaultCPU
	}
	name := g.Info().Name
	res := Result{Spec: bot.Spec, Game: name, Seats: g.Seats(), Clock: clockName}
	if bot.Info.External {
		return res, fmt.Errorf("cost of %s: an external program's decisions are not measured (its CPU time is another process's)", bot.Spec)
	}
	bots := make([]agents.Player, g.Seats())
	me, err := bot.NewPlayer()
	if err != nil {
		return res, err
	}
	m := &meter{Player: me, want: o.Decisions, bound: o.CPU}
	bots[0] = m
	for s := 1; s < len(bots); s++ {
		r, err := agents.ParseForSeats(name, g.Seats(), "random")
		if err == nil {
			bots[s], err = r.NewPlayer()
		}
		if err != nil {
			return res, fmt.Errorf("cost of %s: the random opponent: %w", bot.Spec, err)
		}
	}
	defer func() {
		if c := agents.CloserOf(me); c != nil {
			c.Close()
		}
	}()
	// The clock is the thread's: the games must stay on this one.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t := agents.NewPlayerTable()
	t.SetContext(ctx)
	t.Play(g, o.Seed, bots) // uncounted: a bot's one-time work
	m.on, m.tare = true, tare()
	for seed := o.Seed + 1; !m.done(); seed++ {
		if err := ctx.Err(); err != nil {
			res.Decisions, res.CPU, res.Max = m.n, m.cpu, m.max
			return res, err
		}
		t.Play(g, seed, bots)
		res.Games++
	}
	res.Decisions, res.CPU, res.Max = m.n, m.cpu, m.max
	// A stop during the last game, whose decisions were then answered at
	// once, is a stop too, not a finished measurement.
	return res, ctx.Err()
}

// meter times the decisions of the Player it wraps while on.
type meter struct {
	agents.Player
	on    bool
	want  int
	bound time.Duration
	n     int
	cpu   time.Duration
	max   time.Duration // the dearest decision's
	// tare is what reading the clock twice costs, taken off each
	// decision so that a cheap bot is not priced at the clock's cost.
	tare time.Duration
}

// tare is the least of a few measured costs of reading the clock twice
// around nothing.
func tare() time.Duration {
	least := time.Duration(1 << 62)
	for range 64 {
		a := ThreadCPU()
		least = min(least, ThreadCPU()-a)
	}
	return least
}

// FinishGame passes the end of a game on to a bot that wants it.
func (m *meter) FinishGame(res *agents.GameResult) {
	if f, ok := m.Player.(agents.GameFinisher); ok {
		f.FinishGame(res)
	}
}

// SetContext passes the table's context on to a search bot: the meter's
// own method set hid the bot's, so a stop reached a search (mcts with
// iters=10000000) only when its decision ended, tens of seconds later.
func (m *meter) SetContext(ctx context.Context) { agents.SetContext(m.Player, ctx) }

func (m *meter) done() bool { return m.n >= m.want || m.cpu >= m.bound }

func (m *meter) Act(obs game.Observation, legal []game.Action) game.Action {
	if !m.on || len(legal) == 1 {
		return m.Player.Act(obs, legal)
	}
	if m.done() {
		return legal[0]
	}
	start := ThreadCPU()
	a := m.Player.Act(obs, legal)
	d := max(ThreadCPU()-start-m.tare, 0)
	m.cpu += d
	m.max = max(m.max, d)
	m.n++
	return a
}
