package roundrobin

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestSPRTSpecs(t *testing.T) {
	for i, c := range []struct {
		seats       int
		bots, field []string
		want        []string
		err         string
	}{
		{2, []string{"a", "b"}, nil, []string{"a", "b"}, ""},
		{2, []string{"a", "a"}, nil, []string{"a", "a"}, ""},
		{2, []string{"a", "b"}, []string{"c"}, nil, "two players have none"},
		{2, []string{"a", "b"}, []string{}, nil, "two players have none"},
		{2, []string{"a"}, nil, nil, "want two bots, NEW and BASE (got 1)"},
		{3, []string{"a", "b", "c"}, nil, nil, "want two bots, NEW and BASE (got 3)"},
		{3, []string{"a", "b"}, nil, []string{"a", "b", "b"}, ""},
		{4, []string{"a", "b"}, nil, []string{"a", "b", "b", "b"}, ""},
		{4, []string{"a", "b"}, []string{"c"}, []string{"a", "b", "c", "c"}, ""},
		{4, []string{"a", "b"}, []string{"c", "d"}, []string{"a", "b", "c", "d"}, ""},
		{4, []string{"a", "b"}, []string{"c", "d", "e"}, nil, "want one bot for the 2 other seats or one per seat, got 3"},
		{3, []string{"a", "b"}, []string{}, nil, "want one bot for the other seat, got 0"},
		{3, []string{"a", "b"}, []string{""}, nil, "the field has an empty bot name"},
		{4, []string{"a", "b"}, []string{"c", ""}, nil, "the field has an empty bot name"},
	} {
		got, err := SPRTSpecs(c.seats, c.bots, c.field)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("case %d: error %v, want one saying %q", i, err, c.err)
			}
			continue
		}
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("case %d: got %q, %v; want %q", i, got, err, c.want)
		}
	}
}

// TestCheckSPRTGamesNamesSettings: the library's refusal of a test's
// most games or batch names the settings, never a command's flags (the
// Runs page calls it too, through NewSPRT, and has fields), and a
// command words it with its flags.
func TestCheckSPRTGamesNamesSettings(t *testing.T) {
	for i, c := range [][2]int64{{0, 1000}, {2000, 7}, {-4, -2}, {5, 10}} {
		err := CheckSPRTGames(c[0], c[1])
		if err == nil || strings.Contains(err.Error(), "--") || !strings.Contains(err.Error(), "the most games and the batch must be positive even numbers") {
			t.Errorf("case %d: %v", i, err)
		}
		ge := (*SPRTGamesError)(nil)
		if !errors.As(err, &ge) || ge.Named("--max-games", "--batch") != fmt.Sprintf("--max-games and --batch must be positive even numbers (seat-swapped pairs), got %d and %d", c[0], c[1]) {
			t.Errorf("case %d: %#v", i, err)
		}
	}
	if err := CheckSPRTGames(2, 2); err != nil {
		t.Error(err)
	}
}
