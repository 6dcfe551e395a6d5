package main

import (
	"slices"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

func init() {
	register(&command{
		name:    "games",
		summary: "list the games the lab plays, with their players, kind, rules options (--rule key=value) and bots",
		example: "nzsc games\n  nzsc games --format json",
		flags: func(fs *pflag.FlagSet) {
			addFormatFlag(fs, " (docs/formats.md)", "table", "csv", "json")
		},
		run: func(e *env, fs *pflag.FlagSet, args []string) error {
			if len(args) > 0 {
				return usagef("games takes no arguments (got %q)", args[0])
			}
			format, err := formatOf("games", fs, "table", "csv", "json")
			if err != nil {
				return err
			}
			var games []report.GameEntry
			for _, g := range game.Registered() {
				var bots []string
				for _, b := range agents.RegisteredFor(g.Name) {
					if !slices.Contains(bots, b.Name) {
						bots = append(bots, b.Name)
					}
				}
				games = append(games, report.GameEntry{Info: g, Bots: bots})
			}
			return report.Games(e.stdout, format, e.width, games)
		},
	})
}

// addOnlyNZSC2Flags declares --game and --players on a command that only
// two-player NZSC has (its exact solver), so that naming another game
// is refused with the reason (onlyNZSC2) rather than as an unknown flag.
func addOnlyNZSC2Flags(fs *pflag.FlagSet) {
	fs.String("game", agents.DefaultGame, "the game: only nzsc (an exact solution needs a zero-sum game of two with perfect information; npzr hides hands)")
	fs.Int("players", 2, "players: only 2 (a table of 3 or 4 is no zero-sum game of two; 'nzsc exploit --players 3' measures one seat)")
}

// onlyNZSC2 refuses, with the reason, the --game and --players of a
// command whose work is two-player NZSC's by nature: what is refused
// says why from the game's own description (its seats, its hidden
// information), so that a new game gets the right words.
func onlyNZSC2(cmd string, fs *pflag.FlagSet, what string) error {
	name := mustString(fs, "game")
	players, _ := fs.GetInt("players")
	info, err := lookupGame(cmd, name)
	if err != nil {
		return err
	}
	g, err := game.Build(name, players, nil)
	if err != nil {
		return usagef("%s: %v", cmd, err)
	}
	switch {
	case name != agents.DefaultGame && info.Hidden:
		return usagef("%s: %s is two-player NZSC's; %s has hidden information, which the solver does not handle", cmd, what, name)
	case name != agents.DefaultGame:
		return usagef("%s: %s is two-player NZSC's, not %s's", cmd, what, name)
	case g.Seats() != 2:
		return usagef("%s: %s is two-player NZSC's: a table of %d is no zero-sum game of two ('nzsc exploit --players %d' measures one seat's best response)", cmd, what, g.Seats(), g.Seats())
	}
	return nil
}

// onlyNZSC2Tables refuses a flag that shows more of two-player NZSC's
// loadout tables (--full, --top) on a run of another game or table size,
// which has none: a flag that would do nothing is bad input. The run
// plays name at seats; kind, when want is not "", is its kind, and want
// the one kind whose report has them.
func onlyNZSC2Tables(cmd, flag, name string, seats int, kind, want string) error {
	switch {
	case name != agents.DefaultGame:
		return usagef("%s: %s shows more of two-player NZSC's loadout tables; a run of %s has none", cmd, flag, name)
	case seats != 2:
		return usagef("%s: %s shows more of two-player NZSC's loadout tables; NZSC at %d players has none (its own tables are always shown)", cmd, flag, seats)
	case want != "" && kind != want:
		return usagef("%s: %s shows more of a %s's loadout tables; a %s's report has none", cmd, flag, want, kind)
	}
	return nil
}

// onlyNZSC2TablesRun is onlyNZSC2Tables of a new run's game g (checked
// before its run directory is made) or of a resumed run's manifest.
func onlyNZSC2TablesRun(cmd, flag string, g game.Game, man *results.Manifest) error {
	if g != nil {
		return onlyNZSC2Tables(cmd, flag, g.Info().Name, g.Seats(), "", "")
	}
	return onlyNZSC2Tables(cmd, flag, man.GameName(), man.NumSeats(), "", "")
}
