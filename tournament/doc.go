// Package tournament plays many seeded game pairs in parallel and
// aggregates their results: a game-agnostic runner (Run). It knows no game
// and no bot; package roundrobin builds matches and tournaments on it.
//
// # Pairs, seeds and chunks
//
// A run is a number of game pairs. Both games of pair p share one seed,
// PairSeed(master, p), which depends on the master seed and p only, so a
// run's counts are identical whatever the number of workers, the order in
// which chunks are played, or how the run is split across machines. A
// match plays game 2p with bot A in seat 0 and game 2p+1 with A in seat 1
// from the same seed (common random numbers, as chess testers play
// openings with colours reversed), and counts each pair on the
// pentanomial scale for paired statistics and the SPRT.
//
// Pairs are grouped into chunks of Plan.ChunkPairs consecutive pairs
// (default ChunkPairs = 512, that is 1024 games). A chunk is the unit of
// work and of bookkeeping:
//
//   - Plan.Chunks selects which chunks to play: nil for all, ShardChunks(n, i, k)
//     for shard i of k (chunk c belongs to shard c mod k), Remaining(n, done)
//     for what a resumed run still has to play.
//   - Report.Finished lists the chunks that were played to the end, and
//     Report.Total holds exactly their counts: a chunk cut short by
//     cancellation (Ctrl-C) or an error is discarded whole.
//   - Aggregates merge by exact integer addition (the Aggregate
//     constraint), so Total(run) = Merge of Total(shards) = Merge of
//     Total(interrupted part, resumed part), to the last count. A run
//     directory must store its master seed, pair count and chunk size next
//     to the finished chunk list.
//
// # Workers
//
// Run uses errgroup.WithContext: one feeder sends chunk indices (every
// send selects on ctx.Done()), and each of Plan.Workers goroutines owns a
// Worker (its bot instances, buffers) that plays pairs into a per-worker
// aggregate; the totals are merged once at the end. There is no lock,
// channel operation or allocation per game in the runner. A Counter
// exposes the number of pairs played for a progress bar without
// contention (one padded atomic slot per worker).
//
// Output that must not depend on the workers (a games log) is kept in
// chunk order by the caller: the feeder sends chunks in increasing order,
// Report.Finished is sorted, and a Worker's Close is its signal that a
// chunk it was playing may never finish (package roundrobin's reorder
// buffer stops waiting for it), so that every file a run writes is the
// same whatever Plan.Workers. Everything else a chunk yields is an
// Aggregate, merged by addition.
//
// Values: a Report is a plain value owned by the caller; a Worker belongs
// to one goroutine; a Counter may be read from any goroutine.
package tournament
