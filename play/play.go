package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
)

// MaxLine is the longest input line Run reads: the line scanner's limit
// (bufio.MaxScanTokenSize, newline included).
const MaxLine = bufio.MaxScanTokenSize - 1

// ErrLineTooLong is Run's error for an input line longer than MaxLine
// bytes: the session ends there as at the end of the input, and the line
// is reported rather than silently taken for the end.
var ErrLineTooLong = fmt.Errorf("input line longer than %d bytes", MaxLine)

// Run plays games with the person answering from in and the transcript
// going to out, until the person declines another game or quits, the
// input ends or ctx is cancelled (a bot thinking then answers at once
// from what it searched). The last two end cleanly with the score so far
// and a nil error; a failing bot is an error, and so is a line
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
	// The bots think under ctx, as a server's request gives them its own:
	// Ctrl-C stops a search under way (mcts:iters=10000000 searched on
	// for minutes after it) and the session stops at the next question.
	s.SetContext(ctx)
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

// Width is where a terminal wraps the lines of a game that asks for it
// (Reply.Wrap): 80 columns, less a margin.
const Width = 78

// Write writes a reply as the terminal shows it: its lines (wrapped at
// Width when the reply asks), then the question with the choices listed
// under it and a blank line.
func Write(w io.Writer, r Reply) {
	var b strings.Builder
	lines := r.Lines
	if r.Wrap {
		lines = wrap(lines, Width)
	}
	for _, l := range lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if r.Ask != "" {
		b.WriteString(r.Ask)
		b.WriteByte('\n')
		if r.Kind == AskChoice { // AskAction's options: 'legal' lists them
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

// wrap breaks every line longer than width at word boundaries; a
// continuation is indented four spaces past the line's own indentation.
// A word longer than the width stays whole.
func wrap(lines []string, width int) []string {
	var out []string
	for _, l := range lines {
		for len(l) > width {
			indent := len(l) - len(strings.TrimLeft(l, " "))
			cut := strings.LastIndexByte(l[:width+1], ' ')
			if cut <= indent {
				if cut = strings.IndexByte(l[indent:], ' '); cut < 0 {
					break
				}
				cut += indent
			}
			out = append(out, strings.TrimRight(l[:cut], " "))
			l = strings.Repeat(" ", indent+4) + strings.TrimLeft(l[cut:], " ")
		}
		out = append(out, strings.TrimRight(l, " "))
	}
	return out
}
