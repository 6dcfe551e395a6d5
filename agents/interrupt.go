package agents

import "context"

// ContextSetter is implemented by bots whose decisions search for a budget
// (mcts, the N-player mcts, NPZR's ismcts and pimc): SetContext ties their
// searches to ctx. Once ctx is done, a search under way ends within
// milliseconds and every later decision is answered at once from what was
// searched (a legal choice, usually a poor one), so that a budget never
// outlives a stop. A runner that stops on ctx abandons the game in which
// that happened; it never counts it. The tables pass their context on at
// the start of every game (Table.SetContext, PlayerTable.SetContext);
// code that calls Choose or Act itself uses SetContext below.
type ContextSetter interface {
	SetContext(ctx context.Context)
}

// SetContext gives ctx to bot (an Agent or a Player, looked through
// AsPlayer) when it is a ContextSetter, and does nothing otherwise.
func SetContext(bot any, ctx context.Context) {
	if u, ok := bot.(interface{ Unwrap() Agent }); ok {
		bot = u.Unwrap()
	}
	if c, ok := bot.(ContextSetter); ok {
		c.SetContext(ctx)
	}
}

// Interrupt is what a search bot embeds to be a ContextSetter: it keeps
// the context's Done channel, and Interrupted polls it. The poll is a
// non-blocking receive (a few nanoseconds, no allocation), cheap enough
// for every iteration of a search loop; it reads no randomness, so a bot
// that is not interrupted plays exactly as without it. The zero value is
// never interrupted.
type Interrupt struct {
	done <-chan struct{}
}

// SetContext implements ContextSetter; a nil ctx clears it.
func (i *Interrupt) SetContext(ctx context.Context) {
	i.done = nil
	if ctx != nil {
		i.done = ctx.Done()
	}
}

// Interrupted reports whether the context given by SetContext is done.
func (i *Interrupt) Interrupted() bool {
	select {
	case <-i.done:
		return true
	default:
		return false
	}
}
