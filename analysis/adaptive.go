package analysis

import (
	"fmt"
	"strings"
)

// Adaptive is implemented by a bot whose choice in a state may depend on
// more than the state and its own draws from the game's source: on the
// game's earlier turns or earlier games (a bot that learns), or on a
// sequence fixed in advance. The exploitability measures (two players:
// analysis/exploit; one seat of 3 or 4: analysis/exploitn) read a bot
// state by state (its stated strategy, or draws each made as a fresh
// game without history) and confirm it in games each played alone, so
// their figures describe a policy of the state alone; for such a bot
// they do not describe the bot, and the result says so (NotMeaningful).
// Adapts says why, "" when the bot, as configured, does not adapt.
type Adaptive interface {
	Adapts() string
}

// NotMeaningful says why an exploitability measure's figures do not
// describe bot, called who in the sentence ("this bot", "seat 1's bot
// classic:seed=7"): "" unless bot is Adaptive and, as configured, adapts.
// Both measures say it in these words.
func NotMeaningful(who string, bot any) string {
	ad, ok := bot.(Adaptive)
	if !ok {
		return ""
	}
	why := ad.Adapts()
	if why == "" {
		return ""
	}
	return fmt.Sprintf("NOT MEANINGFUL for %s: it %s; the figures are those of a policy of the state alone, read state by state and confirmed in games each played alone, which it is not", who, why)
}

// NotReproducible says that an exploitability measure's figures of who
// (named as for NotMeaningful) hold only for the run that measured them:
// the bot decides on a time budget (agents.Bot.DecidesOnTime). Both
// measures say it in these words.
func NotReproducible(who string) string {
	return fmt.Sprintf("NOT REPRODUCIBLE for %s: a time budget, so how far the bot searches depends on the machine's speed and load, and the seed does not replay its choices; the figures describe it as it ran during this measurement only", who)
}

// ExternalProgram says that an exploitability measure takes who, an
// external program, to decide on the state alone: the measure cannot see
// whether the program reads the game's history, which its draws (fresh
// games) do not give it. Both measures say it in these words, as a
// sentence of its own (who's first letter made upper case).
func ExternalProgram(who string) string {
	if who != "" {
		who = strings.ToUpper(who[:1]) + who[1:]
	}
	return fmt.Sprintf("%s is an external program, taken to decide on the state alone: each draw is a fresh game without history, so a program that reads the game's history is not measured as it plays (a match that does not confirm may say so)", who)
}

// BuildError is an exploitability measure's error for bad input (a bot
// that cannot be built or seated, bad options), not a failure of the
// measurement: a command reports it as a usage error. Both measures
// return it (exploit.BuildError and exploitn.BuildError name it).
type BuildError struct{ Err error }

func (e *BuildError) Error() string { return e.Err.Error() }
func (e *BuildError) Unwrap() error { return e.Err }
