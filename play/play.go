package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine"
	"github.com/nzsclab/nzsc/engine/game"
)

// Options configure a session of games.
type Options struct {
	Rules engine.Rules
	// Bot is the opponent. When it is the classic opponent, a seed is
	// its generator's 32-bit starting state, as in the original game;
	// for any other bot it is the 64-bit game seed, and the bot's random
	// source is the one a match would give seat 1 in that game.
	Bot *agents.Bot
	// Seed is the first game's seed; later games (after "Play again?")
	// take seeds drawn from it, so a whole session replays from it.
	Seed uint64
	// Echo copies every line read into the transcript, as a terminal
	// shows what is typed; set it when the input is not a terminal.
	Echo bool
	// Record, when set, receives each game as a game record when it
	// ends. A game stopped early (quit, the end of the input) is not
	// recorded: a record's result must be one its moves give.
	Record func(*game.Record) error
}

// IsClassic reports whether bot is the classic opponent, whose seeds are
// 32-bit generator states.
func IsClassic(bot *agents.Bot) bool { return bot.Info.Name == "classic" }

// Run plays games with the person answering from in and the transcript
// going to out, until the person declines another game or quits, the
// input ends or ctx is cancelled. The last two end cleanly with the score
// so far and a nil error; only a failing bot is an error. It is a
// terminal's loop over a Session.
func Run(ctx context.Context, in io.Reader, out io.Writer, o Options) error {
	// Cancelling on return lets the reader goroutine go when the
	// session ends before the input does.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
	}()
	s, err := NewSession(o)
	if err != nil {
		return err
	}
	defer s.Close()
	r, err := s.Start()
	Write(out, r)
	for err == nil && !r.Over {
		line, ok := read(ctx, lines)
		if !ok {
			Write(out, s.Stop())
			return nil
		}
		if o.Echo {
			fmt.Fprintln(out, line)
		}
		r, err = s.Answer(line)
		Write(out, r)
	}
	return err
}

// Write writes a reply as the terminal shows it: its lines, then the
// question with the choices listed under it and a blank line.
func Write(w io.Writer, r Reply) {
	var b strings.Builder
	for _, l := range r.Lines {
		b.WriteString(l)
		b.WriteByte('\n')
	}
	if r.Ask != "" {
		b.WriteString(r.Ask)
		b.WriteByte('\n')
		if r.Kind == AskChoice {
			for _, o := range r.Options {
				b.WriteString("\t" + o + "\n")
			}
		}
		b.WriteByte('\n')
	}
	io.WriteString(w, b.String())
}

// read returns the next non-blank line; false at the end of the input or
// on cancellation. Blank lines are skipped rather than penalized: an
// extra Enter is not an answer.
func read(ctx context.Context, lines <-chan string) (string, bool) {
	for {
		select {
		case <-ctx.Done():
			return "", false
		case l, ok := <-lines:
			if !ok {
				return "", false
			}
			if strings.TrimSpace(l) == "" {
				continue
			}
			return l, true
		}
	}
}

// newOpponent builds the bot for one game with the given seed.
func newOpponent(bot *agents.Bot, seed uint64) (agents.Agent, error) {
	if IsClassic(bot) {
		a := agents.NewClassic(uint32(seed))
		a.NewGame(1, nil)
		return a, nil
	}
	a, err := bot.New()
	if err != nil {
		return nil, err
	}
	a.NewGame(1, rand.New(agents.SeatSource(seed, 1)))
	return a, nil
}

// ReplayHint returns the command line that replays a game.
func ReplayHint(bot *agents.Bot, seed uint64) string {
	if bot.Spec == "classic" {
		return fmt.Sprintf("nzsc play --seed %#x", seed)
	}
	return fmt.Sprintf("nzsc play --opponent %s --seed %#x", bot.Spec, seed)
}

// Narrate returns the transcript lines for turn t, which took the game
// from before to after, with the person in seat 0 and the computer in
// seat 1; answer is the line the person typed (quoted when it names
// nothing). The wording is the original single-player game's wherever it
// had words for the case.
func Narrate(before, after *engine.State, t engine.Turn, answer string) []string {
	var out []string
	add := func(format string, a ...any) { out = append(out, fmt.Sprintf(format, a...)) }
	phase := t.Phase()
	you, comp := t.Choice(0), t.Choice(1)
	score := [2]int{before.Points(0) + int(t.Gained(0)), before.Points(1) + int(t.Gained(1))}
	switch {
	case t.Nullified():
		oy, oc := t.Offence(0), t.Offence(1)
		if oy != engine.NoOffence {
			out = append(out, yourPenalty(before, phase, you, oy, answer))
		} else {
			add("You chose %s.", you.Name(phase))
		}
		if oc != engine.NoOffence {
			out = append(out, computerPenalty(phase, comp, oc))
			if oy == engine.NoOffence {
				add("As a result, this turn does not count.")
			}
		}
		add("The score is now %d-%d.", score[0], score[1])
		add("Waits left: you %d, computer %d.", after.Waits(0), after.Waits(1))
	case phase == engine.PickCharacter && t.Clash():
		c := engine.Character(you)
		_, ny := after.CharacterStreak(0)
		_, nc := after.CharacterStreak(1)
		add("Both of you chose %s, so you must repick.", c)
		add("You have picked %s %d times.", c, ny)
		add("Computer has picked %s %d times.", c, nc)
	case phase == engine.PickCharacter:
		add("You chose %s.", you.Name(phase))
		add("Computer chose %s.", comp.Name(phase))
		switch {
		case t.Gained(0) > 0:
			add("As a result, you get a headstart.")
		case t.Gained(1) > 0:
			add("As a result, the computer gets a headstart.")
		default:
			add("As a result, neither of you gets a headstart.")
		}
		add("The score is now %d-%d.", score[0], score[1])
	case phase == engine.PickBooster:
		add("You chose %s.", you.Name(phase))
		add("Computer chose %s.", comp.Name(phase))
		add("Let the battle begin!")
	default:
		add("You chose %s. Computer chose %s.", you.Name(phase), comp.Name(phase))
		switch g := [2]uint8{t.Gained(0), t.Gained(1)}; {
		case g[0] > 0 && g[1] > 0:
			add("As a result, both of you get a point.")
		case g[0] > 0:
			add("As a result, you get a point.")
		case g[1] > 0:
			add("As a result, the computer gets a point.")
		default:
			add("As a result, neither of you gets a point.")
		}
		add("The score is now %d-%d.", score[0], score[1])
	}
	if t.Setback() {
		// The original left a blank line before the setback and the
		// result; the handbook's walkthrough shows it.
		add("")
		add("Since there is a tie, the score will be reset to %d-%d.", after.Points(0), after.Points(1))
	}
	if after.Phase == engine.GameOver {
		add("")
		add("%s", resultLine(after))
	}
	return out
}

// yourPenalty words the person's offence as the original game did, with
// the waits the rules charge.
func yourPenalty(before *engine.State, phase engine.Phase, c engine.Choice, o engine.Offence, answer string) string {
	w := o.Waits()
	name := c.Name(phase)
	switch o {
	case engine.WrongUniverse:
		return fmt.Sprintf("\"%s\" is not a %s (the closest name is %s). %d wait penalty!", strings.TrimSpace(answer), phase, Closest(phase, answer), w)
	case engine.FourthInARow:
		return fmt.Sprintf("You have already chosen %s 3 times in a row. You must choose something else before choosing it again. %d wait penalty!", name, w)
	case engine.WrongCharacter:
		return fmt.Sprintf("%s is from the wrong character. %d wait penalty!", name, w)
	case engine.WrongBooster:
		return fmt.Sprintf("%s is from the wrong booster. %d wait penalty!", name, w)
	case engine.DestroyedMove:
		if engine.Move(c).SingleUse() {
			return fmt.Sprintf("%s is single-use. You cannot use it again. %d wait penalty!", name, w)
		}
		return fmt.Sprintf("%s has been destroyed. You cannot use it anymore. %d wait penalty!", name, w)
	case engine.Stuck:
		return fmt.Sprintf("You have no legal move left, so you must pass. %d wait penalty!", w)
	}
	return fmt.Sprintf("%s: %s. %d wait penalty!", name, o, w)
}

// computerPenalty words the computer's offence (the classic opponent
// never commits one; other bots may, or may be stuck).
func computerPenalty(phase engine.Phase, c engine.Choice, o engine.Offence) string {
	w := o.Waits()
	name := c.Name(phase)
	switch o {
	case engine.WrongUniverse:
		return fmt.Sprintf("Computer's answer is not a %s. %d wait penalty!", phase, w)
	case engine.FourthInARow:
		return fmt.Sprintf("Computer chose %s a fourth time in a row. %d wait penalty!", name, w)
	case engine.WrongCharacter:
		return fmt.Sprintf("Computer chose %s, which is from the wrong character. %d wait penalty!", name, w)
	case engine.WrongBooster:
		return fmt.Sprintf("Computer chose %s, which is from the wrong booster. %d wait penalty!", name, w)
	case engine.DestroyedMove:
		return fmt.Sprintf("Computer chose %s, which has been destroyed. %d wait penalty!", name, w)
	case engine.Stuck:
		return fmt.Sprintf("Computer has no legal move left, so it must pass. %d wait penalty!", w)
	}
	return fmt.Sprintf("Computer chose %s: %s. %d wait penalty!", name, o, w)
}
