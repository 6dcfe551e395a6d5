package solve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/results"
)

// params are the constants the saved strategies depend on; a file made
// with others is refused (its strategies would not be recomputed the
// same way).
var params = [4]float64{Discount, Discount2, Noise, signTol}

// Export converts s to the results package's file representation.
func (s *Solution) Export() *results.Solution {
	out := &results.Solution{Version: results.SolutionVersion, Params: params, Gap: s.Gap}
	for i := range NumLoadouts {
		for j := range NumLoadouts {
			p := s.Pairings[i][j]
			if p == nil {
				continue
			}
			sp := results.SolvedPairing{A: p.A, B: p.B, Value: p.Value, Lower: p.Lower, Upper: p.Upper, Gap: p.Gap,
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
func Import(r *results.Solution) (*Solution, error) {
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
			States: len(sp.Keys)}
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
	return filepath.Join(dir, "nzsc", fmt.Sprintf("solution-v%d.bin", results.SolutionVersion)), nil
}

// Load reads a saved solution.
func Load(path string) (*Solution, error) {
	r, err := results.LoadSolution(path)
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
func (s *Solution) Save(path string) error { return results.SaveSolution(path, s.Export()) }

// LoadOrSolve returns the solution saved at path (the cache path when
// path is empty). When there is no usable file there (missing, another
// format version, other solver constants, corrupt), it solves the game,
// reporting progress, and saves the result to path; solved says so.
func LoadOrSolve(ctx context.Context, path string, workers int, progress Progress) (s *Solution, solved bool, err error) {
	if path == "" {
		if path, err = CachePath(); err != nil {
			return nil, false, err
		}
	}
	if s, err := Load(path); err == nil {
		return s, false, nil
	}
	s, err = Solve(ctx, workers, progress)
	if err != nil {
		return nil, false, err
	}
	if err := s.Save(path); err != nil {
		return s, true, fmt.Errorf("solve: saving the solution: %w", err)
	}
	return s, true, nil
}
