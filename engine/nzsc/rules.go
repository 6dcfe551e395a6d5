package nzsc

// The rules below are the pieces of a turn that do not depend on there
// being two players, exported so that NZSC for 3 or 4 players (package
// nzscn) plays by the very same code: the penalty clauses of each phase,
// the three-in-a-row rule for moves, and what a round destroys.

// CharacterOffence returns the clause under which picking c is penalized
// for a player whose last character was last, picked streak times in a
// row, or NoOffence when c is legal.
func CharacterOffence(last Character, streak int, c Choice) Offence {
	return characterOffence(last, uint8(min(streak, 0xFF)), DefaultStreak, c)
}

// characterOffence is CharacterOffence when at most limit picks in a row
// are allowed.
func characterOffence(last Character, streak, limit uint8, c Choice) Offence {
	switch {
	case c >= NumCharacters:
		return WrongUniverse
	case streak >= limit && Character(c) == last:
		return FourthInARow
	}
	return NoOffence
}

// BoosterOffence returns the clause under which picking booster c is
// penalized for a player of character ch, or NoOffence when c is legal.
func BoosterOffence(ch Character, c Choice) Offence {
	return boosterOffence(ch, 0, c)
}

// boosterOffence is BoosterOffence when the boosters of the bit set
// banned are forbidden (No Booster, under Rules.BoosterRequired): taking
// one is charged as the wrong booster.
func boosterOffence(ch Character, banned uint32, c Choice) Offence {
	switch {
	case c >= NumBoosters:
		return WrongUniverse
	case Booster(c) != NoBooster && Booster(c).Owner() != ch:
		return WrongCharacter
	case banned>>c&1 == 1:
		return WrongBooster
	}
	return NoOffence
}

// MoveOffence returns the clause under which playing c is penalized for a
// player of loadout l whose destroyed moves are destroyed and whose
// three-in-a-row rule bars blocked (bit sets, bit i = Move i): NoOffence
// when c is legal, Stuck when the player has no legal move at all.
func MoveOffence(l Loadout, destroyed, blocked uint32, c Choice) Offence {
	p := player{character: l.Character, owned: l.Moves(), destroyed: destroyed, blocked: blocked}
	return p.moveOffence(c, p.available())
}

// MoveStreak returns a player's move streak after it plays m, when it
// played last streak rounds in a row before, and the bit set of the move
// the three-in-a-row rule then bars (empty, or m from its third round on).
func MoveStreak(last Move, streak uint8, m Move) (uint8, uint32) {
	return streakAfter(last, streak, m, DefaultStreak)
}

// SingleUseMask and DestructiveMask are the bit sets (bit i = Move i) of
// the single-use moves and of the destructive ones.
const (
	SingleUseMask   = singleUseMask
	DestructiveMask = destructiveMask
)

// PairPoints returns what each side scores in a round in which a player
// plays ma against another's mb: RoundPoints for both sides in one table
// lookup. strongA and strongB say whether each side's booster is Strong.
func PairPoints(ma, mb Move, strongA, strongB bool) (ga, gb uint8) {
	v := roundTable[b2u(strongA)<<1|b2u(strongB)][ma&31][mb&31]
	return uint8(v), uint8(v >> 8)
}

// Boosters returns the boosters character c may take under r, in
// canonical order: c.Boosters(), less No Booster when r.BoosterRequired.
func (r Rules) Boosters(c Character) ([3]Booster, int) {
	bs := c.Boosters()
	if r.BoosterRequired {
		return bs, 2
	}
	return bs, 3
}

// Headstart is the package's Headstart under r: none when
// r.NoHeadstarts.
func (r Rules) Headstart(a, b Character) (ga, gb uint8) {
	if r.NoHeadstarts {
		return 0, 0
	}
	return Headstart(a, b)
}
