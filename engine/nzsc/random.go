package nzsc

import "github.com/nzsclab/nzsc/engine/rng"

// PlayRandom plays the game to its end with both seats choosing uniformly
// among their legal choices, seat 0 drawing from a and seat 1 from b, and
// returns the result. If a and b are the same source, seat 1 draws from a
// source split off it (seeded with its next output). It is the engine
// benchmark's workload, the match runner's game between two random bots
// and a fast rollout for search bots. It allocates nothing.
//
// How draws become picks (see draws): each seat reads its picks as the
// base-60 digits of 64-bit words from its own source, six picks to a
// word, and picks option digit mod n of its n legal choices in canonical
// order. Both seats pick in every turn, so their words run out together;
// seat 0's new word is drawn before seat 1's. Once a player is stuck
// nothing more is drawn: a stuck player stays stuck (a nullified turn
// changes no move), so the rest of the game is forced.
func (s *State) PlayRandom(a, b *rng.Wyrand) Result {
	var d draws
	d.next = 6
	d.src[0] = a.State()
	if a == b {
		d.src[0] += rng.Step
		d.src[1] = rng.Mix(d.src[0])
	} else {
		d.src[1] = b.State()
	}
	switch {
	case s.variant != 0:
		s.randomRules(&d)
	case s.isNew():
		s.randomNewGame(&d)
	default:
		if s.Phase == PickCharacter {
			s.randomCharacters(&d)
		}
		if s.Phase == PickBooster {
			s.randomBoosters(&d)
		}
		if s.Phase == PickMove {
			p, q := &s.players[0], &s.players[1]
			s.randomRounds(&d, loadoutIndex(p.character, p.booster), loadoutIndex(q.character, q.booster))
		}
	}
	if a != b {
		b.SetState(d.src[1])
	}
	a.SetState(d.src[0])
	return s.Result
}

// isNew reports whether s is a new game (NewGame's state, whatever its
// turn cap).
func (s *State) isNew() bool {
	// At turn 0 a State is NewGame's but for its exported fields (or the
	// zero State, whose other differences, waits and a Ninja as last pick
	// with no streak, play no part in randomNewGame).
	return s.Turn == 0 && s.Phase == PickCharacter && s.Result == Ongoing
}

// randomRules is PlayRandom under variant rules, which the register-
// resident paths (written for the shared rules) do not serve: the same
// draws, each pick made through Legal and played through Step. A stuck
// player draws nothing and passes, and its opponent plays its first legal
// choice: the rest of the game is forced, as in the fast paths.
func (s *State) randomRules(d *draws) {
	var buf [MaxChoices]Choice
	for s.Phase != GameOver {
		var c [2]Choice
		forced := s.Stuck(0) || s.Stuck(1)
		var u [2]uint32
		if !forced {
			u[0], u[1] = d.take()
		}
		for seat := range 2 {
			switch n := s.Legal(seat, &buf); {
			case n == 0:
				c[seat] = Unknown
			case forced:
				c[seat] = buf[0]
			default:
				c[seat] = buf[u[seat]%uint32(n)]
			}
		}
		s.Step(c[0], c[1])
	}
}
