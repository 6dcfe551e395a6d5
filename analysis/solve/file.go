package solve

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// params are the constants the saved strategies depend on; a file made
// with others is refused (its strategies would not be recomputed the
// same way).
var params = [4]float64{Discount, Discount2, Noise, signTol}

// Export converts s to its file representation.
func (s *Solution) Export() *SavedSolution {
	r := normalRules(s.Rules)
	r.TurnCap = 0
	out := &SavedSolution{Version: FileVersion, Params: params, GameRules: r, Gap: s.Gap}
	for i := range NumLoadouts {
		for j := range NumLoadouts {
			p := s.Pairings[i][j]
			if p == nil {
				continue
			}
			if p.Mirror != nil {
				out.Pairings = append(out.Pairings, SavedPairing{A: p.A, B: p.B, Value: p.Value, Lower: p.Lower, Upper: p.Upper, Gap: p.Gap, Mirror: true})
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
	rules := r.GameRules
	rules.TurnCap = nzsc.DefaultRules.TurnCap
	if err := rules.Check(); err != nil {
		return nil, fmt.Errorf("solve: solution file: rules: %w", err)
	}
	s := &Solution{Rules: normalRules(rules)}
	for i := range r.Pairings {
		sp := &r.Pairings[i]
		if !validLoadout(sp.A) || !validLoadout(sp.B) || sp.A.Character == sp.B.Character ||
			!allowed(s.Rules, sp.A) || !allowed(s.Rules, sp.B) {
			return nil, fmt.Errorf("solve: solution file: bad pairing %v vs %v", sp.A, sp.B)
		}
		if sp.Mirror {
			continue // linked below, once its reverse is read
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
	for i := range r.Pairings {
		sp := &r.Pairings[i]
		if !sp.Mirror {
			continue
		}
		q := s.Pairings[LoadoutIndex(sp.B)][LoadoutIndex(sp.A)]
		if q == nil || q.Mirror != nil {
			return nil, fmt.Errorf("solve: solution file: %v vs %v mirrors a pairing it lacks", sp.A, sp.B)
		}
		// The values are the reverse's, negated, whatever the file says.
		s.Pairings[LoadoutIndex(sp.A)][LoadoutIndex(sp.B)] = mirrorOf(q)
	}
	for i := range NumLoadouts {
		for j := range NumLoadouts {
			ls := nzsc.Loadouts()
			if ls[i].Character != ls[j].Character && allowed(s.Rules, ls[i]) && allowed(s.Rules, ls[j]) && s.Pairings[i][j] == nil {
				return nil, fmt.Errorf("solve: solution file lacks pairing %v vs %v", ls[i], ls[j])
			}
		}
	}
	s.finish()
	return s, nil
}

func validLoadout(l nzsc.Loadout) bool {
	if l.Character >= nzsc.NumCharacters {
		return false
	}
	return l.Booster == nzsc.NoBooster || l.Booster < nzsc.NoBooster && l.Booster.Owner() == l.Character
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

// CachePathRules returns where the solution of rules r is cached: the
// shared rules' at CachePath, a variant's beside it with its settings in
// the name (solution-vN-points7.bin).
func CachePathRules(r nzsc.Rules) (string, error) {
	path, err := CachePath()
	if err != nil || !r.Variant() {
		return path, err
	}
	return strings.TrimSuffix(path, ".bin") + "-" + variantTag(r) + ".bin", nil
}

// variantTag names the settings of r that differ from the shared rules,
// in a fixed order: "points7-move_streak2-headstartsoff".
func variantTag(r nzsc.Rules) string {
	o := r.Options()
	var parts []string
	for _, k := range []string{"points", "move_streak", "character_streak", "waits", "headstarts", "no_booster"} {
		if v, ok := o[k]; ok {
			parts = append(parts, k+v)
		}
	}
	return strings.Join(parts, "-")
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
	return LoadOrSolveRules(ctx, nzsc.DefaultRules, workers, progress)
}

// LoadOrSolveRules is LoadOrSolve for the rules r, cached at
// CachePathRules(r). When the solution cannot be cached (no cache
// directory, a read-only one), it returns the solution it solved with
// that error: the caller may play it and say why the next run solves
// again.
func LoadOrSolveRules(ctx context.Context, r nzsc.Rules, workers int, progress Progress) (s *Solution, solved bool, err error) {
	path, perr := CachePathRules(r)
	if perr == nil {
		if s, err := Load(path); err == nil && s.Rules == normalRules(r) {
			return s, false, nil
		}
	}
	s, err = SolveRules(ctx, r, workers, progress)
	if err != nil {
		return nil, false, err
	}
	if perr != nil {
		return s, true, fmt.Errorf("solve: the solution is not cached: %w", perr)
	}
	if err := s.Save(path); err != nil {
		return s, true, fmt.Errorf("solve: caching the solution: %w", err)
	}
	return s, true, nil
}
