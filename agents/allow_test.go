package agents

import (
	"errors"
	"strings"
	"testing"
)

// TestCheckAllowed: a bot that starts a program is refused, naming its
// spec, unless programs are allowed; any other bot never is.
func TestCheckAllowed(t *testing.T) {
	for i, c := range []struct {
		game  string
		seats int
		spec  string
		runs  bool
	}{
		{"nzsc", 2, "exec:/bin/true", true},
		{"nzsc", 3, "exec:/bin/true;timeout=1s", true},
		{"npzr", 2, "exec:/bin/true", true},
		{"nzsc", 2, "random", false},
		{"nzsc", 2, "greedy:noise=0.1", false},
	} {
		b, err := ParseForSeats(c.game, c.seats, c.spec)
		if err != nil {
			t.Fatalf("case %d: %v", i, err)
		}
		if b.Info.StartsProgram() != c.runs {
			t.Errorf("case %d: %s starts a program: %v, want %v", i, c.spec, !c.runs, c.runs)
		}
		if err := b.CheckAllowed(true); err != nil {
			t.Errorf("case %d: %s refused where programs are allowed: %v", i, c.spec, err)
		}
		err = b.CheckAllowed(false)
		if c.runs != errors.Is(err, ErrExec) || c.runs && !strings.Contains(err.Error(), c.spec) {
			t.Errorf("case %d: %s where programs are not allowed: %v", i, c.spec, err)
		}
	}
}

// TestFileParams: a parameter that names a file (Param.File) is refused
// by ParseAllowed where programs are not allowed, before the bot is
// built (its file never opened), and allowed where they are; an empty
// file name is an error, not the default file.
func TestFileParams(t *testing.T) {
	game := "file-params-test"
	built := 0
	Register(Info{Game: game, Name: "reader", Params: []Param{{Name: "path", File: true}, {Name: "n", Default: "1"}},
		NewPlayer: func(p Params) (Player, error) { built++; return nil, errors.New("opened " + p["path"]) }})
	if _, err := ParseAllowed(game, 2, "reader:path=/etc/shadow", false); !errors.Is(err, ErrExec) || !strings.Contains(err.Error(), "path= names a file on the server") || built != 0 {
		t.Errorf("programs not allowed: %v, built %d times; want ErrExec naming path=, never built", err, built)
	}
	if _, err := ParseAllowed(game, 2, "reader:n=2", false); err == nil || !strings.Contains(err.Error(), "opened") {
		t.Errorf("no file named: %v; want the bot built", err)
	}
	if _, err := ParseAllowed(game, 2, "reader:path=/x", true); err == nil || !strings.Contains(err.Error(), "opened /x") {
		t.Errorf("programs allowed: %v; want the bot built", err)
	}
	if _, err := ParseForSeats(game, 2, "reader:path= "); err == nil || !strings.Contains(err.Error(), "path= needs a file name") {
		t.Errorf("empty path: %v; want an error", err)
	}
}

// TestSpecsParams: a parameter holding other bots' specs (Param.Specs)
// is held to the same rule: a spec among them that names a file or
// starts a program is refused where programs are not allowed, before
// any bot is built, and allowed where they are.
func TestSpecsParams(t *testing.T) {
	game := "specs-params-test"
	built := 0
	Register(Info{Game: game, Name: "reader", Params: []Param{{Name: "path", File: true}},
		NewPlayer: func(p Params) (Player, error) { built++; return nil, errors.New("opened " + p["path"]) }})
	Register(Info{Game: game, Name: "judge", Params: []Param{{Name: "models", Default: "reader", Specs: true}},
		NewPlayer: func(p Params) (Player, error) { built++; return nil, errors.New("models " + p["models"]) }})
	for _, spec := range []string{"judge:models=reader:path=/etc/shadow", "judge:models=reader+reader:path=/etc/shadow"} {
		if _, err := ParseAllowed(game, 2, spec, false); !errors.Is(err, ErrExec) || !strings.Contains(err.Error(), "models=") || !strings.Contains(err.Error(), "path= names a file on the server") || built != 0 {
			t.Errorf("%s, programs not allowed: %v, built %d times; want ErrExec naming models= and path=, never built", spec, err, built)
		}
	}
	for _, c := range []struct {
		spec     string
		programs bool
	}{{"judge", false}, {"judge:models=reader+nobot", false}, {"judge:models=reader:path=/x", true}} {
		if _, err := ParseAllowed(game, 2, c.spec, c.programs); err == nil || !strings.Contains(err.Error(), "models ") {
			t.Errorf("%s, programs allowed %v: %v; want the bot built", c.spec, c.programs, err)
		}
	}
}
