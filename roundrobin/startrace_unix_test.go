//go:build unix

package roundrobin

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

// startInto starts a new run of seed into out, its games log beside out
// (logBeside), so that what a refused start wrote can be seen.
func startInto(t *testing.T, out string, seed uint64) (*RunDir, error) {
	cfg := &Config{Bots: bots(t, "random", "greedy"), Gauntlet: -1, PairsPerPairing: 4, Seed: seed, Rules: nzsc.DefaultRules, ChunkPairs: 2}
	return Create(cfg, NewRun{Out: out, Kind: results.KindTournament, GamesLog: logBeside(out, seed)})
}

func logBeside(out string, seed uint64) string { return fmt.Sprintf("%s-%d.jsonl", out, seed) }

// seedIn returns the seed of the run in out (its manifest's), 0 when it
// holds none.
func seedIn(t *testing.T, out string) uint64 {
	t.Helper()
	m, err := (&results.Dir{Path: out}).ReadManifest()
	if errors.Is(err, os.ErrNotExist) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	return m.Seed
}

// TestNewRunLockedFromCreate: a new run holds its directory from Create,
// before its games log, its counts or its manifest are written, until it
// lets go. Another start into the same --out while it does (at each of
// its steps) is refused (ErrBusy) having written nothing: no games log,
// not its manifest. It was refused only when it came to play (the lock
// taken after Create): its log was made, and once the first run had
// stopped or been killed after its first checkpoint (a manifest of no
// games, as the one it read) it played and wrote its manifest over the
// first's, whose directory then held another run. A run killed (its lock
// gone with its process) before its manifest leaves a directory a new
// start takes; after, one it refuses and a resume takes.
func TestNewRunLockedFromCreate(t *testing.T) {
	for _, killedAt := range []string{"create", "first checkpoint"} {
		out := filepath.Join(t.TempDir(), "run")
		first, err := startInto(t, out, 1)
		if err != nil {
			t.Fatal(err)
		}
		var admitted []*RunDir // starts not refused, played as a command would
		refused := func(step string, want error) {
			t.Helper()
			rd, err := startInto(t, out, 2)
			if !errors.Is(err, want) {
				t.Errorf("%s: a second start into a held new --out: %v, want %v", step, err, want)
			}
			if rd != nil {
				admitted = append(admitted, rd)
			}
			if _, err := os.Stat(logBeside(out, 2)); err == nil {
				t.Errorf("%s: the refused start made its games log", step)
			}
			if s := seedIn(t, out); s != 0 && s != 1 {
				t.Errorf("%s: the directory holds the run of seed %d, want the first's (1)", step, s)
			}
		}
		refused("after create", results.ErrBusy)
		if killedAt == "create" {
			// Killed: its lock goes with its process.
			unlock, err := first.Lock()
			if err != nil {
				t.Fatal(err)
			}
			unlock()
			if _, err := startInto(t, out, 2); err != nil {
				t.Errorf("a start into the directory of a run killed before its manifest: %v", err)
			}
			continue
		}
		unlock, err := first.Lock()
		if err != nil {
			t.Fatal(err)
		}
		stopped, stop := context.WithCancel(context.Background())
		stop()
		// Stopped at once: its first checkpoint, a manifest of no game.
		if _, err := first.Play(stopped, RunOptions{Workers: 1}); err != nil {
			t.Fatal(err)
		}
		refused("after the first checkpoint", results.ErrExists)
		unlock()
		for _, rd := range admitted {
			if unlock, err := rd.Lock(); err == nil {
				rd.Play(context.Background(), RunOptions{Workers: 1})
				unlock()
			}
		}
		if s := seedIn(t, out); s != 1 {
			t.Errorf("the first run, stopped after its first checkpoint, holds the run of seed %d, want its own (1)", s)
		}
		if _, err := startInto(t, out, 2); !errors.Is(err, results.ErrExists) {
			t.Errorf("a start into a run's directory, let go: %v, want ErrExists", err)
		}
		if rd, err := Resume(out); err != nil {
			t.Errorf("resume of the first run: %v", err)
		} else if rd.Config.Seed != 1 {
			t.Errorf("resume of the first run resumes the run of seed %d", rd.Config.Seed)
		}
	}
}

// TestNewRunsRacing: two runs started into one new --out at the same
// moment, many times, each playing (or stopped after its first
// checkpoint, as a kill leaves it) when it gets the directory: exactly
// one plays, the directory holds its run, and the other is refused
// having written nothing (no games log). Both played, one over the
// other's manifest, when the first had stopped after its first
// checkpoint by the time the second took the lock.
func TestNewRunsRacing(t *testing.T) {
	n := 100
	if testing.Short() {
		n = 20
	}
	for i := range n {
		out := filepath.Join(t.TempDir(), "run")
		var played [2]bool
		var errs [2]error
		var wg sync.WaitGroup
		begin := make(chan struct{})
		for k := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-begin
				rd, err := startInto(t, out, uint64(k+1))
				if err != nil {
					errs[k] = err
					return
				}
				unlock, err := rd.Lock()
				if err != nil {
					errs[k] = err
					return
				}
				defer unlock()
				ctx, stop := context.WithCancel(context.Background())
				defer stop()
				if i%2 == 0 {
					stop()
				}
				_, errs[k] = rd.Play(ctx, RunOptions{Workers: 1})
				played[k] = errs[k] == nil
			}()
		}
		close(begin)
		wg.Wait()
		if played[0] == played[1] {
			t.Fatalf("race %d: played %v (errors %v, %v); want exactly one", i, played, errs[0], errs[1])
		}
		winner, loser := 0, 1
		if played[1] {
			winner, loser = 1, 0
		}
		if err := errs[loser]; !errors.Is(err, results.ErrBusy) && !errors.Is(err, results.ErrExists) {
			t.Errorf("race %d: the other start: %v, want ErrBusy or ErrExists", i, err)
		}
		if _, err := os.Stat(logBeside(out, uint64(loser+1))); err == nil {
			t.Errorf("race %d: the refused start made its games log", i)
		}
		if s := seedIn(t, out); s != uint64(winner+1) {
			t.Fatalf("race %d: the directory holds the run of seed %d, the player's is %d", i, s, winner+1)
		}
	}
}
