package agents

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

func TestParseTimeControl(t *testing.T) {
	ok := []struct {
		in   string
		want TimeControl
		str  string
	}{
		{"10+0.1", TimeControl{Base: 10 * time.Second, Inc: 100 * time.Millisecond}, "10+0.1"},
		{"60", TimeControl{Base: time.Minute}, "60+0"},
		{" 2+0.05 ", TimeControl{Base: 2 * time.Second, Inc: 50 * time.Millisecond}, "2+0.05"},
		{"40/60+0", TimeControl{Moves: 40, Base: time.Minute}, "40/60+0"},
		{"40/0.5+1", TimeControl{Moves: 40, Base: 500 * time.Millisecond, Inc: time.Second}, "40/0.5+1"},
	}
	for _, c := range ok {
		got, err := ParseTimeControl(c.in)
		if err != nil || got != c.want || got.String() != c.str {
			t.Errorf("ParseTimeControl(%q) = %+v (%s), %v; want %+v (%s)", c.in, got, got, err, c.want, c.str)
		}
		if again, err := ParseTimeControl(got.String()); err != nil || again != got {
			t.Errorf("%q: String %q reads back as %+v, %v", c.in, got.String(), again, err)
		}
	}
	for _, in := range []string{"", "0", "0+1", "-1+0", "x", "10+", "10+-1", "10+0.1+2", "0/10", "40/", "abc/10", "1.5/10",
		"NaN", "10+NaN", "Inf", "1e9", "10+1e9", "10001/10", "40/60/+0"} {
		if tc, err := ParseTimeControl(in); err == nil {
			t.Errorf("ParseTimeControl(%q) = %+v, want an error", in, tc)
		} else if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), "tc=") {
			t.Errorf("ParseTimeControl(%q): %q is not one line naming tc=", in, err)
		}
	}
}

func TestTimeControlBudget(t *testing.T) {
	ms := time.Millisecond
	cases := []struct {
		tc              TimeControl
		remaining, want time.Duration
		done            int
	}{
		{TimeControl{Base: 10 * time.Second}, 30 * time.Second, time.Second, 0}, // remaining/30
		{TimeControl{Base: 10 * time.Second, Inc: time.Second}, 3 * time.Second, 1100 * ms, 5},
		{TimeControl{Base: time.Second, Inc: 10 * time.Second}, 3 * time.Second, 1500 * ms, 0}, // never over half
		{TimeControl{Moves: 40, Base: time.Minute}, 10 * time.Second, 2500 * ms, 36},           // 4 to go
		{TimeControl{Moves: 40, Base: time.Minute}, 10 * time.Second, 5000 * ms, 39},           // the last: half
		{TimeControl{Moves: 40, Base: time.Minute}, 60 * time.Second, 2000 * ms, 40},           // a new period
		{TimeControl{Base: time.Second}, 0, ms, 3},                                             // at least 1ms
	}
	for _, c := range cases {
		if got := c.tc.Budget(c.remaining, c.done); got != c.want {
			t.Errorf("%s: Budget(%v, %d) = %v, want %v", c.tc, c.remaining, c.done, got, c.want)
		}
	}
}

// TestClockCharges runs a clock on a fake time source: each decision's
// time is taken off, the increment added, the base added again at every
// period's end, and a decision longer than what is left is a loss on time.
func TestClockCharges(t *testing.T) {
	var now time.Time
	c := newClock(TimeControl{Moves: 2, Base: time.Second, Inc: 100 * time.Millisecond})
	c.now = func() time.Time { return now }
	c.start()
	decide := func(d time.Duration) {
		c.begin(nil)
		now = now.Add(d)
		c.end()
	}
	decide(300 * time.Millisecond)
	if c.remaining != 800*time.Millisecond || c.faultOf(nil) != nil {
		t.Fatalf("after one decision: %v left, fault %v; want 800ms, none", c.remaining, c.faultOf(nil))
	}
	decide(300 * time.Millisecond)
	if c.remaining != 1600*time.Millisecond {
		t.Fatalf("after the period's last decision: %v left, want 1.6s (600ms + the base)", c.remaining)
	}
	decide(1601 * time.Millisecond)
	err := c.faultOf(nil)
	if FaultKind(err) != FaultTime || !strings.Contains(err.Error(), "1.6s left") {
		t.Fatalf("a decision of 1.601s with 1.6s left: fault %v (kind %q), want a loss on time", err, FaultKind(err))
	}
	c.start()
	if c.faultOf(nil) != nil || c.remaining != time.Second {
		t.Fatalf("a new game: %v left, fault %v", c.remaining, c.faultOf(nil))
	}
}

// sleeper is a Go test bot that thinks for a fixed time per decision.
type sleeper struct {
	Agent
	d time.Duration
}

func (s *sleeper) Choose(d *Decision) nzsc.Choice {
	time.Sleep(s.d)
	return s.Agent.Choose(d)
}

// TestClockLossOnTime: a bot that takes 20ms a decision on a clock of
// 50ms loses its game on time, with the fault kind "time"; on a clock of
// 30s it plays the game out.
func TestClockLossOnTime(t *testing.T) {
	tab := NewTable()
	for _, c := range []struct {
		tc   string
		lose bool
	}{{"0.05+0", true}, {"30+0", false}} {
		tc, err := ParseTimeControl(c.tc)
		if err != nil {
			t.Fatal(err)
		}
		bot := &clockedAgent{agentWrap: agentWrap{&sleeper{Agent: randomBot(), d: 20 * time.Millisecond}}, clock: newClock(tc)}
		o := tab.Play(nzsc.DefaultRules, 7, randomBot(), bot)
		if c.lose {
			if o.Forfeit != 1 || FaultKind(o.Fault) != FaultTime {
				t.Errorf("tc=%s: forfeit %d, fault %v; want seat 1 lost on time", c.tc, o.Forfeit, o.Fault)
			}
		} else if o.Forfeit != -1 || o.State.Phase != nzsc.GameOver {
			t.Errorf("tc=%s: forfeit %d (%v), want the game played out", c.tc, o.Forfeit, o.Fault)
		}
	}
}

// TestClockSpecs: tc= is read in every kind of spec, builds a clocked
// bot, and is refused in one line when malformed or given twice.
func TestClockSpecs(t *testing.T) {
	b, err := Parse("random:tc=0.05+0")
	if err != nil || b.TC == nil || b.TC.Base != 50*time.Millisecond {
		t.Fatalf("random:tc=0.05+0: %+v, %v", b, err)
	}
	if a, err := b.New(); err != nil {
		t.Fatal(err)
	} else if _, ok := a.(*clockedAgent); !ok {
		t.Fatalf("New gave a %T, want a clocked bot", a)
	}
	if b, err := Parse("random:tc=1+0,noise=0.5"); err != nil || b.TC == nil || b.Noise != 0.5 {
		t.Fatalf("tc and noise: %+v, %v", b, err)
	}
	bins(t)
	if b, err := Parse("exec:" + badbot("tc=40/60+0")); err != nil || b.TC == nil || b.TC.Moves != 40 {
		t.Fatalf("exec tc: %+v, %v", b, err)
	}
	if b, err := Parse("mcts:iters=100"); err != nil || b.TC != nil {
		t.Fatalf("no tc: %+v, %v", b, err)
	}
	for _, spec := range []string{"random:tc=0+1", "random:tc=1+0,tc=2+0", "exec:" + badbot("tc=fast"), "mcts:tc=-1"} {
		if _, err := Parse(spec); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("Parse(%q): %v, want a one-line error", spec, err)
		}
	}
}

// TestSearchUnderClock: mcts with an iteration count far beyond what a
// game's clock allows (10^7 per decision) plays to its clock instead: a
// whole game on a 2-second clock, with no loss on time. Were the budget
// not given, its first decision would run until the test's context stops
// it (10 s) and lose on time. The clock is wall time, so a machine that
// stalls the process longer than what the clock keeps in hand loses the
// game anyway: on a 1-second clock the last decisions had about 0.5 s in
// hand, and a stall of that length at a load average of 22 lost one run
// in several; 2 seconds keep about 1.3 s in hand at the end (a game uses
// about a third of its clock: each decision's budget is a thirtieth of
// what remains).
func TestSearchUnderClock(t *testing.T) {
	a := mustAgent(t, "mcts:iters=10000000,tc=2+0")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tab := NewTable()
	tab.SetContext(ctx)
	o := tab.Play(nzsc.DefaultRules, 3, a, randomBot())
	if o.Forfeit != -1 || o.State.Phase != nzsc.GameOver {
		t.Fatalf("forfeit %d (%v), want the game played out within the clock", o.Forfeit, o.Fault)
	}
}

// TestBudgetSetTimeBudget: a time budget from a clock ends a search whose
// iteration count would go on, and no sooner than the budget.
func TestBudgetSetTimeBudget(t *testing.T) {
	var b Budget
	if err := b.ReadBudget(Params{"iters": "10000000", "ms": "0"}); err != nil {
		t.Fatal(err)
	}
	b.SetTimeBudget(5 * time.Millisecond)
	start := time.Now()
	b.Start()
	i := 0
	for b.More(i) {
		i++
	}
	if i >= 10_000_000 || time.Since(start) < 5*time.Millisecond {
		t.Fatalf("%d iterations in %v, want fewer than the count and at least the 5ms budget", i, time.Since(start))
	}
	b.SetTimeBudget(0)
	b.Start()
	if !b.More(9_999_999) || b.More(10_000_000) {
		t.Fatal("with the budget cleared, the count applies again")
	}
}

// TestExecClock: an external program that sleeps through its decision
// on a 0.3-second clock loses on time (kind "time", not "timeout"): it
// is not waited for until its 5-second decision timeout.
func TestExecClock(t *testing.T) {
	bins(t)
	a := mustAgent(t, "exec:"+badbot("mode=sleep;game=0;at=2;timeout=5s;tc=0.3+0"))
	defer a.(Closer).Close()
	o := NewTable().Play(nzsc.DefaultRules, 9, a, randomBot())
	if o.Forfeit != 0 || FaultKind(o.Fault) != FaultTime {
		t.Fatalf("forfeit %d, fault %v (kind %q); want seat 0 lost on time", o.Forfeit, o.Fault, FaultKind(o.Fault))
	}
	var tl *TimeLossError
	if !errors.As(o.Fault, &tl) || tl.Used >= 5*time.Second {
		t.Fatalf("fault %v: the program was waited for until its decision timeout, not its clock", o.Fault)
	}
}

// TestWrappersPassTheStop: a search bot under a clock and noise still
// gets the run's context (the wrappers are ContextSetters), so a stopped
// run's decision of 10^7 iterations ends at once.
func TestWrappersPassTheStop(t *testing.T) {
	for _, spec := range []string{"mcts:iters=10000000,tc=3600+0,noise=0.5", "mcts:iters=10000000,noise=0.5"} {
		a := mustAgent(t, spec)
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		tab := NewTable()
		tab.SetContext(ctx)
		done := make(chan struct{})
		go func() { tab.Play(nzsc.DefaultRules, 1, a, randomBot()); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			t.Fatalf("%s: a stopped game still searching after 20 s", spec)
		}
	}
}
