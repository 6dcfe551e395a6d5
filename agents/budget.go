package agents

import "time"

// MSParam is the time-budget parameter of the NZSC search bots (mcts,
// and the N-player mcts): the same name and meaning as NPZR's.
var MSParam = Param{Name: "ms", Default: "0", Help: "wall-clock milliseconds per decision instead of iters (0: use iters; a time budget is not deterministic)"}

// Budget is a search bot's budget per decision: a number of iterations
// (deterministic given the bot's seed), or, when ms is set, wall-clock
// time. A time budget is not deterministic: how many iterations fit
// depends on the machine and its load, so the same seed may give other
// decisions. It embeds Interrupt, so a bot embedding Budget is a
// ContextSetter, and a stop ends the search under either budget.
type Budget struct {
	Interrupt
	// Iters is the iteration budget (ReadBudget's iters=, or a bot's own
	// parameter: NPZR's pimc counts samples=); MS the time budget in
	// milliseconds, 0 for none.
	Iters int
	MS    int
	// PollEvery is how many iterations pass between two looks at the
	// stop and the clock (0: 8). A bot whose iteration is long (NPZR's:
	// a sample, a whole rollout set) looks every iteration.
	PollEvery int
	// clock is the time budget a clock gave the next decision
	// (SetTimeBudget), 0: none.
	clock    time.Duration
	deadline time.Time
	last     int // iterations run by the last decision
}

// ReadBudget reads the parameters iters (1..10^7) and ms (0..3600000).
func (b *Budget) ReadBudget(p Params) error {
	var err error
	if b.Iters, err = p.IntIn("iters", 1, 10_000_000); err != nil {
		return err
	}
	return b.ReadMS(p)
}

// ReadMS reads the parameter ms (0..3600000) alone, for a bot whose
// iteration budget has a parameter of its own.
func (b *Budget) ReadMS(p Params) error {
	var err error
	b.MS, err = p.IntIn("ms", 0, 3_600_000)
	return err
}

// SetTimeBudget implements Clocked: the bot's clock gives its next
// decisions d of wall time (or ms= when that is shorter); 0 clears it.
func (b *Budget) SetTimeBudget(d time.Duration) { b.clock = d }

// Timed returns the decision's time budget, 0 for none (iterations).
func (b *Budget) Timed() time.Duration {
	d := time.Duration(b.MS) * time.Millisecond
	if b.clock > 0 && (d == 0 || b.clock < d) {
		d = b.clock
	}
	return d
}

// Start begins a decision's budget.
func (b *Budget) Start() {
	if d := b.Timed(); d > 0 {
		b.deadline = time.Now().Add(d)
	}
}

// More reports whether iteration i (from 0, in order) may run. The stop
// and the clock are polled every PollEvery iterations, by default 8
// (microseconds each, so the polls, tens of nanoseconds and no
// allocation, vanish next to them, and the deadline is overrun by at
// most 8 iterations). Under an iteration
// budget More reads no clock, so the search is exactly as without it.
// Under a time budget the first iteration always runs (unless stopped),
// so that the bot answers from a search.
func (b *Budget) More(i int) bool {
	every := b.PollEvery
	if every <= 0 {
		every = 8
	}
	timed := b.MS > 0 || b.clock > 0
	if i%every == 0 && (b.Interrupted() || timed && i > 0 && !time.Now().Before(b.deadline)) {
		b.last = i
		return false
	}
	if !timed && i >= b.Iters {
		b.last = i
		return false
	}
	return true
}

// Iterations returns how many iterations the last decision ran.
func (b *Budget) Iterations() int { return b.last }
