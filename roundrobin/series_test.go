package roundrobin

import (
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/tournament"
)

// rememberer is a bot whose play depends on how many games it played
// since its series began (agents.SeriesPlayer): a run's results are
// reproducible only if series begin where the settings say.
type rememberer struct {
	games int
	rng   *rand.Rand
}

func (r *rememberer) NewSeries()                    { r.games = 0 }
func (r *rememberer) NewGame(_ int, rng *rand.Rand) { r.games++; r.rng = rng }
func (r *rememberer) Choose(d *agents.Decision) nzsc.Choice {
	if r.rng.IntN(4) == 0 {
		return d.Legal[(r.games+len(d.History))%len(d.Legal)]
	}
	return d.Legal[r.rng.IntN(len(d.Legal))]
}

// playerRememberer is rememberer for any game (agents.Player): series
// begin where the settings say in every game, not only two-player NZSC.
type playerRememberer struct {
	games int
	rng   *rand.Rand
	steps int
}

func (r *playerRememberer) NewSeries() { r.games = 0 }
func (r *playerRememberer) NewGame(_ game.Game, _ int, rng *rand.Rand) {
	r.games++
	r.rng, r.steps = rng, 0
}
func (r *playerRememberer) Act(_ game.Observation, legal []game.Action) game.Action {
	r.steps++
	if r.rng.IntN(4) == 0 {
		return legal[(r.games+r.steps)%len(legal)]
	}
	return legal[r.rng.IntN(len(legal))]
}

func init() {
	agents.Register(agents.Info{Name: "test-series", Help: "test", New: func(agents.Params) (agents.Agent, error) { return &rememberer{}, nil }})
	newPlayer := func(agents.Params) (agents.Player, error) { return &playerRememberer{}, nil }
	agents.Register(agents.Info{Game: "npzr", Name: "test-series", Help: "test", NewPlayer: newPlayer})
	agents.Register(agents.Info{Name: "test-series-n", MinSeats: 3, MaxSeats: 4, Help: "test", NewPlayer: newPlayer})
}

// TestSeriesIdenticalForAnyWorkersAndChunkOrder: a bot that learns
// across the games of a series gives the same match and tournament
// whatever the workers and the order of the chunks (series restart at
// each chunk and each pairing).
func TestSeriesIdenticalForAnyWorkersAndChunkOrder(t *testing.T) {
	const pairs = 300
	for _, cfg := range []*Config{
		matchConfig(t, "test-series", "random", 0xbeef, pairs, 37),
		{Bots: bots(t, "test-series", "random", "classic"), Gauntlet: -1, PairsPerPairing: pairs, Seed: 7, Rules: nzsc.DefaultRules, ChunkPairs: 41},
		seriesConfig(t, "npzr", 2, 60, 7, "test-series", "random", "greedy"),
		seriesConfig(t, "nzsc", 3, 40, 6, "test-series-n", "random", "classic", "greedy"),
	} {
		var first []any
		for i, w := range []int{1, 2, 7} {
			got := playSeries(t, cfg, w, nil)
			if i == 0 {
				first = got
				continue
			}
			if !reflect.DeepEqual(got, first) {
				t.Errorf("workers %d: result differs from workers 1", w)
			}
		}
		chunks := tournament.Remaining(cfg.NumChunks(), nil)
		rand.New(rand.NewPCG(1, 2)).Shuffle(len(chunks), func(i, j int) { chunks[i], chunks[j] = chunks[j], chunks[i] })
		if got := playSeries(t, cfg, 3, chunks); !reflect.DeepEqual(got, first) {
			t.Error("shuffled chunk order: result differs")
		}
	}
}

// seriesConfig is a round robin of game at seats seats, pairs pairs (or
// sets) per pairing (or table) in chunks of chunk.
func seriesConfig(t *testing.T, name string, seats int, pairs, chunk uint64, specs ...string) *Config {
	t.Helper()
	g, err := game.Build(name, seats, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := &Config{Game: g, Gauntlet: -1, Seed: 11, PairsPerPairing: pairs, ChunkPairs: chunk}
	for _, s := range specs {
		b, err := agents.ParseForSeats(name, seats, s)
		if err != nil {
			t.Fatal(err)
		}
		cfg.Bots = append(cfg.Bots, b)
	}
	return cfg
}

func playSeries(t *testing.T, cfg *Config, workers int, chunks []uint64) []any {
	t.Helper()
	res, err := Play(t.Context(), cfg, Options{Workers: workers, Chunks: chunks})
	if err != nil {
		t.Fatal(err)
	}
	var out []any
	for _, p := range res.Counts.Pairings {
		out = append(out, p)
	}
	for _, tc := range res.Counts.Tables {
		out = append(out, tc)
	}
	if len(out) == 0 {
		t.Fatal("no pairings or tables played")
	}
	return out
}
