package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/internal/suggest"
)

// otherTools maps the flags people bring from cutechess-cli, fastchess,
// Axelrod and OpenSpiel to this command line: an unknown flag of theirs
// gets its nzsc counterpart in the error, where edit distance finds
// nothing (-concurrency is nowhere near --workers). flag is the nzsc flag
// the hint names (the hint is given only by a command that has it; ""
// for a hint that names no flag), say the words after "; ".
var otherTools = map[string]struct{ flag, say string }{
	"concurrency":    {"workers", "cutechess-cli's and fastchess's -concurrency is --workers here"},
	"threads":        {"workers", "parallel games are --workers here"},
	"jobs":           {"workers", "parallel games are --workers here"},
	"processes":      {"workers", "Axelrod's processes is --workers here"},
	"rounds":         {"games", "cutechess-cli's -rounds is --games here (games, played in seat-swapped pairs)"},
	"repetitions":    {"games", "Axelrod's repetitions is --games here (games in seat-swapped pairs)"},
	"repeat":         {"games", "every pair of games already plays one deal twice with the seats swapped; --games counts games"},
	"pgnout":         {"games-log", "cutechess-cli's -pgnout is --games-log FILE here (a JSON line per game; 'nzsc replay FILE' narrates them)"},
	"pgn":            {"games-log", "a record of every game is --games-log FILE here (a JSON line per game; 'nzsc replay FILE' narrates them)"},
	"recover":        {"bot-timeout", "no flag needed: an exec: bot that crashes or times out (--bot-timeout) forfeits that game and is restarted for the next (3 failed restarts in a row stop the run)"},
	"each":           {"tc", "cutechess-cli's -each tc=... is --tc here (every bot); one bot's own options go in its spec (mcts:tc=10+0.1,iters=500)"},
	"engine":         {"", "a bot is a spec ('nzsc bots' lists them; a program is exec:PROGRAM): match and sprt take them as arguments, tournament as --bots a,b,c"},
	"sprt":           {"", "the sequential test is its own command: nzsc sprt NEW BASE --elo0 0 --elo1 10"},
	"turns":          {"rule", "games end by their rules; --rule turn_cap=N caps their turns (a game at the cap is a draw)"},
	"maxmoves":       {"rule", "--rule turn_cap=N caps a game's turns (a game at the cap is a draw)"},
	"draw":           {"rule", "--rule turn_cap=N caps a game's turns (a game at the cap is a draw); there is no other adjudication"},
	"tournament":     {"gauntlet", "cutechess-cli's -tournament gauntlet is --gauntlet BOT here (a round robin is the default)"},
	"config":         {"resume", "fastchess's -config file=... resume is --resume RUN_DIR here (the run directory keeps its settings)"},
	"iterations":     {"", "a bot's parameters go in its spec: mcts:iters=1000 ('nzsc bots' lists them)"},
	"ratinginterval": {"rating-interval", "cutechess-cli's and fastchess's -ratinginterval is --rating-interval N here (a line on stderr every N games; off by default)"},
}

// flagError is the usage error of a command line pflag refused (err):
// an unknown flag's message adds "; did you mean --games?" for a slip,
// the nzsc counterpart of another tool's flag, or that flags take two
// dashes; and -games is named as typed, not as pflag reads it.
func flagError(c *command, fs *pflag.FlagSet, err error) error {
	msg := err.Error()
	name, ok := strings.CutPrefix(msg, "unknown flag: --")
	oneDash := false
	if !ok {
		// pflag reads -games as the one-letter flags g, a, m, e, s
		// ("unknown shorthand flag: 'g' in -games"), which none of the
		// commands has: it is cutechess-cli's or Go's one-dash flag.
		_, word, found := strings.Cut(msg, "' in -")
		if !strings.HasPrefix(msg, "unknown shorthand flag: ") || !found {
			return usagef("%s: %s", c.name, msg)
		}
		name, _, _ = strings.Cut(word, "=")
		oneDash = len(name) > 1
		msg = "unknown flag: -" + name
	}
	return usagef("%s: %s%s", c.name, msg, flagHint(c, fs, name, oneDash))
}

// flagHint is what the error of the unknown flag name (typed with one
// dash when oneDash) adds, or "" when nothing helps.
func flagHint(c *command, fs *pflag.FlagSet, name string, oneDash bool) string {
	var names []string
	fs.VisitAll(func(f *pflag.Flag) {
		if !f.Hidden {
			names = append(names, f.Name)
		}
	})
	if oneDash && slices.Contains(names, name) {
		return fmt.Sprintf("; flags take two dashes: --%s", name)
	}
	if n := suggest.Nearest(name, names); n != "" {
		if oneDash {
			return fmt.Sprintf("; did you mean --%s? (flags take two dashes)", n)
		}
		return "; did you mean --" + n + "?"
	}
	if name == "bots" && slices.Contains([]string{"match", "sprt", "exploit"}, c.name) {
		// --bots is tournament's; match, sprt and exploit take their
		// bots as arguments.
		return fmt.Sprintf("; its bots are arguments: nzsc %s %s", c.name, c.args)
	}
	if h, ok := otherTools[strings.ToLower(name)]; ok && (h.flag == "" || slices.Contains(names, h.flag)) {
		if h.flag == "" && name == "sprt" && c.name == "sprt" {
			return ""
		}
		return "; " + h.say
	}
	if oneDash {
		return "; flags take two dashes (--name)"
	}
	return ""
}
