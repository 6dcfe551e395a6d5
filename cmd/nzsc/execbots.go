package main

import (
	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/spf13/pflag"
)

// The commands that run bots (match, tournament, sprt) set external
// bots up the same way: a default time limit per decision from
// --bot-timeout, applied before any bot is built (an instance reads it
// once), and a probe of each bot before the run, so that a program that
// cannot start or answer its handshake is bad input, reported at once.

// addBotTimeoutFlag declares --bot-timeout.
func addBotTimeoutFlag(fs *pflag.FlagSet) {
	fs.Duration("bot-timeout", agents.ExecTimeout, "time limit per decision of exec: bots whose spec sets none")
}

// applyBotTimeout sets the exec bots' default time limit when
// --bot-timeout was given; call it before parsing bots.
func applyBotTimeout(cmd string, fs *pflag.FlagSet) error {
	if !fs.Changed("bot-timeout") {
		return nil
	}
	d, _ := fs.GetDuration("bot-timeout")
	if err := agents.SetExecTimeout(d); err != nil {
		return usagef("%s: --bot-timeout: %v", cmd, err)
	}
	return nil
}

// probeBots starts each external bot once and checks its handshake
// (built-in bots pass at once) for game g (nil: two-player NZSC).
func probeBots(cmd string, g game.Game, bots ...*agents.Bot) error {
	for _, b := range bots {
		if err := agents.ProbeFor(b, g); err != nil {
			return usagef("%s: %v", cmd, err)
		}
	}
	return nil
}
