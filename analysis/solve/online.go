package solve

import (
	"context"
	"fmt"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// NewPartial returns an empty Solution of the game under rules r, to be
// filled piece by piece as a player needs it (SolvePairingInto,
// SolveBoostersOf, SolveCharacters) rather than solved whole: what an
// online solver does (agents' resolve bot). Strategy answers only where
// the pieces are solved: a move-phase state of a pairing not solved yet,
// the booster phase of characters whose pairings are not all solved, or
// the character phase before SolveCharacters are outside it (ok false).
func NewPartial(r nzsc.Rules) (*Solution, error) {
	if err := r.Check(); err != nil {
		return nil, fmt.Errorf("solve: %w", err)
	}
	return &Solution{Rules: normalRules(r)}, nil
}

// HasPairing reports whether the pairing a against b is solved in s.
func (s *Solution) HasPairing(a, b nzsc.Loadout) bool { return s.Pairing(a, b) != nil }

// SolvePairingInto solves the move phase of a against b, if s does not
// hold it yet, and stores it with its mirror image (b against a). It is
// the plain solve only (every component by strategy iteration in
// float64, in whichever orientation certifies better): components of
// Everett's kind keep certificates near 1e-5 instead of the whole-game
// solve's extended-precision pass, which costs seconds (Zombie/
// Regenerative against Samurai/Atlas: 2.4 s against 0.4 s), a
// difference no player can feel. A done ctx stops it between two
// components with ctx's error, and s is unchanged.
func (s *Solution) SolvePairingInto(ctx context.Context, a, b nzsc.Loadout) error {
	if s.HasPairing(a, b) {
		return nil
	}
	if a.Character == b.Character || !allowed(s.Rules, a) || !allowed(s.Rules, b) {
		return fmt.Errorf("solve: no move phase of %v against %v under these rules", a, b)
	}
	// One orientation whichever was asked: the simplex's choices among
	// equally good strategies differ between a against b and its mirror
	// image, so solving the one asked first would make a player's
	// strategy depend on what it was asked before (and a best response
	// computed against it, asking in its own order, answer another).
	// The whole-game solve's: the lower loadout index first.
	if LoadoutIndex(a) > LoadoutIndex(b) {
		a, b = b, a
	}
	mp, err := planMoves(ctx, NewGraphRules(s.Rules, a, b))
	if err != nil {
		return err
	}
	ms, flipped := mp.plain.sol, false
	if mp.everett() && ms.Gap() > CertificateTol {
		mq, err := planMoves(ctx, NewGraphRules(s.Rules, b, a))
		if err != nil {
			return err
		}
		if mq.plain.sol.Gap() < ms.Gap() {
			ms, flipped = mq.plain.sol, true
		}
	}
	p := newPairing(ms)
	i, j := LoadoutIndex(a), LoadoutIndex(b)
	if flipped {
		i, j = j, i
	}
	s.Pairings[i][j], s.Pairings[j][i] = p, mirrorOf(p)
	s.Gap = max(s.Gap, p.Gap)
	return nil
}

// boosterPairings lists the loadouts of characters a and b that the
// booster phase of a against b may lead to.
func (s *Solution) boosterLoadouts(a, b nzsc.Character) (as, bs [3]nzsc.Loadout, na, nb int) {
	ba, na := s.Rules.Boosters(a)
	bb, nb := s.Rules.Boosters(b)
	for i := range na {
		as[i] = nzsc.Loadout{Character: a, Booster: ba[i]}
	}
	for j := range nb {
		bs[j] = nzsc.Loadout{Character: b, Booster: bb[j]}
	}
	return as, bs, na, nb
}

// SolveBoostersOf solves the pairings of characters a and b that s does
// not hold yet, then the booster phase of a against b and of b against
// a. A done ctx stops it with ctx's error; the pairings solved by then
// are kept.
func (s *Solution) SolveBoostersOf(ctx context.Context, a, b nzsc.Character) error {
	if a == b || a >= nzsc.NumCharacters || b >= nzsc.NumCharacters {
		return fmt.Errorf("solve: no booster phase of %v against %v", a, b)
	}
	as, bs, na, nb := s.boosterLoadouts(a, b)
	for _, la := range as[:na] {
		for _, lb := range bs[:nb] {
			if err := s.SolvePairingInto(ctx, la, lb); err != nil {
				return err
			}
		}
	}
	s.Boosters[a][b].solve(s, a, b)
	s.Boosters[b][a].solve(s, b, a)
	return nil
}

// HasBoosters reports whether the booster phase of a against b is
// solved in s.
func (s *Solution) HasBoosters(a, b nzsc.Character) bool {
	return a < nzsc.NumCharacters && b < nzsc.NumCharacters && a != b && s.Boosters[a][b].Game.M > 0
}

// SolveCharacters solves every pairing and booster phase s does not hold
// yet, then the character phase: the whole game, and Strategy answers
// everywhere. A done ctx stops it with ctx's error; what was solved by
// then is kept.
func (s *Solution) SolveCharacters(ctx context.Context) error {
	for a := range nzsc.Character(nzsc.NumCharacters) {
		for b := a + 1; b < nzsc.NumCharacters; b++ {
			if !s.HasBoosters(a, b) {
				if err := s.SolveBoostersOf(ctx, a, b); err != nil {
					return err
				}
			}
		}
	}
	s.Characters = CharacterGame{}
	s.finish()
	return nil
}

// HasCharacters reports whether the character phase is solved in s.
func (s *Solution) HasCharacters() bool { return s.Characters.Limit > 0 }
