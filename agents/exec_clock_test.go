package agents

import (
	"encoding/json"
	"path/filepath"
	"regexp"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents/protocol"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// clockLines returns the clock fields a test bot wrote to its log, in
// order: nil for "absent".
func clockLines(t *testing.T, log, bot string) []*protocol.Clock {
	t.Helper()
	var out []*protocol.Clock
	for _, m := range regexp.MustCompile(bot+`: clock (.*)`).FindAllStringSubmatch(readFile(t, log), -1) {
		if m[1] == "absent" {
			out = append(out, nil)
			continue
		}
		var c protocol.Clock
		if err := json.Unmarshal([]byte(m[1]), &c); err != nil {
			t.Fatalf("the bot logged clock %q: %v", m[1], err)
		}
		out = append(out, &c)
	}
	return out
}

// clockedExec builds spec (an exec bot with a clock) as a run does and
// returns it with its Exec, whose log the test reads.
func clockedExec(t *testing.T, spec string) (*clockedAgent, *Exec) {
	t.Helper()
	bins(t)
	a := mustAgent(t, spec)
	c, ok := a.(*clockedAgent)
	if !ok {
		t.Fatalf("%s built a %T, want a clocked bot", spec, a)
	}
	e := c.a.(*Exec)
	t.Cleanup(func() { e.Close() })
	return c, e
}

// TestExecClockField: a program under a clock is told its clock with
// every decide, as a chess engine its wtime, winc and movestogo. The
// clock runs on a fake time source on which every decision takes exactly
// 75 ms, so the program (badbot, which logs the field it read) must have
// been told exactly what the clock had: under 3/10+0.5, 10 s at each
// game's first decision, then 75 ms off and 0.5 s on per decision and
// 10 s more after every third, with 3, 2, 1 decisions to go.
func TestExecClockField(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	c, e := clockedExec(t, "exec:"+badbot("mode=clock;tc=3/10+0.5"))
	var now time.Time
	calls := 0 // two per decision: its start and its end
	c.clock.now = func() time.Time { calls++; now = now.Add(75 * time.Millisecond); return now }
	var want []protocol.Clock // the oracle, by the time control's definition, in ms
	tab := NewTable()
	for seed := range uint64(2) {
		calls = 0
		if o := tab.Play(nzsc.DefaultRules, seed, c, randomBot()); o.Forfeit >= 0 {
			t.Fatalf("seed %d: forfeit %d (%v)", seed, o.Forfeit, o.Fault)
		}
		left := int64(10000)
		for k := range calls / 2 {
			want = append(want, protocol.Clock{TimeMS: left, IncMS: 500, MovesToGo: 3 - k%3})
			left += 500 - 75
			if k%3 == 2 {
				left += 10000
			}
		}
	}
	e.Close()
	got := clockLines(t, e.LogPath(), "badbot")
	if len(got) != len(want) || len(want) < 4 {
		t.Fatalf("%d clock fields logged, %d decisions made", len(got), len(want))
	}
	for i := range got {
		if got[i] == nil || *got[i] != want[i] {
			t.Fatalf("decision %d: the program read clock %+v, want %+v", i, got[i], want[i])
		}
	}
}

// TestExecClockSpent: on the real clock, a program that thinks 20 ms per
// decision is told less each time, by at least what it spent (a
// game-long clock with no increment: 60 s at first, no moves_to_go).
func TestExecClockSpent(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	c, e := clockedExec(t, "exec:"+badbot("mode=clock;sleep=20;tc=60"))
	if o := NewTable().Play(nzsc.DefaultRules, 5, c, randomBot()); o.Forfeit >= 0 {
		t.Fatalf("forfeit %d (%v)", o.Forfeit, o.Fault)
	}
	e.Close()
	got := clockLines(t, e.LogPath(), "badbot")
	if len(got) < 3 {
		t.Fatalf("%d clock fields in a game", len(got))
	}
	for i, c := range got {
		if c == nil || c.IncMS != 0 || c.MovesToGo != 0 {
			t.Fatalf("decision %d: clock %+v, want inc 0 and no moves to go", i, c)
		}
		switch {
		case i == 0 && c.TimeMS != 60000:
			t.Errorf("first decision: %d ms left, want the whole 60000", c.TimeMS)
		case i > 0 && c.TimeMS > got[i-1].TimeMS-20:
			t.Errorf("decision %d: %d ms left after %d and 20 ms spent", i, c.TimeMS, got[i-1].TimeMS)
		}
	}
}

// TestExecNoClockNoField: a program without a clock gets no clock field,
// so that it is sent what it always was.
func TestExecNoClockNoField(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	e := newExec(t, badbot("mode=clock"))
	if o := NewTable().Play(nzsc.DefaultRules, 5, e, randomBot()); o.Forfeit >= 0 {
		t.Fatalf("forfeit %d (%v)", o.Forfeit, o.Fault)
	}
	e.Close()
	got := clockLines(t, e.LogPath(), "badbot")
	if len(got) == 0 {
		t.Fatal("no decision logged")
	}
	for i, c := range got {
		if c != nil {
			t.Fatalf("decision %d: clock %+v sent to a bot without one", i, c)
		}
	}
}

// TestExecPlayerClockField: a program playing any other game (NPZR) is
// told its clock the same way: 2 decisions per period of 5 s, 0.1 s
// increment, on a fake time source on which each decision takes 30 ms.
func TestExecPlayerClockField(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	g, err := game.Build("npzr", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	bins(t)
	b, err := ParseFor("npzr", "exec:"+filepath.Join(binDir, "anybot")+" clock;tc=2/5+0.1")
	if err != nil {
		t.Fatal(err)
	}
	p, err := b.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	c, ok := p.(*clockedPlayer)
	if !ok {
		t.Fatalf("built a %T, want a clocked player", p)
	}
	x := c.p.(*ExecPlayer)
	defer x.Close()
	var now time.Time
	c.clock.now = func() time.Time { now = now.Add(30 * time.Millisecond); return now }
	other, err := ParseFor("npzr", "random")
	if err != nil {
		t.Fatal(err)
	}
	op, err := other.NewPlayer()
	if err != nil {
		t.Fatal(err)
	}
	if res := NewPlayerTable().Play(g, 3, []Player{c, op}); res.Forfeit >= 0 {
		t.Fatalf("forfeit %d (%v)", res.Forfeit, res.Fault)
	}
	x.Close()
	got := clockLines(t, x.LogPath(), "anybot")
	if len(got) < 2 {
		t.Fatalf("%d clock fields in a game", len(got))
	}
	left := int64(5000)
	for k, c := range got {
		want := protocol.Clock{TimeMS: left, IncMS: 100, MovesToGo: 2 - k%2}
		if c == nil || *c != want {
			t.Fatalf("decision %d: the program read clock %+v, want %+v", k, c, want)
		}
		left += 100 - 30
		if k%2 == 1 {
			left += 5000
		}
	}
}

// TestExecStartNotCharged: a program's start and handshake have their
// own limit (handshake=) and are not charged to its clock: a program
// that takes 1.5 s to answer the hello plays its game on a 1-second
// clock (with 0.1 s per decision) without losing on time, and is told
// the whole second at its first decision. Charged, it lost on time at
// its first decision.
func TestExecStartNotCharged(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	c, e := clockedExec(t, "exec:"+badbot("mode=clock;startsleep=1500;tc=1+0.1"))
	if o := NewTable().Play(nzsc.DefaultRules, 7, c, randomBot()); o.Forfeit >= 0 {
		t.Fatalf("forfeit %d (%v)", o.Forfeit, o.Fault)
	}
	e.Close()
	if got := clockLines(t, e.LogPath(), "badbot"); len(got) == 0 || got[0] == nil || got[0].TimeMS != 1000 {
		t.Fatalf("clock fields %v, want 1000 ms at the first decision", got)
	}
}
