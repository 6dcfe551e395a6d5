// Package roundrobin is the lab's one pipeline for playing games between
// bots: a schedule (a head-to-head match, a round robin or a gauntlet:
// pairings, each a number of seat-swapped game pairs), played on the
// parallel runner of package tournament, tallied into analysis counts,
// and kept in a run directory (package results) with checkpoints, resume,
// shards and a games log. nzsc match, sprt and tournament all run on it.
//
// # Games, seeds and chunks
//
// Pairing p (in the order Pairings returns) of a tournament with master
// seed S is exactly the head-to-head match between its two bots with
// seed PairingSeed(S, p): pair k of the pairing is played from
// tournament.PairSeed(TableSeed(p), k), A in seat 0 first, then seats
// swapped; a match's one pairing takes the master seed itself. The run's
// pairs are numbered pairing-major (global pair = p·PairsPerPairing + k)
// and cut into the runner's chunks, so a run shards
// (tournament.ShardChunks) and resumes (tournament.Remaining) by chunk,
// and its counts never depend on the number of workers or machines.
//
// # Series
//
// A pairing's pairs within one chunk are a series: one worker plays them
// in order on one instance of each bot, and before the series' first
// pair it calls NewSeries on the bots that learn across games
// (agents.SeriesPlayer, in every game; at three or four seats a
// table's sets within one chunk), so that what such a bot
// carries from game to game depends only on the run's settings (the
// chunk size and the pairing), never on the workers, the shards or the
// order in which chunks are played.
//
// # Games
//
// Two-player NZSC is played on the engine's fast table (agents.Table, or
// the engine's PlayRandom when both bots are the uniform random bot);
// every other game through the game contract (agents.PlayerTable).
//
// # Checkpoints and the games log
//
// Play runs the chunks in segments aligned on the chunk numbering and
// hands the counts of every finished chunk to a checkpoint callback after
// each segment, so a run killed outright loses at most one segment, and a
// cancelled one (Ctrl-C) loses only its unfinished chunks. RunDir writes
// the checkpoints. The optional games log receives a game record
// (engine/game) per game; each worker buffers a chunk's records and
// hands them, when the chunk completes, to a reorder buffer that writes
// the chunks in chunk order (at most two chunks per worker held; a worker
// further ahead waits, one lock per chunk), the log is synced before each
// checkpoint, and a resumed run trims it to the saved chunks and, once
// the run completes, puts the chunks it appended back in order: the log
// holds exactly the games in the counts, in chunk order, the same bytes
// whatever the workers and interruptions.
//
// The workers of one Play call, and their bots (external programs
// included), last the whole call, whatever its segments. A run read in
// chunk order (Options.InOrder: a sequential test, which decides after
// every pair, its chunks one pair each) is one segment: the reorder
// buffer hands each chunk's counts over in chunk order too, the workers
// play ahead without a barrier, and what they played past the chunk at
// which the reader stopped is dropped from the counts and the log alike.
// A run asked for its standings while it plays (Rating, cutechess-cli's
// -ratinginterval) reads the same buffer: each worker marks its chunk's
// counts after the pairs (sets) at which a line falls, every N games in
// the order the chunks are handed over, and the buffer adds the chunks
// up in chunk order, so that the lines are the same whatever the
// workers.
//
// Values: a Config is read-only during Play; Play may run concurrently
// with other Plays. Per game, workers allocate nothing unless the games
// log is on (encoding a record).
package roundrobin
