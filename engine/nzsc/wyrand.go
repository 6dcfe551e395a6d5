package nzsc

import "github.com/nzsclab/nzsc/engine/rng"

// Wyrand is the lab's random generator (rng.Wyrand), the seats' source in
// PlayRandom. The name stays here for the NZSC bots (agents, agents/nzscn)
// that draw from it beside this package's other names; code for another
// game imports rng.
type Wyrand = rng.Wyrand

// NewWyrand returns a Wyrand seeded with (seed, stream): rng.NewWyrand.
func NewWyrand(seed, stream uint64) *Wyrand { return rng.NewWyrand(seed, stream) }
