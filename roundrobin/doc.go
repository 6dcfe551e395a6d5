// Package roundrobin plays tournaments between bots on the parallel
// runner of package tournament: a full round robin (every pair of bots)
// or a gauntlet (one bot against each of the others), each pairing a
// number of seat-swapped game pairs, aggregated into analysis counts.
//
// # Games, seeds and chunks
//
// Pairing p (in the order Pairings returns) of a tournament with master
// seed S is exactly the head-to-head match between its two bots with
// seed PairingSeed(S, p): pair k of the pairing is played from
// tournament.PairSeed(PairingSeed(S, p), k), A in seat 0 first, then
// seats swapped. The tournament's pairs are numbered pairing-major
// (global pair = p·PairsPerPairing + k) and cut into the runner's chunks,
// so a tournament shards (tournament.ShardChunks) and resumes
// (tournament.Remaining) by chunk, and its counts never depend on the
// number of workers or machines.
//
// # Checkpoints and the games log
//
// Play runs the chunks in segments and hands the counts of every
// finished chunk to a checkpoint callback after each segment, so a run
// killed outright loses at most one segment, and a cancelled one (Ctrl-C)
// loses only its unfinished chunks. The optional games log receives one
// tab-separated line per game; each worker buffers a chunk's lines and
// writes them when the chunk completes, so the log holds exactly the
// games in the counts.
//
// Values: a Config is read-only during Play; Play may run concurrently
// with other Plays. Per game, workers allocate nothing unless the games
// log is on (formatting a line).
package roundrobin
