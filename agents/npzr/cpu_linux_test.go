package npzr

import (
	"flag"
	"math/rand/v2"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/engine/game"
	np "github.com/nzsclab/nzsc/engine/npzr"
	"github.com/nzsclab/nzsc/engine/rng"
)

var cpuPair = flag.String("cpu.pair", "", "measure CPU time per decision of two bots, \"A/B\", in games between them (seats swapped); -cpu.games sets the number")
var cpuGames = flag.Int("cpu.games", 40, "games TestCPUPerDecision plays")

// threadCPU returns the CPU time the calling OS thread has used (the test
// locks itself to one), so that time spent waiting for a shared core does
// not count.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	const rusageThread = 1
	if err := syscall.Getrusage(rusageThread, &ru); err != nil {
		panic(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// TestCPUPerDecision measures, with -cpu.pair A/B, each bot's CPU time per
// decision over whole games between them: what "equal CPU per decision"
// compares. It is a measurement, not a check, and is skipped without the
// flag.
func TestCPUPerDecision(t *testing.T) {
	a, b, ok := strings.Cut(*cpuPair, "/")
	if !ok {
		t.Skip("measurement: run with -cpu.pair A/B")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g, _ := np.NewGame(np.DefaultRules)
	specs := [2]string{a, b}
	var cpu [2]time.Duration
	var n [2]int
	var buf [np.MaxLegal]np.Action
	var legal []game.Action
	var o np.Observation
	for k := range uint64(*cpuGames) {
		bots := [2]interface {
			NewGame(game.Game, int, *rand.Rand)
			Act(game.Observation, []game.Action) game.Action
		}{newBot(t, specs[0]), newBot(t, specs[1])}
		first := int(k & 1) // which bot sits in seat 0
		s, _ := np.New(np.DefaultRules, 0xc0de0000+k/2)
		for i := range 2 {
			bots[i].NewGame(g, i^first, rand.New(rng.NewWyrand(k, uint64(i))))
		}
		for !s.Over() {
			legal = legal[:0]
			for _, x := range s.Legal(buf[:0]) {
				legal = append(legal, game.Action(x))
			}
			s.Observe(s.ToAct(), &o)
			i := s.ToAct() ^ first
			t0 := threadCPU()
			x := bots[i].Act(&o, legal)
			cpu[i] += threadCPU() - t0
			n[i]++
			s.Step(np.Action(x))
		}
	}
	for i := range 2 {
		t.Logf("%s: %d decisions, %.3f ms CPU per decision", specs[i], n[i], float64(cpu[i].Microseconds())/1000/float64(n[i]))
	}
}
