package nzsc_test

import (
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
)

// Rule variants (nzsc.Rules beyond the turn cap): each scenario's
// expected values follow from the rulebook with the one setting changed,
// worked out by hand.

func variant(f func(r *nzsc.Rules)) nzsc.Rules {
	r := nzsc.DefaultRules
	f(&r)
	return r
}

func TestVariantScenarios(t *testing.T) {
	points3 := variant(func(r *nzsc.Rules) { r.Points = 3 })
	runScenarios(t, []scenario{
		{
			// Ninja's headstart over Samurai is the first point; two Kicks
			// against Earthquake make three, which wins at points=3.
			name: "points=3: three points win",
			a:    "Ninja/Shadow", b: "Samurai/Atlas", rules: points3,
			script: []string{"Kick / Earthquake -> 1-0", "Kick / Helmet -> 0-0", "Kick / Earthquake -> 1-0"},
			points: [2]int{3, 0}, waits: [2]int{4, 4}, phase: nzsc.GameOver, result: nzsc.FirstWins,
			margin: "", last: noneOK,
		},
		{
			name: "the same script under the shared rules goes on at 3-0",
			a:    "Ninja/Shadow", b: "Samurai/Atlas",
			script: []string{"Kick / Earthquake -> 1-0", "Kick / Helmet -> 0-0", "Kick / Earthquake -> 1-0"},
			points: [2]int{3, 0}, waits: [2]int{4, 4}, phase: nzsc.PickMove, last: noneOK,
		},
		{
			name: "move_streak=2: a third Kick in a row is refused with 3 waits",
			a:    "Ninja/Shadow", b: "Samurai/Atlas", rules: variant(func(r *nzsc.Rules) { r.MoveStreak = 2 }),
			script: []string{"Kick / Helmet", "Kick / Earthquake -> 1-0", "Kick / Helmet"},
			points: [2]int{2, 0}, waits: [2]int{1, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.FourthInARow),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantStreak(t, s, 0, "Kick", 2)
				wantStreak(t, s, 1, "Earthquake", 1)
				wantLegal(t, s, 0, 1, 2, 3, 4)
				wantLegal(t, s, 1, 14, 15, 16, 17, 18)
			},
		},
		{
			name: "move_streak=4: four Kicks are legal, the fifth is refused",
			a:    "Ninja/Shadow", b: "Samurai/Atlas", rules: variant(func(r *nzsc.Rules) { r.MoveStreak = 4 }),
			script: cat(rep("Kick / Helmet", 1), rep("Kick / Earthquake -> 1-0", 1), rep("Kick / Helmet", 1),
				rep("Kick / Earthquake -> 1-0", 1), []string{"Kick / Helmet"}),
			points: [2]int{3, 0}, waits: [2]int{1, 4}, phase: nzsc.PickMove,
			last: offA(nzsc.FourthInARow),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantStreak(t, s, 0, "Kick", 4)
				wantLegal(t, s, 0, 1, 2, 3, 4)
			},
		},
		{
			name:   "character_streak=2: a third Ninja in a row is refused",
			rules:  variant(func(r *nzsc.Rules) { r.CharacterStreak = 2 }),
			script: []string{"Ninja / Ninja", "Ninja / Ninja", "Ninja / Samurai -> 0-0"},
			points: [2]int{0, 0}, waits: [2]int{1, 4}, phase: nzsc.PickCharacter,
			last: offA(nzsc.FourthInARow),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantCharStreak(t, s, 0, "Ninja", 2)
				wantLegal(t, s, 0, 1, 2, 3)
				wantLegal(t, s, 1, 1, 2, 3)
			},
		},
		{
			name:   "character_streak=4: four clashes on Ninja, then Ninja is refused",
			rules:  variant(func(r *nzsc.Rules) { r.CharacterStreak = 4 }),
			script: cat(rep("Ninja / Ninja", 4), []string{"Zombie / Ninja -> 0-0"}),
			points: [2]int{0, 0}, waits: [2]int{4, 1}, phase: nzsc.PickCharacter,
			last: offB(nzsc.FourthInARow),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantCharStreak(t, s, 1, "Ninja", 4)
			},
		},
		{
			// A nonexistent booster costs 4 waits; with 1 the player drops
			// to 0 and the opponent scores.
			name:   "waits=1: one offence gives the opponent a point",
			rules:  variant(func(r *nzsc.Rules) { r.Waits = 1 }),
			script: []string{"Ninja / Samurai -> 1-0", "? / Strong -> 0-1"},
			points: [2]int{1, 1}, waits: [2]int{0, 1}, phase: nzsc.PickBooster,
			last: offA(nzsc.WrongUniverse),
		},
		{
			name:   "waits=8: the same offence leaves 4",
			rules:  variant(func(r *nzsc.Rules) { r.Waits = 8 }),
			script: []string{"Ninja / Samurai -> 1-0", "? / Strong -> 0-0"},
			points: [2]int{1, 0}, waits: [2]int{4, 8}, phase: nzsc.PickBooster,
			last: offA(nzsc.WrongUniverse),
		},
		{
			name:   "headstarts=off: Ninja against Samurai scores nothing",
			rules:  variant(func(r *nzsc.Rules) { r.NoHeadstarts = true }),
			script: []string{"Ninja / Samurai -> 0-0"},
			points: [2]int{0, 0}, waits: [2]int{4, 4}, phase: nzsc.PickBooster, last: noneOK,
		},
		{
			name:   "no_booster=off: No Booster is not offered and costs 2 waits",
			rules:  variant(func(r *nzsc.Rules) { r.BoosterRequired = true }),
			script: []string{"Zombie / Clown", "No Booster / Moustachio"},
			points: [2]int{0, 0}, waits: [2]int{2, 4}, phase: nzsc.PickBooster,
			last: offA(nzsc.WrongBooster),
			check: func(t *testing.T, s *nzsc.State, _ []nzsc.Turn) {
				wantLegal(t, s, 0, 2, 3)
				wantLegal(t, s, 1, 6, 7)
			},
		},
	})
	// NewRound gives headstarts by the rules too.
	r := nzsc.NewRound(variant(func(r *nzsc.Rules) { r.NoHeadstarts = true }),
		nzsc.Loadout{Character: nzsc.Ninja, Booster: nzsc.NoBooster}, nzsc.Loadout{Character: nzsc.Samurai, Booster: nzsc.NoBooster})
	if r.Points(0) != 0 || r.Points(1) != 0 {
		t.Errorf("NewRound without headstarts: points %d-%d, want 0-0", r.Points(0), r.Points(1))
	}
}

// TestVariantRandomGames plays random legal games under variants through
// Step and checks the variant's invariants on every state: no score
// reaches the winning one while the game goes on, a winner has exactly
// it, streaks stay within their limits, waits stay at their start (legal
// play is never charged), No Booster is never taken when required, and
// without headstarts the booster phase starts at 0-0.
func TestVariantRandomGames(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 300
	}
	rules := []nzsc.Rules{
		nzsc.DefaultRules,
		variant(func(r *nzsc.Rules) { r.Points = 3 }),
		variant(func(r *nzsc.Rules) { r.Points = 9 }),
		variant(func(r *nzsc.Rules) { r.MoveStreak = 2; r.CharacterStreak = 2 }),
		variant(func(r *nzsc.Rules) { r.MoveStreak = 4; r.CharacterStreak = 4; r.Waits = 1 }),
		variant(func(r *nzsc.Rules) { r.NoHeadstarts = true; r.BoosterRequired = true; r.Points = 7 }),
	}
	var buf [nzsc.MaxChoices]nzsc.Choice
	for ri, r := range rules {
		n := r.Normalized()
		wins := 0
		for g := range games {
			var src rng.Wyrand
			src.Seed(uint64(g), uint64(ri))
			s := nzsc.NewGame(r)
			for s.Phase != nzsc.GameOver {
				var c [2]nzsc.Choice
				for seat := range 2 {
					c[seat] = nzsc.Unknown
					if k := s.Legal(seat, &buf); k > 0 {
						c[seat] = buf[src.Uint64()%uint64(k)]
					}
				}
				before := s.Phase
				stuck := s.Stuck(0) || s.Stuck(1)
				s.Step(c[0], c[1])
				for seat := range 2 {
					// Legal play is charged only for being stuck.
					if !stuck && s.Waits(seat) != int(n.Waits) {
						t.Fatalf("rules %d game %d: seat %d has %d waits in legal play, started with %d", ri, g, seat, s.Waits(seat), n.Waits)
					}
					if _, k := s.CharacterStreak(seat); k > int(n.CharacterStreak) {
						t.Fatalf("rules %d game %d: character streak %d over %d", ri, g, k, n.CharacterStreak)
					}
					if _, k := s.MoveStreak(seat); k > int(n.MoveStreak) {
						t.Fatalf("rules %d game %d: move streak %d over %d", ri, g, k, n.MoveStreak)
					}
					if s.Phase != nzsc.GameOver && s.Points(seat) >= int(n.Points) {
						t.Fatalf("rules %d game %d: %d points and the game goes on", ri, g, s.Points(seat))
					}
					if s.Phase == nzsc.PickMove && n.BoosterRequired && s.Booster(seat) == nzsc.NoBooster {
						t.Fatalf("rules %d game %d: No Booster taken", ri, g)
					}
				}
				if before == nzsc.PickCharacter && s.Phase == nzsc.PickBooster && n.NoHeadstarts && s.Points(0)+s.Points(1) != 0 {
					t.Fatalf("rules %d game %d: headstarts given", ri, g)
				}
			}
			if w := s.Result.Winner(); w >= 0 {
				wins++
				if s.Points(w) != int(n.Points) || s.Points(1-w) >= int(n.Points) {
					t.Fatalf("rules %d game %d: won %d-%d at points=%d", ri, g, s.Points(w), s.Points(1-w), n.Points)
				}
			}
			if got := s.Rules(); got != n {
				t.Fatalf("rules %d: State.Rules() = %+v, want %+v", ri, got, n)
			}
		}
		if wins < games/2 {
			t.Errorf("rules %d: only %d of %d games won", ri, wins, games)
		}
	}
}

// TestRulesOptions: every combination of settings survives State, and
// Options then ParseRules; the shared rules' options are turn_cap alone
// (records and manifests of shared-rules runs are unchanged).
func TestRulesOptions(t *testing.T) {
	if got := nzsc.DefaultRules.Options(); len(got) != 1 || got["turn_cap"] != "1000" {
		t.Errorf("DefaultRules.Options() = %v, want turn_cap=1000 alone", got)
	}
	for p := uint8(3); p <= 9; p++ {
		for ms := uint8(2); ms <= 4; ms++ {
			for cs := uint8(2); cs <= 4; cs++ {
				for w := uint8(1); w <= 8; w++ {
					for flags := range 4 {
						r := nzsc.Rules{TurnCap: 77, Points: p, MoveStreak: ms, CharacterStreak: cs, Waits: w,
							NoHeadstarts: flags&1 != 0, BoosterRequired: flags&2 != 0}
						s := nzsc.NewGame(r)
						if got := s.Rules(); got != r {
							t.Fatalf("State.Rules() = %+v, want %+v", got, r)
						}
						if s.Waits(0) != int(w) || s.Waits(1) != int(w) {
							t.Fatalf("%+v: waits %d %d", r, s.Waits(0), s.Waits(1))
						}
						back, err := nzsc.ParseRules(r.Options())
						if err != nil || back.Normalized() != r {
							t.Fatalf("ParseRules(%v) = %+v, %v; want %+v", r.Options(), back, err, r)
						}
					}
				}
			}
		}
	}
	for i, c := range []struct {
		opts game.Rules
		want string // "" for no error
	}{
		{game.Rules{"points": "7"}, ""},
		{game.Rules{"points": "2"}, "points"},
		{game.Rules{"points": "10"}, "points"},
		{game.Rules{"move_streak": "1"}, "move_streak"},
		{game.Rules{"character_streak": "5"}, "character_streak"},
		{game.Rules{"waits": "0"}, "waits"},
		{game.Rules{"waits": "9"}, "waits"},
		{game.Rules{"headstarts": "off", "no_booster": "false"}, ""},
		{game.Rules{"headstarts": "sometimes"}, "headstarts"},
		{game.Rules{"booster": "off"}, "no rule"},
	} {
		_, err := nzsc.ParseRules(c.opts)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("case %d: %v", i, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("case %d: err %v, want one naming %q", i, err, c.want)
		}
	}
}
