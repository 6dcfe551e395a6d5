package agents_test

import (
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	_ "github.com/nzsclab/nzsc/agents/npzr"
	_ "github.com/nzsclab/nzsc/agents/nzscn"
	_ "github.com/nzsclab/nzsc/engine/games"
)

// TestNoParameterTakesNaNOrInfinity: no bot of any game reads a number
// that is not one. strconv.ParseFloat reads "NaN" and "Inf", and a NaN
// passes every range check written as lo <= v && v <= hi's negation
// (v < lo || v > hi is false for NaN): such a bot would play with a NaN
// probability or constant. Every parameter of every kind must refuse
// them, in one line, and the numbers strconv reads that no person means
// (hexadecimal 0x1p-2, digits split by underscores): noise= read 0x1p-2
// as 0.25.
func TestNoParameterTakesNaNOrInfinity(t *testing.T) {
	for _, g := range []struct {
		game  string
		seats int
	}{{"nzsc", 2}, {"nzsc", 3}, {"nzsc", 4}, {"npzr", 2}} {
		for _, i := range agents.RegisteredForSeats(g.game, g.seats) {
			if i.Prefix {
				continue // exec: its options are the program's (exec_spec_test)
			}
			for _, p := range i.Params {
				for _, v := range []string{"NaN", "nan", "Inf", "+Inf", "-Inf", "infinity", "1e999", "0x1p-2", "1_0.5"} {
					spec := i.Name + ":" + p.Name + "=" + v
					_, err := agents.ParseForSeats(g.game, g.seats, spec)
					if err == nil {
						t.Errorf("%s at %d seats: %s accepted", g.game, g.seats, spec)
					} else if strings.Contains(err.Error(), "\n") {
						t.Errorf("%s at %d seats: %s: the error is not one line: %q", g.game, g.seats, spec, err)
					}
				}
			}
		}
	}
}

// TestSharedOptionsDecimal: the options every bot takes (noise=, tc=,
// an external program's timeout=) read decimal numbers only, as its own
// parameters do (numfmt.ParseDecimal).
func TestSharedOptionsDecimal(t *testing.T) {
	for _, spec := range []string{"greedy:noise=0x1p-2", "greedy:noise=0_1", "greedy:tc=0x1p2", "mcts:tc=1_0+0.1", "exec:/bin/cat;timeout=0x1p-1"} {
		if _, err := agents.ParseForSeats("nzsc", 2, spec); err == nil {
			t.Errorf("%s accepted", spec)
		}
	}
	for _, spec := range []string{"greedy:noise=.25", "greedy:tc=10+0.1", "exec:/bin/cat;timeout=1.5"} {
		if _, err := agents.ParseForSeats("nzsc", 2, spec); err != nil {
			t.Errorf("%s: %v", spec, err)
		}
	}
}

// TestLongSpecRefusedInOneShortLine: a spec of 100 KB (a pasted file, a
// runaway script) is refused in a line that quotes a little of it; the
// error quoted the whole spec, twice (200 KB on one line). A long but
// reasonable exec command still reads.
func TestLongSpecRefusedInOneShortLine(t *testing.T) {
	for _, spec := range []string{
		"exec:" + strings.Repeat("a", 100_000),
		"mcts:iters=" + strings.Repeat("5", 100_000),
		"random:name=" + strings.Repeat("x", 100_000),
	} {
		_, err := agents.ParseForSeats("nzsc", 2, spec)
		if err == nil || !strings.Contains(err.Error(), "too long") || len(err.Error()) > 300 {
			n := 0
			if err != nil {
				n = len(err.Error())
			}
			t.Errorf("%.20s...: an error of %d bytes (%.80v), want a short one saying the spec is too long", spec, n, err)
		}
	}
	long := "exec:true '" + strings.Repeat("x", 3000) + "'"
	if _, err := agents.ParseForSeats("nzsc", 2, long); err != nil {
		t.Errorf("a 3 KB exec spec: %v", err)
	}
}
