package agents

import (
	"encoding/json"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// observationLines returns the observation fields a badbot with
// observe= wrote to its log, in order, with each decide's turn ("absent"
// when the decide had none).
func observationLines(t *testing.T, log string) (turns []int, obs []string) {
	t.Helper()
	for _, m := range regexp.MustCompile(`badbot: observation turn (\d+) (.*)`).FindAllStringSubmatch(readFile(t, log), -1) {
		turn, _ := strconv.Atoi(m[1])
		turns, obs = append(turns, turn), append(obs, m[2])
	}
	return turns, obs
}

// contractObservations replays history through two-player NZSC's game
// contract and returns, for each turn at which seat was to act, the
// contract's observation of seat (GameState.Observe) as JSON, and the
// final state.
func contractObservations(t *testing.T, rules nzsc.Rules, history []nzsc.Turn, seat int) (map[int]string, nzsc.State) {
	t.Helper()
	gs := nzsc.NewContractGame(rules).NewState(0).(*nzsc.GameState)
	want := map[int]string{}
	var toAct []int
	for k, turn := range history {
		for _, s := range gs.ToAct(toAct[:0]) {
			if s == seat {
				b, err := json.Marshal(gs.Observe(seat))
				if err != nil {
					t.Fatal(err)
				}
				want[k] = string(b)
			}
		}
		if err := gs.Apply([]game.Action{game.Action(turn.Choice(0)), game.Action(turn.Choice(1))}); err != nil {
			t.Fatalf("turn %d: %v", k, err)
		}
	}
	return want, gs.State
}

// TestExecObservation: a program that asks for it in its hello gets, in
// every decide of two-player NZSC, the game contract's observation of its
// seat, as every other game's decide carries it: the game is replayed
// through the contract and the observation it gives that seat before
// each turn is what the program read, in either seat.
func TestExecObservation(t *testing.T) {
	defer setLogDir(defaultExec.LogDir)()
	for seat := range 2 {
		// A log of its own for each program.
		defaultExec.LogDir = filepath.Join(t.TempDir(), "logs")
		e := newExec(t, badbot("observe=ask"))
		tab := NewTable()
		var o Outcome
		if seat == 0 {
			o = tab.Play(nzsc.DefaultRules, 7, e, randomBot())
		} else {
			o = tab.Play(nzsc.DefaultRules, 7, randomBot(), e)
		}
		if o.Forfeit >= 0 {
			t.Fatalf("seat %d: forfeit %d (%v)", seat, o.Forfeit, o.Fault)
		}
		e.Close()
		want, final := contractObservations(t, nzsc.DefaultRules, tab.History, seat)
		if final != o.State {
			t.Fatalf("seat %d: the replay through the contract ends in another state than the game", seat)
		}
		turns, obs := observationLines(t, e.LogPath())
		got := map[int]string{}
		for i, turn := range turns {
			got[turn] = obs[i]
		}
		if len(turns) == 0 || len(turns) != len(want) || len(got) != len(want) {
			t.Fatalf("seat %d: %d observations read (%d turns) for %d decisions", seat, len(turns), len(got), len(want))
		}
		for turn, w := range want {
			var g, wv any
			if err := json.Unmarshal([]byte(got[turn]), &g); err != nil {
				t.Fatalf("seat %d, turn %d: the program read observation %q: %v", seat, turn, got[turn], err)
			}
			json.Unmarshal([]byte(w), &wv)
			if !reflect.DeepEqual(g, wv) {
				t.Fatalf("seat %d, turn %d: the program read observation\n%s\nthe contract gives\n%s", seat, turn, got[turn], w)
			}
		}
	}
}

// TestExecNoObservationUnasked: a program that does not ask for the
// observation (every bot written before it) is sent no such field and
// plays on as before: its history checks hold (badbot writes junk, a
// protocol fault, when they do not) and it finishes its games, as the
// Go example does.
func TestExecNoObservationUnasked(t *testing.T) {
	defer setLogDir(filepath.Join(t.TempDir(), "logs"))()
	e := newExec(t, badbot("observe=log"))
	g := newExec(t, gobot(t))
	for seed := range uint64(3) {
		if o := NewTable().Play(nzsc.DefaultRules, seed, e, g); o.Forfeit >= 0 {
			t.Fatalf("game %d: forfeit %d (%v)", seed, o.Forfeit, o.Fault)
		}
	}
	e.Close()
	turns, obs := observationLines(t, e.LogPath())
	if len(turns) == 0 {
		t.Fatal("no decision logged")
	}
	for i, o := range obs {
		if o != "absent" {
			t.Fatalf("turn %d: observation %s sent to a bot that did not ask for it", turns[i], o)
		}
	}
}
