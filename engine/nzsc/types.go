package nzsc

import (
	"strings"
	"unicode"
)

// Character is one of the four characters, in canonical order.
type Character uint8

// The characters, in canonical order.
const (
	Ninja Character = iota
	Zombie
	Samurai
	Clown
	NumCharacters = 4
)

// NoCharacter marks a player that has not settled on a character yet.
const NoCharacter Character = 0xFF

var characterNames = [NumCharacters]string{"Ninja", "Zombie", "Samurai", "Clown"}

// String returns the character's display name.
func (c Character) String() string {
	if c < NumCharacters {
		return characterNames[c]
	}
	return "no character"
}

// Booster is one of the eight boosters or NoBooster.
type Booster uint8

// The boosters: each character owns two, in character order, then NoBooster.
const (
	Shadow Booster = iota
	Speedy
	Regenerative
	ZombieCorps
	Atlas
	Strong
	Backwards
	Moustachio
	NoBooster
	NumBoosters = 9
)

var boosterNames = [NumBoosters]string{
	"Shadow", "Speedy", "Regenerative", "Zombie Corps", "Atlas", "Strong",
	"Backwards", "Moustachio", "No Booster",
}

// String returns the booster's display name.
func (b Booster) String() string {
	if b < NumBoosters {
		return boosterNames[b]
	}
	return "unknown booster"
}

// Owner returns the character a booster belongs to; NoBooster belongs to
// every character and reports NoCharacter.
func (b Booster) Owner() Character {
	if b >= NoBooster {
		return NoCharacter
	}
	return Character(b / 2)
}

// Boosters returns a character's canonical booster list: its two, then
// NoBooster.
func (c Character) Boosters() [3]Booster {
	return [3]Booster{Booster(2 * c), Booster(2*c + 1), NoBooster}
}

// Move is one of the 28 moves, numbered as the outcome table's axes. Every
// character's three base moves come right before its boosters' moves, so a
// player's canonical move order (base moves, then booster moves) is
// ascending Move order.
type Move uint8

// The 28 moves in outcome-table order.
const (
	Kick Move = iota
	NinjaSword
	Nunchucks
	ShadowFireball
	ShadowSlip
	RunInCircles
	LightningFastKarateChop
	Rampage
	Muscle
	Zap
	Regenerate
	Gravedigger
	ZombieCorpsMove
	Apocalypse
	SamuraiSword
	Helmet
	Smash
	Lightning
	Earthquake
	Twist
	Bend
	JugglingKnives
	AcidSpray
	Nose
	BackwardsMoustachio
	NoseOfTheTaunted
	MustacheMash
	BigHairyDeal
	NumMoves = 28
)

var moveNames = [NumMoves]string{
	"Kick", "Ninja Sword", "Nunchucks", "Shadow Fireball", "Shadow Slip",
	"Run in Circles", "Lightning Fast Karate Chop", "Rampage", "Muscle", "Zap",
	"Regenerate", "Gravedigger", "Zombie Corps", "Apocalypse", "Samurai Sword",
	"Helmet", "Smash", "Lightning", "Earthquake", "Twist", "Bend",
	"Juggling Knives", "Acid Spray", "Nose", "Backwards Moustachio",
	"Nose of the Taunted", "Mustache Mash", "Big Hairy Deal",
}

// String returns the move's display name.
func (m Move) String() string {
	if m < NumMoves {
		return moveNames[m]
	}
	return "unknown move"
}

// moveSource tells which character owns a move and, for a booster move,
// which booster (NoBooster for a base move).
func (m Move) source() (Character, Booster) {
	// Each character spans 7 consecutive moves: 3 base, 2+2 booster.
	c := Character(m / 7)
	k := m % 7
	if k < 3 {
		return c, NoBooster
	}
	return c, Booster(2*uint8(c) + (uint8(k)-3)/2)
}

// Owner returns the character whose base or booster move m is.
func (m Move) Owner() Character { c, _ := m.source(); return c }

// Booster returns the booster that grants m, or NoBooster for a base move.
func (m Move) Booster() Booster { _, b := m.source(); return b }

// SingleUse reports whether playing m destroys it for its player.
func (m Move) SingleUse() bool { return singleUseMask>>m&1 == 1 }

// Destructive reports whether playing m destroys the opponent's move.
func (m Move) Destructive() bool { return destructiveMask>>m&1 == 1 }

const (
	singleUseMask   uint32 = 1<<Zap | 1<<Regenerate | 1<<AcidSpray
	destructiveMask uint32 = 1<<Zap | 1<<AcidSpray
)

// Loadout is a (character, booster) pair; there are 12 with a booster of the
// character's own and 4 with NoBooster.
type Loadout struct {
	Character Character
	Booster   Booster
}

// String returns a name such as "Clown/Moustachio".
func (l Loadout) String() string { return l.Character.String() + "/" + l.Booster.String() }

// Moves returns the bit set (bit i = Move i) of the moves the loadout grants.
func (l Loadout) Moves() uint32 { return loadoutMoves(l.Character, l.Booster) }

func loadoutMoves(c Character, b Booster) uint32 {
	// Masking the indices lets the compiler drop bounds checks; callers
	// pass settled characters and boosters.
	return loadoutMoveTable[c&3][b&15]
}

// loadoutMoveTable[c][b] is the move set of character c with booster b
// (empty for a booster of another character).
var loadoutMoveTable = func() (t [NumCharacters][16]uint32) {
	for c := range t {
		for _, b := range Character(c).Boosters() {
			m := uint32(0b111) << (7 * uint32(c))
			if b != NoBooster {
				m |= uint32(0b11) << (7*uint32(c) + 3 + 2*(uint32(b)%2))
			}
			t[c][b] = m
		}
	}
	return t
}()

// NumLoadouts is the number of loadouts: each character with its two
// boosters or none.
const NumLoadouts = 3 * NumCharacters

// Index returns l's position in Loadouts(): character-major, then the
// character's canonical booster list (its two, then No Booster). It
// returns -1 for an unsettled or impossible loadout.
func (l Loadout) Index() int {
	if l.Character >= NumCharacters {
		return -1
	}
	switch {
	case l.Booster == NoBooster:
		return 3*int(l.Character) + 2
	case l.Booster.Owner() == l.Character:
		return 3*int(l.Character) + int(l.Booster)%2
	}
	return -1
}

// LoadoutAt is the inverse of Loadout.Index.
func LoadoutAt(i int) Loadout {
	c := Character(i / 3)
	return Loadout{Character: c, Booster: c.Boosters()[i%3]}
}

// Loadouts lists every legal loadout in canonical order: characters in
// order, each with its canonical booster list.
func Loadouts() []Loadout {
	out := make([]Loadout, 0, 3*NumCharacters)
	for c := Character(0); c < NumCharacters; c++ {
		for _, b := range c.Boosters() {
			out = append(out, Loadout{c, b})
		}
	}
	return out
}

// Normalize folds a name the way the rules read names: case-insensitive,
// with all whitespace removed.
func Normalize(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return unicode.ToLower(r)
	}, s)
}

var (
	characterByName = map[string]Character{}
	boosterByName   = map[string]Booster{"none": NoBooster}
	moveByName      = map[string]Move{}
)

func init() {
	for i, n := range characterNames {
		characterByName[Normalize(n)] = Character(i)
	}
	for i, n := range boosterNames {
		boosterByName[Normalize(n)] = Booster(i)
	}
	for i, n := range moveNames {
		moveByName[Normalize(n)] = Move(i)
	}
}

// ParseCharacter reads a character name.
func ParseCharacter(s string) (Character, bool) {
	c, ok := characterByName[Normalize(s)]
	return c, ok
}

// ParseBooster reads a booster name; "none" and "No Booster" both mean
// NoBooster.
func ParseBooster(s string) (Booster, bool) {
	b, ok := boosterByName[Normalize(s)]
	return b, ok
}

// ParseMove reads a move name.
func ParseMove(s string) (Move, bool) {
	m, ok := moveByName[Normalize(s)]
	return m, ok
}
