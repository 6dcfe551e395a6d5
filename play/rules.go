package play

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/engine/nzsc"
)

// WriteReference writes the player's reference card: what to choose in
// each step, what every character and booster brings, and what illegal
// choices cost. The lists come from the engine, so they cannot drift
// from the rules the engine plays.
func WriteReference(w io.Writer, rules nzsc.Rules) { writeReference(w, rules, 2) }

// writeReference is WriteReference for a table of players seats: at 3
// or 4 each rule is said as it plays there (the shared rulebook's
// free-for-all section), not as at two with the differences after it.
func writeReference(w io.Writer, rules nzsc.Rules, players int) {
	c := card{rules: rules, r: rules.Normalized(), players: players}
	c.p("NZSC (Ninja Zombie Samurai Clown): the player's reference\n\n")
	c.aim()
	c.characters()
	c.boosters()
	c.rounds()
	c.end()
	c.penalties()
	c.p("Names ignore case and spaces: \"big hairy deal\" and \"BigHairyDeal\" are the same.\n")
	io.WriteString(w, c.b.String())
}

// card is a reference card being written, a section at a time: the
// rules as given (their turn cap) and normalized (r), at a table of
// players seats.
type card struct {
	b       strings.Builder
	rules   nzsc.Rules
	r       nzsc.Rules
	players int
}

func (c *card) p(format string, a ...any) { fmt.Fprintf(&c.b, format, a...) }

// two picks the words of a table of two or of more.
func (c *card) two(atTwo, more string) string {
	if c.players == 2 {
		return atTwo
	}
	return more
}

// aim is the card's first paragraph: the points to reach, the waits
// everyone starts with, the simultaneous choices.
func (c *card) aim() {
	r := &c.r
	if c.players == 2 {
		c.p("Aim: reach %d points first. Both players start with 0 points and %d waits,\n", r.Points, r.Waits)
		c.p("and in every step both choose at the same time.\n\n")
	} else {
		c.p("Aim: reach %d points first. All %d players start with 0 points and %d waits,\n", r.Points, c.players, r.Waits)
		c.p("and in every step all choose at the same time.\n\n")
	}
}

// characters is step 1: the characters, clashes, the streak limit and
// the headstarts (from the engine's table).
func (c *card) characters() {
	r := &c.r
	c.p("1. Characters: %s.\n", joinCharacters())
	c.p("%s", c.two("   Choosing the same character as the opponent means both choose again.\n",
		"   When any two choose the same character, everyone chooses again.\n"))
	c.p("   Nobody may choose one character %s times in a row.\n", cardinal(int(r.CharacterStreak)+1))
	if r.NoHeadstarts {
		c.p("   No headstarts in this variant: settling the characters scores nothing.\n\n")
		return
	}
	c.p("%s", c.two("   Headstarts, 1 point when the characters are settled:\n",
		"   Headstarts, when the characters are settled: 1 point for each opponent\n   whose character yours has a headstart over:\n"))
	for ch := nzsc.Character(0); ch < nzsc.NumCharacters; ch++ {
		for d := nzsc.Character(0); d < nzsc.NumCharacters; d++ {
			if g, _ := nzsc.Headstart(ch, d); g > 0 {
				c.p("     %s over %s\n", ch, d)
			}
		}
	}
	c.p("   Zombie neither gives nor gets a headstart.\n\n")
}

// boosters is step 2: each character's boosters and the moves each
// brings (from the engine's loadouts).
func (c *card) boosters() {
	if c.r.BoosterRequired {
		c.p("2. Boosters: one of the character's two (No Booster is not allowed in this\n   variant).\n")
	} else {
		c.p("2. Boosters: one of the character's two, or No Booster (\"none\").\n")
	}
	c.p("   Moves: the character's three base moves, plus the booster's two.\n")
	for ch := nzsc.Character(0); ch < nzsc.NumCharacters; ch++ {
		bs := ch.Boosters()
		base := nzsc.Loadout{Character: ch, Booster: nzsc.NoBooster}.Moves()
		c.p("   %-8s base moves: %s\n", ch, joinMoves(base))
		for _, bo := range bs[:2] {
			own := nzsc.Loadout{Character: ch, Booster: bo}.Moves() &^ base
			c.p("   %-8s %-13s %s\n", "", bo.String()+":", joinMoves(own))
		}
	}
	c.p("\n")
}

// rounds is step 3: how a round scores, single-use and destructive
// moves, the move streak limit, Smash against Shadow Fireball.
func (c *card) rounds() {
	c.p("%s", c.two("3. Rounds: both play one of their moves; each scores the points its move\n   earns against the other's ('nzsc rules MOVE MOVE' tells for any pair).\n",
		"3. Rounds: everyone plays one of their moves; each scores, against each\n   opponent, the points its move earns against theirs ('nzsc rules MOVE MOVE'\n   tells for any pair).\n"))
	c.p("   Single-use (gone for its player once played): %s.\n", joinMoves(movesWhere(nzsc.Move.SingleUse)))
	c.p("   Destructive (also destroys %s of that round): %s.\n", c.two("the opponent's move", "every opponent's move"), joinMoves(movesWhere(nzsc.Move.Destructive)))
	c.p("   A move cannot be played once destroyed, nor after being played in each\n")
	c.p("   of the last %s rounds.\n", cardinal(int(c.r.MoveStreak)))
	c.p("   Smash against Shadow Fireball: Smash scores only for a player whose\n")
	c.p("   booster is Strong; otherwise Shadow Fireball scores.\n\n")
}

// end is step 4: the win, the tie at the winning score, the margins'
// names and the turn cap.
func (c *card) end() {
	r := &c.r
	switch {
	case c.players > 2:
		// The rule options are two-player NZSC's: at 3 or 4 the game is
		// played to 5 (nzscn).
		c.p("4. The end: 5 points alone wins. When two or more players have 5 or more\n")
		c.p("   after a turn, every score goes down by 1 until no one has more than 5,\n")
		c.p("   and once more if two or more still have 5 (never below 0): 6-6-3 becomes\n")
		c.p("   4-4-1 and play goes on, 7-5-2 becomes 5-3-0 and the first wins. The\n")
		c.p("   others are placed by score, equal scores sharing a place. A game still\n")
		c.p("   going after %d turns (all steps counted) is a draw.\n\n", c.rules.TurnCap)
	case r.Points == nzsc.WinningPoints:
		c.p("4. The end: 5 points wins. When both reach 5 together, both go back to 4\n")
		c.p("   and play on. Margins: 5-0 Wipeout, 5-1 Annihilation, 5-2 Obliteration,\n")
		c.p("   5-3 Hypnotization, 5-4 Clinch. A game still going after %d turns\n", c.rules.TurnCap)
	default:
		c.p("4. The end: %d points wins. When both reach %d together, both go back to %d\n", r.Points, r.Points, r.Points-1)
		c.p("   and play on. A game still going after %d turns\n", c.rules.TurnCap)
	}
	if c.players == 2 {
		c.p("   (all steps counted) is a draw.\n\n")
	}
}

// penalties is the last section: what each illegal choice costs (the
// engine's waits), running out of waits, and being stuck.
func (c *card) penalties() {
	r := &c.r
	c.p("Penalties. An illegal choice cancels the whole turn for %s (no\n", c.two("both players", "everyone"))
	c.p("points, nothing destroyed) and costs the offender waits, by the first\n")
	c.p("clause that fits:\n")
	c.p("   character  does not exist %d; %s time in a row %d\n", nzsc.WrongUniverse.Waits(), ordinal(int(r.CharacterStreak)+1), nzsc.FourthInARow.Waits())
	c.p("   booster    does not exist %d; another character's %d\n", nzsc.WrongUniverse.Waits(), nzsc.WrongCharacter.Waits())
	c.p("   move       destroyed or does not exist %d; %s time in a row %d;\n", nzsc.DestroyedMove.Waits(), ordinal(int(r.MoveStreak)+1), nzsc.FourthInARow.Waits())
	c.p("              the other booster's move (any booster move after No Booster) %d;\n", nzsc.WrongBooster.Waits())
	c.p("              another character's move %d\n", nzsc.WrongCharacter.Waits())
	c.p("A player without enough waits drops to 0 and %s scores 1 point.\n", c.two("the opponent", "every opponent"))
	c.p("A player left with no legal move passes every round and is charged %d waits%s.\n\n", nzsc.Stuck.Waits(),
		c.two("", ";\nthe others play the round on, and nobody scores against the one who passed"))
}

func joinCharacters() string {
	var s []string
	for c := nzsc.Character(0); c < nzsc.NumCharacters; c++ {
		s = append(s, c.String())
	}
	return strings.Join(s, ", ")
}

// joinMoves lists the moves of a bit set in canonical order.
func joinMoves(set uint32) string {
	return strings.Join(nzsc.MoveNames(set), ", ")
}

func movesWhere(f func(nzsc.Move) bool) uint32 {
	var set uint32
	for m := nzsc.Move(0); m < nzsc.NumMoves; m++ {
		if f(m) {
			set |= 1 << m
		}
	}
	return set
}

// Meet explains what happens when moves a and b meet in a round: who
// scores, the Smash/Shadow Fireball booster rule where it applies, what
// gets destroyed, and whether the pair can meet at all.
func Meet(a, b nzsc.Move) []string {
	var out []string
	add := func(format string, x ...any) { out = append(out, fmt.Sprintf(format, x...)) }
	pa, pb := nzsc.RoundPoints(a, b, false, false), nzsc.RoundPoints(b, a, false, false)
	sa, sb := nzsc.RoundPoints(a, b, true, true), nzsc.RoundPoints(b, a, true, true)
	if pa != sa || pb != sb {
		smash, fireball := a, b
		if b == nzsc.Smash {
			smash, fireball = b, a
		}
		add("%s against %s: it depends on the booster of the player with %s.", a, b, smash)
		add("If it is Strong, %s scores a point and %s does not;", smash, fireball)
		add("otherwise %s scores a point and %s does not.", fireball, smash)
	} else {
		add("%s against %s: %s (%s %d, %s %d).", a, b, whoScores(a, b, pa, pb), a, pa, b, pb)
	}
	for i, m := range [2][2]nzsc.Move{{a, b}, {b, a}} {
		if m[0].Destructive() && (i == 0 || a != b) {
			add("%s destroys the opponent's %s for the rest of the game.", m[0], m[1])
		}
	}
	for i, m := range [2]nzsc.Move{a, b} {
		if m.SingleUse() && (i == 0 || a != b) {
			add("%s is single-use: its player cannot play it again.", m)
		}
	}
	if a.Owner() == b.Owner() {
		add("In a game these two never meet: both are %s moves, and the players' characters always differ.", a.Owner())
	}
	return out
}

func whoScores(a, b nzsc.Move, pa, pb uint8) string {
	switch {
	case pa > 0 && pb > 0:
		return "both score a point"
	case pa > 0:
		return a.String() + " scores a point"
	case pb > 0:
		return b.String() + " scores a point"
	}
	return "neither scores"
}

// cardinal spells the small numbers of the streak limits ("four").
func cardinal(n int) string {
	if n >= 1 && n <= 5 {
		return [...]string{"one", "two", "three", "four", "five"}[n-1]
	}
	return strconv.Itoa(n)
}
