package main

import (
	"strings"
	"testing"
)

// TestRulesReference checks the reference against the rulebook's lists,
// written out here independently of the engine.
func TestRulesReference(t *testing.T) {
	out, _, code := runCmd(t, "", "rules")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"Ninja, Zombie, Samurai, Clown",
		"Ninja over Samurai", "Samurai over Clown", "Clown over Ninja",
		"Ninja    base moves: Kick, Ninja Sword, Nunchucks",
		"Shadow:       Shadow Fireball, Shadow Slip",
		"Speedy:       Run in Circles, Lightning Fast Karate Chop",
		"Zombie   base moves: Rampage, Muscle, Zap",
		"Regenerative: Regenerate, Gravedigger",
		"Zombie Corps: Zombie Corps, Apocalypse",
		"Samurai  base moves: Samurai Sword, Helmet, Smash",
		"Atlas:        Lightning, Earthquake",
		"Strong:       Twist, Bend",
		"Clown    base moves: Juggling Knives, Acid Spray, Nose",
		"Backwards:    Backwards Moustachio, Nose of the Taunted",
		"Moustachio:   Mustache Mash, Big Hairy Deal",
		"Single-use (gone for its player once played): Zap, Regenerate, Acid Spray.",
		"Destructive (also destroys the opponent's move of that round): Zap, Acid Spray.",
		"character  does not exist 4; fourth time in a row 3",
		"booster    does not exist 4; another character's 3",
		"move       destroyed or does not exist 4; fourth time in a row 3;",
		"(any booster move after No Booster) 2;",
		"another character's move 3",
		"charged 2 waits",
		"5-0 Wipeout, 5-1 Annihilation, 5-2 Obliteration,",
		"5-3 Hypnotization, 5-4 Clinch",
		"after 1000 turns",
	} {
		// Lines wrap at 80 columns: compare the words.
		if !strings.Contains(strings.Join(strings.Fields(out), " "), strings.Join(strings.Fields(want), " ")) {
			t.Errorf("reference lacks %q", want)
		}
	}
}

// TestRulesMeet: outcomes seen in the original handbook's walkthrough and
// read from the rulebook's outcome table.
func TestRulesMeet(t *testing.T) {
	for i, c := range []struct {
		args []string
		want string
	}{
		{[]string{"Big Hairy Deal", "Regenerate"}, "Big Hairy Deal against Regenerate: Regenerate scores a point (Big Hairy Deal 0, Regenerate 1).\nRegenerate is single-use"},
		{[]string{"bigHAIRYdeal", "regenerate"}, "Big Hairy Deal against Regenerate: Regenerate scores a point"},
		{[]string{"juggling", "knives", "rampage"}, "Juggling Knives against Rampage: Juggling Knives scores a point (Juggling Knives 1, Rampage 0).\n"},
		{[]string{"Mustache Mash", "Rampage"}, "Mustache Mash against Rampage: neither scores (Mustache Mash 0, Rampage 0).\n"},
		{[]string{"nose", "rampage"}, "Nose against Rampage: Rampage scores a point (Nose 0, Rampage 1).\n"},
		{[]string{"Lightning", "Muscle"}, "Lightning against Muscle: both score a point (Lightning 1, Muscle 1).\n"},
		{[]string{"Big Hairy Deal", "Zap"}, "neither scores (Big Hairy Deal 0, Zap 0).\nZap destroys the opponent's Big Hairy Deal for the rest of the game.\nZap is single-use"},
		{[]string{"smash", "shadow fireball"}, "depends on the booster of the player with Smash.\nIf it is Strong, Smash scores a point and Shadow Fireball does not;\notherwise Shadow Fireball scores a point and Smash does not.\n"},
		{[]string{"Shadow Fireball", "Smash"}, "If it is Strong, Smash scores a point"},
		{[]string{"kick", "nunchucks"}, "never meet: both are Ninja moves"},
	} {
		out, stderr, code := runCmd(t, "", append([]string{"rules"}, c.args...)...)
		// Sentences wrap at 80 columns: compare the words.
		words := func(s string) string { return strings.Join(strings.Fields(s), " ") }
		if code != 0 || !strings.Contains(words(out), words(c.want)) {
			t.Errorf("case %d %q: exit %d (%s), output\n%s\nwant it to contain\n%s", i, c.args, code, stderr, out, c.want)
		}
	}
}

func TestRulesUsageErrors(t *testing.T) {
	for i, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"rules", "kick", "rock"}, `"rock" is not a move`},
		{[]string{"rules", "paper", "kick"}, `"paper" is not a move`},
		{[]string{"rules", "kick"}, "want two move names"},
		{[]string{"rules", "kick", "nose", "zap"}, "want two move names"},
	} {
		_, stderr, code := runCmd(t, "", c.args...)
		if code != 2 || !strings.Contains(stderr, c.msg) || strings.Count(stderr, "\n") != 1 {
			t.Errorf("case %d %v: exit %d, stderr %q; want exit 2 with %q", i, c.args, code, stderr, c.msg)
		}
	}
}
