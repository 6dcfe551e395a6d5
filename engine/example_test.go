package engine_test

import (
	"fmt"

	"github.com/nzsclab/nzsc/engine"
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
	s := engine.NewGame(engine.DefaultRules)
	var buf [engine.MaxChoices]engine.Choice

	n := s.Legal(0, &buf)
	for i, c := range buf[:n] {
		fmt.Print(c.Name(s.Phase), sep(i, n))
	}

	s.Step(engine.Choice(engine.Ninja), engine.Choice(engine.Samurai)) // Ninja's headstart
	s.Step(engine.Choice(engine.Shadow), engine.Choice(engine.Strong))
	fmt.Println(s.Loadout(0), "v", s.Loadout(1), "in phase", s.Phase)

	n = s.Legal(1, &buf)
	for i, c := range buf[:n] {
		fmt.Print(c.Name(s.Phase), sep(i, n))
	}

	t := s.Step(engine.Choice(engine.Nunchucks), engine.Choice(engine.SamuraiSword))
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
		p    engine.Phase
		name string
	}{
		{engine.PickCharacter, "  clown"},
		{engine.PickBooster, "none"},
		{engine.PickMove, "BIG hairy deal"},
		{engine.PickMove, "Rock"},
	} {
		c := engine.ParseChoice(in.p, in.name)
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
	fmt.Println(engine.RoundPoints(engine.Kick, engine.Muscle, false, false),
		engine.RoundPoints(engine.Muscle, engine.Kick, false, false))
	fmt.Println(engine.RoundPoints(engine.Smash, engine.ShadowFireball, true, false),
		engine.RoundPoints(engine.ShadowFireball, engine.Smash, false, true))
	fmt.Println(engine.RoundPoints(engine.Smash, engine.ShadowFireball, false, false),
		engine.RoundPoints(engine.ShadowFireball, engine.Smash, false, false))
	// Output:
	// 0 1
	// 1 0
	// 0 1
}

// A Turn records what one Step did: offences, points gained, and whether
// the turn was nullified, a clash or a 5-5 setback.
func ExampleTurn() {
	s := engine.NewGame(engine.DefaultRules)
	t := s.Step(engine.Choice(engine.Ninja), engine.Choice(engine.Ninja))
	fmt.Println("clash:", t.Clash())

	s = engine.NewRound(engine.DefaultRules,
		engine.Loadout{Character: engine.Ninja, Booster: engine.Speedy},
		engine.Loadout{Character: engine.Samurai, Booster: engine.Atlas})
	t = s.Step(engine.Choice(engine.ShadowSlip), engine.Choice(engine.Helmet))
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
	s := engine.NewRound(engine.DefaultRules,
		engine.Loadout{Character: engine.Ninja, Booster: engine.Shadow},
		engine.Loadout{Character: engine.Zombie, Booster: engine.NoBooster})
	s.Step(engine.Unknown, engine.Choice(engine.Muscle)) // all 4 waits gone
	for s.Phase != engine.GameOver {
		s.Step(engine.Unknown, engine.Choice(engine.Muscle)) // a point to the Zombie each turn
	}
	fmt.Println(s.Result, s.Points(0), s.Points(1), s.Margin())
	// Output:
	// second seat wins 0 5 Wipeout
}

// A rule variant: the options as --rule gives them, read by ParseRules;
// the game carries its rules.
func ExampleParseRules() {
	r, err := engine.ParseRules(map[string]string{"points": "3", "no_booster": "off"})
	if err != nil {
		fmt.Println(err)
		return
	}
	s := engine.NewGame(r)
	s.Step(engine.Choice(engine.Zombie), engine.Choice(engine.Clown))
	var buf [engine.MaxChoices]engine.Choice
	n := s.Legal(0, &buf)
	for i, c := range buf[:n] {
		fmt.Print(c.Name(s.Phase), sep(i, n))
	}
	fmt.Println("points to win:", s.Rules().Points, "options:", r.Options())
	// Output:
	// Regenerative, Zombie Corps
	// points to win: 3 options: map[no_booster:off points:3 turn_cap:1000]
}
