package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/report"
)

func TestMatchBadInput(t *testing.T) {
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"match", "random"}, "want two bots"},
		{[]string{"match", "random", "nosuchbot"}, `unknown bot "nosuchbot"`},
		// A comma list typed where each argument is one bot.
		{[]string{"match", "random", "greedy,nash"}, "one bot per argument, not a comma-separated list"},
		{[]string{"sprt", "random,greedy", "nash"}, "one bot per argument, not a comma-separated list"},
		{[]string{"exploit", "random,greedy"}, "one bot per argument, not a comma-separated list"},
		{[]string{"bots", "--cost", "random,greedy"}, "one bot per argument, not a comma-separated list"},
		{[]string{"match", "random:frob=1", "random"}, `no parameter "frob"`},
		{[]string{"match", "mcts:iter=5", "random"}, `no parameter "iter" (parameters: iters, ms, select, c); did you mean iters?`},
		{[]string{"match", "random", "random", "--games", "0"}, "--games must be a positive even number"},
		{[]string{"match", "random", "random", "--games", "7"}, "--games must be a positive even number"},
		{[]string{"match", "random", "random", "--games", "-4"}, "--games must be a positive even number"},
		{[]string{"match", "random", "random", "--games", "many"}, "games"},
		{[]string{"match", "random", "random", "--workers", "0"}, "--workers must be at least 1"},
		{[]string{"match", "random", "random", "--workers", "-1"}, "--workers must be at least 1"},
		{[]string{"match", "random", "random", "--seed", "0xZZ"}, "--seed"},
		{[]string{"match", "random", "random", "--seed", "-1"}, "--seed"},
		{[]string{"match", "random", "random", "--format", "xml"}, "--format must be table, csv or json"},
		{[]string{"match", "random", "random", "--top", "-1"}, "--top must not be negative"},
		{[]string{"match", "random", "random", "--bot-timeout", "0s"}, "--bot-timeout"},
		{[]string{"match", "exec:/nonexistent/nzsc-bot", "random"}, "not found"},
		{[]string{"match", "random", "random", "--rating-interval", "5"}, "--rating-interval 5: want a multiple of 2"},
		{[]string{"match", "random", "random", "random", "--players", "3", "--games", "12", "--rating-interval", "4"}, "--rating-interval 4: want a multiple of 6"},
		{[]string{"match", "random", "random", "--rating-interval", "-2"}, "--rating-interval wants a whole number, 0 or more"},
		{[]string{"match", "random", "random", "-ratinginterval", "10"}, "did you mean --rating-interval?"},
		{[]string{"tournament", "--rating-interval", "3"}, "--rating-interval 3: want a multiple of 2"},
	} {
		stdout, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || stdout != "" {
			t.Errorf("case %d %v: code %d, stderr %q, stdout %q; want code 2 and %q", i, c.args, code, stderr, stdout, c.msg)
		}
		if strings.Count(strings.TrimRight(stderr, "\n"), "\n") != 0 {
			t.Errorf("case %d %v: error is not one line: %q", i, c.args, stderr)
		}
	}
}

func TestMatchTable(t *testing.T) {
	stdout, stderr, code := runCmd(t, "", "match", "random", "random", "--games", "2000", "--seed", "42", "--top", "3")
	if code != 0 {
		t.Fatalf("code %d, stderr %q", code, stderr)
	}
	for _, want := range []string{
		"random (A) vs random (B): 2000 games, seed 0x2a",
		"score % [95% CI]", "Elo ± 95%", "seat 0", "seat 1",
		// Self-play with common random numbers: every pair scores 1.
		"Pairs by A's points (0, 1/2, 1, 3/2, 2): [0, 0, 1000, 0, 0]",
		"Loadout pairings (3 most frequent of ",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("table lacks %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "Faults") {
		t.Errorf("fault table shown without faults:\n%s", stdout)
	}
	if !strings.Contains(stderr, "2000 games in") || strings.Contains(stderr, "seed 0x") {
		t.Errorf("stderr %q: want the timing line and no seed note (the seed was given)", stderr)
	}
}

func TestMatchPicksAndPrintsSeed(t *testing.T) {
	stdout, stderr, code := runCmd(t, "", "match", "random", "random", "--games", "2", "--format", "json")
	if code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	var doc struct{ Seed string }
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(stderr, "seed "+doc.Seed+" (replay with --seed "+doc.Seed+")") {
		t.Errorf("stderr %q does not name the picked seed %s", stderr, doc.Seed)
	}
	_, stderr, _ = runCmd(t, "", "match", "random", "random", "--games", "2", "--quiet")
	if stderr != "" {
		t.Errorf("--quiet wrote %q to stderr", stderr)
	}
}

// TestMatchMachineFormats checks that json and csv agree with each other
// and with the table's counts, and that they do not depend on --workers.
func TestMatchMachineFormats(t *testing.T) {
	args := []string{"match", "random", "classic", "--games", "4000", "--seed", "0x5eed", "--quiet"}
	j1, _, _ := runCmd(t, "", append(args, "--format", "json", "--workers", "1")...)
	j3, _, _ := runCmd(t, "", append(args, "--format", "json", "--workers", "3")...)
	if j1 != j3 || j1 == "" {
		t.Fatal("json output differs between --workers 1 and 3")
	}
	var doc struct {
		Format, BotA, BotB string
		Seed               string
		Games              uint64
		GamesPlanned       uint64 `json:"games_planned"`
		Interrupted        bool
		Total              struct{ Games, Wins, Draws, Losses uint64 }
		Seats              [2]struct{ Games, Wins, Draws, Losses uint64 }
		Pentanomial        [5]uint64
		Pairings           []struct {
			A, B  string
			Games uint64
		}
	}
	if err := json.Unmarshal([]byte(j1), &doc); err != nil {
		t.Fatal(err)
	}
	tot := doc.Total
	if doc.Format != "nzsc-match/2" || doc.Seed != "0x5eed" || doc.Games != 4000 || doc.GamesPlanned != 4000 || doc.Interrupted {
		t.Errorf("header fields %+v", doc)
	}
	if tot.Games != 4000 || tot.Wins+tot.Draws+tot.Losses != 4000 ||
		doc.Seats[0].Wins+doc.Seats[1].Wins != tot.Wins || doc.Seats[0].Games != 2000 {
		t.Errorf("inconsistent counts: total %+v seats %+v", tot, doc.Seats)
	}
	var pairs, pgames uint64
	for _, c := range doc.Pentanomial {
		pairs += c
	}
	for _, p := range doc.Pairings {
		pgames += p.Games
	}
	if pairs != 2000 || pgames != 4000 {
		t.Errorf("%d pairs, %d games over loadout pairings; want 2000, 4000", pairs, pgames)
	}

	c1, _, _ := runCmd(t, "", append(args, "--format", "csv", "--workers", "2")...)
	rows, err := csv.NewReader(strings.NewReader(c1)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows[0], ","); got != strings.Join(report.MatchCSVHeader, ",") {
		t.Errorf("csv header %q", got)
	}
	col := map[string]int{}
	for i, h := range rows[0] {
		col[h] = i
	}
	if len(rows) != 1+3+len(doc.Pairings) {
		t.Fatalf("%d csv rows, want %d", len(rows), 1+3+len(doc.Pairings))
	}
	total := rows[1]
	if total[col["row"]] != "total" || total[col["bot_b"]] != "classic" || total[col["seed"]] != "0x5eed" {
		t.Errorf("csv total row %v", total)
	}
	for k, want := range map[string]uint64{"games": tot.Games, "wins": tot.Wins, "draws": tot.Draws, "losses": tot.Losses} {
		if got, _ := strconv.ParseUint(total[col[k]], 10, 64); got != want {
			t.Errorf("csv %s = %d, json says %d", k, got, want)
		}
	}
	if rows[4][col["row"]] != "pairing" || rows[4][col["a_loadout"]] != doc.Pairings[0].A {
		t.Errorf("first csv pairing row %v, json's first pairing %+v", rows[4], doc.Pairings[0])
	}
}

func TestMatchInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // as if Ctrl-C came at once
	var out, errb bytes.Buffer
	err := run(ctx, []string{"match", "random", "random", "--games", "100000", "--seed", "1", "--format", "json"}, nil, &out, &errb)
	code := exitCode(err, &errb)
	if code != 1 || !strings.Contains(errb.String(), "match interrupted: 0 of 100000 games finished") {
		t.Errorf("code %d, stderr %q", code, errb.String())
	}
	var doc struct {
		Interrupted bool
		Games       uint64
	}
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil || !doc.Interrupted || doc.Games != 0 {
		t.Errorf("partial json %+v (%v)", doc, err)
	}
}

// ratingLines returns the lines of stderr that --rating-interval printed.
func ratingLines(stderr string) []string {
	var out []string
	for _, l := range strings.Split(stderr, "\n") {
		if strings.Contains(l, " games: ") {
			out = append(out, l)
		}
	}
	return out
}

// TestRatingInterval: --rating-interval prints a line every N games, the
// same lines on one worker and on four (the reorder buffer hands the
// games over in order), for a match at two seats and three and for a
// tournament; the last line, at the run's end, says what the final table
// says (a match's pair counts and Elo, a tournament's leader); --quiet
// prints none.
func TestRatingInterval(t *testing.T) {
	for _, c := range []struct {
		kind  string
		args  []string
		lines int
	}{
		{"match", []string{"match", "greedy", "random", "--games", "200", "--rating-interval", "40"}, 5},
		{"seats", []string{"match", "greedy", "random", "classic", "--players", "3", "--games", "36", "--rating-interval", "12"}, 3},
		{"tournament", []string{"tournament", "--bots", "random,greedy,classic", "--games", "40", "--rating-interval", "30", "--out", "OUT"}, 4},
	} {
		var first []string
		for _, workers := range []string{"1", "4"} {
			args := append([]string{}, c.args...)
			for i, a := range args {
				if a == "OUT" {
					args[i] = t.TempDir() + "/run"
				}
			}
			stdout, stderr, code := runCmd(t, "", append(args, "--seed", "5", "--workers", workers)...)
			if code != 0 {
				t.Fatalf("%v: code %d: %s", args, code, stderr)
			}
			lines := ratingLines(stderr)
			if len(lines) != c.lines {
				t.Fatalf("%v --workers %s: %d lines, want %d:\n%s", args, workers, len(lines), c.lines, stderr)
			}
			last := lines[len(lines)-1]
			switch c.kind {
			case "match":
				// The final table's pair counts and Elo.
				i := strings.Index(stdout, "Pairs by A's points (0, 1/2, 1, 3/2, 2): ")
				pairs := stdout[i+len("Pairs by A's points (0, 1/2, 1, 3/2, 2): "):]
				pairs = pairs[:strings.Index(pairs, "]")+1]
				if !strings.HasSuffix(last, "pairs "+pairs) {
					t.Errorf("last line %q: want the table's pairs %s", last, pairs)
				}
				row := stdout[strings.Index(stdout, "all "):]
				row = row[:strings.Index(row, "\n")]
				elo := strings.TrimSpace(last[strings.Index(last, "Elo ")+4 : strings.Index(last, ", pairs")])
				if !strings.Contains(row, elo) {
					t.Errorf("last line %q: its Elo %q is not the table's: %q", last, elo, row)
				}
			case "tournament":
				// The leader is the ranking's first bot, with its Elo.
				rank := stdout[strings.Index(stdout, "Ranking"):]
				first := strings.Fields(rank[strings.Index(rank, "\n1 ")+1:])
				if !strings.Contains(last, "leader "+first[1]+" ") || !strings.Contains(last, "Elo "+first[2]+" ± "+strings.TrimPrefix(first[3], "±")) {
					t.Errorf("last line %q: want the ranking's first, %v", last, first[:4])
				}
			case "seats":
				rank := stdout[strings.Index(stdout, "Ranking"):]
				first := strings.Fields(rank[strings.Index(rank, "\n1 ")+1:])
				if !strings.Contains(last, "leader "+first[1]+" ") || !strings.HasSuffix(last, "Elo "+strings.Join(first[2:5], " ")) {
					t.Errorf("last line %q: want the ranking's first, %v", last, first[:5])
				}
			}
			if first == nil {
				first = lines
			} else if strings.Join(lines, "\n") != strings.Join(first, "\n") {
				t.Errorf("%v: lines at --workers 4 differ from --workers 1:\n%s\n--\n%s", c.args, strings.Join(first, "\n"), strings.Join(lines, "\n"))
			}
		}
	}
	_, stderr, code := runCmd(t, "", "match", "greedy", "random", "--games", "20", "--rating-interval", "2", "--quiet")
	if code != 0 || stderr != "" {
		t.Errorf("--quiet: code %d, stderr %q; want no lines", code, stderr)
	}
}
