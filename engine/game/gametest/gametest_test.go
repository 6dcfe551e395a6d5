package gametest_test

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/game/gametest"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// The suite must be able to fail: toy is a small game (two seats take
// turns adding 1 to 3 to a count; who reaches 10 wins; each seat holds a
// secret number dealt from the seed) that keeps the contract, and each
// fault below breaks one promise, which the suite must report.
type fault int

const (
	honest fault = iota
	cloneShares
	legalOutOfTurn
	acceptsIllegal
	changesOnRefusal
	leaksSecret
	badNames
	neverEnds
	randomStart
	wrongScore
)

var faultNames = []string{"honest", "clone shares", "legal out of turn", "accepts illegal", "changes on refusal",
	"leaks secret", "bad names", "never ends", "random start", "wrong score"}

type toyGame struct {
	f    fault
	info *game.Info
}

func (g *toyGame) Info() *game.Info { return g.info }
func (g *toyGame) Seats() int       { return 2 }
func (g *toyGame) Rules() game.Rules {
	return game.Rules{}
}

var starts uint64

func (g *toyGame) NewState(seed uint64) game.State {
	if g.f == randomStart {
		starts++
		seed += starts
	}
	return &toyState{g: g, secret: [2]int{int(seed % 7), int(seed / 7 % 7)}}
}

type toyState struct {
	g      *toyGame
	count  int
	toAct  int
	turn   int
	secret [2]int
	obs    toyObs
}

func (s *toyState) over() bool { return s.count >= 10 }

func (s *toyState) ToAct(dst []int) []int {
	dst = dst[:0]
	if s.over() {
		return dst
	}
	return append(dst, s.toAct)
}

func (s *toyState) Legal(seat int, dst []game.Action) []game.Action {
	dst = dst[:0]
	if s.over() || (seat != s.toAct && s.g.f != legalOutOfTurn) {
		return dst
	}
	return append(dst, 1, 2, 3)
}

func (s *toyState) Apply(acts []game.Action) error {
	if len(acts) != 2 || s.over() || acts[1-s.toAct] != game.Pass {
		return fmt.Errorf("toy: no")
	}
	a := acts[s.toAct]
	if a < 1 || a > 3 {
		if s.g.f == changesOnRefusal {
			s.count++
		}
		if s.g.f != acceptsIllegal {
			return fmt.Errorf("toy: illegal")
		}
	}
	if s.g.f != neverEnds {
		s.count += int(a)
	}
	s.toAct ^= 1
	s.turn++
	return nil
}

func (s *toyState) Over() bool { return s.over() }

func (s *toyState) Outcome() game.Outcome {
	w := s.toAct ^ 1 // who moved last reached 10
	if s.g.f == wrongScore {
		return game.Outcome{Seats: 2, Winner: w, Place: [game.MaxSeats]uint8{1, 1}}
	}
	o := game.Outcome{Seats: 2, Winner: w, Place: [game.MaxSeats]uint8{2, 2}}
	o.Place[w] = 1
	return o
}

func (s *toyState) Turn() int { return s.turn }

func (s *toyState) Observe(seat int) game.Observation {
	s.obs = toyObs{seat: seat, s: s}
	return &s.obs
}

func (s *toyState) Clone() game.State {
	if s.g.f == cloneShares {
		return s
	}
	c := *s
	return &c
}

// Resample deals the other seat's secret anew.
func (s *toyState) Resample(seat int, seed uint64) game.State {
	c := *s
	c.secret[1-seat] = int(seed % 7)
	return &c
}

type toyObs struct {
	seat int
	s    *toyState
}

func (o *toyObs) Seat() int { return o.seat }
func (o *toyObs) ActionString(a game.Action) string {
	if o.s.g.f == badNames {
		return "x"
	}
	return strconv.Itoa(int(a))
}
func (o *toyObs) ParseAction(s string) (game.Action, error) {
	n, err := strconv.Atoi(s)
	return game.Action(n), err
}
func (o *toyObs) MarshalJSON() ([]byte, error) {
	v := map[string]int{"count": o.s.count, "to_act": o.s.toAct, "secret": o.s.secret[o.seat]}
	if o.s.g.f == leaksSecret {
		v["other"] = o.s.secret[1-o.seat]
	}
	return json.Marshal(v)
}

func TestSuiteFindsFaults(t *testing.T) {
	for f := honest; f <= wrongScore; f++ {
		info := &game.Info{Name: "toy", Title: "Toy", MinSeats: 2, MaxSeats: 2, Hidden: true, IllegalForfeits: true}
		g := &toyGame{f: f, info: info}
		info.New = func(int, game.Rules) (game.Game, error) { return g, nil }
		var h gametest.Hidden
		var err error
		for seed := range uint64(8) {
			if _, _, err = gametest.Check(g, seed, 100, &h); err != nil {
				break
			}
		}
		if err == nil && f == leaksSecret && h.Differed == 0 {
			err = fmt.Errorf("resamples never differ") // what TestGame reports
		}
		switch {
		case f == honest && err != nil:
			t.Errorf("the honest toy fails: %v", err)
		case f != honest && err == nil:
			t.Errorf("fault %q: the suite finds nothing", faultNames[f])
		case f != honest:
			t.Logf("fault %q: %v", faultNames[f], strings.SplitN(err.Error(), "\n", 2)[0])
		}
	}
}

// Check plays one random game of a registered game through the contract
// and reports the first broken promise, or nil.
func ExampleCheck() {
	g, err := game.Build("nzsc", 3, game.Rules{"turn_cap": "200"})
	if err != nil {
		panic(err)
	}
	rec, final, err := gametest.Check(g, 1, 200, nil)
	fmt.Println(err, final.Over(), len(rec.Turns) == rec.Result.Steps)
	// Output: <nil> true true
}
