// Command anybot is a test bot for every game of the protocol, read one
// way: its hello asks for the observation (which two-player NZSC's decide
// then carries too), and it stops with an error on any decide without an
// observation or legal actions. It checks the hello names a game and
// answers every decision with a uniformly random legal action, drawn from
// the game's seed. With the argument "bad" it answers a name that is no
// action; with "seeds" it writes each game's seed to its standard error
// (the bot's log); with "clock" it writes the clock field of every
// decision there ("anybot: clock {...}", or "anybot: clock absent");
// with "twice" it answers every decision twice, both lines in one write
// (a protocol fault).
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
)

func main() {
	bad := len(os.Args) > 1 && os.Args[1] == "bad"
	seeds := len(os.Args) > 1 && os.Args[1] == "seeds"
	clock := len(os.Args) > 1 && os.Args[1] == "clock"
	twice := len(os.Args) > 1 && os.Args[1] == "twice"
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20)
	out := json.NewEncoder(os.Stdout)
	rng := rand.New(rand.NewPCG(0, 0))
	for in.Scan() {
		var m struct {
			Type     string          `json:"type"`
			GameName string          `json:"game_name"`
			Seed     uint64          `json:"seed"`
			Legal    []string        `json:"legal"`
			View     json.RawMessage `json:"observation"`
			Clock    json.RawMessage `json:"clock"`
		}
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			fmt.Fprintln(os.Stderr, "anybot:", err)
			os.Exit(1)
		}
		switch m.Type {
		case "hello":
			if m.GameName == "" {
				fmt.Fprintln(os.Stderr, "anybot: the hello names no game")
				os.Exit(1)
			}
			out.Encode(map[string]any{"type": "hello", "protocol": 1, "name": "anybot-" + m.GameName, "observation": true})
		case "game":
			rng = rand.New(rand.NewPCG(m.Seed, 1))
			if seeds {
				fmt.Fprintf(os.Stderr, "anybot: seed %d\n", m.Seed)
			}
		case "decide":
			// Every game's decide, two-player NZSC's included (asked
			// for in the hello), carries the seat's observation and
			// lists the legal actions.
			if len(m.View) == 0 || len(m.Legal) == 0 {
				fmt.Fprintln(os.Stderr, "anybot: a decision without an observation or legal actions")
				os.Exit(1)
			}
			if clock {
				c := string(m.Clock)
				if c == "" {
					c = "absent"
				}
				fmt.Fprintf(os.Stderr, "anybot: clock %s\n", c)
			}
			choice := m.Legal[rng.IntN(len(m.Legal))]
			if bad {
				choice = "no such action"
			}
			if twice {
				b, _ := json.Marshal(map[string]string{"type": "choice", "choice": choice})
				b = append(b, '\n')
				os.Stdout.Write(append(b, b...))
				continue
			}
			out.Encode(map[string]string{"type": "choice", "choice": choice})
		case "quit":
			return
		}
	}
}
