package play

import (
	"fmt"

	"github.com/nzsclab/nzsc/agents"
	nzscbots "github.com/nzsclab/nzsc/agents/nzsc"
	"github.com/nzsclab/nzsc/engine/game"
)

// Seed returns the seed of a session against bot. When given, text is
// read in decimal or 0x hex: against the classic opponent it is the
// generator's 32-bit starting state (1..2^32-1, as the original drew
// them), which may also come from the bot's spec (classic:seed=N) but not
// from both with different values; against any other bot it is the
// 64-bit game seed. When not given, the seed is the spec's or is drawn
// from pick (a fresh random number the caller supplies), and the
// session prints it so the game can be replayed.
func Seed(bot *agents.Bot, text string, given bool, pick func() uint64) (uint64, error) {
	if !IsClassic(bot) {
		if !given {
			return pick(), nil
		}
		return game.ParseSeed(text)
	}
	specSeed := bot.Params["seed"]
	switch {
	case given && specSeed != "":
		a, err := nzscbots.ParseClassicSeed(text)
		if err != nil {
			return 0, err
		}
		if b, _ := nzscbots.ParseClassicSeed(specSeed); a != b {
			return 0, fmt.Errorf("seed %s and %s disagree; give the seed once", text, bot.Spec)
		}
		return uint64(a), nil
	case given:
		v, err := nzscbots.ParseClassicSeed(text)
		return uint64(v), err
	case specSeed != "":
		v, err := nzscbots.ParseClassicSeed(specSeed)
		return uint64(v), err
	}
	for {
		if v := uint32(pick()); v != 0 {
			return uint64(v), nil
		}
	}
}
