package agents

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nzsclab/nzsc/agents/protocol"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// ExecSettings are what a command decides for the external bots of a
// run beyond what each spec says: the limits a spec may override
// (timeout=, handshake=) and where the bots' logs go. A command passes
// them on each Bot (Bot.Exec); an instance reads them once, when it is
// built, so concurrent runs (the browser's jobs) each keep their own.
type ExecSettings struct {
	// Timeout is the time a bot has for each decision, from the moment
	// nzsc starts writing the request to the end of the answer.
	Timeout time.Duration
	// Handshake is the time a bot has to start and answer the hello.
	Handshake time.Duration
	// QuitWait is how long Close waits for a bot to exit after the quit
	// message before killing it.
	QuitWait time.Duration
	// LogDir is the directory of the bots' log files (their standard
	// error and log messages, see ExecLogName): "" means the per-user
	// UserLogDir (one file per bot and run, the last few runs kept), "-"
	// discards them. Runs with a run directory point it there.
	LogDir string
	// LogLimit caps what one bot (all its instances and restarts in this
	// process's run) may write to its log, in bytes; later lines are
	// dropped. Zero or less: no cap.
	LogLimit int64
}

// defaultExec is what a Bot without settings gets; the package's tests
// shorten it.
var defaultExec = ExecSettings{Timeout: 2 * time.Second, Handshake: 10 * time.Second, QuitWait: time.Second, LogLimit: 16 << 20}

// DefaultExecSettings returns the settings of a command that chooses
// none (a run without a run directory, default limits).
func DefaultExecSettings() ExecSettings { return defaultExec }

// MaxExecTimeout bounds every time limit of an exec bot (per decision,
// handshake): a limit is there to end a stuck program, and one of hours
// would not.
const MaxExecTimeout = time.Hour

// Check reports settings a bot cannot run with.
func (s ExecSettings) Check() error {
	switch {
	case s.Timeout <= 0 || s.Timeout > MaxExecTimeout:
		return fmt.Errorf("bot timeout %v must be positive and at most %v", s.Timeout, MaxExecTimeout)
	case s.Handshake <= 0 || s.Handshake > MaxExecTimeout:
		return fmt.Errorf("bot handshake timeout %v must be positive and at most %v", s.Handshake, MaxExecTimeout)
	}
	return nil
}

// The kinds of exec bot faults (ExecFault.Kind), as runners count them.
const (
	FaultTimeout  = "timeout"  // no answer in time (handshake or decision)
	FaultCrash    = "crash"    // could not start, exited, or closed its output or input
	FaultProtocol = "protocol" // wrote something that is not the expected message
)

// ExecFault is why an exec bot forfeited a game.
type ExecFault struct {
	// Kind is FaultTimeout, FaultCrash or FaultProtocol.
	Kind string
	Err  error
}

func (f *ExecFault) Error() string { return f.Kind + ": " + f.Err.Error() }

// FaultKind returns Kind; runners count forfeits by it.
func (f *ExecFault) FaultKind() string { return f.Kind }

func (f *ExecFault) Unwrap() error { return f.Err }

func faultf(kind, format string, a ...any) *ExecFault {
	return &ExecFault{Kind: kind, Err: fmt.Errorf(format, a...)}
}

func init() {
	Register(Info{
		Name:     "exec",
		Help:     "a program speaking the bot protocol (docs/protocol.md): exec:PROGRAM [ARGS...][;key=value...]; other keys go to the bot",
		Params:   execParams,
		Prefix:   true,
		External: true,
		Names:    execNames,
		New:      func(p Params) (Agent, error) { return NewExec(p["arg"], defaultExec) },
	})
}

// execParams are the options of both exec kinds (two-player NZSC and any
// game) that nzsc reads itself.
var execParams = []Param{
	{Name: execOptTimeout, Default: defaultExec.Timeout.String(), Help: "time limit per decision (default: --bot-timeout)"},
	{Name: execOptHandshake, Default: defaultExec.Handshake.String(), Help: "time limit to start and answer the hello"},
}

// execIDEnv is the environment variable that marks a bot's processes:
// each started program gets a value of its own, which its descendants
// inherit.
const execIDEnv = "NZSC_BOT_ID"

// execStarts numbers the programs started by this process.
var execStarts atomic.Uint64

// running holds the exec bots whose program runs, for InterruptExecBots.
var running = struct {
	sync.Mutex
	m map[*Exec]struct{}
	// stopped is set by InterruptExecBots: no program starts after it.
	stopped bool
}{m: map[*Exec]struct{}{}}

// InterruptExecBots kills the program of every exec bot of this process
// and keeps new ones from starting: a decision under way fails at once
// (a crash fault) instead of running to its time limit. Commands call it
// when the run's context is cancelled (Ctrl-C), so that the run stops
// promptly: the games under way are abandoned, which a cancelled run
// discards anyway. It is safe to call from any goroutine.
func InterruptExecBots() {
	running.Lock()
	running.stopped = true
	bots := make([]*Exec, 0, len(running.m))
	for e := range running.m {
		bots = append(bots, e)
	}
	running.Unlock()
	// In parallel: each kill scans the process table for the bot's
	// descendants, and many workers' bots must not stop one by one.
	var wg sync.WaitGroup
	for _, e := range bots {
		wg.Go(e.Interrupt)
	}
	wg.Wait()
}

// StopExecBotsWith calls InterruptExecBots when ctx is done; the
// returned function ends the watch.
func StopExecBotsWith(ctx context.Context) (stop func() bool) {
	return context.AfterFunc(ctx, InterruptExecBots)
}

// Interrupt kills the bot's running program, if any, so that a blocked
// read or write of the owner goroutine fails at once; the owner then
// forfeits the game and reaps the program as for any crash. It is the
// one method of Exec safe to call from another goroutine.
func (e *Exec) Interrupt() {
	e.runMu.Lock()
	defer e.runMu.Unlock()
	e.interrupted = true
	if e.proc != nil {
		// The quick kill only: the owner's stop finds the descendants.
		killGroup(e.proc)
	}
}

// maxLine is the longest line a bot may write.
const maxLine = 64 << 10

// Exec is a bot that runs an external program and talks to it with the
// JSON-lines protocol of package protocol (see docs/protocol.md). The
// program is started at the first decision, reused across games, and
// stopped by Close; a program that fails is killed, its game forfeited
// (Fault), and a new one started for the next game. An Exec belongs to
// one goroutine, as every Agent does.
type Exec struct {
	arg  string
	spec *execSpec
	prog string
	// timeout is per decision; handshake covers start and hello.
	timeout, handshake, quitWait time.Duration
	log                          *botLog

	// The running program, or proc == nil.
	proc *exec.Cmd
	in   *os.File // its standard input
	out  *os.File // its standard output
	rd   *bufio.Reader
	// exited is closed when the waiter goroutine's cmd.Wait returns with
	// waitErr.
	exited  chan struct{}
	waitErr error
	// limit is the time limit of the exchange under way, for messages.
	limit time.Duration
	// clockLeft is what the bot's clock has left for the next decision
	// (setClock; 0: no clock), and clock what the decision tells the
	// program of its clock when it has one (clocked).
	clockLeft time.Duration
	clock     protocol.Clock
	clocked   bool
	peer      protocol.BotMessage // its hello
	// starts counts programs started, hellos those that answered their
	// hello; failedStarts the starts in a row that failed
	// (MaxFailedStarts).
	starts, hellos int
	failedStarts   int
	gaveUp         *ExecFault // set once failedStarts reaches MaxFailedStarts
	// procID marks the running program and its descendants.
	procID string
	// runMu guards proc and procID against Interrupt, which another
	// goroutine may call; the owner goroutine only reads them otherwise.
	runMu       sync.Mutex
	interrupted bool
	closed      bool

	// The game played (empty: two-player NZSC) and its number of seats,
	// as the hello names them.
	gameName string
	seats    int

	// The current game.
	seat, game int
	seed       uint64
	gameSent   bool
	// series: NewSeries was called and no game message has told the
	// program yet (a game message is sent at the game's first decision).
	series   bool
	finished bool // Finish was called for this game
	sent     int  // history turns already sent in this game
	fault    *ExecFault

	// Buffers reused for every message.
	wbuf   bytes.Buffer
	enc    *json.Encoder
	msg    protocol.BotMessage
	gmsg   protocol.Game
	decide protocol.Decide
	result protocol.Result
	// contract is the game contract's state of two-player NZSC whose
	// Observe writes the decide's observation, for a program that asks
	// for it (observation).
	contract *nzsc.GameState
}

// NewExec builds an exec bot from its spec argument (what follows
// "exec:") under the run's settings s, which the spec's own options
// override. It checks the spec and that the program exists, and starts
// nothing.
func NewExec(arg string, s ExecSettings) (*Exec, error) {
	sp, err := parseExecSpec(arg)
	if err != nil {
		return nil, err
	}
	prog, err := lookProgram(sp.argv[0])
	if err != nil {
		return nil, err
	}
	e := &Exec{arg: arg, spec: sp, prog: prog, timeout: s.Timeout, handshake: s.Handshake, quitWait: s.QuitWait}
	if sp.timeout > 0 {
		e.timeout = sp.timeout
	}
	if sp.handshake > 0 {
		e.handshake = sp.handshake
	}
	if e.log, err = openBotLog(s.LogDir, arg, s.LogLimit); err != nil {
		return nil, err
	}
	e.enc = json.NewEncoder(&e.wbuf)
	e.enc.SetEscapeHTML(false)
	return e, nil
}

// LogPath returns the bot's log file, "" when logs are discarded.
func (e *Exec) LogPath() string { return e.log.path }

// Starts returns how many times the program was started.
func (e *Exec) Starts() int { return e.starts }

// Peer returns the hello of the running (or last) program: its name,
// author, protocol version and options.
func (e *Exec) Peer() protocol.BotMessage { return e.peer }

// NewGame implements Agent. The bot's seed for the game is drawn from
// rng, so it follows from the game's seed and the seat, and keyed with
// the process's secret (botSeed), so that the bot cannot work back to
// the game's seed.
func (e *Exec) NewGame(seat int, rng *rand.Rand) {
	e.seat, e.seed = seat, botSeed(rng.Uint64())
	e.game++
	e.gameSent, e.finished, e.sent, e.fault = false, false, 0, nil
}

// NewSeries implements SeriesPlayer: the next game message the program
// is sent says "series": true, so that a program that learns across
// games can do so reproducibly (protocol.Game.Series).
func (e *Exec) NewSeries() { e.series = true }

// Fault implements Faulter: the failure that forfeits the current game.
func (e *Exec) Fault() error {
	if e.fault == nil {
		return nil // a nil *ExecFault would be a non-nil error
	}
	return e.fault
}

// setClock is how a clock (ClockOption) tells the bot what it has left
// before a decision, after done decisions of the game: the program is
// not waited for longer than that, and is told it in the decide. The
// clock starts after this returns, so the program is started here when
// it does not run: its start and handshake have their own limit
// (handshake=) and are not charged to its clock, which would make the
// time it is told wrong. A failed start is the game's fault, as in Choose.
func (e *Exec) setClock(tc TimeControl, left time.Duration, done int) {
	e.clockLeft, e.clocked = left, true
	e.clock = protocol.NewClock(left, tc.Inc, tc.MovesToGo(done))
	if e.proc == nil && e.fault == nil {
		if err := e.Start(); err != nil {
			e.fail(err)
		}
	}
}

// clockField is the clock field of the next decide: nil (absent) for a
// bot without a clock, which is sent what it always was.
func (e *Exec) clockField() *protocol.Clock {
	if !e.clocked {
		return nil
	}
	return &e.clock
}

// decisionLimit is the time limit of the next decision: the timeout, or
// what the clock has left (plus a millisecond, so that a program that
// used it all is seen over its clock) when that is shorter.
func (e *Exec) decisionLimit() time.Duration {
	if e.clockLeft > 0 && e.clockLeft+time.Millisecond < e.timeout {
		return e.clockLeft + time.Millisecond
	}
	return e.timeout
}

// Choose implements Agent: it sends the decision and reads the answer. A
// name that is no choice of the phase becomes nzsc.Unknown, which the
// rules penalize. On a failure it records the fault, stops the program
// and returns a legal choice; the runner then forfeits the game.
func (e *Exec) Choose(d *Decision) nzsc.Choice {
	if e.fault != nil {
		return d.Legal[0]
	}
	if e.proc == nil {
		if err := e.Start(); err != nil {
			e.fail(err)
			return d.Legal[0]
		}
	}
	e.limit = e.decisionLimit()
	deadline := time.Now().Add(e.limit)
	if !e.gameSent {
		e.gmsg = protocol.Game{Type: protocol.TypeGame, Game: e.game, Seat: d.Seat, Seed: e.seed,
			Rules: protocolRules(d.State.Rules()), Series: e.series}
		if err := e.send(&e.gmsg, deadline); err != nil {
			e.fail(err)
			return d.Legal[0]
		}
		e.gameSent, e.series = true, false
	}
	e.decide.Fill(e.game, d.State, d.Seat, d.History, e.historyStart(), d.Legal)
	e.decide.Clock = e.clockField()
	e.decide.Observation = nil
	if e.peer.Observation {
		e.decide.Observation = e.observation(d)
	}
	e.sent = len(d.History)
	choice, err := e.ask(&e.decide, deadline)
	if err != nil {
		e.fail(err)
		return d.Legal[0]
	}
	return nzsc.ParseChoice(d.State.Phase, choice)
}

// ask sends a decide and returns the choice it answers, for every game.
// Before the request, and right behind the answer, the program must have
// written nothing but log messages: a second answer to one decision is a
// protocol fault, never the answer to the next.
func (e *Exec) ask(decide any, deadline time.Time) (string, error) {
	if err := e.nothingPending(deadline); err != nil {
		return "", err
	}
	if err := e.send(decide, deadline); err != nil {
		return "", err
	}
	m, err := e.receive(protocol.TypeChoice, deadline)
	if err != nil {
		return "", err
	}
	choice := m.Choice
	// More output right behind the answer: a second answer shows here
	// when the bot wrote both at once, else before the next request.
	if e.rd.Buffered() > 0 {
		if err := e.nothingPending(deadline); err != nil {
			return "", err
		}
	}
	return choice, nil
}

// observation returns the game contract's observation of d's seat, as
// JSON: the contract's own GameState.Observe on d's state and history, so
// that it is exactly what the game gives that seat (every other game's
// decide carries its contract's observation the same way, ExecPlayer).
func (e *Exec) observation(d *Decision) json.RawMessage {
	if e.contract == nil {
		e.contract = nzsc.NewContractGame(d.State.Rules()).NewState(0).(*nzsc.GameState)
	}
	e.contract.State, e.contract.History = *d.State, d.History
	b, err := json.Marshal(e.contract.Observe(d.Seat))
	if err != nil {
		panic("agents: an observation does not encode: " + err.Error()) // the game's bug
	}
	return b
}

func (e *Exec) historyStart() int {
	if e.peer.History == protocol.HistoryDelta {
		return e.sent
	}
	return 0
}

// Finish implements Finisher: it sends the game's result, once per game.
// A program that cannot take it is stopped (the game is over, so nothing
// is forfeited; the next game starts a new program).
func (e *Exec) Finish(o Outcome, history []nzsc.Turn) {
	if e.finished || e.fault != nil || e.proc == nil || !e.gameSent {
		return
	}
	e.finished = true
	opponentForfeited := o.Forfeit == 1-e.seat
	e.result.Fill(e.game, &o.State, e.seat, history, e.historyStart(), o.Winner(), opponentForfeited)
	e.sent = len(history)
	e.limit = e.timeout
	if err := e.send(&e.result, time.Now().Add(e.timeout)); err != nil {
		e.log.Printf("game %d: result not delivered: %v", e.game, err)
		e.stop()
	}
}

// MaxFailedStarts is how many starts in a row may fail (the program
// does not start, or does not answer its hello) before the bot gives up:
// its fault is then a *GaveUpError, which stops the run (GaveUp). Each
// failed start forfeits a game; a program that ran once and then fails
// every restart (a license gone, a file it needs deleted, a full disk
// under it) would otherwise forfeit every game left, each after its
// handshake's time limit, and the run would end as a table of
// forfeits. Three: one restart that fails is a fault like any other,
// three in a row a program that no longer starts.
const MaxFailedStarts = 3

// GaveUpError is the fault of an exec bot whose program failed to start
// MaxFailedStarts times in a row: a run stops with it (GaveUp) and keeps
// its finished games, rather than forfeit every game left.
type GaveUpError struct {
	// Bot is the bot's spec argument (what follows "exec:").
	Bot string
	// Failed is the starts in a row that failed, Started the programs
	// of this instance that had started and answered their hello before.
	Failed, Started int
	// Last is the last start's fault.
	Last error
}

func (g *GaveUpError) Error() string {
	ran := "it never answered a hello here"
	if g.Started > 0 {
		ran = fmt.Sprintf("it had started and answered its hello %d time(s) before", g.Started)
	}
	return fmt.Sprintf("exec:%s failed to start %d times in a row (the last: %v; %s): the run stops rather than forfeit every game left", g.Bot, g.Failed, g.Last, ran)
}

func (g *GaveUpError) Unwrap() error { return g.Last }

// GaveUp returns the *GaveUpError in a game's fault, or nil: a runner
// forfeits a game for any other fault and plays on, and stops the run
// with this one.
func GaveUp(fault error) error {
	var g *GaveUpError
	if errors.As(fault, &g) {
		return g
	}
	return nil
}

// Start starts the program and does the handshake, unless it is running.
// Choose calls it when needed; commands may call it to check a bot before
// a run (see Probe). After MaxFailedStarts failures in a row its error
// wraps a *GaveUpError.
func (e *Exec) Start() error {
	if e.proc != nil {
		return nil
	}
	if e.gaveUp != nil {
		// Given up: the program is not started again.
		return e.gaveUp
	}
	started := e.hellos
	err := e.start()
	var f *ExecFault
	switch {
	case err == nil:
		e.failedStarts = 0
		e.hellos++
	case e.closed || Interrupted(err):
		// Not the program's failure.
	default:
		e.failedStarts++
		if e.failedStarts >= MaxFailedStarts {
			// The kind is the last start's: the forfeit is counted as
			// that start's failure.
			kind := FaultCrash
			if errors.As(err, &f) {
				kind = f.Kind
			}
			e.gaveUp = &ExecFault{Kind: kind, Err: &GaveUpError{Bot: e.arg, Failed: e.failedStarts, Started: started, Last: err}}
			return e.gaveUp
		}
	}
	return err
}

// errInterrupted is the fault of a start after InterruptExecBots.
var errInterrupted = errors.New("run interrupted")

// Interrupted reports whether err holds an external program's start
// refused or cut short because the run was interrupted
// (InterruptExecBots): the run's stop, not the program's fault, though
// it reads as a crash.
func Interrupted(err error) bool {
	var f *ExecFault
	return errors.As(err, &f) && f.Err == errInterrupted
}

// start is Start of a program that does not run.
func (e *Exec) start() error {
	if e.closed {
		return faultf(FaultCrash, "bot already closed")
	}
	running.Lock()
	stopped := running.stopped
	running.Unlock()
	e.runMu.Lock()
	stopped = stopped || e.interrupted
	e.runMu.Unlock()
	if stopped {
		return &ExecFault{Kind: FaultCrash, Err: errInterrupted}
	}
	deadline := time.Now().Add(e.handshake)
	e.limit = e.handshake
	inR, inW, err := os.Pipe()
	if err != nil {
		return faultf(FaultCrash, "cannot start %s: %v", e.spec.argv[0], err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return faultf(FaultCrash, "cannot start %s: %v", e.spec.argv[0], err)
	}
	// The mark by which the program's descendants are found and killed
	// with it (see killMarked), unique in this process and across
	// processes.
	e.procID = fmt.Sprintf("%d.%d.%x", os.Getpid(), execStarts.Add(1), rand.Uint64())
	cmd := &exec.Cmd{Path: e.prog, Args: slices.Clone(e.spec.argv), Stdin: inR, Stdout: outW,
		Env: append(os.Environ(), execIDEnv+"="+e.procID)}
	if e.log.file != nil {
		cmd.Stderr = e.log
	}
	// Bounds Wait's wait for the stderr copy, should some process outside
	// the group hold the pipe.
	cmd.WaitDelay = time.Second
	ownProcessGroup(cmd, e.procID)
	err = cmd.Start()
	// The child has its own copies of its ends (or failed to start).
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return faultf(FaultCrash, "cannot start %s: %v", e.spec.argv[0], err)
	}
	e.runMu.Lock()
	e.proc, e.in, e.out = cmd, inW, outR
	e.runMu.Unlock()
	running.Lock()
	running.m[e] = struct{}{}
	running.Unlock()
	e.exited = make(chan struct{})
	go func(done chan struct{}) {
		// The one Wait of this process: the others wait on exited.
		e.waitErr = cmd.Wait()
		close(done)
	}(e.exited)
	if e.rd == nil {
		e.rd = bufio.NewReaderSize(outR, maxLine)
	} else {
		e.rd.Reset(outR)
	}
	e.starts++
	e.log.started(cmd.Process.Pid, e.spec.argv)
	if err := e.handshakeWith(deadline); err != nil {
		e.log.Printf("handshake failed: %v", err)
		e.stop()
		return err
	}
	return nil
}

func (e *Exec) handshakeWith(deadline time.Time) error {
	hello := protocol.Hello{Type: protocol.TypeHello, Protocol: protocol.Version, Program: "nzsc", Options: e.spec.options,
		GameName: e.gameName, Seats: e.seats}
	if hello.GameName == "" {
		hello.GameName, hello.Seats = DefaultGame, 2
	}
	if err := e.send(&hello, deadline); err != nil {
		return e.beforeHello(err)
	}
	m, err := e.receive(protocol.TypeHello, deadline)
	if err != nil {
		return e.beforeHello(err)
	}
	e.peer = *m
	e.peer.Options = slices.Clone(m.Options)
	if m.Protocol != protocol.Version {
		return faultf(FaultProtocol, "bot speaks protocol version %d, nzsc speaks %d", m.Protocol, protocol.Version)
	}
	switch m.History {
	case "", protocol.HistoryFull, protocol.HistoryDelta:
	default:
		return faultf(FaultProtocol, "bot asks for history %q (want %q or %q)", m.History, protocol.HistoryFull, protocol.HistoryDelta)
	}
	for _, k := range e.spec.keys {
		if !slices.Contains(m.Options, k) {
			return faultf(FaultProtocol, "bot %q does not accept option %q (it accepts: %s)", m.Name, k, strings.Join(m.Options, ", "))
		}
	}
	return nil
}

// beforeHello words a crash in the handshake by how the program ended
// ("exited with status 1 before its hello"), with the last line it wrote
// on its standard error, where a program says why it stops (a missing
// module; the reaper's "cannot start" of a program the system cannot
// run): such a program could not start a single game, and that one line
// is what the user reads.
func (e *Exec) beforeHello(err error) error {
	var f *ExecFault
	if !errors.As(err, &f) || f.Kind != FaultCrash {
		return err
	}
	e.runMu.Lock()
	interrupted := e.interrupted
	e.runMu.Unlock()
	if interrupted {
		// Killed by Interrupt (Ctrl-C), not the program's failure.
		return &ExecFault{Kind: FaultCrash, Err: errInterrupted}
	}
	var how string
	var x *exec.ExitError
	switch {
	case e.exitStatus(exitWaitBeforeHello) == "still running":
		how = "closed its output before its hello"
	case e.waitErr == nil:
		how = "exited with status 0 before its hello"
	case errors.As(e.waitErr, &x) && x.Exited():
		how = fmt.Sprintf("exited with status %d before its hello", x.ExitCode())
	default:
		how = fmt.Sprintf("ended (%v) before its hello", e.waitErr)
	}
	if words := e.log.lastWords(); len(words) > 0 {
		how += "; its last line on standard error: " + quoteCutN(words, 160)
	}
	return faultf(FaultCrash, "%s", how)
}

// send writes one message, by the deadline.
func (e *Exec) send(v any, deadline time.Time) error {
	e.wbuf.Reset()
	if err := e.enc.Encode(v); err != nil {
		panic("agents: exec message does not encode: " + err.Error())
	}
	if err := e.in.SetWriteDeadline(deadline); err != nil {
		return faultf(FaultCrash, "cannot time its input: %v", err)
	}
	if _, err := e.in.Write(e.wbuf.Bytes()); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return faultf(FaultTimeout, "did not read its input within %v", e.limit)
		}
		return faultf(FaultCrash, "its input is closed (%v)", e.exitStatus(exitWait))
	}
	return nil
}

// receive reads messages until one of type want (any type for "")
// arrives, by the deadline; log messages on the way go to the log.
func (e *Exec) receive(want string, deadline time.Time) (*protocol.BotMessage, error) {
	if err := e.out.SetReadDeadline(deadline); err != nil {
		return nil, faultf(FaultCrash, "cannot time its output: %v", err)
	}
	for {
		line, err := e.rd.ReadSlice('\n')
		switch {
		case err == nil:
		case errors.Is(err, os.ErrDeadlineExceeded):
			return nil, faultf(FaultTimeout, "no %s message within %v", want, e.limit)
		case errors.Is(err, bufio.ErrBufferFull):
			return nil, faultf(FaultProtocol, "wrote a line longer than %d bytes", maxLine)
		case errors.Is(err, io.EOF):
			return nil, faultf(FaultCrash, "closed its output (%v)", e.exitStatus(exitWait))
		default:
			return nil, faultf(FaultCrash, "reading its output: %v", err)
		}
		line = bytes.TrimSpace(line)
		if len(line) == 0 {
			continue // a stray blank line is harmless
		}
		e.msg = protocol.BotMessage{}
		if err := json.Unmarshal(line, &e.msg); err != nil || e.msg.Type == "" {
			return nil, faultf(FaultProtocol, "wrote %s, not a message", quoteCut(line))
		}
		if e.msg.Type == protocol.TypeLog {
			e.log.message(e.msg.Message)
			continue
		}
		if want != "" && e.msg.Type != want {
			return nil, faultf(FaultProtocol, "sent a %q message, expected %q", e.msg.Type, want)
		}
		return &e.msg, nil
	}
}

// nothingPending checks, before a request, that the program has not
// written anything but log messages since its last answer: a second
// answer to one decision would otherwise be read as the answer to the
// next. It reads what is already there without waiting (a deadline in the
// past), and whole lines by deadline.
func (e *Exec) nothingPending(deadline time.Time) error {
	if e.rd.Buffered() == 0 {
		if err := e.out.SetReadDeadline(time.Now()); err != nil {
			return faultf(FaultCrash, "cannot time its output: %v", err)
		}
		if _, err := e.rd.Peek(1); err != nil {
			if e.rd.Buffered() == 0 {
				// Clear the poll's error from the reader; a closed
				// output shows at the next read.
				e.rd.Reset(e.out)
			}
			return nil
		}
	}
	m, err := e.receive("", deadline)
	if err != nil {
		return err
	}
	return faultf(FaultProtocol, "sent a %q message without a request (answered twice?)", m.Type)
}

// How long exitStatus waits for a program that closed its output to
// end. Before its hello the wait is longer: that one line is all the
// user is told, and on a loaded machine 100 ms was sometimes too short
// for an exiting shell script to be reaped ("closed its output" where
// it had "exited with status 3").
const (
	exitWait            = 100 * time.Millisecond
	exitWaitBeforeHello = 2 * time.Second
)

// exitStatus says how the program ended, waiting for it at most wait: a
// program that closed its output is usually exiting.
func (e *Exec) exitStatus(wait time.Duration) string {
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-e.exited:
	case <-t.C:
		return "still running"
	}
	if e.waitErr != nil {
		return e.waitErr.Error()
	}
	return "exit status 0"
}

// quoteCut quotes b, cut to 80 bytes, for a one-line message.
func quoteCut(b []byte) string { return quoteCutN(b, 80) }

// quoteCutN quotes b cut to n bytes.
func quoteCutN(b []byte, n int) string {
	if len(b) > n {
		return fmt.Sprintf("%q...", b[:n])
	}
	return fmt.Sprintf("%q", b)
}

// fail records the fault of the current game and stops the program.
func (e *Exec) fail(err error) {
	f, ok := err.(*ExecFault)
	if !ok {
		f = &ExecFault{Kind: FaultCrash, Err: err}
	}
	e.fault = f
	e.log.Printf("game %d forfeited: %v", e.game, f)
	e.stop()
}

// stop kills the program (and anything it started) and reaps it.
func (e *Exec) stop() {
	if e.proc == nil {
		return
	}
	e.in.Close()
	killGroup(e.proc)
	// The descendants too, now: one that holds the program's standard
	// error would otherwise delay its Wait.
	killMarked(e.proc, e.procID)
	e.reap(true)
}

// reap waits for the killed or exiting program, kills whatever it left
// running (unless stop did already), closes its output and notes how it
// ended.
func (e *Exec) reap(swept bool) {
	<-e.exited
	killGroup(e.proc)
	if !swept {
		killMarked(e.proc, e.procID)
	}
	e.out.Close()
	e.log.flush()
	if e.waitErr != nil {
		e.log.Printf("process ended: %v", e.waitErr)
	} else {
		e.log.Printf("process exited")
	}
	e.runMu.Lock()
	e.proc = nil
	e.runMu.Unlock()
	running.Lock()
	delete(running.m, e)
	running.Unlock()
}

// Close implements Closer: it asks the program to quit, gives it
// ExecQuitWait to exit, then kills it. A bot's misbehaviour here is only
// logged; the error is about the log file.
func (e *Exec) Close() error {
	if e.closed {
		return nil
	}
	e.closed = true
	if e.proc != nil {
		e.limit = e.quitWait
		deadline := time.Now().Add(e.quitWait)
		e.send(&protocol.Quit{Type: protocol.TypeQuit}, deadline)
		e.in.Close()
		e.drain(deadline)
		t := time.NewTimer(time.Until(deadline))
		swept := false
		select {
		case <-e.exited:
		case <-t.C:
			e.log.Printf("did not exit within %v of quit; killed", e.quitWait)
			killGroup(e.proc)
			killMarked(e.proc, e.procID)
			swept = true
		}
		t.Stop()
		e.reap(swept)
	}
	return e.log.Close()
}

// drain reads what the program still writes until it closes its output
// or the deadline passes, keeping its log messages (such as those it
// writes after the last result).
func (e *Exec) drain(deadline time.Time) {
	if e.out.SetReadDeadline(deadline) != nil {
		return
	}
	for {
		line, err := e.rd.ReadSlice('\n')
		if err != nil && !errors.Is(err, bufio.ErrBufferFull) {
			return
		}
		var m protocol.BotMessage
		if json.Unmarshal(line, &m) == nil && m.Type == protocol.TypeLog {
			e.log.message(m.Message)
		}
	}
}

// Probe builds an instance of b and, for a bot that runs a program,
// starts it and does the handshake, so that a command can reject a bot
// that cannot even start (a one-line error) before a run begins.
func Probe(b *Bot) error { return ProbeFor(b, nil) }

// ProbeFor is Probe for a bot that will play g (nil: two-player NZSC): an
// external program's hello names the game it is to play, and the name the
// program answers with becomes b.Peer. A bot is probed once.
func ProbeFor(b *Bot, g game.Game) error {
	if b.probed {
		return nil
	}
	p, err := b.newPlayer() // the bot itself, without its noise
	if err != nil {
		return err
	}
	if c := CloserOf(p); c != nil {
		defer c.Close()
	}
	if x, ok := p.(*ExecPlayer); ok && g != nil {
		x.gameName, x.seats = g.Info().Name, g.Seats()
	}
	var a any = p
	if u, ok := p.(interface{ Unwrap() Agent }); ok {
		a = u.Unwrap()
	}
	if s, ok := a.(interface{ Start() error }); ok {
		if err := s.Start(); err != nil {
			return fmt.Errorf("bot %s: %w", b.Spec, err)
		}
	}
	// A built-in bot that reads a file for its game checks it now
	// (optimal:path= of other rules), not at its first decision.
	if c, ok := a.(interface{ CheckGame(game.Game) error }); ok && g != nil {
		if err := c.CheckGame(g); err != nil {
			return fmt.Errorf("bot %s: %w", b.Spec, err)
		}
	}
	if pr, ok := a.(interface{ Peer() protocol.BotMessage }); ok && b.Peer == "" {
		b.Peer = peerName(pr.Peer().Name)
	}
	b.probed = true
	return nil
}

// protocolRules announces r to a bot: the turn cap, and the settings that
// differ from the shared rules (as nzsc.Rules.Options lists them).
func protocolRules(r nzsc.Rules) protocol.Rules {
	o := r.Options()
	p := protocol.Rules{TurnCap: r.TurnCap, Headstarts: o["headstarts"], NoBooster: o["no_booster"]}
	for key, dst := range map[string]*int{"points": &p.Points, "move_streak": &p.MoveStreak,
		"character_streak": &p.CharacterStreak, "waits": &p.Waits} {
		if v, ok := o[key]; ok {
			*dst, _ = strconv.Atoi(v)
		}
	}
	return p
}
