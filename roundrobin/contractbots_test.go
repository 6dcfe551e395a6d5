package roundrobin

import (
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Bots written against the game contract alone (agents.Player, no
// two-player NZSC Agent) play two-player NZSC as they play every other
// game: the run takes the generic table. Each test-contract-NAME bot is
// NAME seen only as a Player (agents.AsPlayer), so its games are NAME's
// game for game: the counts, NZSC's loadout tally included, are those of
// the run of the Agents on NZSC's own table. Before, such a bot was
// refused ("not a two-player NZSC bot").
func init() {
	for _, name := range []string{"greedy", "classic"} {
		agents.Register(agents.Info{Name: "test-contract-" + name, Help: "test only: " + name + " as a game-contract Player",
			NewPlayer: func(agents.Params) (agents.Player, error) {
				b, err := agents.Parse(name)
				if err != nil {
					return nil, err
				}
				a, err := b.New()
				if err != nil {
					return nil, err
				}
				return agents.AsPlayer(a), nil
			}})
	}
}

func TestContractBotsPlayTwoPlayerNZSC(t *testing.T) {
	g, err := game.Build("nzsc", 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	run := func(specs ...string) Result {
		cfg := &Config{Game: g, Bots: bots(t, specs...), Gauntlet: -1, PairsPerPairing: 40, Seed: 7, Rules: nzsc.DefaultRules, ChunkPairs: 8}
		return play(t, cfg, Options{Workers: 2})
	}
	agentsRun := run("greedy", "classic", "random")
	playersRun := run("test-contract-greedy", "test-contract-classic", "random")
	if playersRun.Counts.Games() != agentsRun.Counts.Games() || agentsRun.Counts.Games() == 0 {
		t.Fatalf("%d games through the contract, %d on NZSC's table", playersRun.Counts.Games(), agentsRun.Counts.Games())
	}
	for p := range agentsRun.Counts.Pairings {
		if got, want := playersRun.Counts.Pairings[p], agentsRun.Counts.Pairings[p]; !reflect.DeepEqual(got, want) {
			t.Errorf("pairing %d through the contract: %+v, on NZSC's table %+v", p, got.Total(), want.Total())
		}
	}
	if agentsRun.Counts.Game == nil || !reflect.DeepEqual(playersRun.Counts.Game, agentsRun.Counts.Game) {
		t.Errorf("NZSC's tally through the contract differs from NZSC's table's")
	}
}
