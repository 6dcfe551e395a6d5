package main

import (
	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/spf13/pflag"
)

// The commands that run bots (match, tournament, sprt) take --noise P,
// Axelrod's noise: it adds the bot option noise=P (agents.NoiseOption) to
// every bot spec that gives none, so the run's manifest (its bot specs)
// and its records (the bots' names) say which bots erred and how often,
// and resume, merge and reports need nothing of their own.

// addNoiseFlag declares --noise.
func addNoiseFlag(fs *pflag.FlagSet) {
	fs.String("noise", "", "replace each bot decision by a uniformly random legal one with this probability, 0 to 1 (adds noise=P to every bot spec without one)")
}

// withNoise returns specs with --noise added to each spec of g that has
// no noise= of its own; a spec that does not parse is left for parseBots
// to report. --noise 0 (or none) changes nothing, so a run with it is the
// run without it, byte for byte.
func withNoise(cmd string, fs *pflag.FlagSet, g game.Game, specs []string) ([]string, error) {
	v := mustString(fs, "noise")
	if !fs.Changed("noise") {
		return specs, nil
	}
	p, err := agents.ParseNoise(v)
	if err != nil {
		return nil, usagef("%s: --noise %s: want a probability from 0 to 1", cmd, v)
	}
	if p == 0 {
		return specs, nil
	}
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = s
		b, err := agents.ParseForSeats(g.Info().Name, g.Seats(), s)
		if err == nil && !b.HasNoise() {
			out[i] = b.WithNoise(v)
		}
	}
	return out, nil
}
