package main

import (
	"encoding/csv"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

func TestSolveRoundsCSV(t *testing.T) {
	out, stderr, code := runCmd(t, "", "solve", "rounds", "--format", "csv")
	if code != 0 {
		t.Fatalf("code %d: %s", code, stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 109 || rows[0][0] != "a" {
		t.Errorf("%d rows (header %v), want a header and 108 pairings", len(rows), rows[0])
	}
}

func TestSolveBadInput(t *testing.T) {
	for i, c := range [][]string{
		{"solve"},
		{"solve", "everything"},
		{"solve", "rounds", "--format", "xml"},
		{"solve", "game", "--workers", "0"},
		{"solve", "game", "--save", "solve_test.go"},
		{"solve", "game", "--save", "."},
		{"exploit"},
		{"exploit", "nosuchbot"},
		{"exploit", "random", "--samples", "0"},
		{"exploit", "greedy", "--visit-games", "-2"},
		{"exploit", "greedy", "--refine", "-1"},
		{"exploit", "greedy", "--workers", "1000000"},
	} {
		_, stderr, code := runCmd(t, "", c...)
		if code != 2 || strings.Count(strings.TrimRight(stderr, "\n"), "\n") > 0 {
			t.Errorf("case %d %v: code %d stderr %q, want 2 and one line", i, c, code, stderr)
		}
	}
}

// TestSolveGameAndExploit runs the whole pipeline: solve and save, then
// exploit the optimal bot playing the saved solution (its best response
// must be worth no more than the certificate allows) and random.
func TestSolveGameAndExploit(t *testing.T) {
	if testing.Short() {
		t.Skip("solves the whole game")
	}
	path := filepath.Join(t.TempDir(), "solution.bin")
	out, stderr, code := runCmd(t, "", "solve", "game", "--format", "json", "--quiet", "--save", path)
	if code != 0 {
		t.Fatalf("solve game: code %d: %s", code, stderr)
	}
	var sol struct {
		Value     float64 `json:"value"`
		Gap       float64 `json:"gap"`
		Certified int     `json:"pairings_certified"`
		Pairings  []struct{ Value float64 }
	}
	if err := json.Unmarshal([]byte(out), &sol); err != nil {
		t.Fatal(err)
	}
	if len(sol.Pairings) != 108 || sol.Certified < 100 || sol.Value*sol.Value > 1e-18 {
		t.Errorf("solution: %d pairings, %d certified, value %v", len(sol.Pairings), sol.Certified, sol.Value)
	}
	out, stderr, code = runCmd(t, "", "exploit", "optimal:path="+path, "--games", "200", "--seed", "1", "--quiet", "--format", "json")
	if code != 0 {
		t.Fatalf("exploit: code %d: %s", code, stderr)
	}
	var x struct {
		Exploitability float64
		Seats          []struct{ Verdict string }
	}
	if err := json.Unmarshal([]byte(out), &x); err != nil {
		t.Fatal(err)
	}
	if x.Exploitability > sol.Gap+1e-9 || x.Exploitability < -1e-9 {
		t.Errorf("optimal's exploitability %v, want within [0, gap %v]", x.Exploitability, sol.Gap)
	}
	out, _, code = runCmd(t, "", "exploit", "random", "--games", "300", "--seed", "1", "--quiet", "--format", "json")
	if code != 0 {
		t.Fatal("exploit random failed")
	}
	if err := json.Unmarshal([]byte(out), &x); err != nil {
		t.Fatal(err)
	}
	for s, seat := range x.Seats {
		if seat.Verdict != "confirmed" {
			t.Errorf("exploit random, seat %d: %s", s, seat.Verdict)
		}
	}
}
