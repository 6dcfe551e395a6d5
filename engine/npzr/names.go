package npzr

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
)

// Action names (docs/npzr.md). Stacks are numbered from 1 in order of
// creation; a pile is written "stack.part" with the part in lower case:
//
//	play Ninja Head on 2
//	play Ninja Head new
//	play Wild Torso as Pirate Torso on 2
//	play Wild as Robot Legs new
//	move 1.head to 3
//	move 1.legs as Zombie Torso to 3
//	move 2.torso new
//	decline
//
// A wild's nomination ("as …") is always written; a regular card's never
// (ParseAction accepts it when it names the card itself). The pile a card
// goes on is the part it counts as, so a target is a stack only;
// ParseAction accepts "on 2.torso" when the part agrees.

// Name names a, an action of the state o observes.
func (o *Observation) Name(a Action) string {
	tgt := func(word string) string {
		if a.Target() == NewStack {
			return "new"
		}
		return word + " " + strconv.Itoa(a.Target()+1)
	}
	switch {
	case a.IsDecline():
		return "decline"
	case a.IsPlay():
		k := a.Card()
		if k >= NumKinds || a.As() >= NumRegular {
			return fmt.Sprintf("action %#x", uint32(a))
		}
		if k.IsWild() {
			return "play " + k.String() + " as " + a.As().String() + " " + tgt("on")
		}
		return "play " + k.String() + " " + tgt("on")
	case a.IsMove():
		from, p := a.From()
		if p >= NumParts || a.As() >= NumRegular {
			return fmt.Sprintf("action %#x", uint32(a))
		}
		src := strconv.Itoa(from+1) + "." + strings.ToLower(p.String())
		if from < o.Stacks && o.Top[from][p].Kind.IsWild() {
			return "move " + src + " as " + a.As().String() + " " + tgt("to")
		}
		return "move " + src + " " + tgt("to")
	}
	return fmt.Sprintf("action %#x", uint32(a))
}

// ActionString implements game.Observation.
func (o *Observation) ActionString(a game.Action) string { return o.Name(Action(a)) }

// ParseAction implements game.Observation: it reads a name written as
// Name writes it (case and spacing aside). A name naming a card or pile
// that is not there reads as the action it spells, which Legal does not
// contain; a name that spells no action is an error saying why.
func (o *Observation) ParseAction(s string) (game.Action, error) {
	a, err := o.Parse(s)
	return game.Action(a), err
}

// Parse reads an action's name; see ParseAction.
func (o *Observation) Parse(s string) (Action, error) {
	words := strings.Fields(strings.ToLower(s))
	if len(words) == 0 {
		return 0, fmt.Errorf("npzr: empty action")
	}
	switch words[0] {
	case "decline", "pass":
		if len(words) != 1 {
			return 0, fmt.Errorf("npzr: %q: decline takes nothing more", s)
		}
		return Decline, nil
	case "play":
		card, rest, ok := cutKind(words[1:])
		if !ok {
			return 0, fmt.Errorf("npzr: %q: play what? Name a card, such as \"Ninja Head\", \"Wild Pirate\", \"Wild Torso\" or \"Wild\"", s)
		}
		as, rest, err := parseAs(card, rest, s)
		if err != nil {
			return 0, err
		}
		t, err := parseTarget(as, rest, "on", s)
		if err != nil {
			return 0, err
		}
		return PlayAction(card, as, t), nil
	case "move":
		if len(words) < 2 {
			return 0, fmt.Errorf("npzr: %q: move which pile? Write it as 1.head", s)
		}
		from, p, ok := parsePile(words[1])
		if !ok || p >= NumParts {
			return 0, fmt.Errorf("npzr: %q: %q is not a pile; write a stack number and a part, such as 1.head", s, words[1])
		}
		card := NoCard
		if from < o.Stacks {
			card = o.Top[from][p].Kind
		}
		as, rest := RegularKind(0, p), words[2:]
		if card != NoCard || len(rest) > 0 && rest[0] == "as" {
			if card == NoCard {
				// Nothing there: the action is spelled, never legal.
				card = Wild
			}
			var err error
			if as, rest, err = parseAs(card, rest, s); err != nil {
				return 0, err
			}
		}
		t, err := parseTarget(as, rest, "to", s)
		if err != nil {
			return 0, err
		}
		from = min(from, 62) // beyond any stack: spelled, never legal
		return MoveAction(from, p, as, t), nil
	}
	return 0, fmt.Errorf("npzr: %q: an action starts with play, move or decline", s)
}

// cutKind reads the longest card name at the start of words.
func cutKind(words []string) (Kind, []string, bool) {
	for n := min(len(words), 2); n >= 1; n-- {
		if k, ok := ParseKind(strings.Join(words[:n], " ")); ok {
			return k, words[n:], true
		}
	}
	return 0, words, false
}

// parseAs reads "as <regular card>" when card is wild; for a regular card
// it accepts only the card itself and defaults to it.
func parseAs(card Kind, words []string, s string) (Kind, []string, error) {
	if len(words) == 0 || words[0] != "as" {
		if card.IsWild() {
			return 0, nil, fmt.Errorf("npzr: %q: a wild card must be nominated: add \"as\" and a card, such as \"as Ninja Head\"", s)
		}
		return card, words, nil
	}
	as, rest, ok := cutKind(words[1:])
	if !ok || as >= NumRegular {
		return 0, nil, fmt.Errorf("npzr: %q: \"as\" takes a regular card, such as \"as Robot Legs\"", s)
	}
	if card < NumRegular && as != card {
		return 0, nil, fmt.Errorf("npzr: %q: only wild cards are nominated", s)
	}
	if card < NumKinds && nominations[card]>>as&1 == 0 {
		return 0, nil, fmt.Errorf("npzr: %q: a %v cannot count as %v", s, card, as)
	}
	return as, rest, nil
}

// parseTarget reads "on N", "on N.part", "to N", "new" (or "on new").
func parseTarget(as Kind, words []string, prep, s string) (int, error) {
	if len(words) > 0 && (words[0] == "on" || words[0] == "to") {
		words = words[1:]
	}
	if len(words) != 1 {
		return 0, fmt.Errorf("npzr: %q: where? End with \"%s 2\" (a stack number) or \"new\"", s, prep)
	}
	if words[0] == "new" {
		return NewStack, nil
	}
	st, p, ok := parsePile(words[0])
	if !ok {
		n, err := strconv.Atoi(words[0])
		if err != nil {
			return 0, fmt.Errorf("npzr: %q: %q is not a stack number or \"new\"", s, words[0])
		}
		st, p = n-1, as.Part()
	}
	if p != as.Part() {
		return 0, fmt.Errorf("npzr: %q: a card counting as %v goes on a %s pile, not %s", s, as, strings.ToLower(as.Part().String()), strings.ToLower(p.String()))
	}
	if st < 0 || st >= NewStack {
		return 0, fmt.Errorf("npzr: %q: there is no stack %d", s, st+1)
	}
	return st, nil
}

// parsePile reads "2.torso" as stack 1 (from 0) and Torso.
func parsePile(w string) (int, Part, bool) {
	a, b, ok := strings.Cut(w, ".")
	if !ok {
		return 0, 0, false
	}
	n, err := strconv.Atoi(a)
	if err != nil || n < 1 {
		return 0, 0, false
	}
	for p := range Part(NumParts) {
		if strings.EqualFold(b, p.String()) {
			return n - 1, p, true
		}
	}
	return 0, 0, false
}
