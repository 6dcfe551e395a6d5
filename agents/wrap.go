package agents

import (
	"context"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// agentWrap is what a wrapper of an Agent that changes only how the bot
// decides (noise, a clock) passes on to the bot untouched: the run's
// stop, the start of a series, the end of a game, closing. Such
// wrappers embed it.
type agentWrap struct{ a Agent }

// SetContext implements ContextSetter: the wrapped bot's, so that a stop
// ends its search under the wrapper too.
func (w *agentWrap) SetContext(ctx context.Context) { SetContext(w.a, ctx) }

// NewSeries implements SeriesPlayer: the wrapped bot's, so that a bot
// that learns across games keeps doing so under a clock or noise.
func (w *agentWrap) NewSeries() { StartSeries(w.a) }

// Finish implements Finisher: the wrapped bot is told.
func (w *agentWrap) Finish(o Outcome, history []nzsc.Turn) {
	if f, ok := w.a.(Finisher); ok {
		f.Finish(o, history)
	}
}

// Close implements Closer: the wrapped bot's.
func (w *agentWrap) Close() error {
	if c, ok := w.a.(Closer); ok {
		return c.Close()
	}
	return nil
}

// playerWrap is agentWrap for a Player.
type playerWrap struct{ p Player }

// SetContext implements ContextSetter: the wrapped bot's.
func (w *playerWrap) SetContext(ctx context.Context) { SetContext(w.p, ctx) }

// NewSeries implements SeriesPlayer: the wrapped bot's.
func (w *playerWrap) NewSeries() { StartSeries(w.p) }

// FinishGame implements GameFinisher: the wrapped bot is told.
func (w *playerWrap) FinishGame(res *GameResult) {
	if f, ok := w.p.(GameFinisher); ok {
		f.FinishGame(res)
	}
}

// Close implements Closer: the wrapped bot's.
func (w *playerWrap) Close() error {
	if c := CloserOf(w.p); c != nil {
		return c.Close()
	}
	return nil
}
