package main

import (
	"bytes"
	"context"
	"os"
	"strings"
	"testing"
	"time"
)

// runCmd runs the command line as main would and returns its output and
// exit code.
func runCmd(t *testing.T, stdin string, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	var out, errb bytes.Buffer
	err := run(context.Background(), args, strings.NewReader(stdin), &out, &errb)
	code = exitCode(err, &errb)
	return out.String(), errb.String(), code
}

func TestUsageErrors(t *testing.T) {
	for i, c := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"help", "frobnicate"}, 2, `unknown command "frobnicate"`},
		{[]string{"help"}, 0, ""},
		{[]string{"mach"}, 2, `unknown command "mach"; did you mean match?`},
		{[]string{"tournamnet"}, 2, `did you mean tournament?`},
		{[]string{"match", "--gmaes", "4"}, 2, `unknown flag: --gmaes; did you mean --games?`},
		{[]string{"bots", "--game", "npz"}, 2, `did you mean npzr?`},
		{[]string{"match", "randm", "greedy"}, 2, `did you mean random?`},
		{[]string{"exploit", "gredy"}, 2, `did you mean greedy?`},
		{[]string{"tournament", "--game", "nzcs"}, 2, `did you mean nzsc?`},
		{[]string{"tournament", "--bots", "random,greedy:name=random", "--games", "2"}, 2, `two bots are named "random"`},
		{[]string{"match", "random:name=x", "greedy:name=x", "--games", "2"}, 2, `two bots are named "x"`},
		// A copy is numbered through a name= in its spec: one that names
		// itself already cannot take a second (it said "name= given
		// twice", a name the user gave once).
		{[]string{"match", "--players", "3", "random:name=x", "random:name=x", "greedy", "--games", "6"}, 2, `match: bot "random:name=x" is listed twice under its one name "x": give each copy a name=ALIAS of its own (such as name=x2)`},
		{[]string{"tournament", "--bots", "greedy:name=x,greedy:name=x,random", "--games", "2"}, 2, `tournament: bot "greedy:name=x" is listed twice under its one name "x"`},
		{[]string{"version"}, 0, ""},
		{[]string{}, 2, ""},
		// A flag of one value given twice: pflag kept the last, silently.
		{[]string{"match", "random", "greedy", "--games", "2", "--games", "4"}, 2, "match: --games given twice"},
		{[]string{"tournament", "--bots", "random,greedy", "--seed", "1", "--seed=2", "--games", "2"}, 2, "tournament: --seed given twice"},
		{[]string{"report", "x", "--quiet", "--quiet"}, 2, "unknown flag: --quiet"},
		{[]string{"match", "random", "greedy", "--games", "2", "--quiet", "--quiet"}, 2, "match: --quiet given twice"},
		// An empty value for a text flag: it wrote no log, no page.
		{[]string{"match", "random", "greedy", "--games", "2", "--games-log", ""}, 2, "match: --games-log needs a value, got an empty string"},
		{[]string{"report", "x", "--html="}, 2, "report: --html needs a value, got an empty string"},
		{[]string{"play", "--record", ""}, 2, "play: --record needs a value"},
		{[]string{"tournament", "--openings", ""}, 2, "tournament: --openings needs a value"},
		// A value of the wrong kind: what the flag wants, not the Go
		// parser's message.
		{[]string{"match", "random", "greedy", "--games", "x"}, 2, `match: --games wants a whole number, got "x"`},
		{[]string{"match", "random", "greedy", "--bot-timeout", "2"}, 2, `match: --bot-timeout wants a duration such as 2s`},
		{[]string{"report", "x", "--dynamics", "--alpha", "high"}, 2, `report: --alpha wants a number, got "high"`},
		{[]string{"match", "random", "greedy", "--quiet=maybe"}, 2, `match: --quiet wants true or false, got "maybe"`},
		{[]string{"match", "random", "greedy", "--chunk", "-1"}, 2, `match: --chunk wants a whole number, 0 or more, got "-1"`},
		// A flag that acts only with another, alone (it did nothing).
		{[]string{"match", "random", "greedy", "--games", "2", "--allow-exec"}, 2, "match: --allow-exec goes with --resume"},
		{[]string{"tournament", "--bots", "random,greedy", "--allow-exec"}, 2, "tournament: --allow-exec goes with --resume"},
		{[]string{"sprt", "random", "greedy", "--games-log-level", "outcome"}, 2, "sprt: --games-log-level goes with --games-log FILE"},
		{[]string{"match", "random", "greedy", "--games-log-level", "full"}, 2, "match: --games-log-level goes with --games-log FILE"},
		{[]string{"merge", "a", "b", "--out", "c", "--quiet", "--format", "json"}, 2, "merge: --quiet prints nothing, --format json the merged run; give one of them"},
		{[]string{"sprt", "random", "greedy", "--games", "10"}, 2, "sprt: --games: a sequential test plays until it decides; --max-games N bounds it"},
		// "-" names standard output elsewhere; here it made a file or a
		// directory called "-".
		{[]string{"match", "random", "greedy", "--games", "2", "--games-log", "-"}, 2, `match: --games-log: "-" would be a file named "-"`},
		{[]string{"sprt", "random", "greedy", "--games-log", "-"}, 2, `sprt: --games-log: "-" would be a file named "-"`},
		{[]string{"match", "random", "greedy", "--games", "2", "--out", "-"}, 2, `match: "-" would be a directory named "-"`},
		{[]string{"tournament", "--bots", "random,greedy", "--games", "2", "--out", "-"}, 2, `tournament: "-" would be a directory named "-"`},
		{[]string{"play", "--record", "-"}, 2, `play: --record: "-" would be a file named "-"`},
		{[]string{"merge", "a", "b", "--out", "c", "--games-log", "-"}, 2, `merge: --games-log: "-" would be a file named "-"`},
		// Whole numbers are decimal: pflag read 0x10 as 16, 0b1010 and
		// 1_0 as 10 (010 is 10, below, not octal 8).
		{[]string{"match", "random", "greedy", "--games", "0x10"}, 2, `match: --games wants a whole number, got "0x10"`},
		{[]string{"match", "random", "greedy", "--games", "0b1010"}, 2, `match: --games wants a whole number, got "0b1010"`},
		{[]string{"match", "random", "greedy", "--games", "1_0"}, 2, `match: --games wants a whole number, got "1_0"`},
		{[]string{"match", "random", "greedy", "--chunk", "0x4"}, 2, `match: --chunk wants a whole number, 0 or more, got "0x4"`},
		{[]string{"replay", "x.jsonl", "--index", "0o7"}, 2, `replay: --index wants a whole number, got "0o7"`},
		// And so are other numbers: strconv read 0x1p-2 as 0.25 and
		// 1_0 as 10.
		{[]string{"sprt", "random", "greedy", "--elo1", "0x1p2"}, 2, `sprt: --elo1 wants a number, got "0x1p2"`},
		{[]string{"sprt", "random", "greedy", "--elo1", "1_0"}, 2, `sprt: --elo1 wants a number, got "1_0"`},
		{[]string{"match", "random"}, 2, `match: want two bots, one per seat (got 1 argument;`},
		// Typical slips: tournament's --bots, a list, a game as argument.
		{[]string{"match", "random,greedy"}, 2, `(got 1 argument: a bot per argument, not a list (nzsc match greedy random);`},
		{[]string{"match", "--bots", "random,greedy"}, 2, `match: unknown flag: --bots; its bots are arguments: nzsc match BOT_A BOT_B`},
		{[]string{"sprt", "--bots=random,greedy"}, 2, `sprt: unknown flag: --bots; its bots are arguments: nzsc sprt NEW BASE`},
		// Other tools' flags: their nzsc counterpart, which edit
		// distance does not find, and one dash read as a flag's name.
		{[]string{"match", "random", "greedy", "--concurrency", "2"}, 2, "match: unknown flag: --concurrency; cutechess-cli's and fastchess's -concurrency is --workers here"},
		{[]string{"tournament", "-rounds", "10"}, 2, "tournament: unknown flag: -rounds; cutechess-cli's -rounds is --games here"},
		{[]string{"match", "random", "greedy", "-games=4"}, 2, "match: unknown flag: -games; flags take two dashes: --games"},
		{[]string{"match", "random", "greedy", "-gmaes", "4"}, 2, "match: unknown flag: -gmaes; did you mean --games? (flags take two dashes)"},
		{[]string{"tournament", "-pgnout", "x.pgn"}, 2, "is --games-log FILE here"},
		{[]string{"tournament", "--recover"}, 2, "restarted for the next"},
		{[]string{"tournament", "--turns", "200"}, 2, "--rule turn_cap=N"},
		{[]string{"match", "random", "greedy", "--sprt"}, 2, "its own command: nzsc sprt NEW BASE"},
		{[]string{"report", "x", "--concurrency", "2"}, 2, "report: unknown flag: --concurrency\n"},
		// An openings error that names its flag is not prefixed with
		// "--openings: " again.
		{[]string{"match", "greedy", "random", "--game", "npzr", "--openings", "loadouts", "--games", "8"}, 2, "match: --openings loadouts is NZSC's design"},
		{[]string{"match", "greedy", "random", "--openings", "characters", "--opening-steps", "2", "--games", "8"}, 2, "match: --opening-steps is for a file of game records"},
		{[]string{"tournament", "--openings", "file=book.jsonl", "--games", "8"}, 2, "tournament: --openings takes the file's name alone (--openings book.jsonl), not file="},
		{[]string{"play", "npzr"}, 2, `play: takes no arguments (got "npzr"); the game is a flag: nzsc play --game npzr`},
		// --full adds tables to the table format only: ignored before.
		{[]string{"tournament", "--full", "--format", "csv", "--games", "2"}, 2, "tournament: --full goes with --format table"},
		{[]string{"report", "x", "--full", "--format", "json"}, 2, "report: --full goes with --format table"},
	} {
		stdout, stderr, code := runCmd(t, "", c.args...)
		if len(c.args) == 0 {
			// No command: the usage, on stderr, and exit code 2.
			if code != 2 || stdout != "" || !strings.Contains(stderr, "Usage: nzsc <command>") {
				t.Errorf("no arguments: code %d stdout %q stderr %q; want 2 and the usage on stderr", code, stdout, stderr)
			}
			continue
		}
		if code != c.code || !strings.Contains(stderr, c.msg) {
			t.Errorf("case %d %v: code %d stderr %q, want code %d containing %q", i, c.args, code, stderr, c.code, c.msg)
		}
		if strings.Contains(stderr, "strconv") || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 {
			t.Errorf("case %d %v: error is not one line in the user's words: %q", i, c.args, stderr)
		}
	}
}

func TestEveryCommandHasHelp(t *testing.T) {
	for name := range commands {
		out, _, code := runCmd(t, "", name, "--help")
		if code != 0 || !strings.Contains(out, "Usage: nzsc "+name) {
			t.Errorf("%s --help: code %d, output %q", name, code, out)
		}
		_, stderr, code := runCmd(t, "", name, "--no-such-flag")
		if code != 2 || !strings.Contains(stderr, "no-such-flag") {
			t.Errorf("%s --no-such-flag: code %d, stderr %q", name, code, stderr)
		}
	}
}

// TestHelpSaysItAll: a command's help explains its own flags and
// arguments; "(see --help)" inside --help sent the reader in a circle.
func TestHelpSaysItAll(t *testing.T) {
	for name := range commands {
		out, _, _ := runCmd(t, "", name, "--help")
		if strings.Contains(out, "see --help") {
			t.Errorf("%s --help refers to itself: %q", name, out)
		}
	}
	out, _, _ := runCmd(t, "", "solve", "--help")
	for _, sub := range []string{"\nrounds: ", "\ngame: ", "\nsweep: ", "nzsc solve rounds ", "nzsc solve sweep "} {
		if !strings.Contains(out, sub) {
			t.Errorf("solve --help does not say %q:\n%s", sub, out)
		}
	}
}

// TestInterruptedNamesCommand: a command stopped by a signal before it
// finished says which, not a bare "context canceled".
func TestInterruptedNamesCommand(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, args := range [][]string{
		{"bots", "--cost", "random"},
		{"solve", "sweep", "--rule", "points=3..4", "--quiet"},
	} {
		var out, errb bytes.Buffer
		err := run(ctx, args, strings.NewReader(""), &out, &errb)
		if want := args[0] + " interrupted before it finished"; err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%v: %v; want an error saying %q", args, err, want)
		}
	}
}

// TestReportNamesNewestRun: report without a run directory names the
// newest of ./runs (the one whose manifest was written last), where
// tournament puts its runs by default, and nothing when there is none.
// TestReportNamesNewestRun: a report without a run directory names the
// newest whole run under runs/, the one whose manifest was written last;
// a shard's directory (results.Manifest.IsShard, as merge tells one),
// however new, is no run to report and is left out, as a directory
// whose manifest does not read; with only shards there, the suggestion
// is to merge them. A shard written last was suggested.
func TestReportNamesNewestRun(t *testing.T) {
	t.Chdir(t.TempDir())
	if _, stderr, code := runCmd(t, "", "report"); code != 2 || stderr != "nzsc: report: want one run directory, got 0 arguments\n" {
		t.Errorf("no runs: code %d %q", code, stderr)
	}
	play := func(dir string, args ...string) {
		t.Helper()
		if _, stderr, code := runCmd(t, "", append([]string{"match", "random", "greedy", "--games", "4", "--seed", "1", "--quiet", "--out", dir}, args...)...); code != 0 {
			t.Fatalf("%s: exit %d, %s", dir, code, stderr)
		}
	}
	play("runs/shard-0", "--shard", "0/2")
	if _, stderr, code := runCmd(t, "", "report"); code != 2 || !strings.HasSuffix(stderr, "got 0 arguments; runs/ holds a shard and no whole run: merge a run's shards first (nzsc merge --out DIR SHARD_DIR...)\n") {
		t.Errorf("a shard: code %d %q", code, stderr)
	}
	old := time.Now().Add(-time.Hour)
	play("runs/zz-old")
	os.Chtimes("runs/zz-old/manifest.json", old, old)
	if _, stderr, code := runCmd(t, "", "report"); code != 2 || !strings.HasSuffix(stderr, "got 0 arguments; the one run in runs/: runs/zz-old\n") {
		t.Errorf("one run: code %d %q", code, stderr)
	}
	play("runs/20261127-new")
	for _, d := range []string{"runs/notarun", "runs/broken"} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile("runs/broken/manifest.json", []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	// The shards written last: the newest directories, left out.
	play("runs/shard-1", "--shard", "1/2")
	later := time.Now().Add(time.Hour)
	os.Chtimes("runs/shard-1/manifest.json", later, later)
	os.Chtimes("runs/broken/manifest.json", later, later)
	_, stderr, code := runCmd(t, "", "report")
	if want := "got 0 arguments; the newest of 2 runs in runs/: runs/20261127-new\n"; code != 2 || !strings.HasSuffix(stderr, want) {
		t.Errorf("code %d %q, want 2 ending %q", code, stderr, want)
	}
}

// TestWholeNumbersDecimal: a flag's whole number with leading zeros is
// decimal, as every --seed is: --games 010 is 10 games (pflag read it
// as octal and played 8).
func TestWholeNumbersDecimal(t *testing.T) {
	out, stderr, code := runCmd(t, "", "match", "random", "greedy", "--games", "010", "--seed", "1", "--quiet", "--format", "json")
	if code != 0 || !strings.Contains(out, `"games_planned": 10,`) {
		t.Errorf("--games 010: exit %d %s, want 10 games planned\n%.300s", code, stderr, out)
	}
}

// TestGamesHelpSaysSeatOrders: match's and tournament's --games help
// says what the count must be at 3 and 4 players, as their error does
// ("a positive multiple of 6"); it said only "positive and even".
func TestGamesHelpSaysSeatOrders(t *testing.T) {
	for _, cmd := range []string{"match", "tournament"} {
		help, _, _ := runCmd(t, "", cmd, "--help")
		if !strings.Contains(strings.Join(strings.Fields(help), " "), "at --players 3 or 4") || !strings.Contains(strings.Join(strings.Fields(help), " "), "a multiple of 6 or 24") {
			t.Errorf("%s --help: --games does not say its count at 3 and 4 players", cmd)
		}
	}
}
