package main

import (
	"cmp"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/agents/cost"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/report"
)

func init() {
	register(&command{
		name:    "bots",
		summary: "list every bot with its parameters, their defaults and a one-line description; --cost: what each decision costs on this machine",
		example: "nzsc bots\n  nzsc bots --game npzr\n  nzsc bots --players 3\n  nzsc bots --cost mcts:iters=5000 nash",
		flags: func(fs *pflag.FlagSet) {
			fs.String("game", agents.DefaultGame, "list the bots of this game ('nzsc games' lists the games)")
			addFormatFlag(fs, " (docs/formats.md)", "table", "csv", "json")
			fs.Bool("cost", false, "measure each bot's CPU time per decision on this machine instead (the bots given as arguments, or every built-in bot at its defaults); figures vary with the machine's load")
			fs.Int("players", 0, "the players at the table: list only the bots that sit at it; with --cost measure at it (default: every number of players each bot plays)")
			fs.Int("decisions", cost.DefaultDecisions, "with --cost: the decisions measured per bot and table size")
			fs.Duration("max-cpu", cost.DefaultCPU, "with --cost: the most CPU time measured per bot and table size (fewer decisions then)")
		},
		run: func(e *env, fs *pflag.FlagSet, args []string) error {
			format, err := formatOf("bots", fs, "table", "csv", "json")
			if err != nil {
				return err
			}
			g, err := lookupGame("bots", mustString(fs, "game"))
			if err != nil {
				return err
			}
			if on, _ := fs.GetBool("cost"); on {
				return botCosts(e, fs, g, format, args)
			}
			for _, f := range []string{"decisions", "max-cpu"} {
				if fs.Changed(f) {
					return usagef("bots: --%s goes with --cost", f)
				}
			}
			if len(args) > 0 {
				return usagef("bots takes no arguments without --cost (got %q)", args[0])
			}
			// --players: the bots of one table size (NZSC's at 3 or 4
			// players are not all of its two-player bots).
			lo, hi := g.MinSeats, g.MaxSeats
			if fs.Changed("players") {
				n, _ := fs.GetInt("players")
				if _, err := game.Build(g.Name, n, nil); err != nil {
					return usagef("bots: %v", err)
				}
				lo, hi = n, n
			}
			return report.Bots(e.stdout, format, e.width, g.Name, botsAt(g, lo, hi))
		},
	})
}

// botsAt lists the bot kinds of game g at the tables of lo to hi
// players, each with the table sizes among those at which its name gets
// it: what applies there. A kind for every game (exec) plays from 2 to 4
// players, but listed for NPZR it plays NPZR's two, and for two-player
// NZSC, which has an exec of its own, it is the exec of 3 and 4; listed
// for one table size every bot plays that one.
func botsAt(g *game.Info, lo, hi int) []agents.Info {
	type kind struct {
		game, name string
		min, max   int
	}
	var out []agents.Info
	last := map[kind]int{} // a kind's latest row in out
	for n := lo; n <= hi; n++ {
		for _, b := range agents.RegisteredForSeats(g.Name, n) {
			k := kind{b.Game, b.Name, b.MinSeats, b.MaxSeats}
			if i, ok := last[k]; ok && out[i].MaxSeats == n-1 {
				out[i].MaxSeats = n
				continue
			}
			last[k] = len(out)
			b.MinSeats, b.MaxSeats = n, n
			out = append(out, b)
		}
	}
	slices.SortStableFunc(out, func(a, b agents.Info) int {
		return cmp.Or(strings.Compare(a.Name, b.Name), a.MinSeats-b.MinSeats)
	})
	return out
}

// botCosts measures the bots of specs (every built-in bot of g at its
// defaults when none is given) at each table size they play, or at
// --players, and writes the table of their costs.
func botCosts(e *env, fs *pflag.FlagSet, g *game.Info, format string, specs []string) error {
	players, _ := fs.GetInt("players")
	o := cost.Options{Seed: 1}
	o.Decisions, _ = fs.GetInt("decisions")
	o.CPU, _ = fs.GetDuration("max-cpu")
	if o.Decisions < 1 || o.Decisions > 1_000_000 {
		return usagef("bots: --decisions must be 1 to 1000000, got %d", o.Decisions)
	}
	if o.CPU <= 0 || o.CPU > time.Hour {
		return usagef("bots: --max-cpu must be above 0 and at most 1h, got %v", o.CPU)
	}
	lo, hi := g.MinSeats, g.MaxSeats
	if fs.Changed("players") {
		if players < lo || players > hi {
			// game.Build's words for a table the game has not.
			_, err := game.Build(g.Name, players, nil)
			return usagef("bots: %v", err)
		}
		lo, hi = players, players
	}
	type entry struct {
		bot   *agents.Bot
		seats int
	}
	var todo []entry
	if len(specs) == 0 {
		for _, i := range agents.RegisteredFor(g.Name) {
			if i.External || i.Prefix {
				continue // a program: its CPU time is not this process's
			}
			for n := max(lo, i.MinSeats); n <= min(hi, i.MaxSeats); n++ {
				b, err := agents.ParseForSeats(g.Name, n, i.Name)
				if err != nil {
					return err
				}
				todo = append(todo, entry{b, n})
			}
		}
	}
	for i, spec := range specs {
		if err := agents.CheckTyped(spec); err != nil {
			return usagef("bots --cost: %v", err)
		}
		if slices.Contains(specs[:i], spec) {
			return usagef("bots --cost: %s is listed twice", spec)
		}
		var first error
		found := false
		for n := lo; n <= hi; n++ {
			b, err := agents.ParseForSeats(g.Name, n, spec)
			if err != nil {
				first = cmp.Or(first, err)
				continue
			}
			if b.Info.External {
				return usagef("bots --cost: %s runs a program, whose CPU time is not nzsc's to measure", spec)
			}
			found = true
			todo = append(todo, entry{b, n})
		}
		if !found {
			return usagef("bots --cost: %v%s", first, botHint(g.Name, lo, spec))
		}
	}
	var costs []cost.Result
	for _, t := range todo {
		gm, err := game.Build(g.Name, t.seats, nil)
		if err != nil {
			return err
		}
		r, err := cost.Measure(e.ctx, gm, t.bot, o)
		if err != nil && e.ctx.Err() != nil && len(costs) > 0 {
			// Stopped (Ctrl-C): the bots measured are shown, not the one
			// under way (its last decisions answered at once), then the
			// error (exit 130 or 143). Before any, the stop's error alone
			// ("bots interrupted before it finished").
			if werr := report.BotCosts(e.stdout, format, e.width, g.Name, loadAverage(), costs); werr != nil {
				return werr
			}
			return fmt.Errorf("bots --cost interrupted after %d of %d bots measured (the rows above); %s at %d players was not finished", len(costs), len(todo), t.bot.Spec, t.seats)
		}
		if err != nil {
			return err
		}
		costs = append(costs, r)
	}
	return report.BotCosts(e.stdout, format, e.width, g.Name, loadAverage(), costs)
}

// loadAverage is the machine's 1, 5 and 15 minute load averages
// (/proc/loadavg), "" where there is none.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return ""
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return ""
	}
	return strings.Join(f[:3], " ")
}

// lookupGame finds a game by name; an unknown name is a usage error that
// suggests the nearest.
func lookupGame(cmd, name string) (*game.Info, error) {
	g, err := game.Lookup(name)
	if err != nil {
		var names []string
		for _, r := range game.Registered() {
			names = append(names, r.Name)
		}
		return nil, usagef("%s: %v%s", cmd, err, didYouMean(name, names))
	}
	return g, nil
}
