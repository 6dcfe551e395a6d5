package main

import (
	"errors"
	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/spf13/pflag"
)

// The commands that run bots (match, tournament, sprt) take --tc, a
// chess clock per bot and game as fastchess writes it: it adds the bot
// option tc=... (agents.ClockOption) to every bot spec that gives none,
// so the run's manifest (its bot specs, and so its plan digest) and its
// records say which clock each bot played under, as --noise does.

// addClockFlag declares --tc.
func addClockFlag(fs *pflag.FlagSet) {
	fs.String("tc", "", "a clock per bot and game, in seconds: TIME+INC or MOVES/TIME+INC (e.g. 10+0.1, 40/60+0); a bot whose clock runs out loses on time (fault kind \"time\"); search bots plan their time from it; clocked runs are not reproducible to the bit (adds tc=... to every bot spec without one)")
}

// withClock returns specs with --tc added to each spec of g that has no
// tc= of its own; a spec that does not parse is left for parseBots to
// report.
func withClock(cmd string, fs *pflag.FlagSet, g game.Game, specs []string) ([]string, error) {
	if fs.Lookup("tc") == nil || !fs.Changed("tc") {
		return specs, nil
	}
	v := mustString(fs, "tc")
	tc, err := agents.ParseTimeControl(v)
	if te := (*agents.TimeControlError)(nil); errors.As(err, &te) {
		// The library's reason says which part is wrong; here the
		// setting is a flag.
		return nil, usagef("%s: --tc %s: %s", cmd, v, te.Reason())
	} else if err != nil {
		return nil, usagef("%s: --tc %s: %v", cmd, v, err)
	}
	return agents.WithClock(g.Info().Name, g.Seats(), specs, tc), nil
}
