package nzsc

import "testing"

// TestUnownedByDigit checks what unownedByDigit relies on: a booster's
// place in its character's list fixes which window moves are not owned,
// whatever the character.
func TestUnownedByDigit(t *testing.T) {
	for _, l := range Loadouts() {
		la := loadoutIndex(l.Character, l.Booster)
		if got := unownedByDigit[la&3]; got != loadoutLanes[la] {
			t.Errorf("%v: unowned lanes %#x, want %#x", l, got, loadoutLanes[la])
		}
	}
}
