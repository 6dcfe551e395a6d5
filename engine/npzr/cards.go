package npzr

import "strings"

// Character is one of the four characters, in the rules' order.
type Character uint8

// The characters.
const (
	Ninja Character = iota
	Pirate
	Zombie
	Robot
	NumCharacters = 4
)

var characterNames = [NumCharacters]string{"Ninja", "Pirate", "Zombie", "Robot"}

func (c Character) String() string {
	if c < NumCharacters {
		return characterNames[c]
	}
	return "?"
}

// Part is a pile of a stack: head, torso or legs.
type Part uint8

// The parts.
const (
	Head Part = iota
	Torso
	Legs
	NumParts = 3
)

var partNames = [NumParts]string{"Head", "Torso", "Legs"}

func (p Part) String() string {
	if p < NumParts {
		return partNames[p]
	}
	return "?"
}

// Kind is a kind of card. The twelve regular kinds are numbered
// character·3 + part (Ninja Head 0, Ninja Torso 1, …, Robot Legs 11), so a
// regular kind is also a nomination: what a card counts as on a pile.
// Then come the character wilds (Wild Ninja 12 … Wild Robot 15), the part
// wilds (Wild Head 16, Wild Torso 17, Wild Legs 18) and the universal
// Wild (19).
type Kind uint8

// Kinds of cards.
const (
	NumRegular      = 12
	WildNinja  Kind = 12
	WildHead   Kind = 16
	Wild       Kind = 19
	NumKinds        = 20
	// NoCard marks an empty pile in an observation.
	NoCard Kind = 0xFF
)

// RegularKind returns the regular kind of character c and part p.
func RegularKind(c Character, p Part) Kind { return Kind(c)*3 + Kind(p) }

// Character returns a regular kind's (or a nomination's) character.
func (k Kind) Character() Character { return Character(k / 3) }

// Part returns a regular kind's (or a nomination's) part.
func (k Kind) Part() Part { return Part(k % 3) }

// IsWild reports whether k is a wild card.
func (k Kind) IsWild() bool { return k >= NumRegular && k < NumKinds }

// Nominations returns the set of regular kinds k may count as, bit n for
// regular kind n: a regular card only itself, a character wild its
// character's three parts, a part wild its part of the four characters,
// the universal wild all twelve.
func (k Kind) Nominations() uint16 {
	if k < NumKinds {
		return nominations[k]
	}
	return 0
}

var nominations = func() (n [NumKinds]uint16) {
	for k := range Kind(NumRegular) {
		n[k] = 1 << k
	}
	for c := range Character(NumCharacters) {
		n[WildNinja+Kind(c)] = 7 << (3 * c)
	}
	for p := range Part(NumParts) {
		n[WildHead+Kind(p)] = 01111 << p // bits p, p+3, p+6, p+9
	}
	n[Wild] = 1<<NumRegular - 1
	return n
}()

// String names a kind as the docs do: "Ninja Head", "Wild Pirate",
// "Wild Torso", "Wild".
func (k Kind) String() string {
	switch {
	case k < NumRegular:
		return k.Character().String() + " " + k.Part().String()
	case k < WildHead:
		return "Wild " + Character(k-WildNinja).String()
	case k < Wild:
		return "Wild " + Part(k-WildHead).String()
	case k == Wild:
		return "Wild"
	}
	return "?"
}

// ParseKind reads a kind's name, ignoring case and extra spaces.
func ParseKind(s string) (Kind, bool) {
	s = strings.Join(strings.Fields(s), " ")
	for k := range Kind(NumKinds) {
		if strings.EqualFold(s, k.String()) {
			return k, true
		}
	}
	return 0, false
}

// Card identities. Every physical card of the largest deck has an id:
// regular kind k's copies are ids 4k … 4k+3 (a deck with fewer copies
// uses the first of them), the wilds are ids 48 … 55 in kind order. Sets
// of cards (hands, the scored cards) are bit sets over ids, and a pile is
// a list linked through ids.
const (
	// MaxCards is the number of cards of the largest deck (4 copies).
	MaxCards = 56
	// MaxCopies is the most copies of each regular card.
	MaxCopies = 4
	firstWild = NumRegular * MaxCopies
	none      = 0xFF
	// regularCards is the set of every regular card's id.
	regularCards uint64 = 1<<firstWild - 1
)

// kindOf is the kind of each card id.
var kindOf = func() (t [MaxCards]Kind) {
	for id := range MaxCards {
		if id < firstWild {
			t[id] = Kind(id / MaxCopies)
		} else {
			t[id] = Kind(NumRegular + id - firstWild)
		}
	}
	return t
}()

// kindCards is the set of ids of each kind.
var kindCards = func() (t [NumKinds]uint64) {
	for id := range MaxCards {
		t[kindOf[id]] |= 1 << id
	}
	return t
}()

// deckCards returns the set of ids in a deck with copies copies of each
// regular card.
func deckCards(copies int) uint64 {
	var set uint64
	for k := range NumRegular {
		set |= (1<<copies - 1) << (MaxCopies * k)
	}
	return set | (1<<MaxCards-1)&^regularCards
}
