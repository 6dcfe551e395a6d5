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
	iters    int
	ms       int
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

// start begins a decision's budget.
func (b *budget) start() {
	if b.ms > 0 {
		b.deadline = time.Now().Add(time.Duration(b.ms) * time.Millisecond)
	}
}

// more reports whether iteration i (from 0) may run: never once the
// run's context is done; otherwise i below the count, or, under a time
// budget, the first iteration or any before the deadline.
func (b *budget) more(i int) bool {
	if b.Interrupted() {
		return false
	}
	if b.ms > 0 {
		return i == 0 || time.Now().Before(b.deadline)
	}
	return i < b.iters
}
