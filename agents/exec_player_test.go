package agents_test

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	_ "github.com/nzsclab/nzsc/agents/nzscn"
	"github.com/nzsclab/nzsc/engine/game"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// TestExecAnyGame: an external program plays NPZR and 3-player NZSC
// through the protocol for any game (the hello names the game; decisions
// carry the observation and the legal actions by name): every game ends
// without a fault, the same seeds give the same games, and a program that
// answers a name that is no action forfeits NPZR games as illegal.
func TestExecAnyGame(t *testing.T) {
	bot := "exec:" + filepath.Join(agents.ExecTestBots(t), "anybot")
	for _, c := range []struct {
		game  string
		seats int
		other string
	}{{"npzr", 2, "random"}, {"nzsc", 3, "random"}} {
		g, err := game.Build(c.game, c.seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		players := func(spec string) []agents.Player {
			var out []agents.Player
			for s := range c.seats {
				sp := c.other
				if s == 0 {
					sp = spec
				}
				b, err := agents.ParseForSeats(c.game, c.seats, sp)
				if err != nil {
					t.Fatal(err)
				}
				p, err := b.NewPlayer()
				if err != nil {
					t.Fatal(err)
				}
				out = append(out, p)
			}
			return out
		}
		table := agents.NewPlayerTable()
		table.Record = true
		ps := players(bot)
		var first []string
		for round := range 2 {
			for seed := range uint64(4) {
				res := table.Play(g, seed, ps)
				if res.Forfeit >= 0 || res.Illegal[0] != 0 {
					t.Fatalf("%s: seed %d: forfeit %d (%v), illegal %v", c.game, seed, res.Forfeit, res.Fault, res.Illegal)
				}
				key := strings.Join(flatten(table.Names), "|")
				if round == 0 {
					first = append(first, key)
				} else if first[seed] != key {
					t.Errorf("%s: seed %d: the game differs when played again", c.game, seed)
				}
			}
		}
		if x, ok := ps[0].(*agents.ExecPlayer); !ok || x.Starts() != 1 || !strings.HasPrefix(x.Peer().Name, "anybot-"+c.game) {
			t.Errorf("%s: the program was not started once for the game it was told (%T)", c.game, ps[0])
		}
		closeAll(ps)
	}
	// A name that is no action forfeits an NPZR game as an illegal action.
	g, _ := game.Build("npzr", 2, nil)
	b, _ := agents.ParseFor("npzr", bot+" bad")
	p, _ := b.NewPlayer()
	r, _ := agents.ParseFor("npzr", "random")
	q, _ := r.NewPlayer()
	res := agents.NewPlayerTable().Play(g, 1, []agents.Player{p, q})
	if res.Forfeit != 0 || agents.FaultKind(res.Fault) != "illegal" {
		t.Errorf("a bad answer: forfeit %d, fault %v", res.Forfeit, res.Fault)
	}
	closeAll([]agents.Player{p, q})
}

func flatten(xs [][]string) []string {
	var out []string
	for _, x := range xs {
		out = append(out, strings.Join(x, ","))
	}
	return out
}

func closeAll(ps []agents.Player) {
	for _, p := range ps {
		if c := agents.CloserOf(p); c != nil {
			c.Close()
		}
	}
}

// TestExecAnyGameAnswersTwice: a program that answers one decision twice
// breaks the protocol in every game (docs/protocol.md: "a message other
// than log when not asked"), as in two-player NZSC (TestExecAnswersTwice):
// it forfeits the game with a protocol fault, instead of having its extra
// answer taken for the next decision's (a stale NPZR action read as an
// illegal one, a stale NZSC move penalized or, worse, played).
func TestExecAnyGameAnswersTwice(t *testing.T) {
	bot := "exec:" + filepath.Join(agents.ExecTestBots(t), "anybot") + " twice"
	for _, c := range []struct {
		game  string
		seats int
	}{{"npzr", 2}, {"nzsc", 3}, {"nzsc", 4}} {
		g, err := game.Build(c.game, c.seats, nil)
		if err != nil {
			t.Fatal(err)
		}
		var ps []agents.Player
		for s := range c.seats {
			spec := "random"
			if s == 0 {
				spec = bot
			}
			b, err := agents.ParseForSeats(c.game, c.seats, spec)
			if err != nil {
				t.Fatal(err)
			}
			p, err := b.NewPlayer()
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, p)
		}
		for seed := range uint64(3) {
			res := agents.NewPlayerTable().Play(g, seed, ps)
			if res.Forfeit != 0 || agents.FaultKind(res.Fault) != agents.FaultProtocol {
				t.Errorf("%s at %d seats, seed %d: forfeit %d, fault %v; want seat 0's protocol fault",
					c.game, c.seats, seed, res.Forfeit, res.Fault)
			}
		}
		closeAll(ps)
	}
}
