package roundrobin

import (
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/tournament"
)

// SPRTLook returns the RunOptions.Look of a sequential test: t is the
// test of st's settings, gamesPlanned the run's games per pairing (its
// last look falls there, whatever the batch). At each batch's end it
// computes the LLR of the pentanomial counts (sprtCounts), appends the
// look to st.Looks, tells tell (when set) and stores the decision in
// *verdict; a decision other than Continue ends the run, recorded in
// st.Verdict. A checkpoint inside a batch (a resumed run's first) and a
// batch already looked at are no looks.
func SPRTLook(st *results.SPRTState, t analysis.SPRT, gamesPlanned uint64, verdict *analysis.Verdict, tell func(results.SPRTLook)) func(*analysis.Tournament) (bool, error) {
	return func(total *analysis.Tournament) (bool, error) {
		games, penta, w := sprtCounts(total)
		if games%(2*st.BatchPairs) != 0 && games != gamesPlanned {
			return false, nil
		}
		if n := len(st.Looks); n > 0 && st.Looks[n-1].Games >= games {
			return false, nil
		}
		llr := t.LLR(penta)
		*verdict = t.Decide(llr)
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

// sprtCounts returns what a sequential test reads of its run's counts:
// its games, the pentanomial of the new bot's pairs against the base and
// the new bot's record against the base. At two seats they are the one
// pairing's; at three or more, the one table's, played in seat-swapped
// pairs (Config.SwapPairs), where a game is won when the new bot
// finished ahead of the base, drawn when they shared a place.
func sprtCounts(total *analysis.Tournament) (games uint64, penta [5]int64, wdl analysis.Record) {
	if len(total.Tables) > 0 {
		tc := &total.Tables[0]
		return uint64(tc.Games()), tc.Pentanomial, tc.Versus(0, 1)
	}
	p := &total.Pairings[0]
	return uint64(p.Games()), p.Pentanomial, p.Total()
}

// DefaultSPRTBatch is the games between two looks of a sequential test
// unless told otherwise: 32 seat-swapped pairs, cut by SPRTChunk into 8
// chunks of 4 pairs (DefaultChunk's smallest), so that up to 8 workers
// share a batch. A test looks only at its batches' ends, so a batch is
// what it may play past the point where its LLR left its bounds: at
// 1000 games (the old default) a clear result (greedy against random at
// elo1 50 decides at 58 games looking after every pair) or a bot
// against itself (its mirror pairs all score 1: 204 games) was decided
// at the first look, 1000 games in, and the test was sequential in
// name only. cutechess-cli looks after every game, fastchess after every
// pair; here each look ends a segment (its workers wait for the batch's
// last chunk, and external bots are started again), which 64 games
// keeps cheap (docs/sprt.md) while playing at most 62 games past the
// crossing. Equal bots whose games are independent still look about 100
// times (the LLR's expected step is -0.027 a batch at the default elo1
// 10, its bounds ±2.94: Wald's expected length is some 6 400 games).
const DefaultSPRTBatch = 64

// sprtChunksPerBatch is how many runner chunks one batch of a sequential
// test is cut into: up to that many workers share a batch. It is fixed
// (not the worker count) so that where the test stops never depends on
// the workers.
const sprtChunksPerBatch = 8

// SPRTChunk returns the pairs per chunk of a sequential test looked at
// every batchPairs pairs: the batch cut into up to sprtChunksPerBatch
// equal chunks, so that a look falls exactly at each batch's end. A
// batch so large that those chunks would exceed tournament.ChunkPairs
// (512, DefaultChunk's largest) is cut into chunks of the largest divisor
// of the batch from minBigChunk to that many pairs instead, when it has one: only whole chunks are
// saved, so a stopped test (Ctrl-C) keeps what it played rather than
// losing up to an eighth of a batch a worker.
func SPRTChunk(batchPairs uint64) uint64 {
	per := uint64(sprtChunksPerBatch)
	for batchPairs%per != 0 {
		per--
	}
	chunk := batchPairs / per
	if chunk <= tournament.ChunkPairs {
		return chunk
	}
	for c := uint64(tournament.ChunkPairs); c >= minBigChunk; c-- {
		if batchPairs%c == 0 {
			return c
		}
	}
	return chunk
}

// minBigChunk is the smallest chunk SPRTChunk gives a batch whose
// eighths are too large: smaller chunks cost bookkeeping for little, and
// a batch with no divisor from it to tournament.ChunkPairs keeps its
// eighths.
const minBigChunk = 64
