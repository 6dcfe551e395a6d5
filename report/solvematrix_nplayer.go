package report

import (
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis/nash"
)

// This file renders `nzsc solve matrix GAME.nfg` for a game of three
// or more players: every pure-strategy equilibrium (exact) and one
// mixed equilibrium (approximate, with its certificate), as a table for
// people, CSV or JSON (nzsc-solve-nfg/1, docs/formats.md).

// NPlayerGame is a game of three or more players to render: Title says
// what it is (one sentence without its final stop), Game is the game.
type NPlayerGame struct {
	Title string
	Game  *nash.Game
}

// nfgDoc is the JSON document nzsc-solve-nfg/1.
type nfgDoc struct {
	Format   string          `json:"format"`
	Game     string          `json:"game"`
	Players  []nfgPlayerJSON `json:"players"`
	Profiles int             `json:"profiles"`
	Pure     nfgPureJSON     `json:"pure"`
	Mixed    *nfgMixedJSON   `json:"mixed"`
}

type nfgPlayerJSON struct {
	Name       string   `json:"name"`
	Strategies []string `json:"strategies"`
}

// nfgPureJSON is every pure equilibrium: exact and complete.
type nfgPureJSON struct {
	Method     string           `json:"method"`
	Exact      bool             `json:"exact"`
	Complete   bool             `json:"complete"`
	Count      int              `json:"count"`
	Equilibria []nfgPureEquJSON `json:"equilibria"`
}

// nfgPureEquJSON is one pure equilibrium: each player's strategy and
// payoff (an exact fraction).
type nfgPureEquJSON struct {
	Strategies []string `json:"strategies"`
	Payoffs    []string `json:"payoffs"`
}

// nfgMixedJSON is the mixed equilibrium: approximate, certified when
// every regret is within epsilon.
type nfgMixedJSON struct {
	Method    string  `json:"method"`
	Exact     bool    `json:"exact"`
	Certified bool    `json:"certified"`
	Epsilon   float64 `json:"epsilon"`
	MaxRegret float64 `json:"max_regret"`
	Lambda    float64 `json:"lambda"`
	Steps     int     `json:"steps"`
	Start     int     `json:"start"`
	Polished  bool    `json:"polished"`
	// BudgetSpent: the paths stopped when nash.MaxPathWork was spent.
	BudgetSpent bool         `json:"budget_spent"`
	Strategies  [][]probJSON `json:"strategies"`
	Payoffs     []float64    `json:"payoffs"`
	Regrets     []float64    `json:"regrets"`
}

// SolveNPlayer writes a game's pure equilibria pure (profile numbers,
// every one) and its mixed equilibrium m (nil: none was found) in
// format.
func SolveNPlayer(w io.Writer, format string, width int, g NPlayerGame, pure []int, m *nash.Mixed) error {
	switch format {
	case "json":
		return WriteJSON(w, nplayerJSON(g, pure, m))
	case "csv":
		return nplayerCSV(w, g.Game, pure, m)
	}
	return nplayerText(w, width, g, pure, m)
}

// pureStrategies names each player's strategy at profile p.
func pureStrategies(g *nash.Game, p int) []string {
	var out []string
	for i, s := range g.Profile(p) {
		out = append(out, g.Strategies[i][s])
	}
	return out
}

// purePayoffs are the exact payoffs at profile p, as fractions.
func purePayoffs(g *nash.Game, p int) []string {
	var out []string
	for _, r := range g.Payoffs[p] {
		out = append(out, r.RatString())
	}
	return out
}

// regretFloats are m's exact regrets as float64s.
func regretFloats(m *nash.Mixed) []float64 {
	out := make([]float64, len(m.Regrets))
	for i, r := range m.Regrets {
		out[i], _ = r.Float64()
		out[i] += 0 // no -0
	}
	return out
}

func nplayerJSON(g NPlayerGame, pure []int, m *nash.Mixed) nfgDoc {
	gm := g.Game
	d := nfgDoc{Format: "nzsc-solve-nfg/1", Game: gm.Title, Profiles: gm.NumProfiles(),
		Pure: nfgPureJSON{Method: "enumpure", Exact: true, Complete: true, Count: len(pure), Equilibria: []nfgPureEquJSON{}}}
	for i, name := range gm.Players {
		d.Players = append(d.Players, nfgPlayerJSON{name, gm.Strategies[i]})
	}
	for _, p := range pure {
		d.Pure.Equilibria = append(d.Pure.Equilibria, nfgPureEquJSON{pureStrategies(gm, p), purePayoffs(gm, p)})
	}
	if m != nil {
		x := &nfgMixedJSON{Method: "logit", Certified: m.MaxRegret <= m.Epsilon, Epsilon: m.Epsilon, MaxRegret: m.MaxRegret,
			Lambda: m.Lambda, Steps: m.Steps, Start: m.Start, Polished: m.Polished, BudgetSpent: m.BudgetSpent, Payoffs: m.Payoffs, Regrets: regretFloats(m)}
		for i, s := range m.Strategies {
			x.Strategies = append(x.Strategies, strategyJSON(gm.Strategies[i], s))
		}
		d.Mixed = x
	}
	return d
}

// nplayerCSV writes one row per equilibrium and player.
func nplayerCSV(w io.Writer, g *nash.Game, pure []int, m *nash.Mixed) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"equilibrium", "kind", "player", "strategy", "payoff", "regret", "epsilon"})
	for k, p := range pure {
		names, pays := pureStrategies(g, p), purePayoffs(g, p)
		for i, player := range g.Players {
			cw.Write([]string{strconv.Itoa(k + 1), "pure", player, names[i], pays[i], "0", ""})
		}
	}
	if m != nil {
		regrets := regretFloats(m)
		for i, player := range g.Players {
			cw.Write([]string{strconv.Itoa(len(pure) + 1), "mixed", player, mix(g.Strategies[i], m.Strategies[i], ";"),
				f12(m.Payoffs[i]), f12(regrets[i]), strconv.FormatFloat(m.Epsilon, 'g', 3, 64)})
		}
	}
	cw.Flush()
	return cw.Error()
}

func nplayerText(w io.Writer, width int, g NPlayerGame, pure []int, m *nash.Mixed) error {
	gm := g.Game
	var b strings.Builder
	para := func(s string) { b.WriteString(WrapText(s, width) + "\n") }
	var sizes []string
	for _, s := range gm.Strategies {
		sizes = append(sizes, strconv.Itoa(len(s)))
	}
	para(fmt.Sprintf("%s: %d players, %s strategies (%d profiles).", g.Title, len(gm.Players), strings.Join(sizes, "×"), gm.NumProfiles()))
	b.WriteString("\n")
	switch len(pure) {
	case 0:
		para(fmt.Sprintf("Pure-strategy equilibria: none (exact and complete: each of the %d profiles checked in rational arithmetic, as gambit-enumpure does).", gm.NumProfiles()))
	default:
		para(fmt.Sprintf("Pure-strategy equilibria, every one (exact and complete: each of the %d profiles checked in rational arithmetic, as gambit-enumpure does): %d.", gm.NumProfiles(), len(pure)))
		t := &Table{Header: append(append([]string{"#"}, gm.Players...), "payoffs")}
		for k, p := range pure {
			t.Rows = append(t.Rows, append(append([]string{strconv.Itoa(k + 1)}, pureStrategies(gm, p)...), strings.Join(purePayoffs(gm, p), ", ")))
		}
		if err := t.Write(&b, width); err != nil {
			return err
		}
	}
	b.WriteString("\n")
	if m != nil {
		how := fmt.Sprintf("following the logit quantal-response path (as gambit-logit) to λ = %.4g in %d steps", m.Lambda, m.Steps)
		if m.Start > 0 {
			how += fmt.Sprintf(" from a random start (path %d: the paths before it turned back towards λ = 0)", m.Start+1)
		}
		if m.Steps == 0 && m.Lambda == 0 {
			how = "the logit quantal-response path's start (λ = 0: every strategy equally likely), which is one already"
		}
		if m.Polished {
			how += ", then solving the indifference equations of the support it was heading for by Newton's method"
		}
		certified := m.MaxRegret <= m.Epsilon
		if certified {
			para("One mixed equilibrium (approximate, certified), by " + how + ":")
		} else {
			ended := "the path ended"
			if m.BudgetSpent {
				ended = fmt.Sprintf("the paths stopped when their work budget was spent (%.3g units, a few minutes of CPU: docs/formats.md)", float64(nash.MaxPathWork))
			}
			para("No equilibrium certified: " + ended + " (" + how + ") before a profile's regrets were within epsilon. The best profile found:")
		}
		regrets := regretFloats(m)
		t := &Table{Header: []string{"player", "plays", "payoff", "regret"}}
		for i, player := range gm.Players {
			t.Rows = append(t.Rows, []string{player, mix(glued(gm.Strategies[i]), m.Strategies[i], " "), signed(m.Payoffs[i], 4), regretCell(regrets[i])})
		}
		if err := t.Write(&b, width); err != nil {
			return err
		}
		largest := regretText(m.MaxRegret) + ", within"
		if !certified {
			largest = fmt.Sprintf("%.3g, not within", m.MaxRegret)
		}
		para(fmt.Sprintf("Certificate: each player's regret (what its best pure deviation would gain) is computed exactly, in rational arithmetic, from the game's payoffs and the probabilities as float64s (--format json gives them in full); the largest is %s epsilon %.3g (10⁻⁹·max(1, largest |payoff|) unless --epsilon says otherwise). The probabilities are approximate; the game may have other mixed equilibria.", largest, m.Epsilon))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// regretCell is a regret in a table: below 1e-12 (rounding noise,
// which differs between machines) as "<1e-12".
func regretCell(v float64) string {
	if v < 1e-12 {
		return "<1e-12"
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}
