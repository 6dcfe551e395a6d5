package main

import (
	"context"
	"encoding/json"
	"maps"
	mrand "math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/browser"
)

// The three games are equals: whatever a person or a bot can do with one
// game works for every game. TestEveryGame is that rule as one table:
// each row is a game at a table size, each subtest a feature, run alike
// on every row. A feature that is one game's by nature (NZSC's openings
// by loadout, the exact solver, two-player NZSC's loadout tables) is
// refused on the others with its reason and exit 2. (The sequential
// test was refused at 3 and 4 seats; it now plays its seat-swapped
// pairs there among a field of other bots.)
// The run pipeline itself (whole, interrupted and resumed, sharded and
// merged, re-reported) is TestOneTail's table.

// parityGames are TestEveryGame's rows.
var parityGames = []struct {
	name  string
	flags []string // --game, --players
	seats []string // a match's bots, one per seat
	pool  string   // a tournament's bots
	games string   // a match's games: a multiple of its seat orders
}{
	{"nzsc", []string{"--game", "nzsc"}, []string{"greedy", "random"}, "random,greedy,classic", "4"},
	{"nzsc-3", []string{"--players", "3"}, []string{"greedy", "random", "classic"}, "random,greedy,classic", "6"},
	{"nzsc-4", []string{"--players", "4"}, []string{"greedy", "random", "classic", "paranoid"}, "random,greedy,classic,paranoid", "24"},
	{"npzr", []string{"--game", "npzr"}, []string{"greedy", "random"}, "random,greedy,random:name=r2", "4"},
}

// slowBot sleeps before every decision, so that any clock shorter than
// its sleeps runs out whatever the machine: a bot of every game.
type slowBot struct{ rng *mrand.Rand }

func (s *slowBot) NewGame(_ game.Game, _ int, rng *mrand.Rand) { s.rng = rng }

func (s *slowBot) Act(_ game.Observation, legal []game.Action) game.Action {
	time.Sleep(5 * time.Millisecond)
	return legal[s.rng.IntN(len(legal))]
}

func init() {
	for _, g := range []string{"nzsc", "npzr"} {
		agents.Register(agents.Info{Game: g, Name: "test-slow", Help: "test only: uniform after 5 ms asleep at every decision",
			MinSeats: 2, MaxSeats: 4, NewPlayer: func(agents.Params) (agents.Player, error) { return &slowBot{}, nil }})
	}
}

// exampleBots builds the example bots of docs/protocol.md once: the
// exec: specs of the Go example, the Python example (when python3 is
// installed) and agents/testdata/anybot.
var exampleBots = sync.OnceValues(func() ([]string, error) {
	dir, err := os.MkdirTemp("", "nzsc-parity-bots")
	if err != nil {
		return nil, err
	}
	if out, err := exec.Command("go", "build", "-o", dir+string(filepath.Separator), "../../examples/gobot", "../../agents/testdata/anybot").CombinedOutput(); err != nil {
		return nil, &exec.Error{Name: "go build " + string(out), Err: err}
	}
	bots := []string{"exec:" + filepath.Join(dir, "gobot"), "exec:" + filepath.Join(dir, "anybot")}
	if py, err := exec.LookPath("python3"); err == nil {
		abs, err := filepath.Abs("../../examples/python/bot.py")
		if err != nil {
			return nil, err
		}
		bots = append(bots, "exec:"+py+" "+abs)
	}
	return bots, nil
})

func TestEveryGame(t *testing.T) {
	// One browser for every row's pages, when one is installed.
	var tab context.Context
	if !testing.Short() && browser.Find() != "" {
		tab = browser.New(t, 1280, 900, 10*time.Minute)
	}
	for _, g := range parityGames {
		t.Run(g.name, func(t *testing.T) {
			tmp := t.TempDir()
			nzscGame := g.flags[0] == "--players" || g.flags[1] == "nzsc"
			two := len(g.seats) == 2
			cmd := func(args ...string) []string { return append(append(args, g.flags...), "--seed", "1", "--quiet") }
			runOK := func(t *testing.T, args ...string) string {
				t.Helper()
				out, stderr, code := runCmd(t, "", args...)
				if code != 0 {
					t.Fatalf("nzsc %s: code %d %s", strings.Join(args, " "), code, stderr)
				}
				return out
			}
			refused := func(t *testing.T, why string, args ...string) {
				t.Helper()
				_, stderr, code := runCmd(t, "", args...)
				if code != 2 || !strings.Contains(stderr, why) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
					t.Errorf("nzsc %s: code %d, stderr %q; want exit 2 and one line with %q", strings.Join(args, " "), code, stderr, why)
				}
			}
			match := func(args ...string) []string {
				return cmd(append(append([]string{"match"}, g.seats...), append([]string{"--games", g.games}, args...)...)...)
			}

			t.Run("tournament, gauntlet and every report", func(t *testing.T) {
				dir := filepath.Join(tmp, "t")
				log := filepath.Join(tmp, "t.jsonl.gz")
				text := runOK(t, cmd("tournament", "--bots", g.pool, "--games", g.games, "--out", dir, "--games-log", log)...)
				if !strings.Contains(text, "Ranking") || runOK(t, "report", dir) != text {
					t.Errorf("the tournament's report and 'nzsc report' of its directory differ, or have no ranking:\n%s", text)
				}
				var doc map[string]any
				if err := json.Unmarshal([]byte(runOK(t, "report", dir, "--format", "json")), &doc); err != nil {
					t.Errorf("report --format json: %v", err)
				}
				// --format csv prints the run directory's tables, each
				// after a line "# NAME.csv", for every game and table size.
				sections := map[string]string{}
				name := ""
				for _, l := range strings.SplitAfter(runOK(t, "report", dir, "--format", "csv"), "\n") {
					if n, ok := strings.CutPrefix(l, "# "); ok {
						name = strings.TrimSpace(n)
						continue
					}
					sections[name] += l
				}
				files, _ := filepath.Glob(filepath.Join(dir, "*.csv"))
				if len(files) == 0 || len(sections) != len(files) {
					t.Errorf("report --format csv prints %d tables, the run directory holds %d", len(sections), len(files))
				}
				for _, f := range files {
					if got := strings.TrimSuffix(sections[filepath.Base(f)], "\n"); got != mustRead(t, f) {
						t.Errorf("report --format csv's %s differs from the run directory's:\n%s", filepath.Base(f), got)
					}
				}
				page := filepath.Join(tmp, "t.html")
				runOK(t, "report", dir, "--html", page)
				if b, err := os.ReadFile(page); err != nil || !strings.Contains(string(b), "<svg") {
					t.Errorf("report --html: %v, or a page without a chart", err)
				}
				if d := runOK(t, "report", dir, "--dynamics"); !strings.Contains(d, "α-Rank") {
					t.Errorf("report --dynamics has no α-Rank:\n%s", d)
				}
				if out := runOK(t, "replay", log, "--index", "0"); !strings.Contains(out, "seed") {
					t.Errorf("replay of the tournament's first game:\n%s", out)
				}
				gauntlet := runOK(t, cmd("tournament", "--gauntlet", "greedy", "--bots", g.pool, "--games", g.games, "--out", filepath.Join(tmp, "g"))...)
				if !strings.Contains(gauntlet, "greedy") {
					t.Errorf("gauntlet:\n%s", gauntlet)
				}
			})

			t.Run("report pages in a browser", func(t *testing.T) {
				// Every page of a run (a tournament's, its dynamics', a
				// match's) runs its script without an error, draws its
				// charts and fits a phone's width.
				if tab == nil {
					t.Skip("no headless browser, or -short")
				}
				dir, mdir := filepath.Join(tmp, "t"), filepath.Join(tmp, "pages-match")
				runOK(t, match("--out", mdir)...)
				pages := map[string][]string{
					"tournament": {"report", dir, "--html"},
					"dynamics":   {"report", dir, "--dynamics", "--html"},
					"match":      {"report", mdir, "--html"},
				}
				errs := browser.WatchErrors(t, tab)
				for _, name := range slices.Sorted(maps.Keys(pages)) {
					path := filepath.Join(tmp, name+".html")
					runOK(t, append(pages[name], path)...)
					for _, width := range []int64{1280, 400} {
						if err := chromedp.Do(tab, chromedp.EmulateViewport(width, 900), chromedp.Navigate("file://"+path), chromedp.WaitReady(chromedp.CSS("body"))); err != nil {
							t.Fatal(err)
						}
						got, err := chromedp.Run(tab, chromedp.Evaluate[[]int](`[document.querySelectorAll("svg").length, document.documentElement.scrollWidth, document.documentElement.clientWidth]`))
						if err != nil {
							t.Fatal(err)
						}
						if got[0] == 0 || got[1] > got[2] {
							t.Errorf("%s page at %d px: %d charts, %d px wide in a viewport of %d", name, width, got[0], got[1], got[2])
						}
						browser.Screenshot(t, tab, g.name+"-"+name+"-"+strconv.FormatInt(width, 10)+".png", 0)
					}
					errs.Check(t, name+".html")
				}
			})

			t.Run("noise", func(t *testing.T) {
				// A noisy run is the same for any number of workers, names
				// its bots by their noisy specs and plays other games than
				// the run without noise.
				var logs []string
				for i, extra := range [][]string{{"--workers", "1"}, {"--workers", "2", "--noise", "0.3"}, {"--workers", "1", "--noise", "0.3"}} {
					log := filepath.Join(tmp, "noise"+string(rune('0'+i))+".jsonl")
					runOK(t, match(append(extra, "--games-log", log)...)...)
					logs = append(logs, mustRead(t, log))
				}
				if logs[1] != logs[2] || logs[0] == logs[1] || !strings.Contains(logs[1], "greedy:noise=0.3") {
					t.Errorf("--noise: the same games for 1 and 2 workers %v, other games than without noise %v, named by the noisy spec %v",
						logs[1] == logs[2], logs[0] != logs[1], strings.Contains(logs[1], "greedy:noise=0.3"))
				}
			})

			t.Run("clocks", func(t *testing.T) {
				// A bot that sleeps 5 ms a decision on a 1 ms clock
				// loses every game on time.
				seats := append([]string{"test-slow:tc=0.001+0"}, g.seats[1:]...)
				out := runOK(t, cmd(append(append([]string{"match"}, seats...), "--games", g.games, "--format", "json")...)...)
				if n, time := forfeits(t, out), forfeitsOfKind(t, out, "time"); n != mustInt(g.games) || time != n {
					t.Errorf("a bot out of time forfeited %d of %s games, %d of them on time:\n%s", n, g.games, time, out)
				}
			})

			t.Run("external bots", func(t *testing.T) {
				if testing.Short() {
					t.Skip("builds the example bots")
				}
				bots, err := exampleBots()
				if err != nil {
					t.Fatal(err)
				}
				for _, b := range bots {
					// Each example plays every game without a fault.
					seats := append([]string{b + ";timeout=10s"}, g.seats[1:]...)
					out := runOK(t, cmd(append(append([]string{"match"}, seats...), "--games", g.games, "--format", "json")...)...)
					if n := forfeits(t, out); n != 0 {
						t.Errorf("%s forfeited %d games of %s:\n%s", b, n, g.name, out)
					}
				}
			})

			t.Run("play, record and replay", func(t *testing.T) {
				// "1" to every question: in NPZR the first legal action, in
				// NZSC no choice (a penalty), so the game ends either way.
				rec := filepath.Join(tmp, "played.jsonl")
				out, stderr, code := runCmd(t, strings.Repeat("1\n", 3000), append([]string{"play", "--seed", "3", "--record", rec}, g.flags...)...)
				if code != 0 || !strings.Contains(out, "Play again?") {
					t.Fatalf("play: code %d %s\n%s", code, stderr, out)
				}
				var r game.Record
				if err := json.Unmarshal([]byte(strings.SplitN(mustRead(t, rec), "\n", 2)[0]), &r); err != nil || r.Bots[0] != "person" || len(r.Bots) != len(g.seats) {
					t.Fatalf("the record of the game played: %v %+v", err, r)
				}
				if out := runOK(t, "replay", rec); !strings.Contains(out, "seed") {
					t.Errorf("replay of the game played:\n%s", out)
				}
			})

			t.Run("openings", func(t *testing.T) {
				log := filepath.Join(tmp, "openings.jsonl")
				runOK(t, match("--games-log", log)...)
				if out := runOK(t, match("--openings", log, "--opening-steps", "2", "--format", "json")...); !strings.Contains(out, `"openings"`) {
					t.Errorf("openings from game records: the report does not say so:\n%s", out)
				}
				if nzscGame {
					runOK(t, match("--openings", "characters")...)
				} else {
					refused(t, "is NZSC's design", match("--openings", "characters")...)
				}
			})

			t.Run("sequential test", func(t *testing.T) {
				// Every row: at 3 and 4 seats NEW and BASE swap seats
				// among the field; --field is for those only.
				out := runOK(t, cmd("sprt", "greedy", "random", "--max-games", "8", "--batch", "4")...)
				if !strings.Contains(out, "no verdict") || two == strings.Contains(out, "other seat") {
					t.Errorf("sprt at %d seats:\n%s", len(g.seats), out)
				}
				if two {
					refused(t, "two players have none", cmd("sprt", "greedy", "random", "--field", "classic")...)
				} else {
					runOK(t, cmd("sprt", "greedy", "random", "--max-games", "8", "--batch", "4", "--field", strings.Join(g.seats[2:], ","))...)
				}
			})

			t.Run("bots and their cost", func(t *testing.T) {
				// The list of one table size's bots: NZSC's nash plays two.
				list := runOK(t, append([]string{"bots", "--format", "csv"}, g.flags...)...)
				if !strings.Contains(list, "\ngreedy,") || strings.Contains(list, "\nnash,") != (nzscGame && two) {
					t.Errorf("bots %v lists greedy %v and nash %v:\n%s", g.flags, strings.Contains(list, "\ngreedy,"), strings.Contains(list, "\nnash,"), list)
				}
				out := runOK(t, append([]string{"bots", "--cost", "--decisions", "3", "--max-cpu", "1s", "greedy", "random"}, g.flags...)...)
				if !strings.Contains(out, "greedy") || !strings.Contains(out, "random") {
					t.Errorf("bots --cost:\n%s", out)
				}
			})

			if !(nzscGame && two) {
				t.Run("two-player NZSC's alone, refused", func(t *testing.T) {
					why := "is two-player NZSC's"
					for _, sub := range []string{"rounds", "game", "sweep"} {
						refused(t, why, append([]string{"solve", sub}, g.flags...)...)
					}
					if !nzscGame {
						// NPZR's exploit is not refused: it measures a lower
						// bound by an approximate best response
						// (docs/exploit-npzr.md).
						out := runOK(t, append([]string{"exploit", "greedy", "--games", "2", "--samples", "2", "--candidates", "2", "--horizon", "1", "--seed", "1", "--quiet"}, g.flags...)...)
						if !strings.Contains(out, "LOWER BOUND") {
							t.Errorf("exploit %v:\n%s", g.flags, out)
						}
					}
					// Flags that show more of its loadout tables would do
					// nothing; no run directory is left behind.
					tables := "shows more of two-player NZSC's loadout tables"
					refused(t, tables, match("--top", "3", "--out", filepath.Join(tmp, "top"))...)
					refused(t, tables, cmd("tournament", "--bots", g.pool, "--games", g.games, "--full", "--out", filepath.Join(tmp, "full"))...)
					refused(t, tables, "report", filepath.Join(tmp, "t"), "--full")
					for _, d := range []string{"top", "full"} {
						if _, err := os.Stat(filepath.Join(tmp, d)); err == nil {
							t.Errorf("a refused run left its directory %s", d)
						}
					}
				})
			}
		})
	}
}

// forfeits is the games forfeited in a match's JSON report, of two
// players (faults) or more (ranking).
func forfeits(t *testing.T, out string) (n int64) {
	t.Helper()
	for _, f := range botFaults(t, out) {
		n += f.Forfeits
	}
	return n
}

// forfeitsOfKind is the games forfeited with a fault of kind in a
// match's JSON report (kinds at two players, forfeit_kinds at more).
func forfeitsOfKind(t *testing.T, out, kind string) (n int64) {
	t.Helper()
	for _, f := range botFaults(t, out) {
		n += f.Kinds[kind] + f.ForfeitKinds[kind]
	}
	return n
}

type jsonFaults struct {
	Forfeits     int64
	Kinds        map[string]int64
	ForfeitKinds map[string]int64 `json:"forfeit_kinds"`
}

// botFaults reads the bots' faults of a match's JSON report.
func botFaults(t *testing.T, out string) []jsonFaults {
	t.Helper()
	var doc struct{ Faults, Ranking []jsonFaults }
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return append(doc.Faults, doc.Ranking...)
}

func mustInt(s string) int64 {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		panic(err)
	}
	return n
}
