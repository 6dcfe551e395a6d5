package play

import (
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
)

// This file is Ninja Pirate Zombie Robot's teller: the table drawn as
// text when the person's decision opens, the bot's actions one line each,
// actions named as the game names them, long lines wrapped at word
// boundaries.

func init() {
	registerTeller(func(g game.Game, seat int, names []string) (teller, bool, error) {
		if _, ok := g.(*npzr.Game); !ok {
			return nil, false, nil
		}
		n := [2]string{"you", "you"}
		n[1-seat] = names[1-seat]
		return &npzrTeller{me: seat, name: n, r: g.(*npzr.Game).GameRules()}, true, nil
	})
}

// npzrHelp is what to type in NPZR, before the commands.
const npzrHelp = `Actions (upper or lower case):
  play Ninja Head on 2          put a card on stack 2 (the pile of its part)
  play Ninja Head new           start a new stack with it
  play Wild Torso as Pirate Torso on 2
                                a wild is nominated: say what it counts as
  play Wild as Robot Legs new
  move 1.head to 3              an earned move: stack 1's top head to stack 3
  move 1.legs as Zombie Torso to 3
                                a wild that moves is nominated again
  move 2.torso new              ...or onto a new stack
  decline                       give up one earned move
  3                             the third action legal lists
  table                         draw the table again
An action that is not legal now is explained and asked again.
`

// npzrRules is NPZR's reference for the rules command, under rules r:
// the numbers of the variant played (copies, turn cap), as NZSC's
// reference says its points, waits and turn cap.
func npzrRules(r npzr.Rules) string {
	copies := fmt.Sprintf("%d copies", r.Copies)
	if r.Copies == 1 {
		copies = "1 copy"
	}
	return fmt.Sprintf(npzrReference, copies, npzr.NumRegular*r.Copies+npzr.NumKinds-npzr.NumRegular, r.TurnCap)
}

// npzrReference is npzrRules's text: the copies of each regular card,
// the cards in all and the turn cap fill it in.
const npzrReference = `Ninja Pirate Zombie Robot: the player's reference

Aim: score all four characters (Ninja, Pirate, Zombie, Robot) first.
Cards: a head, torso and legs of each character (%s of each), and 8
wilds: Wild Ninja (any part of a Ninja), Wild Head, Wild Torso and Wild Legs
(that part of any character) and Wild (anything); %d cards in all. Each
player is dealt 5; seat 0 moves first.
A turn: draw a card (an empty deck is refilled from the scored cards), then
play any number of wilds and one regular card, which ends the turn (with no
regular card, one wild ends it).
Placing: a card goes on top of the pile of its part on any stack, yours or the
opponent's, or starts a new stack of yours. A wild counts as the card you name
until it moves. Only the top card of a pile counts.
Completing: three tops of one character complete a stack; its owner scores
that character and its cards leave play. Whoever completed it earns a move:
take any top card and place it again (or decline). A move that completes a
stack earns another.
The end: whoever has scored all four characters wins at once; a game that
reaches %d turns (both players' counted) is a draw.
`

// NPZRBoard is NPZR's board (Status.Board) as the person sees it.
type NPZRBoard struct {
	// Names names seat 0 and seat 1 ("you" for the person's), Seat is
	// the person's, ToAct the seat deciding.
	Names [2]string `json:"names"`
	Seat  int       `json:"seat"`
	ToAct int       `json:"to_act"`
	// Phase is play, move or over; Pending the earned moves left.
	Phase   string `json:"phase"`
	Pending int    `json:"pending"`
	// Turn is the turn under way (from 1), TurnCap the turns to a draw.
	Turn    int `json:"turn"`
	TurnCap int `json:"turn_cap"`
	// Deck and OppHand are the hidden piles' sizes; Waiting the scored
	// cards that wait for a reshuffle.
	Deck    int `json:"deck"`
	OppHand int `json:"opp_hand"`
	Waiting int `json:"waiting"`
	// Scored lists each seat's scored characters.
	Scored [2][]string `json:"scored"`
	Stacks []NPZRStack `json:"stacks"`
	// Hand is the person's cards by kind.
	Hand []NPZRCard `json:"hand"`
}

// NPZRStack is a stack: its owner's seat and its head, torso and legs
// piles.
type NPZRStack struct {
	Owner int         `json:"owner"`
	Piles [3]NPZRPile `json:"piles"`
}

// NPZRPile is a pile's top card ("" when empty), what it counts as, its
// character and the cards under it.
type NPZRPile struct {
	Card      string `json:"card,omitempty"`
	As        string `json:"as,omitempty"`
	Character string `json:"character,omitempty"`
	Under     int    `json:"under"`
}

// NPZRCard is a kind of card in the hand and how many.
type NPZRCard struct {
	Card  string `json:"card"`
	Count int    `json:"count"`
	Wild  bool   `json:"wild"`
}

// npzrTeller tells NPZR with the person in seat me; name names the seats
// in the middle of a sentence ("you", "greedy").
type npzrTeller struct {
	me   int
	name [2]string
	r    npzr.Rules
}

func (t *npzrTeller) obs(st game.State) *npzr.Observation {
	return st.Observe(t.me).(*npzr.Observation)
}

func (t *npzrTeller) bot() string { return t.name[1-t.me] }

func (t *npzrTeller) heading(opponent string, seed uint64, replay string) []string {
	first := "you move first"
	if t.me == 1 {
		first = t.bot() + " moves first"
	}
	// The replay command on a line of its own, so that a terminal does
	// not wrap it.
	return []string{
		fmt.Sprintf("Playing Ninja Pirate Zombie Robot against %s with seed %#x.", opponent, seed),
		"Replay: " + replay,
		fmt.Sprintf("You are seat %d: %s. Type help for the commands.", t.me, first), ""}
}

func (t *npzrTeller) opening(st game.State) []string {
	return append(t.table(t.obs(st)), "")
}

func (t *npzrTeller) question(st game.State) (string, bool) {
	o := t.obs(st)
	if o.Phase == npzr.Move {
		return fmt.Sprintf("You earned %d move(s): move a top card, or decline.", o.Pending), false
	}
	return "Your play:", false
}

func (t *npzrTeller) parse(st game.State, line string, legal []game.Action) (game.Action, []string) {
	o := t.obs(st)
	a, err := o.Parse(line)
	if err != nil {
		return game.Pass, []string{strings.TrimPrefix(err.Error(), "npzr: ")}
	}
	for _, l := range legal {
		if l == game.Action(a) {
			return l, nil
		}
	}
	return game.Pass, []string{fmt.Sprintf("You cannot %s now: %s.", o.Name(a), whyIllegal(o, a))}
}

// step tells the bot's actions, and the person's own when the answer did
// not spell it out (a number from legal, an abbreviation): the
// transcript then says which action the answer was, as NZSC's "You chose
// ..." does; an action typed as it is named shows as typed. The table
// is drawn when the person's next decision opens.
func (t *npzrTeller) step(before, after game.State, acts []game.Action, answer string) []string {
	var out []string
	for seat, a := range acts {
		if a == game.Pass {
			continue
		}
		name := before.Observe(seat).ActionString(a)
		switch {
		case seat != t.me:
			out = append(out, fmt.Sprintf("%s: %s", t.bot(), name))
		case !strings.EqualFold(strings.Join(strings.Fields(answer), " "), name):
			out = append(out, "You: "+name)
		}
	}
	if len(out) > 0 {
		out = append(out, "")
	}
	return out
}

func (t *npzrTeller) end(st game.State) []string {
	out := t.table(t.obs(st))
	return append(out, t.result(st), "")
}

func (t *npzrTeller) result(st game.State) string {
	o := st.Outcome()
	switch o.Winner {
	case t.me:
		return "You win, with all four characters!"
	case 1 - t.me:
		return t.bot() + " wins, with all four characters."
	}
	return fmt.Sprintf("A draw: %d turns played and nobody has all four.", t.obs(st).Turns)
}

func (t *npzrTeller) stopped(st game.State) string {
	o := t.obs(st)
	return fmt.Sprintf("The game stops here: you scored %s, %s %s.", t.scored(o, t.me), t.bot(), t.scored(o, 1-t.me))
}

func (t *npzrTeller) score(st game.State) []string {
	o := t.obs(st)
	out := []string{fmt.Sprintf("Scored: you %s; %s %s.", t.scored(o, t.me), t.bot(), t.scored(o, 1-t.me))}
	if !st.Over() {
		out = append(out, fmt.Sprintf("Turn %d of at most %d. You hold %d cards, %s %d; the deck has %d.",
			o.Turns+1, o.TurnCap, handSize(o), t.bot(), o.OppHand, o.Deck))
	}
	return out
}

func (t *npzrTeller) command(cmd string, st game.State) ([]string, bool) {
	if cmd == "table" && !st.Over() {
		return t.table(t.obs(st)), true
	}
	return nil, false
}

// wrap: NPZR's lines are long (a hand, a stack, an explanation); a
// terminal wraps them.
func (t *npzrTeller) wrap() bool { return true }

func (t *npzrTeller) help() string { return npzrHelp + Commands }

func (t *npzrTeller) rules() string { return npzrRules(t.r) }

func (t *npzrTeller) names() []string {
	n := []string{"", ""}
	n[t.me], n[1-t.me] = "You", t.bot()
	return n
}

func (t *npzrTeller) phase(st game.State) string { return t.obs(st).Phase.String() }

func (t *npzrTeller) board(st game.State) any {
	o := t.obs(st)
	b := NPZRBoard{Names: t.name, Seat: t.me, ToAct: o.ToAct, Phase: o.Phase.String(), Pending: o.Pending,
		Turn: o.Turns + 1, TurnCap: o.TurnCap, Deck: o.Deck, OppHand: o.OppHand, Stacks: []NPZRStack{}, Hand: []NPZRCard{}}
	for _, n := range o.Scored {
		b.Waiting += int(n)
	}
	for s := range 2 {
		b.Scored[s] = []string{}
		for c, n := range o.Scores[s] {
			if n > 0 {
				b.Scored[s] = append(b.Scored[s], npzr.Character(c).String())
			}
		}
	}
	depth := depths(o)
	for i := range o.Stacks {
		st := NPZRStack{Owner: int(o.Owner[i])}
		for p := range npzr.Part(npzr.NumParts) {
			top := o.Top[i][p]
			if top.Kind == npzr.NoCard {
				continue
			}
			pile := NPZRPile{Card: top.Kind.String(), Character: top.As.Character().String(), Under: depth[i][p] - 1}
			if top.Kind.IsWild() {
				pile.As = top.As.String()
			}
			st.Piles[p] = pile
		}
		b.Stacks = append(b.Stacks, st)
	}
	for k, n := range o.Hand {
		if n > 0 {
			b.Hand = append(b.Hand, NPZRCard{Card: npzr.Kind(k).String(), Count: int(n), Wild: npzr.Kind(k).IsWild()})
		}
	}
	return b
}

func handSize(o *npzr.Observation) int {
	n := 0
	for _, c := range o.Hand {
		n += int(c)
	}
	return n
}

// scored lists the characters seat has scored.
func (t *npzrTeller) scored(o *npzr.Observation, seat int) string {
	var cs []string
	for c, n := range o.Scores[seat] {
		if n > 0 {
			cs = append(cs, npzr.Character(c).String())
		}
	}
	if len(cs) == 0 {
		return "nothing"
	}
	return strings.Join(cs, ", ")
}

// depths counts the cards of each pile.
func depths(o *npzr.Observation) (d [npzr.MaxStacks][npzr.NumParts]int) {
	for _, c := range o.Table[:o.NTable] {
		d[c.Stack][c.Part]++
	}
	return d
}

// table draws what the person sees.
func (t *npzrTeller) table(o *npzr.Observation) []string {
	var out []string
	waiting := 0
	for _, n := range o.Scored {
		waiting += int(n)
	}
	out = append(out, fmt.Sprintf("Turn %d. Scored: you %s; %s %s.", o.Turns+1, t.scored(o, t.me), t.bot(), t.scored(o, 1-t.me)),
		fmt.Sprintf("Deck %d cards, %s holds %d, %d scored cards wait for a reshuffle.", o.Deck, t.bot(), o.OppHand, waiting))
	if o.Stacks == 0 {
		out = append(out, "The table is empty.")
	}
	depth := depths(o)
	for i := range o.Stacks {
		l := fmt.Sprintf("  %2d (%s):", i+1, t.name[o.Owner[i]&1])
		for p := range npzr.Part(npzr.NumParts) {
			top := o.Top[i][p]
			desc := "-"
			if top.Kind != npzr.NoCard {
				desc = top.Kind.String()
				if top.Kind.IsWild() {
					desc += " as " + top.As.String()
				}
				if d := depth[i][p]; d > 1 {
					desc += fmt.Sprintf(" (+%d under)", d-1)
				}
			}
			l += fmt.Sprintf("  %s: %s", strings.ToLower(p.String()), desc)
		}
		out = append(out, l)
	}
	var hand []string
	for k, n := range o.Hand {
		for range n {
			hand = append(hand, npzr.Kind(k).String())
		}
	}
	out = append(out, "Your hand: "+strings.Join(hand, ", "))
	return out
}

// whyIllegal explains why a readable action a is not legal for the
// observer now.
func whyIllegal(o *npzr.Observation, a npzr.Action) string {
	t := a.Target()
	switch {
	case o.Phase == npzr.Move && a.IsPlay():
		return "you have an earned move to make first (or decline it)"
	case o.Phase == npzr.Play && !a.IsPlay():
		return "there is no earned move to make; play a card"
	case a.IsPlay() && o.Hand[a.Card()] == 0:
		return "you hold no " + a.Card().String()
	case t != npzr.NewStack && t >= o.Stacks:
		return fmt.Sprintf("there is no stack %d (there are %d)", t+1, o.Stacks)
	case a.IsMove():
		from, p := a.From()
		if from >= o.Stacks || o.Top[from][p].Kind == npzr.NoCard {
			return "there is no card on that pile"
		}
		return "that card cannot count as " + a.As().String()
	}
	return "the rules do not allow it"
}

// replay tells an NPZR record a line a step, the seats' actions, with
// the characters the step scored under it. Its steps end without a blank
// line, so the end is set apart by one.
func (t *npzrTeller) replay(title string, r *game.Record, names, seats []string, you int) told {
	return told{
		header: fmt.Sprintf("%s: %s, seed %s\n\n", title, strings.Join(seats, " vs "), r.Seed),
		step: func(turn int, s *game.Step) string {
			text := actionsLine(turn, s, names)
			for _, l := range npzrScored(s, names, you) {
				text += fmt.Sprintf("      %s\n", l)
			}
			return text
		},
		end: "\n" + endLine(r, names),
	}
}

// npzrScored tells the characters an NPZR step scored: "greedy scores
// Pirate (2 of 4).", "You score Pirate (2 of 4)." for seat you.
func npzrScored(s *game.Step, names []string, you int) []string {
	before, after := s.Before.Observe(0).(*npzr.Observation), s.After.Observe(0).(*npzr.Observation)
	var out []string
	for seat := range 2 {
		have := 0
		for c := range after.Scores[seat] {
			if after.Scores[seat][c] > 0 {
				have++
			}
		}
		for c := range after.Scores[seat] {
			if after.Scores[seat][c] > before.Scores[seat][c] {
				verb := "scores"
				if seat == you {
					verb = "score"
				}
				out = append(out, fmt.Sprintf("%s %s %s (%d of 4).", names[seat], verb, npzr.Character(c), have))
			}
		}
	}
	return out
}

// share: one line per action, its actor named; each seat's board shows
// its own hand only.
func (t *npzrTeller) share(names []string) sharer { return npzrPeople{[2]string{names[0], names[1]}} }

// npzrPeople is NPZR shared by two people.
type npzrPeople struct{ names [2]string }

func (p npzrPeople) step(before, after game.State, acts []game.Action) []string {
	var out []string
	for seat, a := range acts {
		if a != game.Pass {
			// The action as its actor saw it: a card played is public
			// once on the table.
			out = append(out, fmt.Sprintf("%s: %s", p.names[seat], before.Observe(seat).ActionString(a)))
		}
	}
	if after.Over() || after.ToAct(nil)[0] != before.ToAct(nil)[0] {
		out = append(out, "")
	}
	return out
}

func (p npzrPeople) result(st game.State) string {
	if w := st.Outcome().Winner; w >= 0 {
		return p.names[w] + " wins, with all four characters."
	}
	return fmt.Sprintf("A draw: %d turns played and nobody has all four.", st.Observe(0).(*npzr.Observation).Turns)
}

// board is NPZR as seen from seat, whose own name reads "you" on it.
func (p npzrPeople) board(st game.State, seat int) any {
	n := p.names
	n[seat] = "you"
	return (&npzrTeller{me: seat, name: n}).board(st)
}
