// Command gobot is an example NZSC bot in Go speaking the JSON-lines bot
// protocol (docs/protocol.md). Run it with nzsc as
//
//	go build -o bin/gobot ./examples/gobot
//	nzsc match exec:bin/gobot random
//
// It picks a character at random, then one of its character's two
// boosters (more moves than No Booster), and in each round the legal move
// with the best expected score (its points minus the opponent's) against
// the opponent's available moves taken as equally likely. In every other
// game (NZSC for 3 or 4 players, NPZR: a decide with an observation and
// no phase) it answers a uniformly random legal action. Its randomness
// comes from the seed nzsc sends for each game, so its games replay
// within one nzsc process (docs/protocol.md, "seed").
package main

import (
	"bufio"
	"encoding/json"
	"math/rand/v2"
	"os"
	"strings"

	"github.com/nzsclab/nzsc/agents/protocol"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20) // a decide carries the whole history
	enc := json.NewEncoder(os.Stdout)
	src := rand.NewPCG(0, 0)
	rng := rand.New(src)
	for in.Scan() {
		var m struct {
			protocol.Decide
			Seed uint64 `json:"seed"`
			Seat uint64 `json:"seat"`
		}
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			os.Exit(1)
		}
		switch m.Type {
		case protocol.TypeHello:
			enc.Encode(protocol.BotMessage{Type: protocol.TypeHello, Protocol: protocol.Version,
				Name: "gobot", Author: "NZSC Lab example", Options: []string{}})
		case protocol.TypeGame:
			src.Seed(m.Seed, m.Seat)
		case protocol.TypeDecide:
			enc.Encode(protocol.BotMessage{Type: protocol.TypeChoice, Choice: choose(&m.Decide, rng)})
		case protocol.TypeQuit:
			return
		}
	}
}

func choose(d *protocol.Decide, rng *rand.Rand) string {
	pick := d.Legal[rng.IntN(len(d.Legal))]
	switch d.Phase {
	case "booster":
		for pick == "No Booster" && len(d.Legal) > 1 {
			pick = d.Legal[rng.IntN(len(d.Legal))]
		}
	case "move":
		best := -1e9
		for _, name := range d.Legal {
			if v := expected(name, d) + rng.Float64()*1e-6; v > best { // random tie-break
				best, pick = v, name
			}
		}
	}
	return pick
}

// expected is the mean of (my points - theirs) for my move against each
// of the opponent's available moves.
func expected(name string, d *protocol.Decide) float64 {
	mine, _ := nzsc.ParseMove(name)
	strong := func(p protocol.Player) bool { return p.Booster != nil && strings.EqualFold(*p.Booster, "Strong") }
	sum := 0.0
	for _, o := range d.Opponent.Available {
		theirs, _ := nzsc.ParseMove(o)
		sum += float64(nzsc.RoundPoints(mine, theirs, strong(d.You), strong(d.Opponent))) -
			float64(nzsc.RoundPoints(theirs, mine, strong(d.Opponent), strong(d.You)))
	}
	return sum / float64(max(len(d.Opponent.Available), 1))
}
