package roundrobin

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
)

// "test-gaveup" and "test-gaveup-n" play NZSC (two seats, through the
// game contract; three or four) and, from their instance's 20th game on,
// forfeit with the fault of an exec bot that gave up
// (agents.GaveUpError): its program no longer starts.
func init() {
	for _, seats := range [][2]int{{2, 2}, {3, 4}} {
		name := map[bool]string{true: "test-gaveup", false: "test-gaveup-n"}[seats[0] == 2]
		agents.Register(agents.Info{Name: name, Help: "test bot", MinSeats: seats[0], MaxSeats: seats[1],
			NewPlayer: func(agents.Params) (agents.Player, error) { return &gaveUpPlayer{}, nil }})
	}
}

type gaveUpPlayer struct {
	games int
	fault error
}

func (p *gaveUpPlayer) NewGame(game.Game, int, *rand.Rand) { p.games++; p.fault = nil }
func (p *gaveUpPlayer) Act(_ game.Observation, legal []game.Action) game.Action {
	if p.games >= 20 {
		p.fault = &agents.ExecFault{Kind: agents.FaultCrash, Err: &agents.GaveUpError{Bot: "./bot", Failed: agents.MaxFailedStarts, Started: 1, Last: errors.New("exited")}}
	}
	return legal[0]
}
func (p *gaveUpPlayer) Fault() error { return p.fault }

// TestGaveUpStopsRun: a bot that gave up (agents.GaveUp) stops the run at
// the pair or set in which it did, on the generic table and at three
// seats, with its error, and the run keeps exactly its finished chunks;
// any other fault forfeits the game and the run goes on
// (TestFaultsCounted).
func TestGaveUpStopsRun(t *testing.T) {
	two := func() *Config {
		cfg := nzscnConfig(t, 2, "test-gaveup", "random")
		cfg.HeadToHead, cfg.PairsPerPairing = true, 100
		return cfg
	}
	three := func() *Config {
		cfg := nzscnConfig(t, 3, "test-gaveup-n", "random", "greedy")
		cfg.HeadToHead, cfg.PairsPerPairing = true, 40
		return cfg
	}
	for _, mk := range []func() *Config{two, three} {
		for _, workers := range []int{1, 3} {
			cfg := mk()
			res, err := Play(context.Background(), cfg, Options{Workers: workers})
			var g *agents.GaveUpError
			if !errors.As(err, &g) {
				t.Fatalf("%d seats, %d workers: error %v, want the bot's GaveUpError", cfg.seats(), workers, err)
			}
			if res.Counts.Games() == 0 && workers == 1 {
				t.Errorf("%d seats: no chunk kept before the bot gave up", cfg.seats())
			}
			if want := int64(cfg.SetGames()) * int64(cfg.PairsIn(res.Finished)); res.Counts.Games() != want {
				t.Errorf("%d seats, %d workers: %d games counted, the finished chunks hold %d", cfg.seats(), workers, res.Counts.Games(), want)
			}
			if int64(len(res.Finished)) >= int64(cfg.NumChunks()) {
				t.Errorf("%d seats, %d workers: every chunk finished", cfg.seats(), workers)
			}
		}
	}
}
