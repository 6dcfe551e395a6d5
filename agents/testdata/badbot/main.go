// Command badbot is the exec bots' test bot: it speaks the protocol and
// misbehaves on command, so that the tests can check that every failure
// is accounted for. Options (from the bot spec, in the hello):
//
//	mode=good|sleep|exit|junk|wrongtype|closeout|illegal|flood|slowstart|version|noquit|spawn|twice|floodexit|setsid|setsidexit|scrub|scrubexit|daemon|delta
//	game=N   misbehave in game N only (the game message's number); 0: every game
//	at=K     at the K-th decision of the game (1-based); 0: every decision
//	sleep=MS think MS milliseconds before every answer
//	startsleep=MS take MS milliseconds to answer the hello
//
//	observe=ask|log  ask: ask for the observation in the hello; both: write
//	         every decide's observation field to standard error (the bot's
//	         log), "badbot: observation turn N {...}", or "... absent"
//
// mode=clock misbehaves in no way: it writes the clock field of every
// decide to its standard error (the bot's log), "badbot: clock {...}",
// or "badbot: clock absent" when there is none. mode=series likewise
// writes every game message's number and series field, "badbot: game N
// series true".
//
// Other than when misbehaving it answers a legal choice drawn from the
// game's seed, and checks the history it is sent (the full history, or
// with mode=delta only the new turns); a history that does not add up
// makes it write junk, which the tests see as a protocol fault.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/nzsclab/nzsc/agents/protocol"
)

var out = bufio.NewWriter(os.Stdout)

func send(v any) {
	b, _ := json.Marshal(v)
	out.Write(b)
	out.WriteByte('\n')
	out.Flush()
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(nil, 64<<20)
	var (
		mode        = "good"
		observe     string
		trigGame    = 0
		trigAt      = 1
		think       time.Duration
		game, count int
		history     int // turns known in this game
		rng         = rand.New(rand.NewPCG(1, 2))
	)
	fire := func() bool {
		return (trigGame == 0 || game == trigGame) && (trigAt == 0 || count == trigAt)
	}
	for in.Scan() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			fmt.Fprintln(os.Stderr, "badbot: bad input:", err)
			os.Exit(4)
		}
		var typ string
		json.Unmarshal(m["type"], &typ)
		switch typ {
		case protocol.TypeHello:
			var h protocol.Hello
			json.Unmarshal(in.Bytes(), &h)
			if v, ok := h.Options["mode"]; ok {
				mode = v
			}
			observe = h.Options["observe"]
			trigGame, _ = strconv.Atoi(h.Options["game"])
			if v, ok := h.Options["at"]; ok {
				trigAt, _ = strconv.Atoi(v)
			}
			if v, ok := h.Options["sleep"]; ok {
				ms, _ := strconv.Atoi(v)
				think = time.Duration(ms) * time.Millisecond
			}
			if v, ok := h.Options["startsleep"]; ok {
				ms, _ := strconv.Atoi(v)
				time.Sleep(time.Duration(ms) * time.Millisecond)
			}
			reply := protocol.BotMessage{Type: protocol.TypeHello, Protocol: protocol.Version,
				Name: "badbot", Author: "nzsc tests", Options: []string{"mode", "game", "at", "sleep", "startsleep", "observe"},
				Observation: observe == "ask"}
			switch mode {
			case "slowstart":
				time.Sleep(30 * time.Second)
			case "version":
				reply.Protocol = 99
			case "delta":
				reply.History = protocol.HistoryDelta
			}
			send(reply)
		case protocol.TypeGame:
			var g protocol.Game
			json.Unmarshal(in.Bytes(), &g)
			game, count, history = g.Game, 0, 0
			if mode == "series" {
				fmt.Fprintf(os.Stderr, "badbot: game %d series %t\n", g.Game, g.Series)
			}
			rng = rand.New(rand.NewPCG(g.Seed, uint64(g.Seat)))
		case protocol.TypeDecide:
			var d protocol.Decide
			json.Unmarshal(in.Bytes(), &d)
			count++
			if !historyAddsUp(&d, history, mode == "delta") {
				fmt.Println("history does not add up")
				continue
			}
			history = d.Turn
			choice := d.Legal[rng.IntN(len(d.Legal))]
			if observe != "" {
				o, ok := m["observation"]
				if !ok {
					o = []byte("absent")
				}
				fmt.Fprintf(os.Stderr, "badbot: observation turn %d %s\n", d.Turn, o)
			}
			if mode == "clock" {
				c, ok := m["clock"]
				if !ok {
					c = []byte("absent")
				}
				fmt.Fprintf(os.Stderr, "badbot: clock %s\n", c)
			}
			time.Sleep(think)
			if fire() {
				switch mode {
				case "sleep":
					time.Sleep(30 * time.Second)
				case "exit":
					os.Exit(3)
				case "junk":
					fmt.Println("this is not a message")
					continue
				case "wrongtype":
					send(protocol.BotMessage{Type: protocol.TypeHello})
					continue
				case "closeout":
					os.Stdout.Close()
					time.Sleep(30 * time.Second)
				case "illegal":
					choice = illegal(&d, count)
				case "twice":
					// Both answers in one write, so that they arrive
					// together.
					b, _ := json.Marshal(protocol.BotMessage{Type: protocol.TypeChoice, Choice: choice})
					out.Write(append(append(append(b, '\n'), b...), '\n'))
					out.Flush()
					continue
				case "floodexit":
					// Floods, then crashes: a restart per game.
					line := strings.Repeat("x", 1023)
					for range 256 {
						fmt.Fprintln(os.Stderr, line)
					}
					os.Exit(4)
				case "flood":
					line := strings.Repeat("x", 1023)
					for range 256 {
						fmt.Fprintln(os.Stderr, line)
					}
					send(protocol.BotMessage{Type: protocol.TypeLog, Message: "flooded 256 KiB"})
				case "setsid", "setsidexit", "scrub", "scrubexit", "daemon":
					// A child that leaves our process group and session,
					// so that killing the group misses it.
					// (setsid may fork: the child reports its own pid.)
					// scrub: it also removes nzsc's mark from its
					// environment; daemon: it does that from a grandchild
					// whose parent exits at once (orphaned while we run).
					c := exec.Command("setsid", "sh", "-c", "echo $$; exec sleep 60 >/dev/null")
					switch mode {
					case "scrub", "scrubexit":
						c = exec.Command("setsid", "env", "-u", "NZSC_BOT_ID", "sh", "-c", "echo $$; exec sleep 60 >/dev/null")
					case "daemon":
						c = exec.Command("sh", "-c", "setsid env -u NZSC_BOT_ID sh -c 'echo $$; exec sleep 60 >/dev/null' &")
					}
					out, _ := c.StdoutPipe()
					if err := c.Start(); err == nil {
						var pid int
						fmt.Fscan(out, &pid)
						send(protocol.BotMessage{Type: protocol.TypeLog, Message: fmt.Sprintf("child %d", pid)})
					}
					if mode == "setsidexit" || mode == "scrubexit" {
						os.Exit(5)
					}
				case "spawn":
					// A child that holds our output open after we exit.
					c := exec.Command("sleep", "60")
					c.Stdout = os.Stdout
					if err := c.Start(); err == nil {
						send(protocol.BotMessage{Type: protocol.TypeLog, Message: fmt.Sprintf("child %d", c.Process.Pid)})
					}
					os.Exit(5)
				}
			}
			send(protocol.BotMessage{Type: protocol.TypeChoice, Choice: choice})
		case protocol.TypeResult:
			var r protocol.Result
			json.Unmarshal(in.Bytes(), &r)
			if !(r.HistoryStart == map[bool]int{true: history, false: 0}[mode == "delta"] &&
				r.HistoryStart+len(r.History) == r.Turns) {
				fmt.Fprintln(os.Stderr, "badbot: result history does not add up")
			}
			send(protocol.BotMessage{Type: protocol.TypeLog, Message: fmt.Sprintf("result game %d %s %d", r.Game, r.Outcome, r.Turns)})
		case protocol.TypeQuit:
			if mode == "noquit" {
				time.Sleep(30 * time.Second)
			}
			return
		}
	}
	if mode == "noquit" {
		time.Sleep(30 * time.Second)
	}
}

// historyAddsUp checks a decide's history against what the bot knew.
func historyAddsUp(d *protocol.Decide, known int, delta bool) bool {
	if delta {
		return d.HistoryStart == known && known+len(d.History) == d.Turn
	}
	return d.HistoryStart == 0 && len(d.History) == d.Turn
}

// illegal returns a nonexistent name on odd decisions and, on even ones,
// a real name of the phase that is not legal now, when there is one.
func illegal(d *protocol.Decide, count int) string {
	if count%2 == 1 {
		return "Banana"
	}
	var universe []string
	switch d.Phase {
	case "character":
		universe = []string{"Ninja", "Zombie", "Samurai", "Clown"}
	case "booster":
		universe = []string{"Shadow", "Speedy", "Regenerative", "Zombie Corps", "Atlas", "Strong", "Backwards", "Moustachio"}
	case "move":
		universe = []string{"Kick", "Zap", "Smash", "Nose", "Big Hairy Deal", "Shadow Slip"}
	}
	for _, n := range universe {
		if !slices.Contains(d.Legal, n) {
			return n
		}
	}
	return "Banana"
}
