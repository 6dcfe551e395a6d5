package agents

import (
	"errors"
	"fmt"
	"strings"
)

// This file holds the one rule for which bots a page may start: a bot
// that starts a program runs it on the server's machine, so a server
// starts one only where it allows programs (nzsc serve --allow-exec, and
// the page opened through the link it prints: webapi.ExecAllowed). The
// Play page, the Runs form and the Watch page all ask it.

// StartsProgram reports whether a bot of kind i starts a program (exec:).
func (i *Info) StartsProgram() bool { return i.External }

// ErrExec is the refusal of a bot that starts a program where programs
// are not allowed; callers match it with errors.Is (the server answers
// 403 Forbidden).
var ErrExec = errors.New("exec: bots run programs on the server; start it with nzsc serve --allow-exec and open the page through the link it prints (the link carries the server's secret)")

// CheckAllowed returns an error wrapping ErrExec, naming b's spec, when
// b starts a program and programs are not allowed.
// A bot whose spec names a file (a Param marked File, such as
// optimal:path=) is refused the same way: the server would open any path
// a request names, and its answer would say whether the path exists and
// what it holds. So is a bot whose Specs parameter names such a bot
// (exploiter:models=optimal:path=...).
func (b *Bot) CheckAllowed(programs bool) error {
	if programs {
		return nil
	}
	if b.Info.StartsProgram() {
		return fmt.Errorf("bot %q: %w", b.Spec, ErrExec)
	}
	for _, p := range b.Info.Params {
		if p.File && b.Params[p.Name] != "" {
			return fmt.Errorf("bot %q: %s= names a file on the server, allowed only where programs are: %w", b.Spec, p.Name, ErrExec)
		}
		if p.Specs {
			for _, spec := range strings.Split(b.Params[p.Name], "+") {
				inner, err := parse(b.Info.Game, 0, spec)
				if err != nil {
					continue // not a bot: building b says so
				}
				if err := inner.CheckAllowed(false); err != nil {
					return fmt.Errorf("bot %q: %s=: %w", b.Spec, p.Name, err)
				}
			}
		}
	}
	return nil
}
