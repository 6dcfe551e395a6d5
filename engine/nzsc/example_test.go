package nzsc_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// sep separates the i-th of n printed names.
func sep(i, n int) string {
	if i == n-1 {
		return "\n"
	}
	return ", "
}

// Both seats answer every turn at once; Legal lists what a seat may answer.
func ExampleNewGame() {
	s := nzsc.NewGame(nzsc.DefaultRules)
	var buf [nzsc.MaxChoices]nzsc.Choice

	n := s.Legal(0, &buf)
	for i, c := range buf[:n] {
		fmt.Print(c.Name(s.Phase), sep(i, n))
	}

	s.Step(nzsc.Choice(nzsc.Ninja), nzsc.Choice(nzsc.Samurai)) // Ninja's headstart
	s.Step(nzsc.Choice(nzsc.Shadow), nzsc.Choice(nzsc.Strong))
	fmt.Println(s.Loadout(0), "v", s.Loadout(1), "in phase", s.Phase)

	n = s.Legal(1, &buf)
	for i, c := range buf[:n] {
		fmt.Print(c.Name(s.Phase), sep(i, n))
	}

	t := s.Step(nzsc.Choice(nzsc.Nunchucks), nzsc.Choice(nzsc.SamuraiSword))
	fmt.Printf("gained %d-%d, score %d-%d\n", t.Gained(0), t.Gained(1), s.Points(0), s.Points(1))
	// Output:
	// Ninja, Zombie, Samurai, Clown
	// Ninja/Shadow v Samurai/Strong in phase move
	// Samurai Sword, Helmet, Smash, Twist, Bend
	// gained 1-1, score 2-1
}

// Names are read without regard to case or spaces; a name that is not in
// the game is Unknown, which the rules penalize.
func ExampleParseChoice() {
	for _, in := range []struct {
		p    nzsc.Phase
		name string
	}{
		{nzsc.PickCharacter, "  clown"},
		{nzsc.PickBooster, "none"},
		{nzsc.PickMove, "BIG hairy deal"},
		{nzsc.PickMove, "Rock"},
	} {
		c := nzsc.ParseChoice(in.p, in.name)
		fmt.Printf("%q -> %d %s\n", in.name, c, c.Name(in.p))
	}
	// Output:
	// "  clown" -> 3 Clown
	// "none" -> 8 No Booster
	// "BIG hairy deal" -> 27 Big Hairy Deal
	// "Rock" -> 255 nonexistent
}

// RoundPoints reads the outcome table; Smash against Shadow Fireball
// depends on whether the Smash player is Strong.
func ExampleRoundPoints() {
	fmt.Println(nzsc.RoundPoints(nzsc.Kick, nzsc.Muscle, false, false),
		nzsc.RoundPoints(nzsc.Muscle, nzsc.Kick, false, false))
	fmt.Println(nzsc.RoundPoints(nzsc.Smash, nzsc.ShadowFireball, true, false),
		nzsc.RoundPoints(nzsc.ShadowFireball, nzsc.Smash, false, true))
	fmt.Println(nzsc.RoundPoints(nzsc.Smash, nzsc.ShadowFireball, false, false),
		nzsc.RoundPoints(nzsc.ShadowFireball, nzsc.Smash, false, false))
	// Output:
	// 0 1
	// 1 0
	// 0 1
}

// A Turn records what one Step did: offences, points gained, and whether
// the turn was nullified, a clash or a 5-5 setback.
func ExampleTurn() {
	s := nzsc.NewGame(nzsc.DefaultRules)
	t := s.Step(nzsc.Choice(nzsc.Ninja), nzsc.Choice(nzsc.Ninja))
	fmt.Println("clash:", t.Clash())

	s = nzsc.NewRound(nzsc.DefaultRules,
		nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Speedy},
		nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.Atlas})
	t = s.Step(nzsc.Choice(nzsc.ShadowSlip), nzsc.Choice(nzsc.Helmet))
	o := t.Offence(0)
	fmt.Printf("%v for %v costs %d waits; nullified: %v; waits left %d\n",
		o, t.Choice(0).Name(t.Phase()), o.Waits(), t.Nullified(), s.Waits(0))
	// Output:
	// clash: true
	// wrong booster for Shadow Slip costs 2 waits; nullified: true; waits left 2
}

// A game ends when one side reaches five points; the margin is named by the
// loser's score.
func ExampleState_Margin() {
	s := nzsc.NewRound(nzsc.DefaultRules,
		nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.Shadow},
		nzsc.Loadout{Character: nzsc.Zombie, Booster: nzsc.NoBooster})
	s.Step(nzsc.Unknown, nzsc.Choice(nzsc.Muscle)) // all 4 waits gone
	for s.Phase != nzsc.GameOver {
		s.Step(nzsc.Unknown, nzsc.Choice(nzsc.Muscle)) // a point to the Zombie each turn
	}
	fmt.Println(s.Result, s.Points(0), s.Points(1), s.Margin())
	// Output:
	// second seat wins 0 5 Wipeout
}

// A rule variant: the options as --rule gives them, read by ParseRules;
// the game carries its rules.
func ExampleParseRules() {
	r, err := nzsc.ParseRules(map[string]string{"points": "3", "no_booster": "off"})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := nzsc.NewGame(r)
	s.Step(nzsc.Choice(nzsc.Zombie), nzsc.Choice(nzsc.Clown))
	var buf [nzsc.MaxChoices]nzsc.Choice
	n := s.Legal(0, &buf)
	for i, c := range buf[:n] {
		fmt.Print(c.Name(s.Phase), sep(i, n))
	}
	fmt.Println("points to win:", s.Rules().Points, "options:", r.Options())
	// Output:
	// Regenerative, Zombie Corps
	// points to win: 3 options: map[no_booster:off points:3 turn_cap:1000]
}

// MoveNames names a bit set of moves in canonical order, and an empty
// set as an empty list (JSON's [], never null).
func ExampleMoveNames() {
	set := uint32(1)<<nzsc.Zap | 1<<nzsc.Kick | 1<<nzsc.BigHairyDeal
	fmt.Printf("%q\n", nzsc.MoveNames(set))
	empty := nzsc.MoveNames(0)
	fmt.Println(empty != nil, len(empty))
	// Output:
	// ["Kick" "Zap" "Big Hairy Deal"]
	// true 0
}

// A seat's uniform picks, as the random bot reads them from its source:
// a digit of a word per pick, a word every six picks.
func ExampleDigits() {
	src := rng.NewWyrand(42, 0)
	var d nzsc.Digits
	s := nzsc.NewGame(nzsc.DefaultRules)
	for range 3 {
		if d.Spent() {
			d.Fill(src.Uint64())
		}
		c := nzsc.LegalAt(s.LegalMask(0), d.Next())
		fmt.Println(c.Name(s.Phase))
	}
	// Output:
	// Zombie
	// Clown
	// Clown
}
