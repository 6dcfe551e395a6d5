package nzscn

import (
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
)

// Mixer is implemented by the bots of this package that can state the
// mixed strategy they draw their choice from: given what Act is given, it
// writes into probs (one entry per legal action, summing to 1) the
// probability of each. Act's draws stay as they are; Mix only says their
// law. The one-seat exploitability (analysis/exploitn) is exact against
// such bots and sampled against the others.
type Mixer interface {
	Mix(obs game.Observation, legal []game.Action, probs []float64)
}

// uniform writes the uniform strategy over probs[:n] and zero after.
func uniform(probs []float64, n int) {
	for i := range probs {
		probs[i] = 0
		if i < n {
			probs[i] = 1 / float64(n)
		}
	}
}

// Mix implements Mixer: uniform.
func (*Random) Mix(_ game.Observation, legal []game.Action, probs []float64) {
	uniform(probs, len(legal))
}

// Mix implements Mixer: uniform over its available choices, never No
// Booster (its xorshift32 draws are uniform in law).
func (*Classic) Mix(obs game.Observation, legal []game.Action, probs []float64) {
	k := len(legal)
	if observed(obs).State.Phase == nzsc.PickBooster && legal[k-1] == game.Action(nzsc.NoBooster) {
		k--
	}
	uniform(probs, k)
}

// Mix implements Mixer: uniform over the choices Act's ties would leave
// (the same comparisons in the same order; Act's reservoir draw picks
// each with equal probability), or uniform over its best characters at
// a repick after a clash (repick) or over every legal move when every
// seat's last move is barred (blocked). Like every Mix here it reads the
// seat from obs, not from the last NewGame.
func (g *Greedy) Mix(obs game.Observation, legal []game.Action, probs []float64) {
	s := observed(obs).State
	g = &Greedy{seat: obs.Seat()}
	if repick(s, g.seat) {
		var top [nzsc.MaxChoices]bool
		k := g.best(s, legal, int(s.Players), &top)
		for i := range probs {
			probs[i] = 0
			if i < len(legal) && top[i] {
				probs[i] = 1 / float64(k)
			}
		}
		return
	}
	if blocked(s, g.seat) {
		uniform(probs, len(legal))
		return
	}
	best, bestConceded := -1.0, 0.0
	var tie [nzsc.MaxChoices]bool
	for i, a := range legal {
		v, conceded := g.score(s, nzsc.Choice(a))
		switch {
		case v > best+eps || v > best-eps && conceded < bestConceded-eps:
			best, bestConceded = v, conceded
			clear(tie[:])
			tie[i] = true
		case v > best-eps && conceded < bestConceded+eps:
			tie[i] = true
		}
	}
	n := 0
	for i := range legal {
		if tie[i] {
			n++
		}
	}
	for i := range probs {
		probs[i] = 0
		if i < len(legal) && tie[i] {
			probs[i] = 1 / float64(n)
		}
	}
}

// Mix implements Mixer: its side of the coalition game's equilibrium.
func (p *Paranoid) Mix(obs game.Observation, legal []game.Action, probs []float64) {
	if len(legal) == 1 {
		uniform(probs, 1)
		return
	}
	row, _ := ParanoidStrategy(observed(obs).State, obs.Seat())
	clear(probs)
	copy(probs, row)
}
