package npzr

import "testing"

// keyView is what Key must hash, read from the two seats' observations:
// the observations with what Key leaves out cleared (the deck, the turn
// and step counts, how often a character was scored beyond once).
func keyView(s *State) [2]Observation {
	var v [2]Observation
	for seat := range 2 {
		o := &v[seat]
		s.Observe(seat, o)
		o.Steps, o.Turns, o.Deck, o.DeckFrom, o.Reshuffles = 0, 0, 0, [NumKinds]uint8{}, 0
		for p := range 2 {
			for c := range NumCharacters {
				o.Scores[p][c] = min(o.Scores[p][c], 1)
			}
		}
	}
	return v
}

// TestKey checks State.Key against the observations: over the positions
// of random games and every position one action from them, two positions
// have the same key exactly when both seats see the same (less what Key
// leaves out). Positions reached by placing two cards in either order are
// among them, and must share a key.
func TestKey(t *testing.T) {
	byKey := map[uint64][2]Observation{}
	byView := map[[2]Observation]uint64{}
	check := func(s *State) {
		if s.Over() {
			return
		}
		k, v := s.Key(), keyView(s)
		if w, ok := byKey[k]; ok && w != v {
			t.Fatalf("step %d: two different positions share key %#x", s.Steps(), k)
		}
		if k2, ok := byView[v]; ok && k2 != k {
			t.Fatalf("step %d: one position has keys %#x and %#x", s.Steps(), k, k2)
		}
		byKey[k], byView[v] = v, k
	}
	swaps := 0
	var buf, buf2 [MaxLegal]Action
	games := uint64(30)
	if testing.Short() {
		games = 8
	}
	for seed := range games {
		s, _ := New(DefaultRules, seed)
		r := seedSource(seed)
		for !s.Over() {
			legal := s.Legal(buf[:0])
			for _, a := range legal {
				x := s
				x.Step(a)
				check(&x)
				// The same two placements in the other order.
				if x.Over() || x.Turns() != s.Turns() || x.Phase() != Play || !a.IsPlay() || a.Target() == NewStack {
					continue
				}
				for _, b := range x.Legal(buf2[:0]) {
					if !b.IsPlay() || b.Target() == NewStack || b.Target() == a.Target() || !s.IsLegal(b) {
						continue
					}
					y, z := x, s
					y.Step(b)
					z.Step(b)
					if z.Over() || z.Turns() != s.Turns() || !z.IsLegal(a) || y.Over() {
						continue
					}
					z.Step(a)
					if y.Key() != z.Key() {
						t.Fatalf("seed %d step %d: two orders of the same placements give keys %#x and %#x", seed, s.Steps(), y.Key(), z.Key())
					}
					swaps++
					break
				}
			}
			check(&s)
			s.Step(s.RandomAction(&r))
		}
	}
	if swaps < 50 || len(byKey) < 5000 {
		t.Errorf("only %d swapped orders and %d positions checked", swaps, len(byKey))
	}
	t.Logf("%d positions, %d swapped orders", len(byKey), swaps)
}
