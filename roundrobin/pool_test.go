package roundrobin

import (
	"context"
	"math/rand/v2"
	"reflect"
	"sync/atomic"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// countBuilt and countClosed count the "test-count" bots built and
// closed: an external program is started and ended so.
var countBuilt, countClosed atomic.Int64

func init() {
	agents.Register(agents.Info{Name: "test-count", Help: "test bot: random, counting its instances", New: func(agents.Params) (agents.Agent, error) {
		countBuilt.Add(1)
		return &countBot{}, nil
	}})
}

type countBot struct{ random nzscbots.Random }

func (b *countBot) NewGame(seat int, rng *rand.Rand)      { b.random.NewGame(seat, rng) }
func (b *countBot) Choose(d *agents.Decision) nzsc.Choice { return b.random.Choose(d) }
func (b *countBot) Close() error                          { countClosed.Add(1); return nil }

// TestWorkersLastAcrossSegments: a run checkpointed after every chunk
// (a sequential test looks so after every batch) builds each worker's
// bots once for the whole call, not once a segment, closes every one it
// built, and counts what one segment would. Before the worker pool, 20
// segments on 2 workers built the counted bot up to 40 times.
func TestWorkersLastAcrossSegments(t *testing.T) {
	newCfg := func() *Config {
		cfg := testConfig(t)
		cfg.Bots = bots(t, "test-count", "classic")
		cfg.HeadToHead, cfg.PairsPerPairing, cfg.ChunkPairs = true, 40, 2
		return cfg
	}
	whole := play(t, newCfg(), Options{Workers: 2})
	for _, workers := range []int{1, 2} {
		cfg := newCfg() // parsing may build one to read its name
		countBuilt.Store(0)
		countClosed.Store(0)
		var segments int
		res, err := Play(context.Background(), cfg, Options{Workers: workers, SegmentChunks: 1,
			Checkpoint: func(*analysis.Tournament, []uint64) error { segments++; return nil }})
		if err != nil {
			t.Fatal(err)
		}
		if built, closed := countBuilt.Load(), countClosed.Load(); segments != 20 || built < 1 || built > int64(workers) || closed != built {
			t.Errorf("%d workers, %d segments: %d bots built, %d closed; want at most one a worker, each closed", workers, segments, built, closed)
		}
		if !reflect.DeepEqual(res.Counts, whole.Counts) {
			t.Errorf("%d workers in 20 segments: counts differ from one segment's", workers)
		}
	}
}
