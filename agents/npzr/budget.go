package npzr

import "github.com/nzsclab/nzsc/agents"

// budget is the NPZR search bots' agents.Budget (iterations or wall
// time, the clock, the stop), looking at the stop and the clock every
// iteration: an NPZR iteration is a whole sample or rollout, long enough
// that the look costs nothing beside it, and a time budget is kept to
// within one iteration.
type budget struct{ agents.Budget }

// msParam is the time-budget parameter every NPZR search bot accepts.
var msParam = agents.Param{Name: "ms", Default: "0", Help: "wall-clock milliseconds per decision (turn: per turn planned) instead of the count (0: the count; a time budget is not deterministic)"}

// readMS reads the ms parameter into b, and sets its looks to every
// iteration.
func (b *budget) readMS(ps agents.Params) error {
	b.PollEvery = 1
	return b.ReadMS(ps)
}
