package main

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/progress"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

func init() {
	register(&command{
		name:    "solve",
		args:    "rounds|game|sweep|matrix FILE [FILE2]",
		summary: "solve NZSC: each pairing's one-round game, the whole game exactly (certified), or a sweep of rule variants; or a matrix game of your own",
		more: "rounds: each of the 108 ordered loadout pairings' one-round matrix game (every move available), its value and both optimal mixed strategies, by linear programming with a certificate; with --all, how many extreme optimal strategies each side has in each pairing (is the equilibrium unique?); with --pairing A,B --all, those strategies.\n" +
			"game: the whole two-player game (move phase as a stochastic game, then boosters and characters), certified by best responses, saved for the optimal bot.\n" +
			"sweep: 'solve game' for every variant a range (--rule points=3..9) or list (--rule headstarts=on,off) spans, one row each (docs/sweep.md).\n" +
			"matrix: a payoff matrix of your own from a CSV file (plain numbers, or moves as header and first column, as 'solve rounds --pairing A,B --format csv' writes): FILE may be - for standard input; one file is a zero-sum game of the row player's payoffs (one equilibrium by LP; --all: every extreme optimal strategy of each side), two files a bimatrix game, the row player's payoffs then the column player's (every extreme equilibrium, by vertex enumeration). Enumeration is for small games (about 10×10; docs/formats.md). --exact: the equilibria as fractions, verified in rational arithmetic (payoffs such as 1/3 or 0.25 read exactly). A Gambit game file (GAME.nfg, either version) of two players goes to the same solvers; of three or more, every pure equilibrium is listed exactly (as gambit-enumpure) and one mixed equilibrium is found by the logit path (as gambit-logit), approximate, its regrets certified in rational arithmetic within --epsilon; if no profile is certified (the paths end, or their work budget, a few minutes of CPU for the largest games, runs out), the best one found is written with its regrets and the exit code is 1.",
		example: "nzsc solve rounds --format csv\n  nzsc solve game --rule points=7 --format json > points7.json\n  nzsc solve sweep --rule points=3..9\n  nzsc solve rounds --pairing nin/sha,sam/str --format csv > round.csv\n  nzsc solve matrix round.csv --all\n  nzsc solve matrix round.csv --exact\n  printf 'NFG 1 R \"Jordan\" { \"A\" \"B\" \"C\" } { 2 2 2 }\\n1 1 0 0 1 1 0 0 0 1 0 1 1 0 1 0 0 0 0 1 1 1 1 0\\n' > jordan.nfg\n  nzsc solve matrix jordan.nfg",
		flags: func(fs *pflag.FlagSet) {
			addFormatFlag(fs, " (docs/formats.md); sweep also html (docs/sweep.md)", "table", "csv", "json")
			fs.Int("workers", runtime.GOMAXPROCS(0), "goroutines solving pairings (game)")
			fs.String("save", "", "where to save the solution for the optimal bot (game; default: the user cache dir's nzsc/solution-vN.bin; '-' not to save)")
			fs.Bool("quiet", false, "no progress bar or timing on stderr")
			addOnlyNZSC2Flags(fs)
			fs.String("pairing", "", "rounds: one loadout pairing A,B (Ninja/Shadow,Zombie/Regenerative; a prefix of each name will do, nin/sha,zom/reg, - for No Booster): its payoff matrix, equilibrium and value")
			fs.Bool("all", false, "rounds and matrix: every extreme equilibrium (vertex enumeration, small games), not one")
			fs.Bool("exact", false, "matrix and rounds --pairing: every equilibrium found made exact in rational arithmetic and verified exactly, printed as fractions such as 1/3 (payoffs read as written: 0.1 is 1/10)")
			fs.Int("lemke-howson", 0, "matrix: one equilibrium by the Lemke–Howson path that drops this label (0 to m-1 the row strategies, m to m+n-1 the columns, as nashpy's initial_dropped_label): for games too large to enumerate")
			fs.Float64("epsilon", 0, "matrix, a game file (.nfg) of three or more players: the largest regret its mixed equilibrium may have (default 1e-9·max(1, largest |payoff|))")
			fs.StringArray("rule", nil, "a rules option key=value to solve a variant (game; repeatable; 'nzsc games' lists them), such as points=7; for sweep also a range points=3..9 or a list headstarts=on,off")
		},
		run: runSolve,
	})
}

func runSolve(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) >= 1 && args[0] == "matrix" {
		return runSolveMatrix(e, fs, args[1:])
	}
	if len(args) != 1 || (args[0] != "rounds" && args[0] != "game" && args[0] != "sweep") {
		return usagef("solve: want 'rounds', 'game', 'sweep' or 'matrix FILE' (run 'nzsc help solve')")
	}
	if fs.Changed("all") && args[0] != "rounds" {
		return usagef("solve %s: --all goes with solve rounds and solve matrix (every extreme equilibrium of a matrix game)", args[0])
	}
	if fs.Changed("epsilon") {
		return usagef("solve %s: --epsilon goes with solve matrix GAME.nfg (a game of three or more players)", args[0])
	}
	if fs.Changed("lemke-howson") {
		return usagef("solve %s: --lemke-howson goes with solve matrix (a bimatrix game of your own)", args[0])
	}
	if fs.Changed("exact") && (args[0] != "rounds" || !fs.Changed("pairing")) {
		return usagef("solve %s: --exact goes with solve matrix and solve rounds --pairing A,B (one matrix game's equilibria as fractions)", args[0])
	}
	if err := onlyNZSC2("solve", fs, "the exact solver"); err != nil {
		return err
	}
	formats := []string{"table", "csv", "json"}
	if args[0] == "sweep" {
		formats = append(formats, "html")
	}
	format, err := formatOf("solve "+args[0], fs, formats...)
	if err != nil {
		return err
	}
	if args[0] == "rounds" {
		// Rounds solves the shared rules' one-round games and saves
		// nothing: these flags were ignored without a word.
		for _, f := range []string{"save", "rule", "workers"} {
			if fs.Changed(f) {
				return usagef("solve rounds: --%s goes with solve game (rounds solves the shared rules' one-round games and saves nothing)", f)
			}
		}
		if p := mustString(fs, "pairing"); p != "" {
			a, b, err := parsePairing(p)
			if err != nil {
				return err
			}
			r, err := solve.SolveRound(a, b)
			if err != nil {
				return err
			}
			all, _ := fs.GetBool("all")
			exact, _ := fs.GetBool("exact")
			if all || exact {
				return solveRoundEquilibria(e, format, r, all, exact)
			}
			return report.SolveRoundMatrix(e.stdout, format, e.width, r)
		}
		rs, err := solve.Rounds()
		if err != nil {
			return err
		}
		if all, _ := fs.GetBool("all"); all {
			return solveRoundsAll(e, format, rs)
		}
		return report.SolveRounds(e.stdout, format, e.width, rs)
	}
	if fs.Changed("pairing") {
		return usagef("solve %s: --pairing goes with solve rounds (one pairing's one-round game)", args[0])
	}
	workers, _ := fs.GetInt("workers")
	if err := checkWorkers("solve", workers); err != nil {
		return err
	}
	if args[0] == "sweep" {
		return runSweep(e, fs, format, workers)
	}
	quiet, _ := fs.GetBool("quiet")
	save, _ := fs.GetString("save")
	rules, err := solverRulesOf("solve", fs)
	if err != nil {
		return err
	}
	named := save != ""
	if !named {
		// Where the solution goes, known before a solve of a minute
		// that would otherwise end in "no cache directory".
		if save, err = solve.CachePathRules(rules); err != nil {
			return usagef("%v (name a file with --save, or --save - not to save)", err)
		}
	}
	if named && save != "-" {
		if err := results.CheckOutput(save); err != nil {
			return usagef("solve: --save: %v", err)
		}
		// Checked before the solve: a file the user names is replaced
		// only if it is a solution file (an older one, say).
		if _, err := os.Stat(save); err == nil {
			if err := solve.CheckFile(save); err != nil && !errors.Is(err, solve.ErrFileVersion) {
				return usagef("solve: --save %s: not a solution file, refusing to overwrite it", save)
			}
		}
	}
	var prog solve.Progress
	var bar *progress.Bar
	if e.tty && !quiet {
		bar = progress.New(e.stderr, uint64(solve.NumPairings(rules)), "pairings")
		prog = func(done, _ int) { bar.Draw(uint64(done)) }
	}
	s, err := solve.SolveRules(e.ctx, rules, workers, prog)
	if bar != nil {
		bar.Clear()
	}
	if err != nil {
		return err
	}
	if !quiet {
		fmt.Fprintf(e.stderr, "solved in %v on %d worker(s); certificate gap %.3g\n", s.Elapsed.Round(time.Millisecond), workers, s.Gap)
	}
	if save != "-" {
		path := save
		if err := s.Save(path); err != nil {
			return fmt.Errorf("solve: saving the solution: %w", err)
		}
		if !quiet {
			fmt.Fprintf(e.stderr, "solution saved to %s\n", path)
		}
	}
	return report.SolveGame(e.stdout, format, e.width, s, workers)
}

// parsePairing reads --pairing's two loadouts, "A,B", each
// Character/Booster by its full names or prefixes of them (case and
// spaces ignored; "-" is No Booster), of different characters as a
// pairing's are.
func parsePairing(s string) (a, b nzsc.Loadout, err error) {
	sa, sb, ok := strings.Cut(s, ",")
	if !ok || strings.Contains(sb, ",") {
		return a, b, usagef("solve rounds: --pairing wants two loadouts A,B (Ninja/Shadow,Zombie/Regenerative), got %q", s)
	}
	if a, err = parseLoadout(sa); err == nil {
		b, err = parseLoadout(sb)
	}
	if err == nil && a.Character == b.Character {
		err = usagef("solve rounds: --pairing %q: both loadouts are %v's; a pairing's characters differ (the same character is a repick)", s, a.Character)
	}
	return a, b, err
}

// parseLoadout reads one loadout of --pairing: the one whose character
// and booster names start with what s gives of each.
func parseLoadout(s string) (nzsc.Loadout, error) {
	key := func(x string) string { return strings.ToLower(strings.ReplaceAll(x, " ", "")) }
	c, bo, ok := strings.Cut(key(s), "/")
	if bo == "-" {
		bo = key(nzsc.NoBooster.String())
	}
	var names []string
	var found []nzsc.Loadout
	for _, l := range nzsc.Loadouts() {
		names = append(names, l.String())
		if ok && c != "" && bo != "" && strings.HasPrefix(key(l.Character.String()), c) && strings.HasPrefix(key(l.Booster.String()), bo) {
			found = append(found, l)
		}
	}
	switch len(found) {
	case 1:
		return found[0], nil
	case 0:
		return nzsc.Loadout{}, usagef("solve rounds: --pairing: %q is not a loadout (%s)", strings.TrimSpace(s), strings.Join(names, ", "))
	}
	return nzsc.Loadout{}, usagef("solve rounds: --pairing: %q could be %v or %v; give more of the names", strings.TrimSpace(s), found[0], found[1])
}
