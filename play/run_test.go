package play

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	_ "github.com/nzsclab/nzsc/agents/nzsc"
	_ "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/game"
)

// TestRunStopsThinkingBot: Ctrl-C (ctx cancelled) while a search bot
// thinks stops nzsc play at once, in every game, with the game's
// goodbye: the session's bots get Run's context, as a server's request
// gives them its own. Before, Run waited for the search to run its whole
// budget (ten million iterations: minutes) after the cancellation.
func TestRunStopsThinkingBot(t *testing.T) {
	for _, c := range []struct {
		game   string
		seats  int
		spec   string
		answer string
	}{
		{"nzsc", 2, "mcts:iters=10000000", "Ninja"},
		{"nzsc", 3, "mcts:iters=10000000", "Ninja"},
		{"npzr", 2, "ismcts:iters=10000000", "1"},
	} {
		g, err := game.Build(c.game, c.seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		bot, err := agents.ParseForSeats(c.game, c.seats, c.spec)
		if err != nil {
			t.Fatal(err)
		}
		// The answer, then an input that stays open: the person waits
		// for the bot.
		in, feed := io.Pipe()
		go func() { io.WriteString(feed, c.answer+"\n") }()
		ctx, cancel := context.WithCancel(context.Background())
		var out strings.Builder
		done := make(chan error, 1)
		go func() { done <- Run(ctx, in, &out, Options{Game: g, Bot: bot, Seed: 3}) }()
		time.Sleep(300 * time.Millisecond) // the answer read, the bot searching
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s at %d: %v", c.game, c.seats, err)
			}
			if !strings.Contains(out.String(), "The game stops here") {
				t.Errorf("%s at %d: no goodbye:\n%s", c.game, c.seats, out.String())
			}
		case <-time.After(20 * time.Second):
			t.Errorf("%s at %d: %s still thinking 20 s after the cancellation", c.game, c.seats, c.spec)
		}
		feed.Close()
	}
}
