package nzscn

import (
	"testing"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// TestPosition: positions forget the turn count and, once the move phase
// is reached, how the characters were settled; nothing else.
func TestPosition(t *testing.T) {
	play := func(turns ...Choices) State {
		s := New(3, nzsc.DefaultRules)
		for _, c := range turns {
			s.Step(c)
		}
		return s
	}
	ch := func(a, b, c nzsc.Character) Choices { return Choices{nzsc.Choice(a), nzsc.Choice(b), nzsc.Choice(c)} }
	boost := Choices{nzsc.Choice(nzsc.Shadow), nzsc.Choice(nzsc.Regenerative), nzsc.Choice(nzsc.Atlas)}
	direct := play(ch(nzsc.Ninja, nzsc.Zombie, nzsc.Samurai), boost)
	clashed := play(ch(nzsc.Ninja, nzsc.Ninja, nzsc.Clown), ch(nzsc.Ninja, nzsc.Zombie, nzsc.Samurai), boost)
	if direct == clashed {
		t.Fatal("the games should differ in turns and character streaks")
	}
	if direct.Position() != clashed.Position() {
		t.Errorf("move-phase positions reached through a clash or not differ:\n%+v\n%+v", direct.Position(), clashed.Position())
	}
	// Before the move phase the streaks still bar picks: kept.
	a, b := play(ch(nzsc.Ninja, nzsc.Ninja, nzsc.Clown)), play(ch(nzsc.Zombie, nzsc.Zombie, nzsc.Clown))
	if a.Position() == b.Position() {
		t.Error("character-phase positions with different streaks compare equal")
	}
	// A move played is remembered.
	m := direct
	m.Step(Choices{nzsc.Choice(nzsc.Kick), nzsc.Choice(nzsc.Zap), nzsc.Choice(nzsc.Helmet)})
	if m.Position() == direct.Position() {
		t.Error("a round played leaves the position unchanged")
	}
	if p := m.Position(); p.Turn != 0 || p.TurnCap != 0xFFFF {
		t.Errorf("turn %d cap %d, want 0 and 65535", p.Turn, p.TurnCap)
	}
}
