package roundrobin

import (
	"fmt"
	"slices"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// SPRTSpecs returns the bot specs of a sequential test at seats
// players: NEW and BASE (bots, two of them), then at three or four seats
// the field that fills the other seats, one spec for every such seat or
// one per seat, copies of BASE when field is empty (so that NEW is tested
// in BASE's place among its peers). Two players have no field. Its errors
// name no flag.
func SPRTSpecs(seats int, bots, field []string) ([]string, error) {
	if len(bots) != 2 {
		return nil, fmt.Errorf("want two bots, NEW and BASE (got %d)", len(bots))
	}
	if seats == 2 {
		if len(field) > 0 {
			return nil, fmt.Errorf("the field fills the other seats of a test at 3 or 4 players; two players have none")
		}
		return slices.Clone(bots), nil
	}
	if len(field) == 0 {
		field = bots[1:]
	}
	if len(field) != 1 && len(field) != seats-2 || slices.Contains(field, "") {
		return nil, fmt.Errorf("the field: want one bot for the %d other seats or one per seat, got %d", seats-2, len(field))
	}
	specs := slices.Clone(bots)
	for i := range seats - 2 {
		specs = append(specs, field[min(i, len(field)-1)])
	}
	return specs, nil
}

// NewSPRT makes cfg, whose Game and Bots (NEW then BASE) are set, the
// run of a sequential test under st's settings (checked by the caller:
// report.SPRTTest) of at most maxGames games, looked at every batch
// games: the one place nzsc sprt and the Runs page of nzsc serve set a
// test up, so that both refuse the same things for the same reasons. It
// sets st.BatchPairs and returns the Start whose seed, output and
// command the caller fills in. Its errors name no flag.
func NewSPRT(cfg *Config, st *results.SPRTState, maxGames, batch int64) (Start, error) {
	if n := cfg.seats(); n != 2 {
		return Start{}, fmt.Errorf("a sequential test compares two bots in seat-swapped pairs of games (pentanomial counts); a table of %d has no such pairs: it needs 2 players (a tournament or match of %[1]d players ranks the bots)", n)
	}
	if len(cfg.Bots) != 2 {
		return Start{}, fmt.Errorf("want two bots, NEW and BASE (got %d)", len(cfg.Bots))
	}
	if maxGames <= 0 || maxGames%2 != 0 || batch <= 0 || batch%2 != 0 {
		return Start{}, fmt.Errorf("the most games and the batch of a sequential test must be positive even numbers (seat-swapped pairs), got %d and %d", maxGames, batch)
	}
	cfg.Gauntlet, cfg.HeadToHead = -1, true
	st.BatchPairs = uint64(batch / 2)
	return Start{NewRun: NewRun{Kind: results.KindSPRT, SPRT: st}, Games: maxGames, Chunk: SPRTChunk(st.BatchPairs)}, nil
}

// SPRTOptions returns the options that play rd, a sequential test made
// by NewSPRT (or resumed), under test t: its looks (SPRTLook, telling
// tell each one and storing the decision in *verdict), one batch per
// segment so that the looks fall at the same games whatever the workers
// and after a resume too.
func (rd *RunDir) SPRTOptions(t analysis.SPRT, verdict *analysis.Verdict, tell func(results.SPRTLook)) RunOptions {
	st := rd.Manifest.SPRT
	return RunOptions{Look: SPRTLook(st, t, rd.Manifest.GamesPerPairing, verdict, tell),
		SegmentChunks: int(st.BatchPairs / rd.Config.ChunkPairs)}
}
