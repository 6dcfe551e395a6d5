// Package gametest checks that a game keeps the contract of package game,
// as testing/fstest checks a file system: a game's tests call TestInfo (or
// TestGame for one configuration), and engine/games runs TestRegistered
// for every registered game, so a new game is checked by registering.
//
// The suite plays random games of every seat count and a sample of rules
// options and checks, at every step: ToAct and Legal agree (a seat decides
// exactly when it has legal actions; one seat at a time unless the game
// is simultaneous); every legal action's name reads back as the action;
// Apply takes every legal action, takes illegal ones when
// the game penalizes them and refuses them (leaving the state as it was)
// when they forfeit, refuses the wrong number of actions, an action of a
// seat that does not decide (sequential games) and any step after the
// end; a Clone is independent of its original and plays on alike; a state
// resampled in what a seat may not see (game.Resampler, required of a game
// with hidden information) gives that seat the same observation and
// actions. At the end it checks that the game ended within its step bound,
// that its outcome is a finishing order, that its record passes
// Record.Check, survives JSON and replays to its result, that the same
// seed plays the same game (and that seeds change the start exactly when
// Info.Chance says so), and that the game's own tally (Info.Stats)
// merges to the tally of all the games and survives JSON.
//
// It is test code: the functions report through a testing.TB and stop the
// test on the first violation of each game.
package gametest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/engine/game"
)

// Options tune a run of the suite; the zero value is the default.
type Options struct {
	// Games is the number of random games played per configuration:
	// 0 is 16, or 4 under go test -short.
	Games int
	// Seed is the first game's seed; games use Seed, Seed+1, ...
	Seed uint64
	// MaxSteps returns the most steps a game of g may take; nil, or 0
	// from it, gives 64 steps per turn of the game's turn_cap rule when
	// it has one (no game decides more than 64 times in a turn), else a
	// million.
	MaxSteps func(g game.Game) int
}

func (o *Options) games() int {
	switch {
	case o.Games > 0:
		return o.Games
	case testing.Short():
		return 4
	}
	return 16
}

func (o *Options) maxSteps(g game.Game) int {
	if o.MaxSteps != nil {
		if n := o.MaxSteps(g); n > 0 {
			return n
		}
	}
	if v, ok := g.Rules()["turn_cap"]; ok {
		if n, err := strconv.Atoi(v); err == nil && n > 0 {
			return 64 * n
		}
	}
	return 1_000_000
}

// TestRegistered runs TestInfo for every registered game.
func TestRegistered(t *testing.T, opt Options) {
	t.Helper()
	if len(game.Registered()) == 0 {
		t.Fatal("gametest: no game is registered (import engine/games)")
	}
	for _, i := range game.Registered() {
		t.Run(i.Name, func(t *testing.T) { TestInfo(t, i, opt) })
	}
}

// TestInfo checks the registry entry i and runs TestGame for every
// configuration Configs lists.
func TestInfo(t *testing.T, i *game.Info, opt Options) {
	t.Helper()
	if err := CheckInfo(i); err != nil {
		t.Fatal(err)
	}
	gs, err := Configs(i)
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range gs {
		t.Run(ConfigName(g), func(t *testing.T) { TestGame(t, g, opt) })
	}
}

// ConfigName names a configuration in test names: "2p" and the rules
// set apart from the defaults.
func ConfigName(g game.Game) string {
	name := fmt.Sprintf("%dp", g.Seats())
	keys := make([]string, 0)
	for k := range g.Rules() {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		if v := g.Rules()[k]; v != g.Info().Value(nil, k) {
			name += "," + k + "=" + v
		}
	}
	return name
}

// CheckInfo checks a game kind's entry: its name finds it in the registry
// (when registered), its seat range is built and nothing outside it is,
// and every configured game names its kind, its seats and rules that
// build it again.
func CheckInfo(i *game.Info) error {
	if i.Name == "" || i.Name != strings.ToLower(strings.TrimSpace(i.Name)) || i.Title == "" {
		return fmt.Errorf("%s: a game needs a lower-case name and a title", i.Name)
	}
	if r, err := game.Lookup(i.Name); err == nil && r != i {
		return fmt.Errorf("%s: the registry holds another entry by this name", i.Name)
	}
	for seats := 0; seats <= game.MaxSeats+1; seats++ {
		g, err := i.New(seats, nil)
		in := seats >= i.MinSeats && seats <= i.MaxSeats
		switch {
		case in && err != nil:
			return fmt.Errorf("%s: %d seats: %v", i.Name, seats, err)
		case !in && err == nil:
			return fmt.Errorf("%s: %d seats outside %d to %d are accepted", i.Name, seats, i.MinSeats, i.MaxSeats)
		case !in:
			continue
		}
		if g.Info().Name != i.Name || g.Seats() != seats {
			return fmt.Errorf("%s: New(%d) gives %s for %d seats", i.Name, seats, g.Info().Name, g.Seats())
		}
		again, err := i.New(seats, g.Rules())
		if err != nil {
			return fmt.Errorf("%s: %d seats: its own rules %v do not build: %v", i.Name, seats, g.Rules(), err)
		}
		if !reflect.DeepEqual(again.Rules(), g.Rules()) {
			return fmt.Errorf("%s: rules %v build a game with rules %v", i.Name, g.Rules(), again.Rules())
		}
	}
	return nil
}

// sampleValues are the values Configs tries for every rules option;
// those the game accepts are the sample.
var sampleValues = []string{"0", "1", "2", "3", "4", "8", "9", "60", "off", "on"}

// Configs returns the games the suite plays of kind i: every seat count
// under the default rules, and under each rules option set alone to the
// first and the last of a few values (sampleValues) that the game
// accepts at that seat count, each distinct configuration once.
func Configs(i *game.Info) ([]game.Game, error) {
	var out []game.Game
	seen := map[string]bool{}
	add := func(g game.Game) {
		key := fmt.Sprint(g.Seats(), g.Rules())
		if !seen[key] {
			seen[key] = true
			out = append(out, g)
		}
	}
	for seats := i.MinSeats; seats <= i.MaxSeats; seats++ {
		g, err := i.New(seats, nil)
		if err != nil {
			return nil, fmt.Errorf("%s: %d seats: %v", i.Name, seats, err)
		}
		add(g)
		for _, o := range i.Rules {
			var ok []game.Game
			for _, v := range sampleValues {
				if v == o.Default {
					continue
				}
				if g, err := i.New(seats, game.Rules{o.Key: v}); err == nil {
					ok = append(ok, g)
				}
			}
			if len(ok) > 0 {
				add(ok[0])
				add(ok[len(ok)-1])
			}
		}
	}
	return out, nil
}

// TestGame plays opt's number of random games of g and checks each
// (Check), then the game's own tally over them (CheckStats), and that a
// game with hidden information resamples what a seat may not see.
func TestGame(t *testing.T, g game.Game, opt Options) {
	t.Helper()
	var finals []game.State
	var hidden Hidden
	starts := map[string]bool{}
	for k := range opt.games() {
		seed := opt.Seed + uint64(k)
		start, err := observations(g.NewState(seed*0x9e3779b97f4a7c15), g.Seats())
		if err != nil {
			t.Fatal(err)
		}
		starts[start] = true
		rec, final, err := Check(g, seed, opt.maxSteps(g), &hidden)
		if err != nil {
			t.Fatalf("%s %s, seed %d: %v", g.Info().Name, ConfigName(g), seed, err)
		}
		if rec.Result.Forfeit == nil {
			finals = append(finals, final)
		}
	}
	// Info.Chance says whether the seed matters: a game without chance
	// starts alike from every seed, one with chance (a deal) not.
	if chance := g.Info().Chance; chance != (len(starts) > 1) && opt.games() > 1 {
		t.Errorf("%s %s: Info.Chance is %v, but %d games start in %d ways", g.Info().Name, ConfigName(g), chance, opt.games(), len(starts))
	}
	if g.Info().Hidden && hidden.Differed == 0 {
		t.Errorf("%s %s: the game hides information, but %d resamples never changed what another seat sees", g.Info().Name, ConfigName(g), hidden.Resamples)
	}
	if err := CheckStats(g, finals); err != nil {
		t.Errorf("%s %s: %v", g.Info().Name, ConfigName(g), err)
	}
}

// Hidden counts what Check saw of a game's hidden information: how many
// states it resampled, and how many of them another seat saw differently
// (a game whose resamples never differ hides nothing).
type Hidden struct {
	Resamples, Differed int
}

// Play plays a random game of g from seed, each seat choosing uniformly
// among its legal actions (and, with probability 1/8 in a game that
// penalizes illegal actions rather than forfeiting them, any action), and
// returns its record and final state. Its choices come from seed, so the
// same seed plays the same game. It checks nothing; Check does.
func Play(g game.Game, seed uint64) (game.Record, game.State, error) {
	p := newPlayer(g, seed)
	st := g.NewState(seed)
	for !st.Over() {
		if st.Turn() > 1_000_000 {
			return p.rec, st, fmt.Errorf("no end after a million steps")
		}
		acts, names := p.choose(st)
		if err := st.Apply(acts); err != nil {
			return p.rec, st, fmt.Errorf("step %d: %v", st.Turn()+1, err)
		}
		p.rec.Turns = append(p.rec.Turns, names)
	}
	p.end(st)
	return p.rec, st, nil
}

// player chooses the actions of a random game and keeps its record.
type player struct {
	g     game.Game
	rng   *rand.Rand
	rec   game.Record
	toAct []int
	legal []game.Action
}

func newPlayer(g game.Game, seed uint64) *player {
	n := g.Seats()
	bots := make([]string, n)
	for s := range bots {
		bots[s] = "random"
	}
	return &player{g: g, rng: rand.New(rand.NewPCG(seed, 0x6761_6d65)), rec: *game.NewRecord(g, seed, bots)}
}

// choose picks every deciding seat's action and names it.
func (p *player) choose(st game.State) ([]game.Action, []string) {
	n := p.g.Seats()
	acts, names := make([]game.Action, n), make([]string, n)
	for s := range acts {
		acts[s] = game.Pass
	}
	p.toAct = st.ToAct(p.toAct)
	for _, s := range p.toAct {
		p.legal = st.Legal(s, p.legal)
		if len(p.legal) == 0 {
			continue
		}
		a := p.legal[p.rng.IntN(len(p.legal))]
		if !p.g.Info().IllegalForfeits && p.rng.IntN(8) == 0 {
			a = game.Action(p.rng.IntN(64))
		}
		acts[s], names[s] = a, st.Observe(s).ActionString(a)
	}
	return acts, names
}

// end fills the record's result from the final state.
func (p *player) end(st game.State) {
	p.rec.Result.SetOutcome(st.Outcome())
	p.rec.Result.Steps = st.Turn()
}

// observations returns every seat's observation of st as JSON, with Turn
// and Over: what the suite compares states by.
func observations(st game.State, seats int) (string, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "turn %d over %v\n", st.Turn(), st.Over())
	for s := range seats {
		o := st.Observe(s)
		if o.Seat() != s {
			return "", fmt.Errorf("seat %d's observation says seat %d", s, o.Seat())
		}
		j, err := json.Marshal(o)
		if err != nil {
			return "", fmt.Errorf("seat %d's observation does not encode: %v", s, err)
		}
		b.Write(j)
		b.WriteByte('\n')
	}
	return b.String(), nil
}

// Check plays the random game of g from seed (Play's) and checks the
// contract at every step and at the end (see the package comment). It
// returns the game's record and final state; hidden, when not nil,
// counts the resamples of a game with hidden information.
func Check(g game.Game, seed uint64, maxSteps int, hidden *Hidden) (game.Record, game.State, error) {
	n := g.Seats()
	info := g.Info()
	p := newPlayer(g, seed)
	st := g.NewState(seed)
	start, err := observations(st, n)
	if err != nil {
		return p.rec, st, err
	}
	if again, _ := observations(g.NewState(seed), n); again != start {
		return p.rec, st, fmt.Errorf("two states from one seed differ:\n%s\n%s", start, again)
	}
	if info.Hidden {
		if _, ok := st.(game.Resampler); !ok {
			return p.rec, st, fmt.Errorf("%T hides information (Info.Hidden) but is no game.Resampler", st)
		}
	}
	rs := rand.New(rand.NewPCG(seed, 0x7265_7361))
	var legal []game.Action
	var toAct []int
	for step := 1; !st.Over(); step++ {
		if step > maxSteps {
			return p.rec, st, fmt.Errorf("no end after %d steps", maxSteps)
		}
		if st.Turn() != step-1 {
			return p.rec, st, fmt.Errorf("step %d: Turn is %d", step, st.Turn())
		}
		if err := checkDecisions(st, n); err != nil {
			return p.rec, st, fmt.Errorf("step %d: %v", step, err)
		}
		if toAct = st.ToAct(toAct); !info.Simultaneous && len(toAct) > 1 {
			return p.rec, st, fmt.Errorf("step %d: seats %v decide at once in a game that is not simultaneous", step, toAct)
		}
		if hidden != nil && info.Hidden && (step == 1 || rs.IntN(4) == 0) {
			if err := checkResample(st.(game.Resampler), st, n, rs.Uint64(), hidden); err != nil {
				return p.rec, st, fmt.Errorf("step %d: %v", step, err)
			}
		}
		before, err := observations(st, n)
		if err != nil {
			return p.rec, st, fmt.Errorf("step %d: %v", step, err)
		}
		acts, names := p.choose(st)
		toAct = st.ToAct(toAct)
		// Steps Apply must refuse, leaving the state as it was.
		bad := [][]game.Action{acts[:n-1], append(slices.Clone(acts), game.Pass)}
		if info.IllegalForfeits && len(toAct) > 0 {
			s := toAct[rs.IntN(len(toAct))]
			legal = st.Legal(s, legal)
			if a, ok := outside(legal, rs); ok {
				b := slices.Clone(acts)
				b[s] = a
				bad = append(bad, b)
			}
		}
		if !info.Simultaneous && len(toAct) == 1 {
			// A sequential game's waiting seat acts out of turn.
			o := (toAct[0] + 1 + rs.IntN(n-1)) % n
			b := slices.Clone(acts)
			b[o] = acts[toAct[0]]
			bad = append(bad, b)
		}
		for _, b := range bad {
			if st.Apply(b) == nil {
				return p.rec, st, fmt.Errorf("step %d: Apply accepts %v (seats %v decide; the step chosen is %v)", step, b, toAct, acts)
			}
			if now, _ := observations(st, n); now != before {
				return p.rec, st, fmt.Errorf("step %d: Apply refused %v but changed the state", step, b)
			}
		}
		// Every legal action is taken (a sample of 8 a seat, with the
		// others' chosen actions), on clones.
		for _, s := range toAct {
			legal = st.Legal(s, legal)
			for _, i := range rs.Perm(len(legal))[:min(8, len(legal))] {
				b := slices.Clone(acts)
				b[s] = legal[i]
				if err := st.Clone().Apply(b); err != nil {
					return p.rec, st, fmt.Errorf("step %d: Apply refuses seat %d's legal action %q: %v", step, s, st.Observe(s).ActionString(legal[i]), err)
				}
			}
		}
		if now, _ := observations(st, n); now != before {
			return p.rec, st, fmt.Errorf("step %d: playing on clones changed the original", step)
		}
		c := st.Clone()
		if err := st.Apply(acts); err != nil {
			return p.rec, st, fmt.Errorf("step %d: Apply refuses %v (names %q): %v", step, acts, names, err)
		}
		p.rec.Turns = append(p.rec.Turns, names)
		if now, _ := observations(c, n); now != before {
			return p.rec, st, fmt.Errorf("step %d: a clone changed when its original played on", step)
		}
		if err := c.Apply(acts); err != nil {
			return p.rec, st, fmt.Errorf("step %d: the clone refuses what its original took: %v", step, err)
		}
		after, _ := observations(st, n)
		if now, _ := observations(c, n); now != after {
			return p.rec, st, fmt.Errorf("step %d: a clone and its original differ after the same step:\n%s\n%s", step, now, after)
		}
	}
	if toAct = st.ToAct(toAct); len(toAct) > 0 {
		return p.rec, st, fmt.Errorf("the game is over but seats %v decide", toAct)
	}
	if err := checkDecisions(st, n); err != nil {
		return p.rec, st, fmt.Errorf("at the end: %v", err)
	}
	pass := make([]game.Action, n)
	for s := range pass {
		pass[s] = game.Pass
	}
	if st.Apply(pass) == nil {
		return p.rec, st, fmt.Errorf("the state plays on after the end (Apply accepts a pass)")
	}
	if o := st.Outcome(); o.Seats != n {
		return p.rec, st, fmt.Errorf("the outcome has %d seats for %d", o.Seats, n)
	}
	p.end(st)
	if err := checkRecord(g, &p.rec, st); err != nil {
		return p.rec, st, err
	}
	return p.rec, st, nil
}

// outside returns an action not in legal: a random number, or the first
// one above the largest legal action.
func outside(legal []game.Action, rs *rand.Rand) (game.Action, bool) {
	for range 8 {
		if a := game.Action(rs.Uint32()); a != game.Pass && !slices.Contains(legal, a) {
			return a, true
		}
	}
	return 0, false
}

// checkDecisions checks ToAct against Legal and the names of the legal
// actions.
func checkDecisions(st game.State, n int) error {
	toAct := st.ToAct(nil)
	for i, s := range toAct {
		if s < 0 || s >= n || (i > 0 && s <= toAct[i-1]) {
			return fmt.Errorf("ToAct %v is not seats in order", toAct)
		}
	}
	for s := range n {
		legal := st.Legal(s, nil)
		if decides := slices.Contains(toAct, s); decides != (len(legal) > 0) {
			return fmt.Errorf("seat %d: ToAct %v but %d legal actions", s, toAct, len(legal))
		}
		o := st.Observe(s)
		for i, a := range legal {
			if slices.Contains(legal[:i], a) {
				return fmt.Errorf("seat %d: action %d is legal twice", s, a)
			}
			name := o.ActionString(a)
			back, err := o.ParseAction(name)
			if name == "" || err != nil || back != a {
				return fmt.Errorf("seat %d: action %d is named %q, which reads back as %d (%v)", s, a, name, back, err)
			}
		}
	}
	return nil
}

// checkResample checks that states resampled for each seat give it the
// observation and the decisions it has in st.
func checkResample(r game.Resampler, st game.State, n int, seed uint64, h *Hidden) error {
	for s := range n {
		rs := r.Resample(s, seed+uint64(s))
		h.Resamples++
		mine, err := json.Marshal(st.Observe(s))
		if err != nil {
			return err
		}
		theirs, err := json.Marshal(rs.Observe(s))
		if err != nil {
			return err
		}
		if !bytes.Equal(mine, theirs) {
			return fmt.Errorf("seat %d sees a state resampled for it differently:\n%s\n%s", s, mine, theirs)
		}
		if !slices.Equal(st.ToAct(nil), rs.ToAct(nil)) || !slices.Equal(st.Legal(s, nil), rs.Legal(s, nil)) {
			return fmt.Errorf("seat %d decides differently in a state resampled for it", s)
		}
		a, _ := observations(st, n)
		b, _ := observations(rs, n)
		if a != b {
			h.Differed++
		}
	}
	return nil
}

// checkRecord checks a played game's record: it passes Record.Check,
// survives JSON and replays to its result and to the same final state.
func checkRecord(g game.Game, rec *game.Record, final game.State) error {
	if err := rec.Check(); err != nil {
		return fmt.Errorf("the game's record: %v", err)
	}
	b, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	var back game.Record
	if err := json.Unmarshal(b, &back); err != nil {
		return err
	}
	if !reflect.DeepEqual(&back, rec) && len(rec.Turns) > 0 {
		return fmt.Errorf("the record does not survive JSON:\n%s", b)
	}
	again := g
	if _, err := game.Lookup(back.Game); err == nil {
		// A registered game is replayed as a reader of the record
		// would: built from the record's name, seats and rules.
		if again, err = game.Build(back.Game, back.Seats, back.Rules); err != nil {
			return fmt.Errorf("the record's game does not build: %v", err)
		}
	}
	st, err := game.Replay(again, &back, nil)
	if err != nil {
		return fmt.Errorf("the record does not replay: %v\n%s", err, b)
	}
	n := g.Seats()
	x, _ := observations(st, n)
	y, _ := observations(final, n)
	if x != y {
		return fmt.Errorf("the replayed game ends elsewhere:\n%s\n%s", x, y)
	}
	return nil
}

// CheckStats checks the game's own tally (Info.Stats of the registered
// kind, when it has one at g's seats) over finished games: a tally of all
// of them equals the merge of two tallies that split them, and survives
// JSON with its tables unchanged.
func CheckStats(g game.Game, finals []game.State) error {
	info := g.Info()
	if r, err := game.Lookup(info.Name); err == nil {
		info = r
	}
	if info.Stats == nil {
		return nil
	}
	n := g.Seats()
	all, a, b := info.Stats(g, n), info.Stats(g, n), info.Stats(g, n)
	if all == nil {
		return nil
	}
	entrants := make([]int, n)
	names := make([]string, n)
	for s := range entrants {
		entrants[s], names[s] = s, fmt.Sprint("bot", s)
	}
	for k, st := range finals {
		all.Add(st, entrants)
		if k%2 == 0 {
			a.Add(st, entrants)
		} else {
			b.Add(st, entrants)
		}
	}
	if err := a.Merge(b); err != nil {
		return fmt.Errorf("stats: merge: %v", err)
	}
	ja, err := json.Marshal(a)
	if err != nil {
		return fmt.Errorf("stats: %v", err)
	}
	jall, _ := json.Marshal(all)
	if !bytes.Equal(ja, jall) {
		return fmt.Errorf("stats: two halves merged give\n%s\nall the games\n%s", ja, jall)
	}
	back := info.Stats(g, n)
	if err := json.Unmarshal(jall, back); err != nil {
		return fmt.Errorf("stats: its JSON does not read back: %v", err)
	}
	if jb, _ := json.Marshal(back); !bytes.Equal(jb, jall) {
		return fmt.Errorf("stats: JSON read back writes\n%s\nnot\n%s", jb, jall)
	}
	if x, y := all.Tables(names), back.Tables(names); !reflect.DeepEqual(x, y) {
		return fmt.Errorf("stats: the tables change through JSON")
	}
	if x, y := all.Tables(names), a.Tables(names); !reflect.DeepEqual(x, y) {
		return fmt.Errorf("stats: the merged tally's tables differ")
	}
	return nil
}
