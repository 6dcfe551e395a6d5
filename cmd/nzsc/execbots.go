package main

import (
	"context"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/spf13/pflag"
)

// The commands that run bots (match, tournament, sprt) set external
// bots up the same way: the run's settings (a default time limit per
// decision from --bot-timeout, logs in the run directory) passed on every
// bot before instances are built, and a probe of each bot before the
// run, so that a program that cannot start or answer its handshake is
// bad input, reported at once.

// addBotTimeoutFlag declares --bot-timeout.
func addBotTimeoutFlag(fs *pflag.FlagSet) {
	fs.Duration("bot-timeout", agents.DefaultExecSettings().Timeout, "time limit per decision of exec: bots whose spec sets none")
}

// execSettingsOf reads --bot-timeout into the run's settings for
// external bots.
func execSettingsOf(cmd string, fs *pflag.FlagSet) (*agents.ExecSettings, error) {
	s := agents.DefaultExecSettings()
	if fs.Changed("bot-timeout") {
		s.Timeout, _ = fs.GetDuration("bot-timeout")
	}
	if err := s.Check(); err != nil {
		return nil, usagef("%s: --bot-timeout: %v", cmd, err)
	}
	return &s, nil
}

// probeBots starts each external bot once and checks its handshake
// (built-in bots pass at once) for game g (nil: two-player NZSC).
func probeBots(cmd string, g game.Game, bots ...*agents.Bot) error {
	for _, b := range bots {
		if err := agents.ProbeFor(b, g); err != nil {
			return &probeError{usagef("%s: %v", cmd, err), err}
		}
	}
	return nil
}

// probeError is a bot's failed probe, bad input (its usage error), with
// the probe's own error beneath it: a probe cut short by Ctrl-C is the
// command's interruption, not "crash: run interrupted" (probeStopped).
type probeError struct{ usage, cause error }

func (e *probeError) Error() string   { return e.usage.Error() }
func (e *probeError) Unwrap() []error { return []error{e.usage, e.cause} }

// probeStopped returns ctx's error in place of err when err is a probe
// cut short because ctx was done (Ctrl-C in a bot's handshake:
// agents.Interrupted, as exploit tells it), else err.
func probeStopped(ctx context.Context, err error) error {
	if ctx.Err() != nil && agents.Interrupted(err) {
		return ctx.Err()
	}
	return err
}
