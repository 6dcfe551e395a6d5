package agents

import "context"

// notesKey is the context key of WithNotes.
type notesKey struct{}

// WithNotes returns a context under which bots tell note what a person
// waiting on them should know: a computation of seconds that they do
// once before they can answer (optimal solving the game at its first
// decision when no solution of the rules is saved), what it costs and
// where its result is kept. Libraries never print: the command that
// runs the bots decides where notes go (nzsc: standard error, unless
// --quiet), and code that sets no note hears nothing. The context
// reaches the bots as any other (ContextSetter; the tables pass theirs
// on at every game), so note may be called from several goroutines at
// once; it must return quickly.
func WithNotes(ctx context.Context, note func(msg string)) context.Context {
	return context.WithValue(ctx, notesKey{}, note)
}

// Note tells the note function of ctx (WithNotes) msg, one line without
// its newline; it does nothing when ctx is nil or has none.
func Note(ctx context.Context, msg string) {
	if ctx == nil {
		return
	}
	if note, ok := ctx.Value(notesKey{}).(func(string)); ok && note != nil {
		note(msg)
	}
}
