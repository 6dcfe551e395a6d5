package tournament

// PairSeed returns the seed shared by both games of pair p in a run with
// master seed: SplitMix64's output function applied to the master seed
// advanced p+1 steps (Steele, Lea and Flood, "Fast splittable
// pseudorandom number generators", 2014). It depends on (master, pair)
// only, so a game's seed is the same whatever the worker count, chunk
// size or shard, and any game replays alone. Nearby pair indices give
// unrelated seeds (the finalizer is a strong 64-bit mixer).
func PairSeed(master, pair uint64) uint64 {
	z := master + (pair+1)*0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}
