package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/npzr"
)

// NPZROptions configure a game of Ninja Pirate Zombie Robot between a
// person and a bot.
type NPZROptions struct {
	Rules npzr.Rules
	// Bot is the opponent, Name what to call it.
	Bot  agents.Player
	Name string
	// Seed is the game's seed; the bot's random source is the one a match
	// would give its seat in that game (agents.SeatSource).
	Seed uint64
	// Seat is the person's seat: 0 moves first.
	Seat int
	// Echo copies every line read into the transcript, as a terminal
	// shows what is typed; set it when the input is not a terminal.
	Echo bool
}

// npzrHelp is the command reference 'help' prints.
const npzrHelp = `Commands (upper or lower case):
  play Ninja Head on 2                 put a card on stack 2 (its pile is the card's part)
  play Ninja Head new                  start a new stack with it
  play Wild Torso as Pirate Torso on 2 a wild must be nominated: say what it counts as
  play Wild as Robot Legs new
  move 1.head to 3                     an earned move: the top head card of stack 1 onto stack 3
  move 1.legs as Zombie Torso to 3     a wild that moves is nominated again
  move 2.torso new                     ...or onto a new stack
  decline                              give up one earned move
  table                                draw the table again
  legal                                list every action you may take now
  help                                 this list
Draw, then play any number of wild cards and one regular card (which ends your
turn). Complete a stack (three tops of one character) to score it for its owner
and earn a move. Score all four characters to win.
`

// NPZR plays one game of NPZR with the person answering from in and the
// transcript going to out. It returns the outcome and whether the game
// was finished: the input ending or ctx being cancelled stops the game
// cleanly (finished false, nil error); only a failing bot is an error. A
// command that is not an action, or an action that is not legal now, is
// explained and asked again.
func NPZR(ctx context.Context, in io.Reader, out io.Writer, opt NPZROptions) (game.Outcome, bool, error) {
	g, err := npzr.NewGame(opt.Rules)
	if err != nil {
		return game.Outcome{}, false, err
	}
	me, bot := opt.Seat&1, 1-opt.Seat&1
	name := opt.Name
	if name == "" {
		name = "bot"
	}
	opt.Bot.NewGame(g, bot, rand.New(agents.SeatSource(opt.Seed, bot)))
	st := g.NewState(opt.Seed).(*npzr.GameState)
	sc := bufio.NewScanner(in)
	fmt.Fprintf(out, "Ninja Pirate Zombie Robot against %s, seed %#x. You are seat %d (%s). Type help for the commands.\n\n",
		name, opt.Seed, me, map[int]string{0: "you move first", 1: name + " moves first"}[me])
	var legal []game.Action
	shown := -1
	acts := make([]game.Action, 2)
	for !st.Over() {
		s := &st.State
		seat := s.ToAct()
		legal = st.Legal(seat, legal)
		obs := st.Observe(seat).(*npzr.Observation)
		if seat == bot {
			a := opt.Bot.Act(obs, legal)
			if f, ok := opt.Bot.(agents.Faulter); ok {
				if err := f.Fault(); err != nil {
					return game.Outcome{}, false, fmt.Errorf("%s failed: %w", name, err)
				}
			}
			if !contains(legal, a) {
				return game.Forfeit(2, bot), true, fmt.Errorf("%s played an illegal action %q", name, obs.ActionString(a))
			}
			fmt.Fprintf(out, "%s: %s\n", name, obs.ActionString(a))
			acts[bot], acts[me] = a, game.Pass
			if err := st.Apply(acts); err != nil {
				return game.Outcome{}, false, err
			}
			continue
		}
		if shown != s.Steps() {
			fmt.Fprintln(out)
			writeTable(out, obs, name)
			shown = s.Steps()
		}
		if obs.Phase == npzr.Move {
			fmt.Fprintf(out, "You earned %d move(s): move a top card, or decline.\n> ", obs.Pending)
		} else {
			fmt.Fprint(out, "Your play.\n> ")
		}
		line, ok := readLine(ctx, sc)
		if !ok {
			fmt.Fprintf(out, "\nThe game stops here, you %d, %s %d.\n", s.Points(me), name, s.Points(bot))
			return game.Outcome{}, false, nil
		}
		if opt.Echo {
			fmt.Fprintln(out, line)
		}
		switch cmd := strings.ToLower(strings.TrimSpace(line)); cmd {
		case "":
			continue
		case "help", "?":
			fmt.Fprint(out, npzrHelp)
			continue
		case "table":
			writeTable(out, obs, name)
			continue
		case "legal":
			for _, a := range legal {
				fmt.Fprintf(out, "  %s\n", obs.ActionString(a))
			}
			continue
		}
		a, err := obs.Parse(line)
		if err != nil {
			fmt.Fprintf(out, "%s\n", strings.TrimPrefix(err.Error(), "npzr: "))
			continue
		}
		if !contains(legal, game.Action(a)) {
			fmt.Fprintf(out, "You cannot %s now: %s.\n", obs.Name(a), whyIllegal(obs, a))
			continue
		}
		acts[me], acts[bot] = game.Action(a), game.Pass
		if err := st.Apply(acts); err != nil {
			return game.Outcome{}, false, err
		}
	}
	o := st.Outcome()
	var last npzr.Observation
	st.State.Observe(me, &last)
	fmt.Fprintln(out)
	writeTable(out, &last, name)
	switch o.Winner {
	case me:
		fmt.Fprintf(out, "You win, with all four characters!\n")
	case bot:
		fmt.Fprintf(out, "%s wins.\n", name)
	default:
		fmt.Fprintf(out, "Draw: %d turns played and nobody has all four.\n", st.State.Turns())
	}
	return o, true, nil
}

func contains(legal []game.Action, a game.Action) bool {
	for _, b := range legal {
		if a == b {
			return true
		}
	}
	return false
}

// readLine returns the next line, false at the end of the input or when
// ctx is done.
func readLine(ctx context.Context, sc *bufio.Scanner) (string, bool) {
	if ctx.Err() != nil || !sc.Scan() {
		return "", false
	}
	return sc.Text(), true
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

// writeTable draws what the observer sees.
func writeTable(out io.Writer, o *npzr.Observation, name string) {
	me := o.Seat()
	who := func(s int) string {
		if s == me {
			return "you"
		}
		return name
	}
	scored := func(s int) string {
		var cs []string
		for c, n := range o.Scores[s] {
			if n > 0 {
				cs = append(cs, npzr.Character(c).String())
			}
		}
		if len(cs) == 0 {
			return "nothing"
		}
		return strings.Join(cs, ", ")
	}
	fmt.Fprintf(out, "Turn %d. Scored: you %s; %s %s.\n", o.Turns+1, scored(me), name, scored(1-me))
	waiting := 0
	for _, n := range o.Scored {
		waiting += int(n)
	}
	fmt.Fprintf(out, "Deck %d cards, %s holds %d, %d scored cards wait for a reshuffle.\n", o.Deck, name, o.OppHand, waiting)
	if o.Stacks == 0 {
		fmt.Fprintln(out, "The table is empty.")
	}
	var depth [npzr.MaxStacks][npzr.NumParts]int
	for _, c := range o.Table[:o.NTable] {
		depth[c.Stack][c.Part]++
	}
	for i := range o.Stacks {
		fmt.Fprintf(out, "  %2d (%s):", i+1, who(int(o.Owner[i])))
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
			fmt.Fprintf(out, "  %s: %s", strings.ToLower(p.String()), desc)
		}
		fmt.Fprintln(out)
	}
	var hand []string
	for k, n := range o.Hand {
		for range n {
			hand = append(hand, npzr.Kind(k).String())
		}
	}
	fmt.Fprintf(out, "Your hand: %s\n", strings.Join(hand, ", "))
}
