package npzr

import (
	"time"

	"github.com/nzsclab/nzsc/agents"
)

// budget is a search bot's budget per decision: a fixed number of
// iterations (deterministic given the bot's seed), or, when ms is set,
// wall-clock time. A time budget is not deterministic: how many
// iterations fit depends on the machine and its load, so the same seed
// may give different decisions.
type budget struct {
	// Interrupt: a stop ends the search (more polls it every
	// iteration), so every search bot here is an agents.ContextSetter.
	agents.Interrupt
	iters int
	ms    int
	// clock is the time budget a clock gave the next decision
	// (SetTimeBudget, agents.Clocked), 0: none.
	clock    time.Duration
	deadline time.Time
}

// msParam is the time-budget parameter every NPZR search bot accepts.
var msParam = agents.Param{Name: "ms", Default: "0", Help: "wall-clock milliseconds per decision (turn: per turn planned) instead of the count (0: the count; a time budget is not deterministic)"}

// readMS reads the ms parameter into b.
func (b *budget) readMS(ps agents.Params) error {
	ms, err := ps.IntIn("ms", 0, 3_600_000)
	if err != nil {
		return err
	}
	b.ms = ms
	return nil
}

// SetTimeBudget implements agents.Clocked: the bot's clock gives its
// next decisions d of wall time (or ms= when that is shorter); 0 clears
// it.
func (b *budget) SetTimeBudget(d time.Duration) { b.clock = d }

// timed returns the decision's time budget, 0 for none (the count).
func (b *budget) timed() time.Duration {
	d := time.Duration(b.ms) * time.Millisecond
	if b.clock > 0 && (d == 0 || b.clock < d) {
		d = b.clock
	}
	return d
}

// start begins a decision's budget.
func (b *budget) start() {
	if d := b.timed(); d > 0 {
		b.deadline = time.Now().Add(d)
	}
}

// more reports whether iteration i (from 0) may run: never once the
// run's context is done; otherwise i below the count, or, under a time
// budget, the first iteration or any before the deadline.
func (b *budget) more(i int) bool {
	if b.Interrupted() {
		return false
	}
	if b.ms > 0 || b.clock > 0 {
		return i == 0 || time.Now().Before(b.deadline)
	}
	return i < b.iters
}
