package analysis

import "fmt"

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
