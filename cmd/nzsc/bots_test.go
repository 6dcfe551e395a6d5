package main

import (
	"encoding/csv"
	"encoding/json"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
)

func TestBotsListsEveryBot(t *testing.T) {
	out, stderr, code := runCmd(t, "", "bots")
	if code != 0 {
		t.Fatalf("nzsc bots: code %d, stderr %q", code, stderr)
	}
	// The table wraps descriptions at 80 columns: look the words up.
	words := strings.Join(strings.Fields(out), " ")
	bots := agents.Registered()
	if len(bots) < 5 {
		t.Fatalf("only %d bots registered", len(bots))
	}
	for _, b := range bots {
		if !strings.Contains(words, strings.Join(strings.Fields(b.Help), " ")) {
			t.Errorf("no description %q for bot %s", b.Help, b.Name)
		}
	}
	// A bot with kinds for 2 and for 3-4 players is listed once per kind,
	// with its players (it was listed twice with nothing between them).
	if !regexp.MustCompile(`(?m)^greedy +2 `).MatchString(out) || !regexp.MustCompile(`(?m)^greedy +3-4 `).MatchString(out) {
		t.Errorf("greedy's two kinds are not told apart by their players:\n%s", out)
	}
	for _, want := range []string{"random", "greedy", "nash", "mcts[:k=v,...]", "players", "iters", "1000", "select", "rm", "name=ALIAS"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, stderr, code := runCmd(t, "", "bots", "extra"); code != 2 || strings.Count(stderr, "\n") != 1 {
		t.Errorf("nzsc bots extra: code %d, stderr %q; want a one-line usage error", code, stderr)
	}

	// JSON and CSV list the same bots and parameters as the registry.
	js, _, code := runCmd(t, "", "bots", "--format", "json")
	var doc struct {
		Format, Game string
		Bots         []struct {
			Name, Spec, Help   string
			MinSeats, MaxSeats int `json:"-"`
			Params             []struct{ Name, Default, Help string }
		}
	}
	if code != 0 || json.Unmarshal([]byte(js), &doc) != nil || doc.Format != "nzsc-bots/1" || doc.Game != "nzsc" {
		t.Fatalf("bots --format json: code %d, %.300s", code, js)
	}
	// The kinds a name gets at each table size: RegisteredFor lists
	// every kind of the game's own, and every game's exec (3 and 4
	// players) beside NZSC's own (2) only at a given size.
	var all []agents.Info
	for n := 2; n <= 4; n++ {
		for _, b := range agents.RegisteredForSeats("nzsc", n) {
			if !slices.ContainsFunc(all, func(a agents.Info) bool { return a.Name == b.Name && a.Help == b.Help }) {
				all = append(all, b)
			}
		}
	}
	slices.SortStableFunc(all, func(a, b agents.Info) int { return strings.Compare(a.Name, b.Name) })
	if len(doc.Bots) != len(all) {
		t.Fatalf("JSON lists %d bots, the registry %d", len(doc.Bots), len(all))
	}
	for i, b := range all {
		d := doc.Bots[i]
		if d.Name != b.Name || d.Help != b.Help || len(d.Params) != len(b.Params) {
			t.Errorf("bot %d: JSON %+v, registry %s %q with %d parameters", i, d, b.Name, b.Help, len(b.Params))
			continue
		}
		for k, p := range b.Params {
			if d.Params[k].Name != p.Name || d.Params[k].Default != p.Default || d.Params[k].Help != p.Help {
				t.Errorf("bot %s parameter %d: JSON %+v, registry %+v", b.Name, k, d.Params[k], p)
			}
		}
	}
	cs, _, code := runCmd(t, "", "bots", "--format", "csv")
	rows, err := csv.NewReader(strings.NewReader(cs)).ReadAll()
	want := 1
	for _, b := range all {
		want += 1 + len(b.Params)
	}
	if code != 0 || err != nil || len(rows) != want || rows[0][0] != "bot" {
		t.Errorf("bots --format csv: code %d, %v, %d rows, want %d", code, err, len(rows), want)
	}
}

// TestBotsCost measures named bots at a small size: one row per bot and
// table size, the decisions asked for, the thread's CPU clock on Linux;
// flags of --cost without it and bad values are usage errors.
func TestBotsCost(t *testing.T) {
	out, stderr, code := runCmd(t, "", "bots", "--cost", "--decisions", "7", "greedy", "mcts:iters=10", "--format", "json")
	if code != 0 {
		t.Fatalf("bots --cost: code %d, stderr %q", code, stderr)
	}
	var doc struct {
		Format, Game string
		Bots         []struct {
			Bot                string
			Players, Decisions int
			Seconds            float64
			Max                float64 `json:"max_seconds_per_decision"`
			Clock              string
		}
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil || doc.Format != "nzsc-bot-costs/1" || doc.Game != "nzsc" {
		t.Fatalf("bots --cost --format json: %v, %.300s", err, out)
	}
	// greedy and mcts each have a kind for 2 and for 3-4 players.
	var got []string
	for _, b := range doc.Bots {
		got = append(got, b.Bot+"@"+strconv.Itoa(b.Players))
		if b.Decisions != 7 || !(b.Seconds > 0) || (runtime.GOOS == "linux" && b.Clock != "thread-cpu") {
			t.Errorf("%s at %d: %d decisions, %v s, clock %s", b.Bot, b.Players, b.Decisions, b.Seconds, b.Clock)
		}
		// The dearest decision is at least the mean and at most the sum.
		if !(b.Max >= b.Seconds/7*(1-1e-9) && b.Max <= b.Seconds*(1+1e-9)) {
			t.Errorf("%s at %d: dearest decision %v s, mean %v s, total %v s", b.Bot, b.Players, b.Max, b.Seconds/7, b.Seconds)
		}
	}
	if want := "greedy@2 greedy@3 greedy@4 mcts:iters=10@2 mcts:iters=10@3 mcts:iters=10@4"; strings.Join(got, " ") != want {
		t.Errorf("rows %s, want %s", strings.Join(got, " "), want)
	}
	out, _, code = runCmd(t, "", "bots", "--cost", "--decisions", "3", "--players", "3", "--game", "nzsc")
	if code != 0 || !regexp.MustCompile(`(?m)^paranoid +3 +3 `).MatchString(out) || strings.Contains(out, "optimal") || !strings.Contains(out, "CPU time") {
		t.Errorf("bots --cost --players 3: code %d\n%s", code, out)
	}
	for _, args := range [][]string{
		{"bots", "--decisions", "3"}, {"bots", "greedy"}, {"bots", "--cost", "--players", "5"},
		{"bots", "--cost", "--decisions", "0"}, {"bots", "--cost", "--max-cpu", "-1s"}, {"bots", "--cost", "nosuch"},
		{"bots", "--cost", "--game", "npzr", "--players", "3"},
	} {
		if _, stderr, code := runCmd(t, "", args...); code != 2 || strings.Count(stderr, "\n") != 1 {
			t.Errorf("nzsc %s: code %d, stderr %q; want a one-line usage error", strings.Join(args, " "), code, stderr)
		}
	}
}

// TestBotsCostPlayersOutOfRange: a table size the game has not is named
// in the game registry's words ("npzr is played by 2 players", not "by 2
// to 2 players"), one line, exit 2.
func TestBotsCostPlayersOutOfRange(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"bots", "--cost", "--game", "npzr", "--players", "3"}, "nzsc: bots: npzr is played by 2 players, not 3\n"},
		{[]string{"bots", "--cost", "--players", "5"}, "nzsc: bots: nzsc is played by 2 to 4 players, not 5\n"},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || stderr != c.want {
			t.Errorf("%v: exit %d, %q; want 2, %q", c.args, code, stderr, c.want)
		}
	}
}

// TestBotsSeatsOfTheGame: a bot listed for a game plays that game's seats
// in every format: exec, a kind for every game (2 to 4 players), is
// listed at NPZR's two (the old listing said 2-4), and no bot listed for
// a game claims more seats than the game has.
func TestBotsSeatsOfTheGame(t *testing.T) {
	for _, c := range []struct {
		game   string
		lo, hi int
	}{{"npzr", 2, 2}, {"nzsc", 2, 4}} {
		sawExec := false
		for _, b := range botRows(t, "--game", c.game) {
			sawExec = sawExec || b.Name == "exec"
			if b.MinSeats < c.lo || b.MaxSeats > c.hi || b.MinSeats > b.MaxSeats {
				t.Errorf("%s: %s plays %d-%d players; the game has %d-%d", c.game, b.Name, b.MinSeats, b.MaxSeats, c.lo, c.hi)
			}
		}
		if !sawExec {
			t.Errorf("%s: exec is not listed", c.game)
		}
	}
	out, _, _ := runCmd(t, "", "bots", "--game", "npzr")
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) > 1 && f[0] == "exec:ARG" && f[1] != "2" {
			t.Errorf("npzr's table lists exec at %q players", f[1])
		}
	}
}

// botRow is a row of nzsc bots --format json: a bot and its table sizes.
type botRow struct {
	Name               string
	MinSeats, MaxSeats int
}

// botRows runs nzsc bots --format json with args and returns its rows,
// failing t unless it lists some.
func botRows(t *testing.T, args ...string) []botRow {
	t.Helper()
	js, stderr, code := runCmd(t, "", append([]string{"bots", "--format", "json"}, args...)...)
	var doc struct {
		Bots []struct {
			Name     string
			MinSeats int `json:"min_seats"`
			MaxSeats int `json:"max_seats"`
		}
	}
	if code != 0 || json.Unmarshal([]byte(js), &doc) != nil || len(doc.Bots) == 0 {
		t.Fatalf("bots %v: code %d, %s %.300s", args, code, stderr, js)
	}
	var out []botRow
	for _, b := range doc.Bots {
		out = append(out, botRow{b.Name, b.MinSeats, b.MaxSeats})
	}
	return out
}

// TestBotsAtTheTable: each row of nzsc bots says the table sizes at
// which its name gets that bot. Two-player NZSC has an exec of its own
// and every game's exec plays its 3 and 4 players, so the listing of
// every size has exec at 2 and at 3-4 (it had exec at 2 only), and a
// listing for one table size has every bot at that size (--players 3
// had exec at 2-4, a size it does not list).
func TestBotsAtTheTable(t *testing.T) {
	execs := func(rs []botRow) (out []botRow) {
		for _, r := range rs {
			if r.Name == "exec" {
				out = append(out, r)
			}
		}
		return out
	}
	for _, c := range []struct {
		args []string
		exec []botRow
	}{
		{nil, []botRow{{"exec", 2, 2}, {"exec", 3, 4}}},
		{[]string{"--players", "2"}, []botRow{{"exec", 2, 2}}},
		{[]string{"--players", "3"}, []botRow{{"exec", 3, 3}}},
		{[]string{"--players", "4"}, []botRow{{"exec", 4, 4}}},
		{[]string{"--game", "npzr"}, []botRow{{"exec", 2, 2}}},
	} {
		rs := botRows(t, c.args...)
		if got := execs(rs); !slices.Equal(got, c.exec) {
			t.Errorf("bots %v: exec rows %v, want %v", c.args, got, c.exec)
		}
		if len(c.args) == 2 && c.args[0] == "--players" {
			for _, r := range rs {
				if n := int(c.args[1][0] - '0'); r.MinSeats != n || r.MaxSeats != n {
					t.Errorf("bots %v: %s at %d-%d players", c.args, r.Name, r.MinSeats, r.MaxSeats)
				}
			}
		}
	}
}
