package agents

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"

	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/engine/rng"
	"github.com/nzsclab/nzsc/internal/numfmt"
)

// NoiseOption is the key of the option that makes any bot err, as
// Axelrod's noise: "greedy:noise=0.1", "exec:bot.py;noise=0.1". With
// probability P each decision the bot made is replaced by one drawn
// uniformly among the legal ones. The bot is still asked every time (an
// external program sees the whole game, its own replaced choices
// included, as the history shows them), so P only changes what is
// played, never what a bot is told.
//
// The noise is drawn from a stream of the bot's own: at the start of each
// game the wrapper takes one word from the seat's source (the bot's
// per-game seed, SeatSource) before the bot sees it, and seeds its stream
// with it. So a noisy game replays alone, for any worker or shard count,
// and P=0 (no wrapper at all) plays exactly the bot without noise.
const NoiseOption = "noise"

// noiseStream is the Wyrand stream of the noise's generator: a number no
// seat's source uses (SeatSource takes 0..seats-1), so that the noise
// never starts where a seat's source would for the same word.
const noiseStream = 0x6e6f697365 // "noise"

// ParseNoise reads a noise probability: a number from 0 to 1.
func ParseNoise(v string) (float64, error) {
	p, err := numfmt.ParseDecimal(strings.TrimSpace(v))
	if err != nil || math.IsNaN(p) {
		return 0, fmt.Errorf("%s=%q is not a number", NoiseOption, v)
	}
	if p < 0 || p > 1 {
		return 0, fmt.Errorf("%s=%s is outside [0, 1]", NoiseOption, v)
	}
	return p, nil
}

// HasNoise reports whether the spec gives a noise= option (0 included).
func (b *Bot) HasNoise() bool { return b.noiseSet }

// WithNoise returns b's spec with noise=v added, in the form the kind's
// specs take ("greedy:noise=0.1", "mcts:iters=100,noise=0.1",
// "exec:bot.py;noise=0.1"); the caller parses it again.
func (b *Bot) WithNoise(v string) string { return b.WithOption(NoiseOption, v) }

// WithOption returns b's spec with key=v added, in the form the kind's
// specs take (after ":" and ",", or ";" for external bots); the caller
// parses it again.
func (b *Bot) WithOption(key, v string) string {
	opt := key + "=" + v
	spec := strings.TrimSpace(b.Spec)
	switch {
	case b.Info.Prefix:
		return spec + ";" + opt
	case strings.Contains(spec, ":") && !strings.HasSuffix(spec, ":"):
		return spec + "," + opt
	}
	return strings.TrimSuffix(spec, ":") + ":" + opt
}

// noiseSource is a noisy bot's stream: it is reseeded at every game from
// one word of the seat's source.
type noiseSource struct {
	p   float64
	src rng.Wyrand
	rng *rand.Rand
	// Decisions counts the decisions of the bot, Replaced those the
	// noise replaced (possibly by the same choice), since it was built.
	Decisions, Replaced int64
}

func newNoiseSource(p float64) noiseSource {
	return noiseSource{p: p}
}

// start seeds the stream for a game from the seat's source.
func (n *noiseSource) start(rng *rand.Rand) {
	if n.rng == nil {
		n.rng = rand.New(&n.src)
	}
	n.src.Seed(rng.Uint64(), noiseStream)
}

// pick returns the index of the legal choice to play instead of the
// bot's, or -1 to keep the bot's. P=1 replaces every decision without a
// coin, so its choices are uniform draws of the stream alone.
func (n *noiseSource) pick(legal int) int {
	n.Decisions++
	if n.p < 1 && n.rng.Float64() >= n.p {
		return -1
	}
	n.Replaced++
	return n.rng.IntN(legal)
}

// NoiseCounts returns how many decisions a bot built by Bot.New or
// Bot.NewPlayer made and how many of them its noise replaced; ok is
// false for a bot without noise.
func NoiseCounts(x any) (decisions, replaced int64, ok bool) {
	if u, isAP := x.(*agentPlayer); isAP {
		x = u.a
	}
	switch n := x.(type) {
	case *noisyAgent:
		return n.noise.Decisions, n.noise.Replaced, true
	case *noisyPlayer:
		return n.noise.Decisions, n.noise.Replaced, true
	}
	return 0, 0, false
}

// noisyAgent is a two-player NZSC Agent with noise. It passes on what
// the runner asks of the bot it wraps (faults, results, closing).
type noisyAgent struct {
	agentWrap
	noise noiseSource
}

func (n *noisyAgent) NewGame(seat int, rng *rand.Rand) {
	n.noise.start(rng)
	n.a.NewGame(seat, rng)
}

func (n *noisyAgent) Choose(d *Decision) nzsc.Choice {
	c := n.a.Choose(d)
	if i := n.noise.pick(len(d.Legal)); i >= 0 {
		return d.Legal[i]
	}
	return c
}

// Fault implements Faulter: the wrapped bot's.
func (n *noisyAgent) Fault() error {
	if f, ok := n.a.(Faulter); ok {
		return f.Fault()
	}
	return nil
}

// noisyPlayer is a Player with noise, as noisyAgent.
type noisyPlayer struct {
	playerWrap
	noise noiseSource
}

func (n *noisyPlayer) NewGame(g game.Game, seat int, rng *rand.Rand) {
	n.noise.start(rng)
	n.p.NewGame(g, seat, rng)
}

func (n *noisyPlayer) Act(obs game.Observation, legal []game.Action) game.Action {
	a := n.p.Act(obs, legal)
	if i := n.noise.pick(len(legal)); i >= 0 {
		return legal[i]
	}
	return a
}

// Fault implements Faulter: the wrapped bot's.
func (n *noisyPlayer) Fault() error {
	if f := faulterOf(n.p); f != nil {
		return f.Fault()
	}
	return nil
}
