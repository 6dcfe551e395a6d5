package watch

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// testRun is a run directory a test plays under its runs root for the
// Watch page to read: its game (two-player), bots, name, kind (a match
// unless Kind is a tournament), seed pairs per pairing, seed, command
// line, and its games log's name beside it (Name+Log).
type testRun struct {
	Game    string // "" is nzsc
	Bots    []string
	Name    string
	Kind    string // "" is a match
	Pairs   uint64
	Seed    uint64
	Command []string // nil is ["test"]
	Log     string   // the games log's suffix; "" is .games.jsonl
}

// playRun creates r under root and plays it to its end with one worker,
// and returns its games log's path.
func playRun(t *testing.T, root string, r testRun) string {
	t.Helper()
	if r.Game == "" {
		r.Game = "nzsc"
	}
	if r.Kind == "" {
		r.Kind = results.KindMatch
	}
	if r.Command == nil {
		r.Command = []string{"test"}
	}
	if r.Log == "" {
		r.Log = ".games.jsonl"
	}
	g, err := game.Build(r.Game, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	var bots []*agents.Bot
	for _, s := range r.Bots {
		b, err := agents.ParseForSeats(r.Game, 2, s)
		if err != nil {
			t.Fatal(err)
		}
		bots = append(bots, b)
	}
	out := filepath.Join(root, r.Name)
	log := out + r.Log
	rd, err := roundrobin.Create(&roundrobin.Config{Game: g, Bots: bots, Gauntlet: -1, HeadToHead: r.Kind == results.KindMatch, PairsPerPairing: r.Pairs, Seed: r.Seed},
		roundrobin.NewRun{Out: out, Kind: r.Kind, Command: r.Command, GamesLog: log})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := rd.Play(context.Background(), roundrobin.RunOptions{Workers: 1}); err != nil {
		t.Fatal(err)
	}
	return log
}
