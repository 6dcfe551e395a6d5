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
// them, in one line.
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
				for _, v := range []string{"NaN", "nan", "Inf", "+Inf", "-Inf", "infinity", "1e999"} {
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
