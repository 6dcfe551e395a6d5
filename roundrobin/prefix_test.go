package roundrobin

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

// gameConfig is a run of game name at seats among bots.
func gameConfig(t *testing.T, name string, seats int, bots ...string) *Config {
	t.Helper()
	g, err := game.Build(name, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Game: g, Gauntlet: -1, Seed: 77, ChunkPairs: 7}
	for _, s := range bots {
		b, err := agents.ParseForSeats(name, seats, s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	return cfg
}

// NZSC's designs, counted independently: k distinct characters of 4 in
// canonical order, C(4, k) of them, and each seat's 3 boosters; at two
// seats, with the seats swapped, every ordered pairing of loadouts of
// different characters (12·9 = 108) is met exactly once.
func TestNZSCDesign(t *testing.T) {
	for _, c := range []struct{ seats, characters, loadouts int }{{2, 6, 54}, {3, 4, 108}, {4, 1, 81}} {
		g, err := game.Build("nzsc", c.seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		ch, err := NZSCDesign(g, DesignCharacters)
		if err != nil || len(ch) != c.characters {
			t.Errorf("%d seats: %d character openings (%v), want %d", c.seats, len(ch), err, c.characters)
		}
		lo, err := NZSCDesign(g, DesignLoadouts)
		if err != nil || len(lo) != c.loadouts {
			t.Errorf("%d seats: %d loadout openings (%v), want %d", c.seats, len(lo), err, c.loadouts)
		}
		if c.seats != 2 {
			continue
		}
		met := map[string]int{}
		for _, o := range lo {
			a, b := o[0][0]+"/"+o[1][0], o[0][1]+"/"+o[1][1]
			met[a+" v "+b]++ // A in seat 0
			met[b+" v "+a]++ // A in seat 1, the swapped game
		}
		if len(met) != 108 {
			t.Errorf("two seats: %d ordered loadout pairings met, want 108", len(met))
		}
		for k, n := range met {
			if n != 1 {
				t.Errorf("%s met %d times", k, n)
			}
		}
	}
	npzr, _ := game.Build("npzr", 2, nil)
	if _, err := NZSCDesign(npzr, DesignLoadouts); err == nil || strings.Contains(err.Error(), "\n") {
		t.Errorf("npzr loadouts: %v, want a one-line refusal", err)
	}
}

// playRun plays cfg into a run directory under tmp (a shard when shard
// is set) with its games log, and returns it.
func playRun(t *testing.T, cfg *Config, tmp, name string, kind string, workers int, shard *results.Shard) *RunDir {
	t.Helper()
	rd, err := Create(cfg, NewRun{Out: filepath.Join(tmp, name), Kind: kind, GamesLog: filepath.Join(tmp, name+".jsonl"), Shard: shard})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(context.Background(), RunOptions{Workers: workers}); err != nil {
		t.Fatal(err)
	}
	return rd
}

// Forced openings: game pair k of every pairing starts from opening
// k mod n, both games, seats swapped, and its records hold the opening
// as their first turns (opening_steps) and replay; the counts, the
// per-opening tallies and the games log are the same at any worker
// count and in shards merged; a resume rebuilds the openings; the plan
// digest covers them. At 2 seats (the NZSC table) and 3 and 4 (the
// generic table, sets of every seat order).
func TestPrefixOpeningsExact(t *testing.T) {
	for _, c := range []struct {
		seats  int
		design string
		bots   []string
		kind   string
	}{
		{2, DesignLoadouts, []string{"greedy", "random", "classic"}, results.KindTournament},
		{3, DesignCharacters, []string{"random", "greedy", "random"}, results.KindMatch},
		{4, DesignLoadouts, []string{"random", "greedy", "random", "greedy"}, results.KindMatch},
	} {
		t.Run(fmt.Sprint(c.seats), func(t *testing.T) {
			tmp := t.TempDir()
			newCfg := func() *Config {
				cfg := gameConfig(t, "nzsc", c.seats, c.bots...)
				cfg.HeadToHead = c.kind == results.KindMatch
				cfg.PairsPerPairing = 20
				if err := cfg.SetOpenings(c.design, 0); err != nil {
					t.Fatal(err)
				}
				return cfg
			}
			one := playRun(t, newCfg(), tmp, "one", c.kind, 1, nil)
			prefixes := one.Config.Prefixes
			n := uint64(len(prefixes))
			setGames := SetGames(c.seats)
			games := 0
			g := one.Config.game()
			err := results.ReadRecords(filepath.Join(tmp, "one.jsonl"), func(r *game.Record) error {
				games++
				want := prefixes[*r.Set%n]
				if r.OpeningSteps != len(want) || !reflect.DeepEqual(r.Turns[:len(want)], want) {
					t.Errorf("game %d/%d/%d: opening %d steps %v, want opening %d %v", *r.Table, *r.Set, *r.InSet, r.OpeningSteps, r.Turns[:len(want)], *r.Set%n, want)
				}
				if _, err := game.Replay(g, r, nil); err != nil {
					t.Errorf("game %d/%d/%d does not replay: %v", *r.Table, *r.Set, *r.InSet, err)
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
			tables := len(one.Config.Tables())
			if games != tables*20*setGames {
				t.Fatalf("%d games logged, want %d", games, tables*20*setGames)
			}
			if c.seats == 2 {
				for i, p := range one.Total().Pairings {
					var pairs, half int64
					for o, tl := range p.Openings {
						want := int64(20 / n)
						if uint64(o) < 20%n {
							want++
						}
						if tl[0] != want {
							t.Errorf("pairing %d opening %d: %d pairs, want %d", i, o, tl[0], want)
						}
						pairs, half = pairs+tl[0], half+tl[1]
					}
					pt := p.Pentanomial
					if pairs != 20 || half != pt[1]+2*pt[2]+3*pt[3]+4*pt[4] {
						t.Errorf("pairing %d: openings tally %d pairs, %d half-points; pentanomial %v", i, pairs, half, pt)
					}
				}
			}
			two := playRun(t, newCfg(), tmp, "two", c.kind, 2, nil)
			if !reflect.DeepEqual(two.Total(), one.Total()) {
				t.Errorf("2 workers: counts differ from 1 worker's")
			}
			for i := range 3 {
				playRun(t, newCfg(), tmp, fmt.Sprint("s", i), c.kind, 1+i%2, &results.Shard{Index: i, Count: 3})
			}
			_, merged, err := results.Merge([]string{filepath.Join(tmp, "s0"), filepath.Join(tmp, "s1"), filepath.Join(tmp, "s2")})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(merged.Pairings, one.Total().Pairings) || !reflect.DeepEqual(merged.Tables, one.Total().Tables) {
				t.Errorf("three shards merged: counts differ from the whole run's")
			}
			logged := logKeys(t, filepath.Join(tmp, "one.jsonl"))
			shards := map[[3]uint64]string{}
			for i := range 3 {
				for k, rec := range logKeys(t, filepath.Join(tmp, fmt.Sprint("s", i, ".jsonl"))) {
					shards[k] = rec
				}
			}
			if !reflect.DeepEqual(shards, logged) {
				t.Errorf("three shards' games logs differ from the whole run's")
			}
			again, err := Resume(filepath.Join(tmp, "one"))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(again.Config.Prefixes, prefixes) || again.Config.Design != c.design {
				t.Errorf("resumed openings differ: %q", again.Config.Design)
			}
			free := *one.Manifest
			free.OpeningSteps, free.OpeningDesign = nil, ""
			if free.PlanDigest() == one.Manifest.PlanDigest() || free.Same(one.Manifest) == nil {
				t.Error("the plan digest or Same does not cover the openings")
			}
		})
	}
}

// Random against random from openings: the engine's fast path plays
// the same games as the table (it plays on from any state).
func TestPrefixOpeningsFastPath(t *testing.T) {
	for _, design := range []string{DesignLoadouts, DesignCharacters} {
		cfg := gameConfig(t, "nzsc", 2, "random", "random")
		cfg.HeadToHead, cfg.PairsPerPairing = true, 300
		if err := cfg.SetOpenings(design, 0); err != nil {
			t.Fatal(err)
		}
		fast := play(t, cfg, Options{Workers: 2})
		slow := *cfg
		slow.NoFastPath = true
		table := play(t, &slow, Options{Workers: 2})
		if !reflect.DeepEqual(fast.Counts.Pairings, table.Counts.Pairings) || statsJSON(t, fast.Counts.Game) != statsJSON(t, table.Counts.Game) {
			t.Errorf("%s: the fast path's counts differ from the table's", design)
		}
		// Every opening is played as forced: the loadout tally meets only
		// the design's pairings.
		free := play(t, &Config{Bots: cfg.Bots, Gauntlet: -1, HeadToHead: true, PairsPerPairing: 300, Seed: cfg.Seed, Rules: nzsc.DefaultRules}, Options{Workers: 2})
		if reflect.DeepEqual(free.Counts.Pairings, fast.Counts.Pairings) {
			t.Errorf("%s: the openings changed nothing", design)
		}
	}
}

// A file of record prefixes: NPZR games logged by one run open another:
// the records' first steps and their deals, checked strictly.
func TestReadPrefixes(t *testing.T) {
	tmp := t.TempDir()
	src := npzrConfig(t, "greedy", "random")
	src.HeadToHead, src.PairsPerPairing = true, 3
	playRun(t, src, tmp, "src", results.KindMatch, 1, nil)
	logPath := filepath.Join(tmp, "src.jsonl")
	var recs []game.Record
	if err := results.ReadRecords(logPath, func(r *game.Record) error { recs = append(recs, *r); return nil }); err != nil {
		t.Fatal(err)
	}
	cfg := npzrConfig(t, "random", "greedy")
	cfg.HeadToHead, cfg.PairsPerPairing = true, 8
	if err := cfg.SetOpenings(logPath, 3); err != nil {
		t.Fatal(err)
	}
	if len(cfg.Prefixes) != 6 || len(cfg.Openings) != 6 || cfg.Design != DesignRecords {
		t.Fatalf("%d prefixes, %d deals, design %q; want 6, 6, records", len(cfg.Prefixes), len(cfg.Openings), cfg.Design)
	}
	rd := playRun(t, cfg, tmp, "opened", results.KindMatch, 2, nil)
	err := results.ReadRecords(filepath.Join(tmp, "opened.jsonl"), func(r *game.Record) error {
		o := recs[*r.Set%6]
		if r.Seed != o.Seed || r.OpeningSteps != 3 || !reflect.DeepEqual(r.Turns[:3], o.Turns[:3]) {
			t.Errorf("pair %d: seed %s, turns %v; want the deal %s and the first turns %v", *r.Set, r.Seed, r.Turns[:3], o.Seed, o.Turns[:3])
		}
		if _, err := game.Replay(rd.Config.game(), r, nil); err != nil {
			t.Errorf("pair %d: %v", *r.Set, err)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}

	write := func(name string, lines ...string) string {
		p := filepath.Join(tmp, name)
		if err := os.WriteFile(p, []byte(strings.Join(lines, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	raw, _ := os.ReadFile(logPath)
	first := strings.SplitN(string(raw), "\n", 2)[0]
	edit := func(f func(r *game.Record)) string {
		var r game.Record
		if err := json.Unmarshal([]byte(first), &r); err != nil {
			t.Fatal(err)
		}
		f(&r)
		b, _ := json.Marshal(&r)
		return string(b)
	}
	nz := gameConfig(t, "nzsc", 2, "random", "random")
	for _, c := range []struct {
		cfg   *Config
		path  string
		steps int
		want  string
	}{
		{npzrConfig(t, "random", "random"), logPath, 0, "end the game"},
		{npzrConfig(t, "random", "random"), logPath, 10000, "fewer than"},
		{nz, logPath, 1, "is of npzr"},
		{npzrConfig(t, "random", "random"), write("outcome", edit(func(r *game.Record) { r.Turns = nil })), 1, "no turns"},
		{npzrConfig(t, "random", "random"), write("illegal", edit(func(r *game.Record) { r.Turns[0][0] = "nonsense" })), 1, "turn 1"},
		{npzrConfig(t, "random", "random"), write("broken", first, "{not json"), 1, "line 2"},
		{npzrConfig(t, "random", "random"), write("blank", "", ""), 1, "deal seeds"},
		{nz, logPath, 2, "is of npzr"},
		{npzrConfig(t, "random", "random"), "loadouts", 0, "NZSC's design"},
		{nz, "characters", 2, "--opening-steps"},
		{nz, logPath, -1, "negative"},
		{nz, filepath.Join(tmp, "missing"), 0, "no such file"},
		{nz, "Loadouts", 0, "no such file or directory (did you mean the design loadouts?)"},
		{nz, "character", 0, "(did you mean the design characters?)"},
	} {
		err := c.cfg.SetOpenings(c.path, c.steps)
		if err == nil || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s (steps %d): error %v, want one line with %q", filepath.Base(c.path), c.steps, err, c.want)
		}
	}
	// An NZSC record's prefix forces its picks; its seed is not a deal.
	g, _ := game.Build("nzsc", 2, nil)
	rec := game.NewRecord(g, 5, []string{"a", "b"})
	rec.Turns = [][]string{{"Ninja", "Clown"}, {"Speedy", "Moustachio"}}
	rec.Result.Steps = 2
	rec.Result.Places, rec.Result.Score, rec.Result.Winner = []int{1, 1}, []int{0, 1}, -1
	b, _ := json.Marshal(rec)
	p := write("nzsc.jsonl", string(b))
	if err := nz.SetOpenings(p, 0); err != nil || nz.Openings != nil || !slices.EqualFunc(nz.Prefixes[0], rec.Turns, slices.Equal) {
		t.Errorf("NZSC record prefix: %v, deals %v, prefixes %v", err, nz.Openings, nz.Prefixes)
	}
}

// Counts of a run with openings written before per-opening tallies were
// kept still load, merge with a shard that keeps them (the sum keeps
// none) and resume.
func TestOpeningsLegacyCounts(t *testing.T) {
	tmp := t.TempDir()
	newCfg := func() *Config {
		cfg := npzrConfig(t, "greedy", "random")
		cfg.HeadToHead, cfg.PairsPerPairing, cfg.Openings = true, 12, []uint64{5, 6, 7}
		return cfg
	}
	for i := range 2 {
		playRun(t, newCfg(), tmp, fmt.Sprint("s", i), results.KindMatch, 1, &results.Shard{Index: i, Count: 2})
	}
	path := filepath.Join(tmp, "s0", results.CountsFile)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	delete(m["pairings"].([]any)[0].(map[string]any), "openings")
	if b, err = json.Marshal(m); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	_, merged, err := results.Merge([]string{filepath.Join(tmp, "s0"), filepath.Join(tmp, "s1")})
	if err != nil {
		t.Fatal(err)
	}
	if merged.Pairings[0].Openings != nil || merged.Pairings[0].Games() != 24 {
		t.Errorf("merged: %d games, tallies %v; want 24 and none", merged.Pairings[0].Games(), merged.Pairings[0].Openings)
	}
	if _, err := Resume(filepath.Join(tmp, "s0")); err != nil {
		t.Errorf("resume of legacy counts: %v", err)
	}
}

// A run whose sets do not cycle evenly through its openings says so
// before it plays; one that does says nothing of them.
func TestOpeningsUnevenNote(t *testing.T) {
	for _, c := range []struct {
		games int64
		note  string
	}{
		{100, "the first 50 get one set more"},
		{216, ""},
	} {
		cfg := gameConfig(t, "nzsc", 2, "random", "random")
		cfg.HeadToHead = true
		if err := cfg.SetOpenings(DesignLoadouts, 0); err != nil {
			t.Fatal(err)
		}
		rd, _, err := Open(cfg, Start{Games: c.games, Seed: 1, SeedGiven: true, NewRun: NewRun{Kind: results.KindMatch}})
		if err != nil {
			t.Fatal(err)
		}
		var notes []string
		if _, err := rd.Launch(context.Background(), Launch{RunOptions: RunOptions{Workers: 1}, Note: func(m string) { notes = append(notes, m) }}); err != nil {
			t.Fatal(err)
		}
		got := strings.Join(notes, "\n")
		if c.note == "" && strings.Contains(got, "openings") || c.note != "" && !strings.Contains(got, c.note) {
			t.Errorf("%d games: notes %q, want %q", c.games, got, c.note)
		}
	}
}
