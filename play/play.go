package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
)

// Options configure a session of games.
type Options struct {
	Rules engine.Rules
	// Bot is the opponent. When it is the classic opponent, a seed is
	// its generator's 32-bit starting state, as in the original game;
	// for any other bot it is the 64-bit game seed, and the bot's random
	// source is the one a match would give seat 1 in that game.
	Bot *agents.Bot
	// Seed is the first game's seed; later games (after "Play again?")
	// take seeds drawn from it, so a whole session replays from it.
	Seed uint64
	// Echo copies every line read into the transcript, as a terminal
	// shows what is typed; set it when the input is not a terminal.
	Echo bool
	// Record, when set, receives each game as a game record when it
	// ends. A game stopped early (quit, the end of the input) is not
	// recorded: a record's result must be one its moves give.
	Record func(*game.Record) error
}

// IsClassic reports whether bot is the classic opponent, whose seeds are
// 32-bit generator states.
func IsClassic(bot *agents.Bot) bool { return bot.Info.Name == "classic" }

// MaxLine is the longest input line Run reads: the line scanner's limit
// (bufio.MaxScanTokenSize, newline included).
const MaxLine = bufio.MaxScanTokenSize - 1

// ErrLineTooLong is Run's error for an input line longer than MaxLine
// bytes: the session ends there as at the end of the input, and the line
// is reported rather than silently taken for the end.
var ErrLineTooLong = fmt.Errorf("input line longer than %d bytes", MaxLine)

// Run plays games with the person answering from in and the transcript
// going to out, until the person declines another game or quits, the
// input ends or ctx is cancelled. The last two end cleanly with the score
// so far and a nil error; a failing bot is an error, and so is a line
// longer than MaxLine (ErrLineTooLong). It is a terminal's loop over a
// Session.
func Run(ctx context.Context, in io.Reader, out io.Writer, o Options) error {
	// Cancelling on return lets the reader goroutine go when the
	// session ends before the input does.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lines := make(chan string)
	// The reader's error, sent before lines closes (buffered: Run may
	// have gone).
	readErr := make(chan error, 1)
	go func() {
		defer close(lines)
		lim := &lineLimit{r: in, max: MaxLine}
		defer func() { readErr <- lim.err }()
		sc := bufio.NewScanner(lim)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	s, err := NewSession(o)
	if err != nil {
		return err
	}
	defer s.Close()
	r, err := s.Start()
	Write(out, r)
	for err == nil && !r.Over {
		line, ok := read(ctx, lines)
		if !ok {
			Write(out, s.Stop())
			select {
			case err := <-readErr:
				return err
			default: // cancelled: the reader may still be reading
				return nil
			}
		}
		if o.Echo {
			fmt.Fprintln(out, line)
		}
		r, err = s.Answer(line)
		Write(out, r)
	}
	return err
}

// Write writes a reply as the terminal shows it: its lines, then the
// question with the choices listed under it and a blank line.
func Write(w io.Writer, r Reply) {
	var b strings.Builder
	for _, l := range r.Lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if r.Ask != "" {
		b.WriteString(r.Ask)
		b.WriteByte('\n')
		if r.Kind == AskChoice {
			for _, o := range r.Options {
				b.WriteString("\t" + o + "\n")
			}
		}
		b.WriteByte('\n')
	}
	io.WriteString(w, b.String())
}

// read returns the next non-blank line; false at the end of the input or
// on cancellation. Blank lines are skipped rather than penalized: an
// extra Enter is not an answer.
func read(ctx context.Context, lines <-chan string) (string, bool) {
	for {
		select {
		case <-ctx.Done():
			return "", false
		case l, ok := <-lines:
			if !ok {
				return "", false
			}
			if strings.TrimSpace(l) == "" {
				continue
			}
			return l, true
		}
	}
}

// newOpponent builds the bot for one game with the given seed.
func newOpponent(bot *agents.Bot, seed uint64) (agents.Agent, error) {
	if IsClassic(bot) {
		a := agents.NewClassic(uint32(seed))
		a.NewGame(1, nil)
		return a, nil
	}
	a, err := bot.New()
	if err != nil {
		return nil, err
	}
	a.NewGame(1, rand.New(agents.SeatSource(seed, 1)))
	return a, nil
}

// ReplayHint returns the command line that replays a game under rules:
// the variant's settings (other than the turn cap, which play keeps) as
// --rule flags.
func ReplayHint(bot *agents.Bot, seed uint64, rules engine.Rules) string {
	var b strings.Builder
	b.WriteString("nzsc play")
	if bot.Spec != "classic" {
		b.WriteString(" --opponent " + bot.Spec)
	}
	o := rules.Options()
	delete(o, "turn_cap")
	for _, k := range slices.Sorted(maps.Keys(o)) {
		b.WriteString(" --rule " + k + "=" + o[k])
	}
	fmt.Fprintf(&b, " --seed %#x", seed)
	return b.String()
}

// lineLimit passes input through until a line longer than max bytes,
// where it fails with ErrLineTooLong, so that a line scanner stops there
// with that error kept rather than its own.
type lineLimit struct {
	r   io.Reader
	max int
	cur int // bytes of the current line so far
	err error
}

func (l *lineLimit) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	for i, b := range p[:n] {
		if b == '\n' {
			l.cur = 0
			continue
		}
		if l.cur++; l.cur > l.max {
			l.err = ErrLineTooLong
			return i, l.err
		}
	}
	return n, err
}
