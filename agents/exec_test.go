package agents

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// binDir holds the test bots, built once when first needed (not in
// TestMain: fuzzing workers rerun it): badbot (misbehaves on command) and
// the Go example bot.
var (
	binDir    string
	buildOnce sync.Once
	buildErr  error
)

// bins builds the test bots once and returns their directory.
func bins(t testing.TB) string {
	t.Helper()
	buildOnce.Do(func() {
		out, err := exec.Command("go", "build", "-o", binDir+string(filepath.Separator), "./testdata/badbot", "./testdata/anybot", "../examples/gobot").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("building the test bots: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binDir
}

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	// The optimal bot caches the solved game in the user's cache
	// directory (os.UserCacheDir reads XDG_CACHE_HOME); tests use a cache
	// of their own, shared by this module's test binaries so that the game
	// is solved once per machine. Saves are atomic, so concurrent test
	// binaries are safe.
	os.Setenv("XDG_CACHE_HOME", filepath.Join(os.TempDir(), "nzsc-test-cache"))
	dir, err := os.MkdirTemp("", "nzsc-exec-test")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	binDir = filepath.Join(dir, "bin")
	defaultExec.LogDir = filepath.Join(dir, "logs")
	defaultExec.QuitWait = 300 * time.Millisecond
	return m.Run()
}

func badbot(opts string) string { return filepath.Join(binDir, "badbot") + ";" + opts }

func gobot(t testing.TB) string { return filepath.Join(bins(t), "gobot") }

func newExec(t testing.TB, arg string) *Exec {
	t.Helper()
	bins(t)
	e, err := NewExec(arg, defaultExec)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.Close() })
	return e
}

// playedGame is one played game, kept whole.
type playedGame struct {
	out     Outcome
	history []nzsc.Turn
}

// playSeries plays n games between x and y from game seeds seed0,
// seed0+1, ...; x takes seat 0 in even games and seat 1 in odd ones. It
// tells finishers the result, as a runner does.
func playSeries(x, y Agent, n int, seed0 uint64) []playedGame {
	t := NewTable()
	var games []playedGame
	for i := range n {
		a, b := x, y
		if i%2 == 1 {
			a, b = y, x
		}
		out := t.Play(nzsc.DefaultRules, seed0+uint64(i), a, b)
		for _, ag := range []Agent{a, b} {
			if f, ok := ag.(Finisher); ok {
				f.Finish(out, t.History)
			}
		}
		games = append(games, playedGame{out, append([]nzsc.Turn(nil), t.History...)})
	}
	return games
}

// seatOf returns the seat x had in game i of playSeries.
func seatOf(i int) int { return i % 2 }

func TestParseExecSpec(t *testing.T) {
	cases := []struct {
		arg     string
		argv    []string
		opts    map[string]string
		timeout time.Duration
		err     string
	}{
		{arg: "bot", argv: []string{"bot"}},
		{arg: "python3 examples/python/bot.py --level 2", argv: []string{"python3", "examples/python/bot.py", "--level", "2"}},
		{arg: `  "my bot"  'a b' c\ d `, argv: []string{"my bot", "a b", "c d"}},
		{arg: `bot "" x`, argv: []string{"bot", "", "x"}},
		{arg: `bot "say \"hi\" \\ \n"`, argv: []string{"bot", `say "hi" \ \n`}},
		{arg: `bot 'a;b' "c;d" e\;f`, argv: []string{"bot", "a;b", "c;d", "e;f"}},
		{arg: "bot --x;level=2;book=\"a b\"", argv: []string{"bot", "--x"}, opts: map[string]string{"level": "2", "book": "a b"}},
		{arg: "bot; timeout=250ms ;; depth=3,4", argv: []string{"bot"}, opts: map[string]string{"depth": "3,4"}, timeout: 250 * time.Millisecond},
		{arg: "bot;timeout=1.5", argv: []string{"bot"}, timeout: 1500 * time.Millisecond},
		{arg: "bot;empty=", argv: []string{"bot"}, opts: map[string]string{"empty": ""}},
		{arg: "", err: "no command"},
		{arg: ";level=2", err: "no command"},
		{arg: `bot "open`, err: "unterminated"},
		{arg: `bot 'open`, err: "unterminated"},
		{arg: `bot \`, err: "backslash"},
		{arg: "bot;level", err: "not key=value"},
		{arg: "bot;level=2 3", err: "not one key=value"},
		{arg: "bot;=2", err: "not key=value"},
		{arg: "bot;a=1;a=2", err: "twice"},
		{arg: "bot;timeout=0", err: "positive"},
		{arg: "bot;timeout=soon", err: "not a duration"},
		{arg: "bot;handshake=-1s", err: "positive"},
	}
	for i, c := range cases {
		sp, err := parseExecSpec(c.arg)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("case %d (%q): got error %v, want one containing %q", i, c.arg, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("case %d (%q): %v", i, c.arg, err)
			continue
		}
		if c.opts == nil {
			c.opts = map[string]string{}
		}
		if !reflect.DeepEqual(sp.argv, c.argv) || !reflect.DeepEqual(sp.options, c.opts) || sp.timeout != c.timeout {
			t.Errorf("case %d (%q): got %q %q %v, want %q %q %v", i, c.arg, sp.argv, sp.options, sp.timeout, c.argv, c.opts, c.timeout)
		}
	}
}

func TestExecRegistry(t *testing.T) {
	bins(t)
	a := mustAgent(t, "exec:"+badbot("mode=good;timeout=3s"))
	e := a.(*Exec)
	defer e.Close()
	if e.timeout != 3*time.Second || e.handshake != defaultExec.Handshake {
		t.Errorf("limits %v %v, want 3s and the default", e.timeout, e.handshake)
	}
	if e.Starts() != 0 {
		t.Errorf("started %d processes before any game, want 0 (lazy start)", e.Starts())
	}
	for _, arg := range []string{"no-such-program-nzsc", "./no/such/bot", binDir} {
		if _, err := NewExec(arg, defaultExec); err == nil || !strings.Contains(err.Error(), "not found") {
			t.Errorf("NewExec(%q, defaultExec): got %v, want a not-found error", arg, err)
		}
	}
}

func TestProbe(t *testing.T) {
	cases := []struct {
		opts string
		err  string
	}{
		{"mode=good", ""},
		{"mode=version", "protocol version 99"},
		{"mode=good;colour=blue", `does not accept option "colour"`},
		{"mode=slowstart;handshake=200ms", "timeout"},
	}
	for i, c := range cases {
		bins(t)
		b, err := Parse("exec:" + badbot(c.opts))
		if err != nil {
			t.Fatal(err)
		}
		err = Probe(b)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("case %d (%s): got %v, want error containing %q", i, c.opts, err, c.err)
		}
		if err != nil && strings.Contains(err.Error(), "\n") {
			t.Errorf("case %d: error %q is not one line", i, err)
		}
	}
}

// checkLegalPlay checks that seat x of every game (see playSeries) was
// never penalized and that every game was played to its end.
func checkLegalPlay(t *testing.T, games []playedGame) {
	t.Helper()
	for i, g := range games {
		if g.out.Forfeit >= 0 || g.out.State.Phase != nzsc.GameOver {
			t.Errorf("game %d: forfeit %d (%v), phase %v: want a finished game", i, g.out.Forfeit, g.out.Fault, g.out.State.Phase)
		}
		for j, turn := range g.history {
			if o := turn.Offence(seatOf(i)); o != nzsc.NoOffence && o != nzsc.Stuck {
				t.Errorf("game %d turn %d: the exec bot was penalized (%v)", i, j, o)
			}
		}
	}
}

func TestExecGoodBots(t *testing.T) {
	for _, arg := range []string{
		gobot(t),
		badbot("mode=good"),
		badbot("mode=delta"), // checks the delta history adds up, else junk
	} {
		t.Run(filepath.Base(arg), func(t *testing.T) {
			e := newExec(t, arg)
			games := playSeries(e, randomBot(), 12, 100)
			checkLegalPlay(t, games)
			if e.Starts() != 1 {
				t.Errorf("started %d processes, want 1 reused for every game", e.Starts())
			}
			// Replays: a fresh instance plays the same games move for move.
			again := playSeries(newExec(t, arg), randomBot(), 12, 100)
			for i := range games {
				if !reflect.DeepEqual(games[i].history, again[i].history) {
					t.Errorf("game %d differs when replayed from its seed", i)
				}
			}
		})
	}
}

func TestExecResultMessages(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	e := newExec(t, badbot("mode=good"))
	games := playSeries(e, randomBot(), 5, 7)
	e.Close()
	log := readFile(t, e.LogPath())
	for i, g := range games {
		want := fmt.Sprintf("result game %d %s %d", i+1, outcomeFor(g.out, seatOf(i)), len(g.history))
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, "does not add up") {
		t.Errorf("the bot saw an inconsistent result:\n%s", log)
	}
}

// outcomeFor is an independent reading of a game's end for seat.
func outcomeFor(o Outcome, seat int) string {
	switch {
	case o.Forfeit == seat:
		return "loss"
	case o.Forfeit == 1-seat:
		return "win"
	case o.State.Result == nzsc.Draw:
		return "draw"
	case o.State.Points(seat) > o.State.Points(1-seat):
		return "win"
	}
	return "loss"
}

func setLogDir(dir string) func() {
	old := defaultExec.LogDir
	defaultExec.LogDir = dir
	return func() { defaultExec.LogDir = old }
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestExecFaults has the bot fail in one game (the second, in which it
// has seat 1) at its third decision, in every way a program can fail:
// that game is forfeited with the right kind, the others are played to
// their end, and a new process plays the games after the failure. The
// per-decision timeout is 2 s, not less: at 300 ms an ordinary answer
// timed out on a 2-core machine at load 20.
func TestExecFaults(t *testing.T) {
	cases := []struct {
		mode, kind string
	}{
		{"sleep", FaultTimeout},
		{"exit", FaultCrash},
		{"closeout", FaultCrash},
		{"junk", FaultProtocol},
		{"wrongtype", FaultProtocol},
		{"spawn", ""}, // a child keeps the output open: crash or timeout
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			e := newExec(t, badbot("mode="+c.mode+";game=2;at=3;timeout=2s"))
			e.log.Close() // a log of its own, to read the child's pid
			var err error
			if e.log, err = openBotLog(dir, e.arg, 0); err != nil {
				t.Fatal(err)
			}
			games := playSeries(e, randomBot(), 4, 500)
			for i, g := range games {
				if i == 1 {
					if g.out.Forfeit != seatOf(i) {
						t.Fatalf("game 2: forfeit %d, want the exec bot's seat %d", g.out.Forfeit, seatOf(i))
					}
					var k interface{ FaultKind() string }
					if !errors.As(g.out.Fault, &k) {
						t.Fatalf("game 2: fault %v has no kind", g.out.Fault)
					}
					if c.kind != "" && k.FaultKind() != c.kind || c.kind == "" && k.FaultKind() == FaultProtocol {
						t.Errorf("game 2: fault %q of kind %q, want %q", g.out.Fault, k.FaultKind(), c.kind)
					}
					if len(g.history) != 2 {
						t.Errorf("game 2 forfeited after %d turns, want 2 (at the third decision)", len(g.history))
					}
					continue
				}
				if g.out.Forfeit >= 0 || g.out.State.Phase != nzsc.GameOver {
					t.Errorf("game %d: forfeit %d (%v), want a finished game", i+1, g.out.Forfeit, g.out.Fault)
				}
			}
			if e.Starts() != 2 {
				t.Errorf("started %d processes, want 2 (one restart after the failure)", e.Starts())
			}
			e.Close()
			if c.mode == "spawn" {
				checkChildGone(t, readFile(t, e.LogPath()))
			}
		})
	}
}

// checkChildGone reads the pid of the child the bot spawned from its log
// and checks that it was killed with the bot.
func checkChildGone(t *testing.T, log string) {
	t.Helper()
	i := strings.Index(log, "] child ")
	if i < 0 {
		t.Fatalf("no child in the log:\n%s", log)
	}
	pid, err := strconv.Atoi(strings.Fields(log[i+len("] child "):])[0])
	if err != nil {
		t.Fatal(err)
	}
	for range 100 {
		if !processAlive(pid) {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Errorf("the bot's child %d survived it", pid)
}

// processAlive reports whether pid runs (a zombie does not count).
func processAlive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	f := strings.Fields(string(b))
	return len(f) > 2 && f[2] != "Z"
}

// TestExecStartFaults: a bot that fails its handshake forfeits every game,
// each with a new attempt.
func TestExecStartFaults(t *testing.T) {
	cases := []struct {
		opts, kind string
	}{
		{"mode=slowstart;handshake=200ms", FaultTimeout},
		{"mode=version", FaultProtocol},
		{"mode=good;colour=blue", FaultProtocol},
	}
	for _, c := range cases {
		e := newExec(t, badbot(c.opts))
		games := playSeries(e, randomBot(), 3, 1)
		for i, g := range games {
			var f *ExecFault
			if g.out.Forfeit != seatOf(i) || !errors.As(g.out.Fault, &f) || f.Kind != c.kind {
				t.Errorf("%s: game %d: forfeit %d with %v, want seat %d with a %s fault", c.opts, i, g.out.Forfeit, g.out.Fault, seatOf(i), c.kind)
			}
		}
		if e.Starts() != 3 {
			t.Errorf("%s: %d starts, want one per game", c.opts, e.Starts())
		}
	}
}

// TestExecIllegal: illegal answers are not faults; the rules penalize
// them. A bot answering only nonexistent names loses all four waits at
// its first turn, then a point a turn: random wins 5-0 in six turns.
func TestExecIllegal(t *testing.T) {
	e := newExec(t, badbot("mode=illegal;game=0;at=0"))
	for i, g := range playSeries(e, randomBot(), 6, 42) {
		x := seatOf(i)
		if g.out.Forfeit >= 0 {
			t.Fatalf("game %d: forfeit %v; illegal answers must only be penalized", i, g.out.Fault)
		}
		if g.out.Winner() != 1-x || len(g.history) != 6 || g.out.State.Points(1-x) != 5 || g.out.State.Points(x) != 0 {
			t.Errorf("game %d: winner %d after %d turns, %d-%d; want the random seat %d 5-0 in 6 turns",
				i, g.out.Winner(), len(g.history), g.out.State.Points(1-x), g.out.State.Points(x), 1-x)
		}
		for j, turn := range g.history {
			if turn.Offence(x) != nzsc.WrongUniverse || turn.Offence(1-x) != nzsc.NoOffence {
				t.Errorf("game %d turn %d: offences %v / %v, want wrong universe for the exec bot only", i, j, turn.Offence(x), turn.Offence(1-x))
			}
		}
	}
	// One real but illegal name at the fourth decision (a move, or a
	// booster after a clash): that turn alone is nullified. (Passing when
	// stuck is charged too, but it is not an answer.)
	e = newExec(t, badbot("mode=illegal;game=0;at=4"))
	for i, g := range playSeries(e, randomBot(), 6, 42) {
		x := seatOf(i)
		var offences []int
		for j, turn := range g.history {
			if o := turn.Offence(x); o != nzsc.NoOffence && o != nzsc.Stuck {
				offences = append(offences, j)
				if !turn.Nullified() || turn.Offence(x) == nzsc.WrongUniverse && turn.Phase() != nzsc.PickCharacter {
					t.Errorf("game %d turn %d: offence %v in phase %v", i, j, turn.Offence(x), turn.Phase())
				}
			}
		}
		if g.out.Forfeit >= 0 || len(g.history) > 3 && !reflect.DeepEqual(offences, []int{3}) {
			t.Errorf("game %d: forfeit %d, offences at turns %v; want none and [3]", i, g.out.Forfeit, offences)
		}
	}
}

// TestExecFlood: a bot that writes 256 KiB to stderr at every decision
// is not slowed into a fault, and its log stops at the limit.
func TestExecFlood(t *testing.T) {
	defer func(old int64) { defaultExec.LogLimit = old }(defaultExec.LogLimit)
	defaultExec.LogLimit = 1 << 20
	defer setLogDir(t.TempDir())()
	e := newExec(t, badbot("mode=flood;game=0;at=0"))
	checkLegalPlay(t, playSeries(e, randomBot(), 4, 3))
	e.Close()
	fi, err := os.Stat(e.LogPath())
	if err != nil {
		t.Fatal(err)
	}
	// The bot writes at most the limit, then one note: 4 KiB slack.
	if fi.Size() > defaultExec.LogLimit+4096 {
		t.Errorf("log is %d bytes for %d processes, limit %d", fi.Size(), e.Starts(), defaultExec.LogLimit)
	}
	if log := readFile(t, e.LogPath()); !strings.Contains(log, "log limit") {
		t.Errorf("log does not say it was cut")
	}
}

// TestExecFloodRestarts: the log limit is a total per bot and run, over
// every restart and every instance (worker) of the bot: a bot that
// floods and crashes in every game, restarted each time, on two
// instances, leaves one log within the limit.
func TestExecFloodRestarts(t *testing.T) {
	defer func(old int64) { defaultExec.LogLimit = old }(defaultExec.LogLimit)
	defaultExec.LogLimit = 100 << 10
	defer setLogDir(t.TempDir())()
	arg := badbot("mode=floodexit;game=0;at=1")
	e1, e2 := newExec(t, arg), newExec(t, arg)
	playSeries(e1, randomBot(), 4, 3)
	playSeries(e2, randomBot(), 4, 3)
	if e1.Starts() < 4 || e2.Starts() < 4 {
		t.Fatalf("started %d and %d processes, want a restart per game", e1.Starts(), e2.Starts())
	}
	e1.Close()
	e2.Close()
	if e1.LogPath() != e2.LogPath() {
		t.Errorf("two logs for one bot in one run: %s, %s", e1.LogPath(), e2.LogPath())
	}
	fi, err := os.Stat(e1.LogPath())
	if err != nil {
		t.Fatal(err)
	}
	if fi.Size() > defaultExec.LogLimit+4096 {
		t.Errorf("log is %d bytes after %d processes, limit %d in total", fi.Size(), e1.Starts()+e2.Starts(), defaultExec.LogLimit)
	}
}

// TestExecClose: Close ends a bot that ignores quit, and Close never
// hangs; no process or goroutine is left.
func TestExecClose(t *testing.T) {
	before := runtime.NumGoroutine()
	for _, opts := range []string{"mode=good", "mode=noquit"} {
		e := newExec(t, badbot(opts))
		playSeries(e, randomBot(), 1, 9)
		pid := e.proc.Process.Pid
		done := make(chan error)
		go func() { done <- e.Close() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: Close: %v", opts, err)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: Close hangs", opts)
		}
		if processAlive(pid) {
			t.Errorf("%s: bot process %d still runs after Close", opts, pid)
		}
		if e.Close() != nil {
			t.Errorf("second Close failed")
		}
	}
	checkGoroutines(t, before)
}

func checkGoroutines(t *testing.T, before int) {
	t.Helper()
	var n int
	for range 100 {
		if n = runtime.NumGoroutine(); n <= before {
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	buf := make([]byte, 1<<16)
	t.Errorf("%d goroutines left, %d before:\n%s", n, before, buf[:runtime.Stack(buf, true)])
}

// TestExecMixedRun plays a good and a failing bot against random at the
// same time, as a tournament's workers do: the failing bot forfeits every
// game and the good bot's games are exactly those it plays alone.
func TestExecMixedRun(t *testing.T) {
	const n = 10
	alone := playSeries(newExec(t, gobot(t)), randomBot(), n, 77)
	before := runtime.NumGoroutine()
	var good, bad []playedGame
	var wg sync.WaitGroup
	good1, bad1 := newExec(t, gobot(t)), newExec(t, badbot("mode=exit;game=0;at=2"))
	wg.Go(func() { good = playSeries(good1, randomBot(), n, 77) })
	wg.Go(func() { bad = playSeries(bad1, randomBot(), n, 77) })
	wg.Wait()
	for i := range alone {
		if !reflect.DeepEqual(alone[i], good[i]) {
			t.Errorf("game %d of the good bot differs next to a failing bot", i)
		}
		var f *ExecFault
		if bad[i].out.Forfeit != seatOf(i) || !errors.As(bad[i].out.Fault, &f) || f.Kind != FaultCrash {
			t.Errorf("game %d of the failing bot: forfeit %d (%v), want a crash", i, bad[i].out.Forfeit, bad[i].out.Fault)
		}
	}
	good1.Close()
	bad1.Close()
	checkGoroutines(t, before)
}

func TestExecPython(t *testing.T) {
	py, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found: the Python example bot is not tested")
	}
	e := newExec(t, py+" ../examples/python/bot.py")
	games := playSeries(e, randomBot(), 10, 11)
	checkLegalPlay(t, games)
	if e.Peer().Name == "" || e.Starts() != 1 {
		t.Errorf("hello %+v, %d starts", e.Peer(), e.Starts())
	}
}

// TestBotLogLines: stderr arrives in arbitrary pieces; the log holds
// whole prefixed lines.
func TestBotLogLines(t *testing.T) {
	l, err := openBotLog(t.TempDir(), "x", 0)
	if err != nil {
		t.Fatal(err)
	}
	l.started(7, []string{"x"})
	for _, p := range []string{"ab", "c\nde", "f\n\ng", ""} {
		l.Write([]byte(p))
	}
	l.Close()
	var got []string
	sc := bufio.NewScanner(strings.NewReader(readFile(t, l.path)))
	for sc.Scan() {
		got = append(got, sc.Text())
	}
	want := []string{"[pid 7] abc", "[pid 7] def", "[pid 7] ", "[pid 7] g"}
	if len(got) != 5 || !reflect.DeepEqual(got[1:], want) {
		t.Errorf("log lines %q, want a start note then %q", got, want)
	}
}

// FuzzParseExecSpec: any spec that parses gives a command; quoting its
// words and options back (single quotes) reads back to the same spec.
func FuzzParseExecSpec(f *testing.F) {
	for _, s := range []string{"bot", `python3 "a b" 'c;d' e\ f;level=2;timeout=1s`, `x;k="v w"`, `'';a=`, `"\\"`} {
		f.Add(s)
	}
	quote := func(w string) string { return "'" + strings.ReplaceAll(w, "'", `'\''`) + "'" }
	f.Fuzz(func(t *testing.T, arg string) {
		sp, err := parseExecSpec(arg)
		if err != nil {
			return
		}
		if len(sp.argv) == 0 {
			t.Fatalf("%q: no command and no error", arg)
		}
		var b strings.Builder
		for _, w := range sp.argv {
			b.WriteString(quote(w) + " ")
		}
		for _, k := range sp.keys {
			b.WriteString(";" + quote(k+"="+sp.options[k]))
		}
		again, err := parseExecSpec(b.String())
		if err != nil {
			t.Fatalf("%q requoted as %q: %v", arg, b.String(), err)
		}
		if !reflect.DeepEqual(again.argv, sp.argv) || !reflect.DeepEqual(again.options, sp.options) {
			t.Fatalf("%q requoted as %q reads %q %q, want %q %q", arg, b.String(), again.argv, again.options, sp.argv, sp.options)
		}
	})
}

// ExecTestBots builds the test bots (badbot, gobot) for the external
// tests of this package and returns their directory.
func ExecTestBots(t testing.TB) string { return bins(t) }

// TestExecInterrupt: a bot in a long decision (30 s, limit 60 s) is
// abandoned when the run is interrupted: the game ends with a crash fault
// long before the bot's time limit, its program is killed, and no new
// program starts afterwards.
func TestExecInterrupt(t *testing.T) {
	e := newExec(t, badbot("mode=sleep;game=1;at=2;timeout=60s"))
	done := make(chan []playedGame)
	go func() { done <- playSeries(e, randomBot(), 2, 1) }()
	// Wait until the bot is in its long decision.
	for {
		running.Lock()
		n := len(running.m)
		running.Unlock()
		if n > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(300 * time.Millisecond)
	InterruptExecBots()
	defer func() {
		running.Lock()
		running.stopped = false
		running.Unlock()
	}()
	var games []playedGame
	select {
	case games = <-done:
	case <-time.After(20 * time.Second): // a backstop: the bot sleeps 30 s
		t.Fatal("the interrupted decision was not abandoned")
	}
	var k interface{ FaultKind() string }
	if g := games[0]; g.out.Forfeit != 0 || !errors.As(g.out.Fault, &k) || k.FaultKind() != FaultCrash {
		t.Errorf("interrupted game: forfeit %d fault %v, want the bot's crash", g.out.Forfeit, g.out.Fault)
	}
	if e.Starts() != 1 {
		t.Errorf("%d programs started; none may start after the interruption", e.Starts())
	}
}

// TestRepeatedOptionsRefused: an option given twice is an error, for
// exec options nzsc reads itself, options for the program and built-in
// bots' parameters.
func TestRepeatedOptionsRefused(t *testing.T) {
	for _, spec := range []string{
		"exec:" + os.Args[0] + ";timeout=1;timeout=2",
		"exec:" + os.Args[0] + ";handshake=1;handshake=1",
		"exec:" + os.Args[0] + ";level=1;level=2",
		"mcts:iters=5,iters=6",
		"mcts:iters=5, iters =5",
	} {
		if _, err := Parse(spec); err == nil || !strings.Contains(err.Error(), "twice") {
			t.Errorf("%s: %v, want an error saying given twice", spec, err)
		}
	}
	if _, err := Parse("mcts:iters=5"); err != nil {
		t.Errorf("mcts:iters=5: %v", err)
	}
}

// TestExecAnswersTwice: a bot that answers one decision twice forfeits
// that game with a protocol fault (at its next decision, where the extra
// answer shows), instead of having the extra answer taken for the next
// decision's.
func TestExecAnswersTwice(t *testing.T) {
	e := newExec(t, badbot("mode=twice;game=1;at=1"))
	games := playSeries(e, randomBot(), 2, 11)
	var k interface{ FaultKind() string }
	g := games[0]
	if g.out.Forfeit != 0 || !errors.As(g.out.Fault, &k) || k.FaultKind() != FaultProtocol {
		t.Fatalf("game 1: forfeit %d fault %v, want the bot's protocol fault", g.out.Forfeit, g.out.Fault)
	}
	if g := games[1]; g.out.Forfeit >= 0 {
		t.Errorf("game 2 (a new program): forfeit %d (%v)", g.out.Forfeit, g.out.Fault)
	}
}

// TestExecSettingsPerBot: each bot takes the settings its command gave
// it, so two runs in one process (the browser's jobs) keep their own
// limits and log directories; a spec's own timeout= still wins.
func TestExecSettingsPerBot(t *testing.T) {
	bins(t)
	dirs := [2]string{t.TempDir(), t.TempDir()}
	for i, c := range []struct {
		spec string
		want time.Duration
	}{
		{"exec:" + gobot(t), 5 * time.Second},
		{"exec:" + gobot(t) + ";timeout=3s", 3 * time.Second},
	} {
		b, err := Parse(c.spec)
		if err != nil {
			t.Fatal(err)
		}
		s := DefaultExecSettings()
		s.Timeout, s.LogDir = 5*time.Second, dirs[i]
		b.Exec = &s
		a, err := b.New()
		if err != nil {
			t.Fatal(err)
		}
		e := a.(*Exec)
		if e.timeout != c.want {
			t.Errorf("%s: timeout %v, want %v", c.spec, e.timeout, c.want)
		}
		playSeries(e, randomBot(), 1, 1)
		e.Close()
		if !strings.HasPrefix(e.LogPath(), dirs[i]) {
			t.Errorf("%s: logs to %s, want under %s", c.spec, e.LogPath(), dirs[i])
		}
	}
	if err := (ExecSettings{Timeout: 0, Handshake: time.Second}).Check(); err == nil {
		t.Error("a zero timeout passed Check")
	}
}
