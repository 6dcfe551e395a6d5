package agents

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"time"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/numfmt"
)

// ClockOption is the key of the option that plays a bot under a chess
// clock, as fastchess's tc=: "mcts:tc=10+0.1", "exec:bot.py;tc=40/60+0".
// The table's wall time of each decision of the bot (its search, or the
// round trip to its program) is charged to a clock of the bot's own,
// set to the base time at the start of every game; a bot whose clock
// runs out forfeits the game on time (a Fault of kind FaultTime). A
// search bot (Clocked) is given a time budget for each decision derived
// from what is left on its clock (TimeControl.Budget), so that it plays
// to its clock rather than to its iteration count.
//
// A clocked game is not reproducible to the bit: how much a bot searches
// and whether it loses on time depend on the machine and its load.
const ClockOption = "tc"

// FaultTime is the fault kind of a bot that lost on time.
const FaultTime = "time"

// TimeControl is a clock's setting: Base time for the game (or for each
// period of Moves decisions when Moves > 0), plus Inc after every
// decision.
type TimeControl struct {
	Moves     int
	Base, Inc time.Duration
}

// maxClockSeconds bounds a clock's base time and increment (a day).
const maxClockSeconds = 86400

// ParseTimeControl reads a time control as fastchess writes it, in
// seconds: "TIME", "TIME+INC", "MOVES/TIME" or "MOVES/TIME+INC"
// ("10+0.1", "40/60+0").
func ParseTimeControl(v string) (TimeControl, error) {
	var tc TimeControl
	bad := func(why string) (TimeControl, error) {
		return TimeControl{}, &TimeControlError{Value: v, Why: why}
	}
	s := strings.TrimSpace(v)
	if m, rest, ok := strings.Cut(s, "/"); ok {
		n, err := strconv.Atoi(m)
		if err != nil || n < 1 || n > 10000 {
			return bad("MOVES is not a whole number from 1 to 10000")
		}
		tc.Moves, s = n, rest
	}
	base, inc, hasInc := strings.Cut(s, "+")
	secs := func(x string) (time.Duration, bool) {
		f, err := numfmt.ParseDecimal(x)
		if err != nil || math.IsNaN(f) || f < 0 || f > maxClockSeconds {
			return 0, false
		}
		return time.Duration(f * float64(time.Second)), true
	}
	var ok bool
	if tc.Base, ok = secs(base); !ok || tc.Base <= 0 {
		return bad("TIME is not a number of seconds above 0")
	}
	if hasInc {
		if tc.Inc, ok = secs(inc); !ok {
			return bad("INC is not a number of seconds from 0")
		}
	}
	return tc, nil
}

// TimeControlError is a time control ParseTimeControl refused: the value
// as given and which part of it is wrong.
type TimeControlError struct {
	Value, Why string
}

// Error names the spec's option: tc="0+1": TIME is ... (want ...).
func (e *TimeControlError) Error() string {
	return fmt.Sprintf("%s=%q: %s", ClockOption, e.Value, e.Reason())
}

// Reason is the error without the option's name, for a command to name
// its flag instead (--tc 0+1: ...).
func (e *TimeControlError) Reason() string {
	return e.Why + " (want TIME+INC or MOVES/TIME+INC in seconds, e.g. 10+0.1 or 40/60+0)"
}

// String writes tc back in the form ParseTimeControl reads.
func (tc TimeControl) String() string {
	s := strconv.FormatFloat(tc.Base.Seconds(), 'g', -1, 64) + "+" + strconv.FormatFloat(tc.Inc.Seconds(), 'g', -1, 64)
	if tc.Moves > 0 {
		s = strconv.Itoa(tc.Moves) + "/" + s
	}
	return s
}

// budgetMoves is how many more decisions a bot plans its remaining time
// for when the time control does not say (a game-long clock).
const budgetMoves = 30

// MovesToGo is how many decisions are left, after done of them, before
// the clock is topped up by Base again: 0 for a game-long clock.
func (tc TimeControl) MovesToGo(done int) int {
	if tc.Moves <= 0 {
		return 0
	}
	return tc.Moves - done%tc.Moves
}

// Budget is the time a search bot is given for its next decision with
// remaining on its clock after done decisions: remaining spread over the
// decisions left to the next time control (at most budgetMoves), plus
// the increment, never more than half of what remains, and at least a
// millisecond.
func (tc TimeControl) Budget(remaining time.Duration, done int) time.Duration {
	left := budgetMoves
	if tc.Moves > 0 {
		left = min(left, tc.MovesToGo(done))
	}
	b := min(remaining/time.Duration(left)+tc.Inc, remaining/2)
	return max(b, time.Millisecond)
}

// Clocked is implemented by search bots that can be given a wall-clock
// budget per decision (agents.Budget and NPZR's search budget): the
// clock sets it before every decision; 0 clears it. Under it a bot
// searches for that long whatever its iteration count, or for its ms=
// when that is shorter.
type Clocked interface {
	SetTimeBudget(d time.Duration)
}

// DecidesOnTime reports whether bot, b's own instance built under
// neither its noise nor its clock, decides on wall-clock time: by its
// own time budget (ms=, a Timed() above 0) or by b's clock (tc=), which
// a Clocked bot searches for. How far such a bot searches then depends
// on the machine's speed and load, so a seed does not replay its
// choices: both exploitability measures say so (analysis.NotReproducible).
func (b *Bot) DecidesOnTime(bot any) bool {
	if t, ok := bot.(interface{ Timed() time.Duration }); ok && t.Timed() > 0 {
		return true
	}
	_, clocked := bot.(Clocked)
	return clocked && b.TC != nil
}

// TimeLossError is the fault of a bot whose clock ran out.
type TimeLossError struct {
	TC   TimeControl
	Used time.Duration // the decision's wall time
	Left time.Duration // what its clock had before it
}

func (e *TimeLossError) Error() string {
	return fmt.Sprintf("lost on time (tc=%s): a decision took %v with %v left", e.TC, e.Used.Round(time.Microsecond), e.Left.Round(time.Microsecond))
}

// FaultKind names the fault for the per-kind accounting.
func (e *TimeLossError) FaultKind() string { return FaultTime }

// clock is one seat's clock in the game under way.
type clock struct {
	tc        TimeControl
	remaining time.Duration
	done      int
	fault     *TimeLossError
	// now is the clock's time source (tests may replace it).
	now func() time.Time
	// started is when the decision under way began.
	started time.Time
}

func newClock(tc TimeControl) clock { return clock{tc: tc, now: time.Now} }

// start resets the clock for a new game.
func (c *clock) start() {
	c.remaining, c.done, c.fault = c.tc.Base, 0, nil
}

// begin starts a decision: it gives the bot its budget when it is Clocked.
func (c *clock) begin(bot any) {
	if u, ok := bot.(interface{ Unwrap() Agent }); ok {
		bot = u.Unwrap()
	}
	if cb, ok := bot.(Clocked); ok {
		cb.SetTimeBudget(c.tc.Budget(c.remaining, c.done))
	}
	if l, ok := bot.(interface {
		setClock(tc TimeControl, left time.Duration, done int)
	}); ok {
		l.setClock(c.tc, c.remaining, c.done)
	}
	c.started = c.now()
}

// end charges the decision begun by begin to the clock.
func (c *clock) end() {
	used := c.now().Sub(c.started)
	if used > c.remaining {
		c.fault = &TimeLossError{TC: c.tc, Used: used, Left: c.remaining}
		c.remaining = 0
		return
	}
	c.remaining += c.tc.Inc - used
	c.done++
	if c.tc.Moves > 0 && c.done%c.tc.Moves == 0 {
		c.remaining += c.tc.Base
	}
}

// faultOf returns the fault of the bot under the clock (its Faulter f,
// nil for none): the bot's own fault first (a crash that took long is a
// crash), except an external program's timeout when the clock ran out
// too (its wait was cut to the clock's time: a loss on time); else the
// loss on time, or nil.
func (c *clock) faultOf(f Faulter) error {
	if f != nil {
		if err := f.Fault(); err != nil && (c.fault == nil || FaultKind(err) != FaultTimeout) {
			return err
		}
	}
	if c.fault == nil {
		return nil
	}
	return c.fault
}

// clockedAgent is a two-player NZSC Agent under a clock. It passes on
// what the runner asks of the bot it wraps (context, faults, results,
// closing).
type clockedAgent struct {
	agentWrap
	clock clock
}

func (c *clockedAgent) NewGame(seat int, rng *rand.Rand) {
	c.clock.start()
	c.a.NewGame(seat, rng)
}

func (c *clockedAgent) Choose(d *Decision) nzsc.Choice {
	c.clock.begin(c.a)
	ch := c.a.Choose(d)
	c.clock.end()
	return ch
}

// Fault implements Faulter: the wrapped bot's own fault first (a crash
// that took long is a crash), else the loss on time.
func (c *clockedAgent) Fault() error {
	f, _ := c.a.(Faulter)
	return c.clock.faultOf(f)
}

// clockedPlayer is a Player under a clock, as clockedAgent.
type clockedPlayer struct {
	playerWrap
	clock clock
}

func (c *clockedPlayer) NewGame(g game.Game, seat int, rng *rand.Rand) {
	c.clock.start()
	c.p.NewGame(g, seat, rng)
}

func (c *clockedPlayer) Act(obs game.Observation, legal []game.Action) game.Action {
	c.clock.begin(c.p)
	a := c.p.Act(obs, legal)
	c.clock.end()
	return a
}

// Fault implements Faulter, as clockedAgent's.
func (c *clockedPlayer) Fault() error { return c.clock.faultOf(faulterOf(c.p)) }

// WithClock returns specs with tc=tc added to each spec of gameName at
// seats that gives no tc= of its own, as a command's --tc does (the
// spec's own clock wins); a spec that does not parse is left as it is,
// for the caller's parse to report.
func WithClock(gameName string, seats int, specs []string, tc TimeControl) []string {
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s
		if b, err := ParseForSeats(gameName, seats, s); err == nil && b.TC == nil {
			out[i] = b.WithOption(ClockOption, tc.String())
		}
	}
	return out
}
