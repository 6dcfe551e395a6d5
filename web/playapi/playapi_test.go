package playapi

import (
	"errors"
	"strings"
	"testing"
)

func fixed() uint64 { return 7 }

// TestNewSession: the same request reads the same on the server and on
// the static page, but for the bots each may start.
func TestNewSession(t *testing.T) {
	server, static := Where{AllowExec: true}, Where{Static: true}
	for i, c := range []struct {
		req   NewRequest
		where Where
		err   string // "" for none
	}{
		{NewRequest{}, static, ""},
		{NewRequest{Game: "npzr", Seat: 1, Opponent: "ismcts:iters=20"}, static, ""},
		{NewRequest{Players: 4, Opponent: "paranoid"}, static, ""},
		{NewRequest{Opponent: "optimal"}, static, "needs the solved game"},
		{NewRequest{Opponent: "optimal"}, server, ""},
		// exploiter plays from optimal's solution: a solve of seconds
		// and much memory in the browser, at its first decision.
		{NewRequest{Opponent: "exploiter"}, static, "needs the solved game"},
		{NewRequest{Opponent: "exploiter"}, server, ""},
		{NewRequest{Opponent: "exec:/bin/true"}, static, "a page without a server cannot"},
		{NewRequest{Opponent: "exec:/bin/true"}, Where{}, "--allow-exec"},
		// A file named by a request is not opened: the answer would say
		// whether any path exists on the server (it said "open /x: no
		// such file or directory", or "not a solution file").
		{NewRequest{Opponent: "optimal:path=/nonexistent/x"}, Where{}, `path= names a file on the server`},
		{NewRequest{Opponent: "optimal:path=playapi.go"}, Where{}, `path= names a file on the server`},
		{NewRequest{Opponent: "optimal:path=/nonexistent/x"}, server, "no such file"},
		{NewRequest{Game: "npzr", Players: 3}, server, "played by 2 players"},
		{NewRequest{Game: "go"}, server, "unknown game"},
		{NewRequest{Players: 3, Seat: 2}, server, "seats are alike"},
		{NewRequest{Players: 3, Seed: "x"}, server, "not a decimal or 0x-hex"},
	} {
		s, err := NewSession(c.req, c.where, fixed)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("case %d: %v", i, err)
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("case %d: error %v, want one containing %q", i, err, c.err)
		case c.err == "":
			r, err := s.Start()
			if err != nil || r.Ask == "" || r.Status.Seed != "0x7" {
				t.Errorf("case %d: start %v %+v", i, err, r.Status)
			}
			s.Close()
		}
		if !c.where.AllowExec && !c.where.Static && !errors.Is(err, ErrExec) {
			t.Errorf("case %d: %v is not ErrExec", i, err)
		}
	}
}

// TestGames: every game at every number of players, NZSC first; the
// static page offers no bot that needs the solver or runs a program.
func TestGames(t *testing.T) {
	var got []string
	for _, g := range Games(Where{Static: true}) {
		got = append(got, g.Label)
		for _, b := range g.Bots {
			if b.Name == "optimal" || b.Name == "exploiter" || b.Name == "resolve" || b.Name == "exec" {
				t.Errorf("%s offers %s on the static page", g.Label, b.Name)
			}
		}
	}
	if strings.Join(got, "|") != "Ninja Zombie Samurai Clown, 2 players|Ninja Zombie Samurai Clown, 3 players|Ninja Zombie Samurai Clown, 4 players|Ninja Pirate Zombie Robot" {
		t.Errorf("games %q", got)
	}
}
