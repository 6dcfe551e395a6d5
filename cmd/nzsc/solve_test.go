package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis/solve"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/testsolution"
)

func TestSolveRoundsCSV(t *testing.T) {
	out, stderr, code := runCmd(t, "", "solve", "rounds", "--format", "csv")
	if code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 109 || rows[0][0] != "a" {
		t.Errorf("%d rows (header %v), want a header and 108 pairings", len(rows), rows[0])
	}
}

// TestSolveRoundPairing checks one pairing's matrix game against
// independent facts: the matrix of B against A is minus the transpose of
// A against B (the round is zero-sum), its entries are NZSC's round
// payoffs (-1, 0 or +1 without Strong), and the value and strategies are
// those of the pairing's row in 'solve rounds --format csv'.
func TestSolveRoundPairing(t *testing.T) {
	matrix := func(pairing string) (rows [][]string) {
		t.Helper()
		out, stderr, code := runCmd(t, "", "solve", "rounds", "--pairing", pairing, "--format", "csv")
		if code != 0 {
			t.Fatalf("%s: code %d: %s", pairing, code, stderr)
		}
		rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		return rows
	}
	ab, ba := matrix("Clown/No Booster,Zombie/Regenerative"), matrix("zom/reg,clo/-")
	if ab[0][0] != `Clown/No Booster \ Zombie/Regenerative` || ba[0][0] != `Zombie/Regenerative \ Clown/No Booster` {
		t.Errorf("corners %q and %q", ab[0][0], ba[0][0])
	}
	if len(ab) != 4 || len(ab[0]) != 6 || len(ba) != 6 || len(ba[0]) != 4 {
		t.Fatalf("matrices of %dx%d and %dx%d cells, want Clown's 3 moves against Zombie's 5 and back", len(ab), len(ab[0]), len(ba), len(ba[0]))
	}
	for i := 1; i < len(ab); i++ {
		for j := 1; j < len(ab[0]); j++ {
			if ab[i][0] != ba[0][i] || ab[0][j] != ba[j][0] {
				t.Fatalf("moves differ: %v / %v", ab, ba)
			}
			if x, y := ab[i][j], ba[j][i]; !slices.Contains([]string{"-1", "0", "1"}, x) || strings.TrimPrefix("-"+y, "--") != x && !(x == "0" && y == "0") {
				t.Errorf("%s against %s: %s one way, %s the other", ab[i][0], ab[0][j], x, y)
			}
		}
	}
	out, _, _ := runCmd(t, "", "solve", "rounds", "--format", "csv")
	var want []string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Ninja/Shadow,Samurai/Strong,") {
			want = strings.Split(l, ",")
		}
	}
	text, stderr, code := runCmd(t, "", "solve", "rounds", "--pairing", "Ninja/Shadow,samurai/strong")
	if code != 0 || want == nil {
		t.Fatalf("code %d: %s", code, stderr)
	}
	value, _ := strconv.ParseFloat(want[2], 64)
	for _, s := range []string{
		"Ninja/Shadow (A, rows) against Samurai/Strong (B, columns)",
		"Ninja Sword   ", "Shadow Fireball  ", "B plays ",
		fmt.Sprintf("Value for A: %+.4f", value+0),
	} {
		if !strings.Contains(text, s) {
			t.Errorf("the pairing's table lacks %q:\n%s", s, text)
		}
	}
	// A's equilibrium: each move's row ends with its probability.
	for _, p := range strings.Split(want[5], ";") {
		name, prob, _ := strings.Cut(p, "=")
		if !regexp.MustCompile(`(?m)^` + name + ` .* ` + prob + `$`).MatchString(text) {
			t.Errorf("A's %s at %s is not in the table:\n%s", name, prob, text)
		}
	}
}

func TestSolveBadInput(t *testing.T) {
	for i, c := range [][]string{
		{"solve"},
		{"solve", "everything"},
		{"solve", "rounds", "--format", "xml"},
		{"solve", "game", "--workers", "0"},
		// Refused before any goroutine is started (it used to spawn
		// them for minutes, deaf to SIGTERM, until memory ran out).
		{"solve", "game", "--workers", "100000000"},
		{"solve", "sweep", "--rule", "points=3..4", "--workers", "100000000"},
		{"solve", "game", "--save", "solve_test.go"},
		{"solve", "game", "--save", "."},
		{"exploit"},
		{"exploit", "nosuchbot"},
		{"exploit", "random", "--samples", "0"},
		{"exploit", "greedy", "--visit-games", "-2"},
		{"exploit", "greedy", "--refine", "-1"},
		{"exploit", "greedy", "--workers", "1000000"},
		{"exploit", "random", "--rule", "points=10"},
		{"exploit", "random", "--rule", "colour=red"},
		{"exploit", "greedy", "--rule", "turn_cap=3"},
		{"solve", "game", "--rule", "waits"},
		// The solver solves without a turn cap: one was silently ignored.
		{"solve", "game", "--rule", "turn_cap=5"},
		{"solve", "sweep", "--rule", "turn_cap=5..6"},
		// Flags rounds does not use: they were ignored, exit 0.
		{"solve", "rounds", "--save", "x.bin"},
		{"solve", "rounds", "--rule", "points=3"},
		{"solve", "rounds", "--workers", "1"},
		// --pairing: two loadouts of different characters, unambiguous.
		{"solve", "rounds", "--pairing", "nin/sha"},
		{"solve", "rounds", "--pairing", "nin/s,zom/reg"},
		{"solve", "rounds", "--pairing", "nin/sha,nin/spe"},
		{"solve", "rounds", "--pairing", "pirate/x,zom/reg"},
		{"solve", "rounds", "--pairing", "nin/sha,zom/reg,sam/atl"},
		{"solve", "game", "--pairing", "nin/sha,zom/reg"},
	} {
		_, stderr, code := runCmd(t, "", c...)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 {
			t.Errorf("case %d %v: code %d stderr %q, want 2 and one line", i, c, code, stderr)
		}
	}
}

// TestSolveGameAndExploit runs the whole pipeline: the CLI solves and
// saves a small variant (points=3, move_streak=2: a quarter of the CPU of
// the shared rules' solve), and the optimal bot playing the tests'
// shared solution of the shared rules (solved once per test run,
// internal/testsolution) is exploited: its best response must be worth no
// more than the certificate allows; random's must be confirmed by play.
func TestSolveGameAndExploit(t *testing.T) {
	if testing.Short() {
		t.Skip("solves a variant and needs the solved game")
	}
	path := filepath.Join(t.TempDir(), "solution.bin")
	out, stderr, code := runCmd(t, "", "solve", "game", "--rule", "points=3", "--rule", "move_streak=2", "--format", "json", "--quiet", "--save", path)
	if code != 0 {
		t.Fatalf("solve game: code %d: %s", code, stderr)
	}
	var sol struct {
		Rules     map[string]string `json:"rules"`
		Value     float64           `json:"value"`
		Gap       float64           `json:"gap"`
		Certified int               `json:"pairings_certified"`
		Pairings  []struct{ Value float64 }
	}
	if err := json.Unmarshal([]byte(out), &sol); err != nil {
		t.Fatal(err)
	}
	if len(sol.Pairings) != 108 || sol.Certified < 100 || sol.Value*sol.Value > 1e-18 || sol.Rules["points"] != "3" || sol.Rules["move_streak"] != "2" {
		t.Errorf("solution: rules %v, %d pairings, %d certified, value %v", sol.Rules, len(sol.Pairings), sol.Certified, sol.Value)
	}
	saved, err := solve.Load(path)
	if err != nil {
		t.Fatalf("the saved variant: %v", err)
	}
	want, err := nzsc.ParseRules(game.Rules{"points": "3", "move_streak": "2"})
	if err != nil {
		t.Fatal(err)
	}
	if !saved.Solves(want) || saved.Solves(nzsc.DefaultRules) {
		t.Errorf("the saved solution solves %v, want points=3 move_streak=2", saved.Rules.Options())
	}

	// The optimal bot playing the variant's solution, measured in the
	// variant's games: its best responses gain at most the certificate.
	out, stderr, code = runCmd(t, "", "exploit", "optimal:path="+path, "--rule", "points=3", "--rule", "move_streak=2",
		"--games", "200", "--seed", "1", "--quiet", "--format", "json")
	if code != 0 {
		t.Fatalf("exploit in the variant: code %d: %s", code, stderr)
	}
	var vx struct {
		Rules          map[string]string
		Exploitability float64
	}
	if err := json.Unmarshal([]byte(out), &vx); err != nil {
		t.Fatal(err)
	}
	if vx.Rules["points"] != "3" || vx.Exploitability > sol.Gap+1e-9 || vx.Exploitability < -1e-9 {
		t.Errorf("optimal in the variant: rules %v, exploitability %v, want within [0, gap %v]", vx.Rules, vx.Exploitability, sol.Gap)
	}

	// The shared solution is copied for the bot: the tests' cache
	// directory is shared by every checkout on the machine, where a test
	// run of another solver version may remove it meanwhile.
	shared := testsolution.Load(t)
	sharedPath := filepath.Join(t.TempDir(), "shared.bin")
	if err := shared.Save(sharedPath); err != nil {
		t.Fatal(err)
	}
	out, stderr, code = runCmd(t, "", "exploit", "optimal:path="+sharedPath, "--games", "200", "--seed", "1", "--quiet", "--format", "json")
	if code != 0 {
		t.Fatalf("exploit: code %d: %s", code, stderr)
	}
	var x struct {
		Exploitability float64
		Seats          []struct{ Verdict string }
	}
	if err := json.Unmarshal([]byte(out), &x); err != nil {
		t.Fatal(err)
	}
	if x.Exploitability > shared.Gap+1e-9 || x.Exploitability < -1e-9 {
		t.Errorf("optimal's exploitability %v, want within [0, gap %v]", x.Exploitability, shared.Gap)
	}
	// Random, in the shared rules and in the variant: each best
	// response is confirmed by a match played in its rules' games, and
	// the two differ (a response computed in other rules than the games
	// it is confirmed in would not be confirmed).
	var values [2]float64
	for i, rules := range [][]string{nil, {"--rule", "points=3", "--rule", "move_streak=2"}} {
		args := append([]string{"exploit", "random", "--games", "300", "--seed", "1", "--quiet", "--format", "json"}, rules...)
		out, _, code = runCmd(t, "", args...)
		if code != 0 {
			t.Fatalf("%v failed", args)
		}
		if err := json.Unmarshal([]byte(out), &x); err != nil {
			t.Fatal(err)
		}
		for s, seat := range x.Seats {
			if seat.Verdict != "confirmed" {
				t.Errorf("%v, seat %d: %s", args, s, seat.Verdict)
			}
		}
		values[i] = x.Exploitability
	}
	if math.Abs(values[0]-values[1]) < 1e-3 {
		t.Errorf("random's exploitability %v in the shared rules and %v in the variant: want them to differ", values[0], values[1])
	}
}
