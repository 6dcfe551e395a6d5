package main

import (
	"bytes"
	"encoding/json"
	mrand "math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

// TestMatchRunDirectory: a match with --out keeps a run directory that
// 'nzsc report' re-renders to the same output, that --resume of the
// finished match leaves alone, and that two shards merge into exactly.
func TestMatchRunDirectory(t *testing.T) {
	tmp := t.TempDir()
	args := []string{"match", "greedy", "random", "--games", "600", "--seed", "5", "--quiet", "--workers", "2", "--format", "json"}
	plain, stderr, code := runCmd(t, "", args...)
	if code != 0 {
		t.Fatal(stderr)
	}
	dir := filepath.Join(tmp, "m")
	kept, stderr, code := runCmd(t, "", append(args, "--out", dir)...)
	if code != 0 || kept != plain {
		t.Fatalf("match --out: code %d %s; output differs from the match without a directory: %v", code, stderr, kept != plain)
	}
	if again, stderr, code := runCmd(t, "", "report", dir, "--format", "json"); code != 0 || again != plain {
		t.Errorf("report of the match directory: code %d %s\n%s\nwant\n%s", code, stderr, again, plain)
	}
	if again, stderr, code := runCmd(t, "", "match", "--resume", dir, "--quiet", "--format", "json"); code != 0 || again != plain {
		t.Errorf("resume of a finished match: code %d %s", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "tournament", "--resume", dir); code != 2 || !strings.Contains(stderr, "nzsc match --resume") {
		t.Errorf("tournament --resume of a match: code %d %s", code, stderr)
	}
	var shards []string
	for i := range 2 {
		d := filepath.Join(tmp, "s"+string(rune('0'+i)))
		sargs := append(args, "--out", d, "--shard", string(rune('0'+i))+"/2", "--chunk", "8")
		if _, stderr, code := runCmd(t, "", sargs...); code != 0 {
			t.Fatal(stderr)
		}
		shards = append(shards, d)
	}
	merged := filepath.Join(tmp, "merged")
	if _, stderr, code := runCmd(t, "", append(append([]string{"merge"}, shards...), "--out", merged, "--quiet")...); code != 0 {
		t.Fatal(stderr)
	}
	if got, want := readCounts(t, merged), readCounts(t, dir); !reflect.DeepEqual(got.Tournament, want.Tournament) {
		t.Errorf("merged match shards differ from the whole match")
	}
}

// TestSPRTResumeExact: a sequential test stopped by Ctrl-C and resumed
// reaches the verdict of an uninterrupted test after the same games, with
// the same looks and counts, in every game and at every table size (at
// 3 and 4 seats among a field of other bots), its games log holding
// every game once.
func TestSPRTResumeExact(t *testing.T) {
	for _, c := range []struct {
		name                      string
		flags                     []string
		stopper, base, batch, max string
		stopAt                    int64
		field                     []string // the bots of the other seats
	}{
		{"nzsc", []string{"--game", "nzsc"}, "test-stop", "random", "100", "2000", 450, nil},
		// NPZR's games are longer: fewer of them, looked at as often.
		{"npzr", []string{"--game", "npzr"}, "test-npzr-stop", "random", "20", "200", 60, nil},
		// The stopper is random too: no verdict before --max-games.
		{"nzsc-3", []string{"--players", "3", "--field", "greedy"}, "test-ffa-stop", "random", "40", "400", 90, []string{"greedy"}},
		{"nzsc-4", []string{"--players", "4"}, "test-ffa-stop", "random", "40", "400", 90, []string{"random", "random"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			args := append([]string{"sprt", c.stopper, c.base, "--elo0", "0", "--elo1", "5", "--batch", c.batch, "--max-games", c.max,
				"--seed", "9", "--workers", "2", "--format", "json", "--quiet"}, c.flags...)
			stopAt.Store(-1)
			whole, stderr, code := runCmd(t, "", append(args, "--out", filepath.Join(tmp, "whole"), "--games-log", filepath.Join(tmp, "whole.jsonl"))...)
			if code != 0 {
				t.Fatal(stderr)
			}
			dir := filepath.Join(tmp, "cut")
			_, err := runStopped(t, c.stopAt, append(args, "--out", dir, "--games-log", filepath.Join(tmp, "games.jsonl"))...)
			if err == nil || !strings.Contains(err.Error(), "--resume "+dir) {
				t.Fatalf("interrupted test: err %v", err)
			}
			resumed, stderr, code := runCmd(t, "", "sprt", "--resume", dir, "--format", "json", "--quiet")
			if code != 0 {
				t.Fatal(stderr)
			}
			var a, b report.SPRT
			json.Unmarshal([]byte(whole), &a)
			json.Unmarshal([]byte(resumed), &b)
			if len(a.Looks) < 2 || !reflect.DeepEqual(a.Looks, b.Looks) || a.Verdict != b.Verdict || a.Games != b.Games || a.Pentanomial != b.Pentanomial {
				t.Errorf("resumed test: %d games, verdict %q, %d looks; uninterrupted: %d games, %q, %d looks",
					b.Games, b.Verdict, len(b.Looks), a.Games, a.Verdict, len(a.Looks))
			}
			if w, r := readCounts(t, filepath.Join(tmp, "whole")), readCounts(t, dir); !reflect.DeepEqual(w.Tournament, r.Tournament) {
				t.Errorf("the resumed test's counts differ from the uninterrupted test's")
			}
			var records int
			if err := results.ReadRecords(filepath.Join(tmp, "games.jsonl"), func(*game.Record) error { records++; return nil }); err != nil || uint64(records) != a.Games {
				t.Errorf("games log: %d records (%v), the test played %d games", records, err, a.Games)
			}
			// The pairs played ahead of the cut, or of the verdict, are
			// in neither log: the resumed log is the uninterrupted one.
			if w, r := readFile(t, filepath.Join(tmp, "whole.jsonl")), readFile(t, filepath.Join(tmp, "games.jsonl")); !bytes.Equal(w, r) {
				t.Errorf("the resumed test's games log (%d bytes) differs from the uninterrupted test's (%d bytes)", len(r), len(w))
			}
			if !slices.Equal(a.Field, c.field) || !slices.Equal(b.Field, c.field) {
				t.Errorf("the reports name the field %v and %v, want %v", a.Field, b.Field, c.field)
			}
			if _, man, _, err := results.Load(dir); err != nil {
				t.Error(err)
			} else if !slices.Equal(man.SPRT.Field, c.field) {
				t.Errorf("the manifest's field: %v, want %v", man.SPRT.Field, c.field)
			}
			if report, _, code := runCmd(t, "", "report", dir, "--format", "json"); code != 0 || report != resumed {
				t.Errorf("report of the test's directory differs from its output")
			}
		})
	}
}

// TestReplayCommand: the records of a match replay through the engine;
// a record whose moves do not give its result is refused, naming the game
// and the turn.
func TestReplayCommand(t *testing.T) {
	tmp := t.TempDir()
	log := filepath.Join(tmp, "games.jsonl")
	if _, stderr, code := runCmd(t, "", "match", "classic", "greedy", "--games", "20", "--seed", "2", "--quiet", "--games-log", log); code != 0 {
		t.Fatal(stderr)
	}
	stdout, stderr, code := runCmd(t, "", "replay", log, "--index", "3")
	if code != 0 || !strings.HasPrefix(stdout, "Game 3\n") || !strings.Contains(stdout, "Let the battle begin!") {
		t.Fatalf("replay: code %d %s\n%s", code, stderr, stdout)
	}
	if _, stderr, code := runCmd(t, "", "replay", log, "--index", "20"); code != 2 || !strings.Contains(stderr, "holds 20 records") {
		t.Errorf("replay of a missing index: code %d %s", code, stderr)
	}
	// Falsify game 4: seat 0's third move becomes another legal answer.
	var recs []game.Record
	results.ReadRecords(log, func(r *game.Record) error { recs = append(recs, *r); return nil })
	r := &recs[4]
	r.Result.Score[0], r.Result.Score[1] = r.Result.Score[1], r.Result.Score[0]+1
	var b bytes.Buffer
	for i := range recs {
		line, _ := json.Marshal(&recs[i])
		b.Write(append(line, '\n'))
	}
	bad := filepath.Join(tmp, "bad.jsonl")
	os.WriteFile(bad, b.Bytes(), 0o644)
	if _, stderr, code := runCmd(t, "", "replay", bad); code != 2 || !strings.Contains(stderr, "game 4") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("replay of a falsified record: code %d %q", code, stderr)
	}
	// A games log is never written over.
	if _, stderr, code := runCmd(t, "", "match", "classic", "greedy", "--games", "2", "--quiet", "--games-log", log); code != 2 || !strings.Contains(stderr, "already exists") {
		t.Errorf("games log over an existing file: code %d %s", code, stderr)
	}
}

// TestPlayRecord: a person's game saved with --record replays to the same
// transcript lines.
func TestPlayRecord(t *testing.T) {
	path := filepath.Join(t.TempDir(), "me.jsonl")
	answers := "Zombie\nZombie Corps\nRampage\nRampage\nRampage\nRegenerate\nRampage\nRampage\nRampage\nBite\nRampage\nRampage\nRampage\nBite\nn\n"
	stdout, stderr, code := runCmd(t, answers, "play", "--seed", "0xbabecaf3", "--record", path)
	if code != 0 {
		t.Fatal(stderr)
	}
	replay, stderr, code := runCmd(t, "", "replay", path)
	if code != 0 {
		t.Fatal(stderr)
	}
	// Every narrated line of the replay is a line of the game as played.
	for _, l := range strings.Split(replay, "\n") {
		if strings.HasPrefix(l, "You chose") || strings.HasPrefix(l, "The score is now") {
			if !strings.Contains(stdout, l) {
				t.Errorf("replay line %q not in the game's transcript", l)
			}
		}
	}
	if !strings.Contains(replay, "The score is now") {
		t.Errorf("replay narrates nothing:\n%s", replay)
	}
}

// TestGamesAndBotsCommands lists the games and a game's bots; an unknown
// game is bad input.
func TestGamesAndBotsCommands(t *testing.T) {
	stdout, _, code := runCmd(t, "", "games")
	if code != 0 || !strings.Contains(stdout, "nzsc") || !strings.Contains(stdout, "turn_cap") {
		t.Errorf("games: %d\n%s", code, stdout)
	}
	if _, stderr, code := runCmd(t, "", "bots", "--game", "chess"); code != 2 || !strings.Contains(stderr, `unknown game "chess"`) {
		t.Errorf("bots --game chess: %d %s", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "match", "random", "random", "--game", "nzsc", "--rule", "turn_cap=0"); code != 2 || !strings.Contains(stderr, "turn_cap") {
		t.Errorf("--rule turn_cap=0: %d %s", code, stderr)
	}
	stdout, stderr, code := runCmd(t, "", "match", "random", "greedy", "--rule", "turn_cap=3", "--games", "20", "--seed", "1", "--quiet", "--format", "json")
	var doc struct{ Total struct{ Draws int } }
	json.Unmarshal([]byte(stdout), &doc)
	if code != 0 || doc.Total.Draws != 20 {
		t.Errorf("a 3-turn cap: every game is a draw; got %d draws (%d %s)", doc.Total.Draws, code, stderr)
	}
}

// TestFreeForAll: a 3-player tournament plays every combination of three
// bots, each seed in all six seat orders, ranks by Plackett–Luce, resumes
// exactly after Ctrl-C, and re-renders with report; its records replay.
func TestFreeForAll(t *testing.T) {
	tmp := t.TempDir()
	args := []string{"tournament", "--players", "3", "--bots", "random,classic,greedy,test-ffa-stop", "--games", "120",
		"--seed", "6", "--chunk", "3", "--workers", "2", "--quiet", "--format", "json"}
	stopAt.Store(-1)
	whole, stderr, code := runCmd(t, "", append(args, "--out", filepath.Join(tmp, "whole"))...)
	if code != 0 {
		t.Fatal(stderr)
	}
	var doc struct {
		Seats   int
		Games   int64
		Ranking []struct {
			Bot   string
			Games int64
		}
	}
	if err := json.Unmarshal([]byte(whole), &doc); err != nil {
		t.Fatal(err)
	}
	// 4 tables of 3 bots, 120 games each; every bot sits at 3 tables.
	if doc.Seats != 3 || doc.Games != 480 || len(doc.Ranking) != 4 || doc.Ranking[0].Games != 360 {
		t.Fatalf("free-for-all: %+v", doc)
	}
	dir, log := filepath.Join(tmp, "cut"), filepath.Join(tmp, "games.jsonl.gz")
	_, err := runStopped(t, 100, append(args, "--out", dir, "--games-log", log)...)
	if err == nil || !strings.Contains(err.Error(), "--resume "+dir) {
		t.Fatalf("interrupted run: %v", err)
	}
	// Its JSON says it is cut short, as a two-player run's manifest does.
	if cut, _, _ := runCmd(t, "", "report", dir, "--format", "json"); !strings.Contains(cut, `"complete": false`) || !strings.Contains(whole, `"complete": true`) ||
		!strings.Contains(whole, `"games_planned": 480`) {
		t.Errorf("the JSON of a cut and of a whole run do not say which is complete:\n%s", cut)
	}
	if _, stderr, code := runCmd(t, "", "tournament", "--resume", dir, "--quiet", "--format", "json"); code != 0 {
		t.Fatal(stderr)
	}
	if got, want := readCounts(t, dir), readCounts(t, filepath.Join(tmp, "whole")); !reflect.DeepEqual(got.Tournament, want.Tournament) {
		t.Errorf("interrupted + resumed counts differ from the uninterrupted run")
	}
	if again, _, code := runCmd(t, "", "report", dir, "--format", "json"); code != 0 || again != whole {
		t.Errorf("report of the resumed run differs from the uninterrupted run's output")
	}
	page := filepath.Join(tmp, "ffa.html")
	if _, stderr, code := runCmd(t, "", "report", dir, "--html", page); code != 0 {
		t.Errorf("report --html of a free-for-all: code %d %s", code, stderr)
	} else if b, err := os.ReadFile(page); err != nil || !bytes.Contains(b, []byte(`<svg id="c-places"`)) {
		t.Errorf("free-for-all HTML report missing or without its place distribution: %v", err)
	}
	if n := gamesInLog(t, log); n != 480 {
		t.Errorf("games log has %d games, want 480", n)
	}
	if _, stderr, code := runCmd(t, "", "replay", log, "--index", "7"); code != 0 {
		t.Errorf("replay of a 3-player record: %s", stderr)
	}
	if _, stderr, code := runCmd(t, "", "tournament", "--players", "3", "--bots", "random,nash,greedy", "--games", "6"); code != 2 || !strings.Contains(stderr, "nash plays 2 players only") {
		t.Errorf("a two-player bot at a 3-seat table: %d %s", code, stderr)
	}
	if _, stderr, code := runCmd(t, "", "match", "random", "classic", "greedy", "--players", "3", "--games", "10"); code != 2 || !strings.Contains(stderr, "multiple of 6") {
		t.Errorf("--games not a multiple of 6: %d %s", code, stderr)
	}
}

// ffaStopper is test-stop for 3 or 4 players: uniform, and it cancels the
// run's context after a set number of games.
type ffaStopper struct{ rng *mrand.Rand }

func (s *ffaStopper) NewGame(_ game.Game, _ int, rng *mrand.Rand) {
	s.rng = rng
	if stopGames.Add(1) == stopAt.Load() {
		if f := stopCancel.Load(); f != nil {
			(*f)()
		}
	}
}

func (s *ffaStopper) Act(_ game.Observation, legal []game.Action) game.Action {
	return legal[s.rng.IntN(len(legal))]
}

func init() {
	agents.Register(agents.Info{Name: "test-ffa-stop", Help: "test only: uniform at 3 or 4 seats; stops the run after a set number of games",
		MinSeats: 3, MaxSeats: 4, NewPlayer: func(agents.Params) (agents.Player, error) { return &ffaStopper{}, nil }})
}

// TestNPZRThroughThePipeline: the second game plays through the same
// commands: a match with its records, a tournament with its report (no
// NZSC tables), and replay.
func TestNPZRThroughThePipeline(t *testing.T) {
	tmp := t.TempDir()
	log := filepath.Join(tmp, "npzr.jsonl")
	stdout, stderr, code := runCmd(t, "", "match", "greedy", "random", "--game", "npzr", "--games", "60", "--seed", "3",
		"--quiet", "--format", "json", "--games-log", log)
	var doc struct {
		Total struct {
			Score   float64 `json:"score"`
			ScoreLo float64 `json:"score_lo"`
		}
	}
	json.Unmarshal([]byte(stdout), &doc)
	if code != 0 || doc.Total.ScoreLo <= 0.5 {
		t.Fatalf("npzr greedy vs random: code %d %s, score %+v", code, stderr, doc.Total)
	}
	if n := len(strings.Split(strings.TrimSpace(mustRead(t, log)), "\n")); n != 60 {
		t.Errorf("%d records, want 60", n)
	}
	if out, stderr, code := runCmd(t, "", "replay", log, "--index", "1"); code != 0 || !strings.Contains(out, "Ninja Pirate Zombie Robot") {
		t.Errorf("replay of an NPZR record: %d %s", code, stderr)
	}
	dir := filepath.Join(tmp, "t")
	stdout, stderr, code = runCmd(t, "", "tournament", "--game", "npzr", "--bots", "random,greedy,pimc:samples=1,rollouts=1", "--games", "8",
		"--seed", "1", "--quiet", "--out", dir)
	if code != 0 || !strings.Contains(stdout, "Ranking") || strings.Contains(stdout, "Loadout") {
		t.Errorf("npzr tournament: %d %s\n%s", code, stderr, stdout)
	}
	if _, stderr, code := runCmd(t, "", "match", "greedy", "nash", "--game", "npzr"); code != 2 || !strings.Contains(stderr, `unknown bot "nash" for npzr`) {
		t.Errorf("an NZSC bot in an NPZR match: %d %s", code, stderr)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestPlayOtherGames: nzsc play seats a person at a 3-player NZSC table
// and at an NPZR game; a game cut short by the end of the input stops
// cleanly.
func TestPlayOtherGames(t *testing.T) {
	out, stderr, code := runCmd(t, "Ninja\nNinja\nNinja\nNinja\n", "play", "--players", "3", "--seed", "9", "--opponent", "random")
	if code != 0 || !strings.Contains(out, "NZSC for 3 players") || !strings.Contains(out, "random (seat 2) chose") ||
		!strings.Contains(out, "The game stops here") {
		t.Errorf("3-player play: %d %s\n%s", code, stderr, out)
	}
	out, stderr, code = runCmd(t, "help\nlegal\n", "play", "--game", "npzr", "--seed", "2")
	if code != 0 || !strings.Contains(out, "Ninja Pirate Zombie Robot against greedy") || !strings.Contains(out, "play Robot Head new") {
		t.Errorf("npzr play: %d %s\n%s", code, stderr, out)
	}
	if _, stderr, code := runCmd(t, "", "play", "--players", "3", "--opponent", "nash"); code != 2 || !strings.Contains(stderr, "nash plays 2 players only") {
		t.Errorf("nash at a 3-player table: %d %s", code, stderr)
	}
}

// readFile returns a file's bytes.
func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
