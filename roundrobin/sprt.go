package roundrobin

import (
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// SPRTLook returns the RunOptions.Look of a sequential test: t is the
// test of st's settings, gamesPlanned the run's games per pairing (its
// last look falls there, whatever the batch). It computes the LLR of the
// pentanomial counts (analysis.SPRTCounts) and stores the decision in *verdict; a
// decision other than Continue ends the run, recorded in st.Verdict. A
// test of st.EveryPair is looked at after every pair (RunOptions.InOrder)
// and decides there; it records a look (appended to st.Looks and told to
// tell, when set) at each batch's end and where it decides. An older
// test decides, and records, at batch ends only: a checkpoint inside a
// batch (a resumed run's first) is no look. A batch already recorded is
// not recorded again.
func SPRTLook(st *results.SPRTState, t analysis.SPRT, gamesPlanned uint64, verdict *analysis.Verdict, tell func(results.SPRTLook)) func(*analysis.Tournament) (bool, error) {
	return func(total *analysis.Tournament) (bool, error) {
		games, penta, w := analysis.SPRTCounts(total)
		batchEnd := games%(2*st.BatchPairs) == 0 || games == gamesPlanned
		if !batchEnd && !st.EveryPair {
			return false, nil
		}
		if n := len(st.Looks); n > 0 && st.Looks[n-1].Games >= games {
			return false, nil
		}
		llr := t.LLR(penta)
		*verdict = t.Decide(llr)
		if !batchEnd && *verdict == analysis.Continue {
			return false, nil
		}
		look := results.SPRTLook{Games: games, LLR: llr, Pentanomial: penta,
			WDL: [3]uint64{uint64(w.Wins), uint64(w.Draws), uint64(w.Losses)}}
		st.Looks = append(st.Looks, look)
		if tell != nil {
			tell(look)
		}
		if *verdict != analysis.Continue {
			st.Verdict = verdict.String()
			return true, nil
		}
		return false, nil
	}
}

// DefaultSPRTBatch is the games between two recorded looks of a
// sequential test unless told otherwise: a progress line and a checkpoint
// every 64 games. A test decides after every pair whatever the batch
// (SPRTState.EveryPair; docs/sprt.md "Looks"), as fastchess does, so the
// batch no longer decides how far past its bound a test plays; it only
// says how often the test reports and saves. Older run directories
// decided at batch ends only: at 1000 games (the default before 64) a
// clear result (greedy against random at elo1 50 decides at 58 games)
// or a bot against itself (204 games) was decided at the first look,
// 1000 games in.
const DefaultSPRTBatch = 64
