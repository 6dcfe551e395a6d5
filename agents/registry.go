package agents

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/internal/numfmt"
	"github.com/nzsclab/nzsc/internal/shown"
	"github.com/nzsclab/nzsc/internal/suggest"
)

// Param describes one parameter a bot accepts.
type Param struct {
	Name    string
	Default string
	Help    string
	// File marks a parameter whose value names a file the bot reads
	// (optimal:path=): a server lets a page name one only where it lets
	// it start programs (CheckAllowed), since reading it answers whether
	// any path exists on the server and what it holds.
	File bool
	// Specs marks a parameter whose value is '+'-separated specs of
	// other bots of the same game, which the bot builds
	// (exploiter:models=): CheckAllowed holds each of them to its rule,
	// as it holds the bot itself.
	Specs bool
}

// Info describes a registered bot kind.
type Info struct {
	// Game is the game the bot plays ("" is two-player "nzsc"); bots are
	// registered per game, and one name may serve several games.
	Game   string
	Name   string
	Help   string
	Params []Param
	// MinSeats and MaxSeats bound the table sizes the bot can sit at (0
	// means 2): asking a two-player bot to sit at a 3-seat table is an
	// error when the run is set up, not in a worker.
	MinSeats, MaxSeats int
	// New builds one independent two-player NZSC instance from validated
	// parameters (every declared parameter is present, defaults filled
	// in). NewPlayer does the same for a bot of any game; a kind sets one
	// of them.
	New       func(Params) (Agent, error)
	NewPlayer func(Params) (Player, error)
	// Prefix marks a kind whose spec is "name:ARG" with a free-form
	// argument (such as exec:PATH) instead of key=value parameters; the
	// argument arrives as Params["arg"].
	Prefix bool
	// External marks a kind that runs a program (exec): Bot builds it
	// with the run's ExecSettings (Bot.Exec) rather than through New or
	// NewPlayer, which use the defaults.
	External bool
	// Names reads a Prefix kind's argument for the bot's names: the alias
	// its name= option gives ("" when none) and the spec's argument
	// without nzsc's own options (such as a time limit), which names the
	// bot when nothing else does. Nil: the argument as given, no alias.
	Names func(arg string) (alias, base string, err error)
}

// registry holds the bot kinds by game, then name. One name may have
// several kinds with disjoint seat ranges: "random" is the two-player NZSC
// bot and, for 3 or 4 seats, the N-player one.
var registry = map[string]map[string][]Info{}

// DefaultGame is the game of a bot kind registered without one.
const DefaultGame = "nzsc"

// Register adds a bot kind; it panics on a name already registered for
// the game with an overlapping seat range, or a kind with no constructor,
// programmer errors.
func Register(i Info) {
	if i.Game == "" {
		i.Game = DefaultGame
	}
	if i.MinSeats == 0 {
		i.MinSeats = 2
	}
	if i.MaxSeats == 0 {
		i.MaxSeats = max(2, i.MinSeats)
	}
	if (i.New == nil) == (i.NewPlayer == nil) {
		panic("agents: bot " + i.Name + " needs exactly one of New and NewPlayer")
	}
	if registry[i.Game] == nil {
		registry[i.Game] = map[string][]Info{}
	}
	for _, o := range registry[i.Game][i.Name] {
		if i.MinSeats <= o.MaxSeats && o.MinSeats <= i.MaxSeats {
			panic("agents: duplicate bot " + i.Game + "/" + i.Name)
		}
	}
	kinds := append(registry[i.Game][i.Name], i)
	slices.SortFunc(kinds, func(a, b Info) int { return a.MinSeats - b.MinSeats })
	registry[i.Game][i.Name] = kinds
}

// Registered returns every two-player NZSC bot kind, sorted by name.
func Registered() []Info { return RegisteredForSeats(DefaultGame, 2) }

// RegisteredFor returns every bot kind of game, sorted by name and then
// seat range; a name with kinds for several seat ranges appears once for
// each.
func RegisteredFor(game string) []Info { return RegisteredForSeats(game, 0) }

// RegisteredForSeats returns the bot kinds of game that can sit at a
// table of seats players (every kind when seats is 0), sorted by name and
// then seat range.
func RegisteredForSeats(game string, seats int) []Info {
	var out []Info
	for _, kinds := range registry[game] {
		for _, i := range kinds {
			if seats == 0 || i.Supports(seats) {
				out = append(out, i)
			}
		}
	}
	// The kinds for every game, where the game has none of that name
	// for these seats.
	for name, kinds := range registry[AnyGame] {
		if game == AnyGame || slices.ContainsFunc(out, func(i Info) bool { return i.Name == name }) {
			continue
		}
		for _, i := range kinds {
			if seats == 0 || i.Supports(seats) {
				out = append(out, i)
			}
		}
	}
	slices.SortFunc(out, func(a, b Info) int {
		if c := strings.Compare(a.Name, b.Name); c != 0 {
			return c
		}
		return a.MinSeats - b.MinSeats
	})
	return out
}

// lookup returns the kind of game called name for a table of seats
// players; seats 0 asks for the two-player kind if there is one, else the
// name's first kind (what Parse and ParseFor always meant).
func lookup(game, name string, seats int) (Info, error) {
	// A kind for every game (exec) comes after the game's own kinds.
	kinds := append(slices.Clone(registry[game][name]), registry[AnyGame][name]...)
	want := seats
	if want == 0 {
		want = 2
	}
	if len(kinds) == 0 {
		if game == DefaultGame {
			return Info{}, fmt.Errorf("unknown bot %q (known: %s)", name, knownNames(game, want))
		}
		return Info{}, fmt.Errorf("unknown bot %q for %s (known: %s)", name, game, knownNames(game, want))
	}
	for _, i := range kinds {
		if i.Supports(want) {
			return i, nil
		}
	}
	if seats == 0 {
		return kinds[0], nil
	}
	var ranges []string
	for _, i := range kinds {
		if i.MinSeats == i.MaxSeats {
			ranges = append(ranges, strconv.Itoa(i.MinSeats))
		} else {
			ranges = append(ranges, fmt.Sprintf("%d to %d", i.MinSeats, i.MaxSeats))
		}
	}
	return Info{}, fmt.Errorf("%s plays %s players only, not %d", name, strings.Join(ranges, " or "), seats)
}

// Supports reports whether the kind can sit at a table of seats players.
func (i *Info) Supports(seats int) bool { return seats >= i.MinSeats && seats <= i.MaxSeats }

// Params are a bot's parameters as parsed from its spec.
type Params map[string]string

// Int returns parameter k as an int.
func (p Params) Int(k string) (int, error) {
	v, err := strconv.Atoi(p[k])
	if err != nil {
		return 0, fmt.Errorf("parameter %s=%q is not an integer", k, p[k])
	}
	return v, nil
}

// IntIn returns parameter k as an int from lo to hi.
func (p Params) IntIn(k string, lo, hi int) (int, error) {
	v, err := p.Int(k)
	if err != nil {
		return 0, err
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("parameter %s=%d is out of range %d..%d", k, v, lo, hi)
	}
	return v, nil
}

// Float returns parameter k as a finite float64. NaN and the infinities,
// which strconv reads, are refused here: a NaN passes a range check
// written as v < lo || v > hi.
func (p Params) Float(k string) (float64, error) {
	v, err := numfmt.ParseDecimal(p[k])
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
		return 0, fmt.Errorf("parameter %s=%q is not a finite number", k, p[k])
	}
	return v, nil
}

// Bot is a parsed, validated bot spec; it builds instances.
type Bot struct {
	// Spec is the spec string as given, from which the bot can be parsed
	// again.
	Spec   string
	Info   Info
	Params Params
	// Alias is the name the spec gives with name=ALIAS, "" when none.
	Alias string
	// Peer is the name an external program gave in its hello (ProbeFor
	// sets it), "" when none.
	Peer string
	// Exec are the run's settings for a bot that runs a program (nil:
	// DefaultExecSettings); the command sets them before building
	// instances, and they may be shared by every bot of the run.
	Exec *ExecSettings
	// Noise is the probability that each decision is replaced by a
	// uniformly random legal one (noise=P, see NoiseOption); 0: none.
	Noise float64
	// TC is the bot's clock (tc=, see ClockOption); nil: none.
	TC *TimeControl
	// base is the spec without nzsc's own options (name=, an external
	// bot's timeout= and handshake=); noise= stays, as it changes how
	// the bot plays.
	base     string
	probed   bool
	noiseSet bool
}

// NameOption is the key of the option that names a bot in any spec
// ("mcts:iters=100,name=m100", "exec:bot.py;name=py"), as cutechess's
// -engine name=.
const NameOption = "name"

// maxPeerName bounds the name taken from an external program's hello.
const maxPeerName = 40

// Name returns the bot's name in tables and results: its alias when the
// spec gives one, else the name its program gave in its hello (external
// bots, once probed), else its spec without nzsc's own options.
func (b *Bot) Name() string {
	switch {
	case b.Alias != "":
		return b.Alias
	case b.Peer != "":
		return b.Peer
	case b.base != "":
		return b.base
	}
	return b.Spec
}

// New builds a fresh two-player NZSC instance (one per worker), with
// the spec's clock and noise if it gives them.
func (b *Bot) New() (Agent, error) {
	a, err := b.newAgent()
	if err != nil {
		return nil, err
	}
	if b.TC != nil {
		a = &clockedAgent{agentWrap: agentWrap{a}, clock: newClock(*b.TC)}
	}
	if b.Noise != 0 {
		a = &noisyAgent{agentWrap: agentWrap{a}, noise: newNoiseSource(b.Noise)}
	}
	return a, nil
}

// NewPlayer builds a fresh instance for the generic table (one per
// worker); a two-player NZSC Agent comes wrapped by AsPlayer. It has the
// spec's clock and noise if it gives them.
func (b *Bot) NewPlayer() (Player, error) {
	if b.Info.NewPlayer == nil { // an Agent: its wrappers go under AsPlayer
		a, err := b.New()
		if err != nil {
			return nil, err
		}
		return AsPlayer(a), nil
	}
	p, err := b.newPlayer()
	if err != nil {
		return nil, err
	}
	if b.TC != nil {
		p = &clockedPlayer{playerWrap: playerWrap{p}, clock: newClock(*b.TC)}
	}
	if b.Noise != 0 {
		p = &noisyPlayer{playerWrap: playerWrap{p}, noise: newNoiseSource(b.Noise)}
	}
	return p, nil
}

// newAgent builds a two-player NZSC instance without noise.
func (b *Bot) newAgent() (Agent, error) {
	if b.Info.External && b.Info.New != nil {
		e, err := NewExec(b.Params["arg"], b.execSettings())
		if err != nil {
			return nil, fmt.Errorf("bot %s: %w", b.Spec, err)
		}
		return e, nil
	}
	if b.Info.New == nil {
		return nil, fmt.Errorf("bot %s is not a two-player NZSC bot", b.Spec)
	}
	a, err := b.Info.New(b.Params)
	if err != nil {
		return nil, fmt.Errorf("bot %s: %w", b.Spec, err)
	}
	return a, nil
}

// newPlayer builds an instance for the generic table without noise (what
// a probe starts).
func (b *Bot) newPlayer() (Player, error) {
	if b.Info.External && b.Info.NewPlayer != nil {
		e, err := NewExec(b.Params["arg"], b.execSettings())
		if err != nil {
			return nil, fmt.Errorf("bot %s: %w", b.Spec, err)
		}
		return &ExecPlayer{Exec: e}, nil
	}
	if b.Info.NewPlayer == nil {
		a, err := b.newAgent()
		if err != nil {
			return nil, err
		}
		return AsPlayer(a), nil
	}
	p, err := b.Info.NewPlayer(b.Params)
	if err != nil {
		return nil, fmt.Errorf("bot %s: %w", b.Spec, err)
	}
	return p, nil
}

// execSettings returns the run's settings for an external bot.
func (b *Bot) execSettings() ExecSettings {
	if b.Exec == nil {
		return defaultExec
	}
	return *b.Exec
}

// Parse reads a two-player NZSC bot spec; see ParseFor.
func Parse(spec string) (*Bot, error) { return ParseFor(DefaultGame, spec) }

// ParseFor reads a spec "name" or "name:key=value,key=value" of a bot of
// game and checks the name and parameters against the registry. Where a
// name has kinds for several seat ranges it reads the two-player one;
// ParseForSeats chooses by the table's size.
func ParseFor(game, spec string) (*Bot, error) { return ParseForSeats(game, 0, spec) }

// ParseForSeats reads a spec as ParseFor does, for a table of seats
// players: it picks the name's kind that supports seats, and a name with
// none is a one-line error ("nash plays 2 players only, not 3").
func ParseForSeats(game string, seats int, spec string) (*Bot, error) {
	b, err := parse(game, seats, spec)
	if err != nil {
		return nil, err
	}
	return validated(b)
}

// ParseAllowed reads a spec as ParseForSeats does for a server's page:
// a bot that starts a program or names a file (CheckAllowed) is refused
// unless programs are allowed, before it is built, so that the refusal
// neither starts the program nor opens the file. A page's spec is typed
// by a person (CheckTyped).
func ParseAllowed(game string, seats int, spec string, programs bool) (*Bot, error) {
	if err := CheckTyped(spec); err != nil {
		return nil, err
	}
	b, err := parse(game, seats, spec)
	if err != nil {
		return nil, err
	}
	if err := b.CheckAllowed(programs); err != nil {
		return nil, err
	}
	return validated(b)
}

// MaxSpecLen bounds a bot spec's length in bytes: far above any bot's
// options or any sensible command line, and short enough that an error
// quoting the spec stays a readable line.
const MaxSpecLen = 4096

// parse reads a spec into a Bot without building one.
func parse(game string, seats int, spec string) (*Bot, error) {
	if len(spec) > MaxSpecLen {
		return nil, fmt.Errorf("bot spec %s... is too long: %d bytes, at most %d", shownPrefix(spec, 40), len(spec), MaxSpecLen)
	}
	name, rest, hasParams := strings.Cut(strings.TrimSpace(spec), ":")
	if strings.TrimSpace(name) == "" {
		return nil, fmt.Errorf("empty bot name in spec %q", spec)
	}
	info, err := lookup(game, name, seats)
	if err != nil {
		return nil, err
	}
	params := Params{}
	if info.Prefix {
		if rest == "" {
			return nil, fmt.Errorf("bot %q needs an argument: %s:ARG", name, name)
		}
		params["arg"] = rest
		b := &Bot{Spec: spec, Info: info, Params: params}
		if info.External {
			sp, err := parseExecSpec(rest)
			if err != nil {
				return nil, err
			}
			if sp.noiseSet {
				if err := b.setNoise(sp.noise); err != nil {
					return nil, fmt.Errorf("bot %q: %v", name, err)
				}
			}
			b.TC = sp.tc
		}
		if info.Names != nil {
			alias, base, err := info.Names(rest)
			if err != nil {
				return nil, err
			}
			b.Alias, b.base = alias, name+":"+base
		}
		return b, nil
	}
	for _, p := range info.Params {
		params[p.Name] = p.Default
	}
	b := &Bot{Spec: spec, Info: info, Params: params}
	if hasParams && rest != "" {
		given := map[string]bool{}
		var kept []string
		for _, kv := range strings.Split(rest, ",") {
			k, v, ok := strings.Cut(kv, "=")
			k = strings.TrimSpace(k)
			if !ok || k == "" {
				return nil, fmt.Errorf("bot %q: parameter %q is not key=value", name, kv)
			}
			if k == NameOption && !slices.ContainsFunc(info.Params, func(p Param) bool { return p.Name == k }) {
				if b.Alias != "" {
					return nil, fmt.Errorf("bot %q: %s= given twice", name, NameOption)
				}
				if b.Alias, err = checkAlias(v); err != nil {
					return nil, fmt.Errorf("bot %q: %v", name, err)
				}
				continue
			}
			kept = append(kept, kv)
			if k == NoiseOption && !slices.ContainsFunc(info.Params, func(p Param) bool { return p.Name == k }) {
				if b.noiseSet {
					return nil, fmt.Errorf("bot %q: %s= given twice", name, NoiseOption)
				}
				if err := b.setNoise(v); err != nil {
					return nil, fmt.Errorf("bot %q: %v", name, err)
				}
				continue
			}
			if k == ClockOption && !slices.ContainsFunc(info.Params, func(p Param) bool { return p.Name == k }) {
				if b.TC != nil {
					return nil, fmt.Errorf("bot %q: %s= given twice", name, ClockOption)
				}
				tc, err := ParseTimeControl(v)
				if err != nil {
					return nil, fmt.Errorf("bot %q: %v", name, err)
				}
				b.TC = &tc
				continue
			}
			if !slices.ContainsFunc(info.Params, func(p Param) bool { return p.Name == k }) {
				return nil, fmt.Errorf("bot %q has no parameter %q (parameters: %s)%s", name, k, paramNames(info), didYouMean(k, info))
			}
			if given[k] {
				return nil, fmt.Errorf("bot %q: parameter %q given twice", name, k)
			}
			given[k] = true
			params[k] = strings.TrimSpace(v)
			if params[k] == "" && slices.ContainsFunc(info.Params, func(p Param) bool { return p.Name == k && p.File }) {
				// An empty name would read as the default file.
				return nil, fmt.Errorf("bot %q: %s= needs a file name", name, k)
			}
		}
		if b.Alias != "" {
			b.base = name
			if len(kept) > 0 {
				b.base += ":" + strings.Join(kept, ",")
			}
		}
	}
	return b, nil
}

// shownPrefix quotes s's first n bytes (whole characters) for an error.
func shownPrefix(s string, n int) string {
	if len(s) > n {
		s = strings.ToValidUTF8(s[:n], "")
	}
	return strconv.Quote(s)
}

// setNoise reads a noise= value into b.
func (b *Bot) setNoise(v string) error {
	p, err := ParseNoise(v)
	if err != nil {
		return err
	}
	b.Noise, b.noiseSet = p, true
	return nil
}

// checkAlias reads a name= value: a name people can type and tables can
// show.
func checkAlias(v string) (string, error) {
	a := strings.TrimSpace(v)
	switch {
	case a == "":
		return "", fmt.Errorf("%s= needs a name", NameOption)
	case strings.ContainsAny(a, ",;\n\t\"'"):
		return "", fmt.Errorf("%s=%q: a name has no commas, semicolons, quotes or tabs", NameOption, v)
	case shown.Check(a) != nil:
		return "", fmt.Errorf("%s=%q: a name may not hold %v", NameOption, v, shown.Check(a))
	}
	return a, nil
}

// peerName cleans the name an external program gives in its hello: one
// line of at most maxPeerName characters, without the characters that
// would act on a terminal or a page showing it (an escape sequence, a
// bidirectional override).
func peerName(s string) string {
	s = shown.Clean(s)
	if r := []rune(s); len(r) > maxPeerName {
		s = string(r[:maxPeerName])
	}
	return s
}

// validated builds b once so that bad values are reported now, not in a
// worker. Building starts nothing (external programs start at their first
// decision), so it is cheap.
func validated(b *Bot) (*Bot, error) {
	a, err := b.NewPlayer()
	if err != nil {
		return nil, err
	}
	if c := CloserOf(a); c != nil {
		c.Close()
	}
	return b, nil
}

// CloserOf returns p's Closer, looking through AsPlayer, or nil.
func CloserOf(p Player) Closer {
	if u, ok := p.(interface{ Unwrap() Agent }); ok {
		c, _ := u.Unwrap().(Closer)
		return c
	}
	c, _ := p.(Closer)
	return c
}

// knownNames lists the bots of game that sit at a table of seats
// players, for an unknown name's error: a two-player table is not
// offered the bots that play only 3 or 4.
func knownNames(game string, seats int) string {
	var names []string
	for _, i := range RegisteredForSeats(game, seats) {
		if len(names) > 0 && strings.TrimSuffix(names[len(names)-1], ":ARG") == i.Name {
			continue // one name, several seat ranges
		}
		if i.Prefix {
			names = append(names, i.Name+":ARG")
		} else {
			names = append(names, i.Name)
		}
	}
	return strings.Join(names, ", ")
}

// didYouMean names the parameter of i nearest to a mistyped key
// ("iter" for "iters"), as "; did you mean iters?", or "" when none is
// near.
func didYouMean(key string, i Info) string {
	var names []string
	for _, p := range i.Params {
		names = append(names, p.Name)
	}
	if near := suggest.Nearest(key, names); near != "" {
		return "; did you mean " + near + "?"
	}
	return ""
}

func paramNames(i Info) string {
	if len(i.Params) == 0 {
		return "none"
	}
	var names []string
	for _, p := range i.Params {
		names = append(names, p.Name)
	}
	return strings.Join(names, ", ")
}
