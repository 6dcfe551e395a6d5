package solve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync/atomic"

	"github.com/nzsclab/nzsc/engine"
)

// params are the constants the saved strategies depend on; a file made
// with others is refused (its strategies would not be recomputed the
// same way).
var params = [4]float64{Discount, Discount2, Noise, signTol}

// Export converts s to its file representation.
func (s *Solution) Export() *SavedSolution {
	out := &SavedSolution{Version: FileVersion, Params: params, Gap: s.Gap}
	for i := range NumLoadouts {
		for j := range NumLoadouts {
			p := s.Pairings[i][j]
			if p == nil {
				continue
			}
			sp := SavedPairing{A: p.A, B: p.B, Value: p.Value, Lower: p.Lower, Upper: p.Upper, Gap: p.Gap,
				Keys: make([]uint32, len(p.Keys)), Disc: p.Disc, Undisc: p.Undisc, Rules: make([]uint8, len(p.Rules))}
			for k, key := range p.Keys {
				sp.Keys[k] = uint32(key)
			}
			for k, r := range p.Rules {
				sp.Rules[k] = uint8(r)
			}
			for k, key := range p.ExplicitKeys {
				sp.ExplicitKeys = append(sp.ExplicitKeys, uint32(key))
				sp.Explicit = append(sp.Explicit, p.Explicit[k])
			}
			out.Pairings = append(out.Pairings, sp)
		}
	}
	return out
}

// Import rebuilds a Solution from its file representation, recomputing
// the booster and character phases.
func Import(r *SavedSolution) (*Solution, error) {
	if r.Params != params {
		return nil, fmt.Errorf("solve: solution made with other solver constants %v (this program: %v)", r.Params, params)
	}
	s := &Solution{}
	for i := range r.Pairings {
		sp := &r.Pairings[i]
		if !validLoadout(sp.A) || !validLoadout(sp.B) || sp.A.Character == sp.B.Character {
			return nil, fmt.Errorf("solve: solution file: bad pairing %v vs %v", sp.A, sp.B)
		}
		p := &Pairing{A: sp.A, B: sp.B, Value: sp.Value, Lower: sp.Lower, Upper: sp.Upper, Gap: sp.Gap,
			Keys: make([]Key, len(sp.Keys)), Disc: sp.Disc, Undisc: sp.Undisc, Rules: make([]Rule, len(sp.Rules)),
			States: len(sp.Keys), memo: make([]atomic.Pointer[memoStrategies], len(sp.Keys))}
		for k, key := range sp.Keys {
			p.Keys[k] = Key(key)
			if k > 0 && p.Keys[k] <= p.Keys[k-1] {
				return nil, fmt.Errorf("solve: solution file: %v vs %v: keys out of order", sp.A, sp.B)
			}
		}
		for k, rule := range sp.Rules {
			p.Rules[k] = Rule(rule)
		}
		for k, key := range sp.ExplicitKeys {
			if k > 0 && key <= sp.ExplicitKeys[k-1] {
				return nil, fmt.Errorf("solve: solution file: %v vs %v: explicit keys out of order", sp.A, sp.B)
			}
			p.ExplicitKeys = append(p.ExplicitKeys, Key(key))
			p.Explicit = append(p.Explicit, sp.Explicit[k])
		}
		s.Pairings[LoadoutIndex(sp.A)][LoadoutIndex(sp.B)] = p
	}
	for i := range NumLoadouts {
		for j := range NumLoadouts {
			ls := engine.Loadouts()
			if ls[i].Character != ls[j].Character && s.Pairings[i][j] == nil {
				return nil, fmt.Errorf("solve: solution file lacks pairing %v vs %v", ls[i], ls[j])
			}
		}
	}
	s.finish()
	return s, nil
}

func validLoadout(l engine.Loadout) bool {
	if l.Character >= engine.NumCharacters {
		return false
	}
	return l.Booster == engine.NoBooster || l.Booster < engine.NoBooster && l.Booster.Owner() == l.Character
}

// CachePath returns where the solution is cached: the user's cache
// directory, nzsc/solution-vN.bin with N the file format version.
func CachePath() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("solve: no cache directory: %w", err)
	}
	return filepath.Join(dir, "nzsc", fmt.Sprintf("solution-v%d.bin", FileVersion)), nil
}

// Load reads a saved solution.
func Load(path string) (*Solution, error) {
	r, err := LoadFile(path)
	if err != nil {
		return nil, err
	}
	s, err := Import(r)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return s, nil
}

// Save writes s to path.
func (s *Solution) Save(path string) error { return SaveFile(path, s.Export()) }

// LoadOrSolve returns the solution cached at CachePath. When there is
// no usable file there (missing, another format version, other solver
// constants, corrupt), it solves the game, reporting progress (may be
// nil), and caches the result; solved says so. Only the cache, which
// belongs to this program, is ever written: a path a user names is read
// with Load and never replaced.
func LoadOrSolve(ctx context.Context, workers int, progress Progress) (s *Solution, solved bool, err error) {
	path, err := CachePath()
	if err != nil {
		return nil, false, err
	}
	if s, err := Load(path); err == nil {
		return s, false, nil
	}
	s, err = Solve(ctx, workers, progress)
	if err != nil {
		return nil, false, err
	}
	if err := s.Save(path); err != nil {
		return s, true, fmt.Errorf("solve: caching the solution: %w", err)
	}
	return s, true, nil
}
