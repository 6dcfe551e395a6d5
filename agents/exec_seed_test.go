package agents

import (
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
)

// TestExecSeedSecret: the seed an external bot receives cannot be traced
// to the game's seed. Under the old derivation it was the first draw of
// the seat's source cut to 53 bits, SeatSource(seed, seat).Uint64()>>11,
// from which a bot recovered the game's seed and, in NPZR, the deck and
// its opponent's hand. The seeds a program received (from its log) match
// that derivation for no game seed and seat played, are all different,
// and are the same when the games are played again in this process.
func TestExecSeedSecret(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	g, err := game.Build("npzr", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	const games = 16
	received := func() []uint64 {
		e := newExec(t, filepath.Join(bins(t), "anybot")+" seeds")
		bot := &ExecPlayer{Exec: e}
		other := &ExecPlayer{Exec: newExec(t, filepath.Join(bins(t), "anybot"))}
		defer other.Close()
		table := NewPlayerTable()
		for seed := range uint64(games) {
			seats := []Player{bot, other}
			if seed%2 == 1 {
				seats[0], seats[1] = seats[1], seats[0]
			}
			if res := table.Play(g, seed, seats); res.Forfeit >= 0 {
				t.Fatalf("seed %d: %v", seed, res.Fault)
			}
		}
		e.Close()
		var out []uint64
		for _, m := range regexp.MustCompile(`anybot: seed (\d+)`).FindAllStringSubmatch(readFile(t, e.LogPath()), -1) {
			v, _ := strconv.ParseUint(m[1], 10, 64)
			out = append(out, v)
		}
		return out
	}
	first := received()
	if len(first) != games {
		t.Fatalf("the bot received %d seeds in %d games", len(first), games)
	}
	old := map[uint64]string{}
	for seed := range uint64(games) {
		for seat := range game.MaxSeats {
			old[SeatSource(seed, seat).Uint64()>>11] = "game " + strconv.Itoa(int(seed)) + " seat " + strconv.Itoa(seat)
		}
	}
	seen := map[uint64]bool{}
	for i, s := range first {
		if at, ok := old[s]; ok {
			t.Errorf("game %d: the bot's seed %d is the old derivation's for %s", i, s, at)
		}
		if seen[s] || s >= 1<<53 {
			t.Errorf("game %d: seed %d repeated or beyond 2^53", i, s)
		}
		seen[s] = true
	}
	// Within one process, the same games send the same seeds (any
	// instance): a bot that takes its randomness from them replays.
	again := received()
	for i := range first {
		if i >= len(again) || again[i] != first[i] {
			t.Fatalf("game %d: seed %d, then %v when played again", i, first[i], again)
		}
	}
}
