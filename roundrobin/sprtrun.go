package roundrobin

import (
	"fmt"
	"slices"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// SPRTSpecs returns the bot specs of a sequential test at seats
// players, as nzsc sprt and the Runs page read them: NEW and BASE (bots,
// two of them), then at three or four seats the field that fills the
// other seats, one spec for every such seat or one per seat, copies of
// BASE when field is nil (so that NEW is tested in BASE's place among
// its peers; docs/sprt.md). Two players have no field. Its errors name
// no flag.
func SPRTSpecs(seats int, bots, field []string) ([]string, error) {
	if len(bots) != 2 {
		return nil, fmt.Errorf("want two bots, NEW and BASE (got %d)", len(bots))
	}
	if seats == 2 {
		if field != nil {
			return nil, fmt.Errorf("the field fills the other seats of a test at 3 or 4 players; two players have none")
		}
		return slices.Clone(bots), nil
	}
	if field == nil {
		field = bots[1:]
	}
	if slices.Contains(field, "") {
		return nil, fmt.Errorf("the field has an empty bot name")
	}
	if len(field) != 1 && len(field) != seats-2 {
		if seats == 3 {
			return nil, fmt.Errorf("the field: want one bot for the other seat, got %d", len(field))
		}
		return nil, fmt.Errorf("the field: want one bot for the %d other seats or one per seat, got %d", seats-2, len(field))
	}
	specs := slices.Clone(bots)
	for i := range seats - 2 {
		specs = append(specs, field[min(i, len(field)-1)])
	}
	return specs, nil
}

// CheckSPRTGames checks a sequential test's most games and batch, both
// counted in games: positive and even, since the test counts
// seat-swapped pairs. NewSPRT checks them; a caller may check them
// before it reads bots (nzsc sprt, which starts external ones to probe
// them). Its error is a *SPRTGamesError, which names the settings, not
// a command's flags (the Runs page has fields).
func CheckSPRTGames(maxGames, batch int64) error {
	if maxGames <= 0 || maxGames%2 != 0 || batch <= 0 || batch%2 != 0 {
		return &SPRTGamesError{MaxGames: maxGames, Batch: batch}
	}
	return nil
}

// SPRTGamesError is a sequential test's most games or batch that is not
// a positive even number.
type SPRTGamesError struct{ MaxGames, Batch int64 }

func (e *SPRTGamesError) Error() string { return e.Named("the most games", "the batch") }

// Named words the error with the caller's names of the two settings: a
// command names its flags ("--max-games", "--batch").
func (e *SPRTGamesError) Named(maxGames, batch string) string {
	return fmt.Sprintf("%s and %s must be positive even numbers (seat-swapped pairs), got %d and %d", maxGames, batch, e.MaxGames, e.Batch)
}

// NewSPRT makes cfg, whose Game and Bots (SPRTSpecs': NEW, BASE, then
// the field at three or four seats) are set, the run of a sequential
// test under st's settings (checked by the caller: report.SPRTTest) of
// at most maxGames games, looked at every batch games: the one place
// nzsc sprt and the Runs page of nzsc serve set a test up, so that both
// refuse the same things for the same reasons. NEW and BASE play
// seat-swapped pairs (SwapPairs at three or four seats). It sets
// st.BatchPairs and st.Field and returns the Start whose seed, output
// and command the caller fills in.
func NewSPRT(cfg *Config, st *results.SPRTState, maxGames, batch int64) (Start, error) {
	if n := cfg.seats(); len(cfg.Bots) != n {
		return Start{}, fmt.Errorf("a sequential test at %d players has NEW, BASE and %d bots of the field, not %d bots", n, n-2, len(cfg.Bots))
	}
	if err := CheckSPRTGames(maxGames, batch); err != nil {
		return Start{}, err
	}
	cfg.Gauntlet, cfg.HeadToHead, cfg.SwapPairs = -1, true, cfg.seats() > 2
	st.BatchPairs, st.EveryPair = uint64(batch/2), true
	st.Field = nil
	for _, b := range cfg.Bots[2:] {
		st.Field = append(st.Field, b.Name())
	}
	// A chunk of one pair: the test decides after every pair (the
	// runner's unit), and a stop saves every pair read.
	return Start{NewRun: NewRun{Kind: results.KindSPRT, SPRT: st}, Games: maxGames, Chunk: 1}, nil
}

// SPRTOptions returns the options that play rd, a sequential test made
// by NewSPRT (or resumed), under test t: its looks (SPRTLook, telling
// tell each recorded one and storing the decision in *verdict). A test of
// st.EveryPair is read after every pair, in pair order, its workers
// playing ahead (RunOptions.InOrder), and saved at each batch's end; an
// older one plays one batch per segment and looks at its end. Either
// way the looks fall at the same games whatever the workers, and after a
// resume too.
func (rd *RunDir) SPRTOptions(t analysis.SPRT, verdict *analysis.Verdict, tell func(results.SPRTLook)) RunOptions {
	st := rd.Manifest.SPRT
	return RunOptions{Look: SPRTLook(st, t, rd.Manifest.GamesPerPairing, verdict, tell),
		SegmentChunks: int(st.BatchPairs / rd.Config.ChunkPairs), InOrder: st.EveryPair}
}
