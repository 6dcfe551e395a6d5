package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

// Options select what a report shows.
type Options struct {
	// Full adds every matrix: the 12×12 loadout table and the 9×9
	// booster table pooled, and each bot's win rate per loadout.
	Full bool
	// Width is the width the text fits (Width when 0): tables fold,
	// sentences wrap.
	Width int
	// Top is the number of loadout pairings a match's text lists (0:
	// none; DefaultTop when the command was not told).
	Top int
}

// pct formats a score as a percentage with the half-width of its 95%
// interval: "71.2±0.3", prefixed "~" when not significant, "-" without
// games. Where score ± half-width would pass 0 or 100 (the Wilson
// interval is lopsided near them: 2.0±5.0 read as reaching -3%), it
// gives the interval itself: "2.0 [0.4, 10.3]".
func pct(e analysis.Estimate) string {
	if e.Record.Games() == 0 {
		return "-"
	}
	half := 100 * math.Max(e.Hi-e.Score, e.Score-e.Lo)
	prec := 1
	if half < 0.1 {
		prec = 2
	}
	f := func(x float64) string { return strconv.FormatFloat(x, 'f', prec, 64) }
	s := f(100*e.Score) + "±" + f(half)
	if 100*e.Score-half < 0 || 100*e.Score+half > 100 {
		s = f(100*e.Score) + " [" + f(100*e.Lo) + ", " + f(100*e.Hi) + "]"
	}
	if !e.Significant {
		s = "~" + s
	}
	return s
}

func share(n, total int64) string {
	if total == 0 {
		return "-"
	}
	return strconv.FormatFloat(100*float64(n)/float64(total), 'f', 1, 64)
}

// shortLoadout abbreviates a loadout for column headers: "N/Sha",
// "Z/ZCo", "C/-" (No Booster); loadoutLegend spells the abbreviations.
func shortLoadout(i int) string {
	l := nzsc.LoadoutAt(i)
	b := "-"
	if i%3 != 2 {
		b = strings.ReplaceAll(l.Booster.String(), " ", "")[:3]
	}
	return l.Character.String()[:1] + "/" + b
}

// loadoutLegend spells the abbreviations of shortLoadout.
func loadoutLegend() string {
	var chars, boosters []string
	for i := range nzsc.NumLoadouts {
		l := nzsc.LoadoutAt(i)
		if i%3 == 0 {
			chars = append(chars, l.Character.String()[:1]+" "+l.Character.String())
		}
		if i%3 != 2 {
			boosters = append(boosters, strings.ReplaceAll(l.Booster.String(), " ", "")[:3]+" "+l.Booster.String())
		}
	}
	return "Legend: " + strings.Join(chars, ", ") + "; " + strings.Join(boosters, ", ") + ", - No Booster."
}

// Text writes the report of a tournament: run information (when m is
// not nil), the answer (answer.go), then what matters first: the ranking with the meta-game's
// mix, the cross-table; then faults and the game's own tables (for NZSC:
// characters, loadouts, picks). Everything fits opt.Width columns.
func Text(w io.Writer, s *analysis.Summary, m *results.Manifest, opt Options) error {
	p := &printer{w: w, width: opt.Width}
	t := s.Counts
	if m != nil {
		mode := fmt.Sprintf("round robin of %d bots", len(t.Bots))
		if m.Gauntlet != "" {
			mode = fmt.Sprintf("gauntlet: %s against each of %d bots", gauntletName(m), len(t.Bots)-1)
		}
		p.para(fmt.Sprintf("%s, seed %s", mode, game.FormatSeed(m.Seed)))
		p.para(fmt.Sprintf("%d of %d games played (%d per pairing)", m.GamesDone, m.GamesPlanned, m.GamesPerPairing))
		if m.IsShard() {
			p.para(fmt.Sprintf("shard %d/%d: this directory holds only its share of the games", m.Shard.Index, m.Shard.Count))
		}
		if !m.Complete {
			p.para("INCOMPLETE: the run stopped early; resume it with --resume")
		}
		if o := openingsOf(m, t); o != nil && t.Games() > 0 {
			p.para(o.Text(0))
		}
	}
	if t.Games() == 0 {
		p.f("\nno games played\n")
		return p.err
	}
	if a := answer(s, m); len(a) > 0 {
		p.f("\n")
		p.para(strings.Join(a, " "))
	}

	// Ranking.
	rk := s.Ranking
	p.section("Ranking: Bradley–Terry Elo relative to the average bot, 95% interval")
	rows := [][]string{}
	for rank, i := range rk.Order {
		r := rk.Ratings[i]
		meta := "-"
		if !metaLeft(s.Metagame, i) {
			meta = weightText(s.Metagame.Weight[i])
		}
		rows = append(rows, []string{strconv.Itoa(rank + 1), r.Bot, eloText(r), eloHalf(r),
			pct(s.Cross.Field[i]), strconv.FormatInt(r.Games, 10), meta})
	}
	p.render(&Table{Header: []string{"#", "bot", "Elo", "95%", "score %", "games", "Nash"}, Rows: rows, Left: 2})
	p.para("~: not significant (95% interval includes 50% or Elo 0). Nash: meta-game weight.")
	if !rk.Connected {
		p.para(fmt.Sprintf("note: the win graph is not strongly connected (%s): some bot never scored against another group, "+
			"so maximum likelihood ratings do not exist; one virtual draw per pairing was added.", components(t.Bots, rk)))
	}

	// Cross-table, columns numbered by the bots' rank.
	p.section("Cross-table: row's score % against column (bots by rank), 95% interval")
	hdr := []string{"#", "bot"}
	for rank := range rk.Order {
		hdr = append(hdr, strconv.Itoa(rank+1))
	}
	rows = nil
	for rank, i := range rk.Order {
		row := []string{strconv.Itoa(rank + 1), t.Bots[i]}
		for _, j := range rk.Order {
			if i == j {
				row = append(row, "")
				continue
			}
			row = append(row, pct(s.Cross.Cells[i][j]))
		}
		rows = append(rows, row)
	}
	p.render(&Table{Header: hdr, Rows: rows, Left: 2})
	metagame(p, s)

	// Faults, only when some bot has any (as match does).
	if s.AnyFaults() {
		p.faults(t.Bots, rk.Order, s.Faults)
	}

	if ls := loadouts.Summarize(t); ls != nil {
		p.nzscTables(s, ls, opt)
	}
	p.gameStats(s.Counts)
	return p.err
}

// faults writes the table of the bots' faults, in order, for every game
// and table size: games forfeited, by kind, and turns penalized for an
// illegal answer.
func (p *printer) faults(bots []string, order []int, fs []analysis.BotFaults) {
	p.section("Faults per bot: games forfeited (by kind) and turns penalized for an illegal answer")
	hdr := []string{"bot", "forfeits"}
	hdr = append(hdr, analysis.FaultKinds[:]...)
	hdr = append(hdr, "penalized")
	rows := [][]string{}
	for _, i := range order {
		f := fs[i]
		row := []string{bots[i], strconv.FormatInt(f.Forfeits, 10)}
		for _, n := range f.Kinds {
			row = append(row, strconv.FormatInt(n, 10))
		}
		rows = append(rows, append(row, strconv.FormatInt(f.Illegal, 10)))
	}
	p.table(hdr, rows)
}

// nzscTables writes two-player NZSC's own tables: characters, loadouts,
// picks, and with opt.Full boosters and every matrix.
func (p *printer) nzscTables(s *analysis.Summary, ls *loadouts.Summary, opt Options) {
	t, rk := s.Counts, s.Ranking
	// Characters, pooled.
	ch := ls.Pooled.Collapse(loadouts.ByCharacter)
	p.section("Characters, all bots pooled: row's win rate % against column")
	p.matrix(ch, true)

	// Loadouts against the field, pooled.
	p.section("Loadouts, all bots pooled: win rate % against every opponent loadout")
	pooledPicks, totalPicks := ls.PooledPicks()
	lo := ls.Pooled.Collapse(loadouts.ByLoadout)
	p.overall(lo, func(r int) string { return share(pooledPicks[r], totalPicks) })
	bo := ls.Pooled.Collapse(loadouts.ByBooster)
	if opt.Full {
		// Every booster but No Booster belongs to one loadout, whose row
		// above it repeats.
		p.section("Boosters, all bots pooled: win rate % against every opponent booster")
		p.overall(bo, nil)
	}

	// Picks per bot: a row per loadout, a column per bot (by rank), so
	// that the table stays narrow however many loadouts.
	p.section("Loadout picks: % of each bot's games (columns: bots by rank)")
	hdr := []string{"loadout"}
	for rank := range rk.Order {
		hdr = append(hdr, strconv.Itoa(rank+1))
	}
	totals := make([]int64, len(t.Bots))
	anyUnsettled := false
	for i := range t.Bots {
		totals[i] = ls.Unsettled[i]
		for _, n := range ls.Picks[i] {
			totals[i] += n
		}
		anyUnsettled = anyUnsettled || ls.Unsettled[i] > 0
	}
	var rows [][]string
	for x := range nzsc.NumLoadouts {
		row := []string{nzsc.LoadoutAt(x).String()}
		for _, i := range rk.Order {
			row = append(row, share(ls.Picks[i][x], totals[i]))
		}
		rows = append(rows, row)
	}
	if anyUnsettled {
		row := []string{"none (game ended first)"}
		for _, i := range rk.Order {
			row = append(row, share(ls.Unsettled[i], totals[i]))
		}
		rows = append(rows, row)
	}
	p.table(hdr, rows)

	if opt.Full {
		p.section("Loadouts per bot: the bot's win rate % with each loadout (columns: bots by rank), against every opponent loadout")
		hdr = []string{"loadout"}
		for rank := range rk.Order {
			hdr = append(hdr, strconv.Itoa(rank+1))
		}
		per := make([]*loadouts.WinRates, len(t.Bots))
		for _, i := range rk.Order {
			per[i] = ls.PerBot[i].Collapse(loadouts.ByLoadout)
		}
		rows = nil
		for x := range nzsc.NumLoadouts {
			row := []string{nzsc.LoadoutAt(x).String()}
			for _, i := range rk.Order {
				row = append(row, pct(per[i].Overall[x]))
			}
			rows = append(rows, row)
		}
		p.table(hdr, rows)
		p.section("Loadout against loadout, all bots pooled: row's win rate %")
		p.matrix(lo, false)
		p.para(loadoutLegend())
		p.section("Booster against booster, all bots pooled: row's win rate %")
		p.matrix(bo, false)
		for _, i := range rk.Order {
			p.section("Characters for " + t.Bots[i] + ": its win rate % with row against column")
			p.matrix(ls.PerBot[i].Collapse(loadouts.ByCharacter), true)
		}
	}
}

// metagame writes the meta-game: the equilibrium mix over the bots and
// its certificate, in a few lines.
func metagame(p *printer, s *analysis.Summary) {
	t, rk := s.Counts, s.Ranking
	if s.Metagame == nil {
		p.para(fmt.Sprintf("Meta-game (Nash equilibrium over the bots): not solved: %v", s.MetaError))
		return
	}
	mg := s.Metagame
	var mix []string
	for _, i := range rk.Order {
		if mg.Weight[i] > 5e-7 {
			mix = append(mix, t.Bots[i]+" "+weightText(mg.Weight[i]))
		}
	}
	p.f("\n")
	// Lower is what the mix guarantees, as a score minus 1/2: no bot
	// scores more than 1/2 − Lower against it. The certificate's bounds
	// and the LP's method are in the JSON document.
	p.para(fmt.Sprintf("Meta-game (Nash equilibrium of the cross-table): %s, the mix of bots that no bot can exploit: "+
		"none scores more than %s%% against it.", strings.Join(mix, ", "), pctPlain(0.5-mg.Lower)))
	if left := leftOutSentence(t.Bots, mg.Unplayed); left != "" {
		p.para(left)
	}
	if mg.Missing > 0 {
		p.para("note: " + neverMet(mg.Missing, "payoff"))
	}
}

type printer struct {
	w     io.Writer
	width int
	err   error
}

func (p *printer) f(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

// para writes a sentence or two, wrapped to the width.
func (p *printer) para(s string) { p.f("%s\n", WrapText(s, p.width)) }

func (p *printer) section(title string) { p.f("\n%s\n", WrapText(title, p.width)) }

// table writes a table with one label column.
func (p *printer) table(header []string, rows [][]string) {
	p.render(&Table{Header: header, Rows: rows})
}

func (p *printer) render(t *Table) {
	if p.err == nil {
		p.err = t.Write(p.w, p.width)
	}
}

// matrix prints a win-rate table with an "all" column (and the game
// counts when games is set).
func (p *printer) matrix(wr *loadouts.WinRates, games bool) {
	hdr := append([]string{""}, wr.Labels...)
	if wr.Level != loadouts.ByCharacter {
		hdr = []string{""}
		for i, l := range wr.Labels {
			if wr.Level == loadouts.ByLoadout {
				hdr = append(hdr, shortLoadout(i))
			} else {
				hdr = append(hdr, abbreviate(l))
			}
		}
	}
	hdr = append(hdr, "all")
	if games {
		hdr = append(hdr, "games")
	}
	var rows [][]string
	for r, l := range wr.Labels {
		row := []string{l}
		for c := range wr.Labels {
			row = append(row, pct(wr.Cells[r][c]))
		}
		row = append(row, pct(wr.Overall[r]))
		if games {
			row = append(row, strconv.FormatInt(wr.Overall[r].Record.Games(), 10))
		}
		rows = append(rows, row)
	}
	p.table(hdr, rows)
}

// overall prints each row against everything, best first, with games
// and an optional extra column (pick share).
func (p *printer) overall(wr *loadouts.WinRates, extra func(r int) string) {
	order := make([]int, len(wr.Labels))
	for i := range order {
		order[i] = i
	}
	score := func(i int) float64 {
		if s := wr.Overall[i].Score; !math.IsNaN(s) {
			return s
		}
		return -1
	}
	slices.SortStableFunc(order, func(a, b int) int {
		switch sa, sb := score(a), score(b); {
		case sa > sb:
			return -1
		case sa < sb:
			return 1
		}
		return 0
	})
	hdr := []string{wr.Level.String(), "win %", "wins", "draws", "losses", "games"}
	if extra != nil {
		hdr = append(hdr, "picked %")
	}
	var rows [][]string
	for _, r := range order {
		e := wr.Overall[r]
		row := []string{wr.Labels[r], pct(e), strconv.FormatInt(e.Record.Wins, 10), strconv.FormatInt(e.Record.Draws, 10),
			strconv.FormatInt(e.Record.Losses, 10), strconv.FormatInt(e.Record.Games(), 10)}
		if extra != nil {
			row = append(row, extra(r))
		}
		rows = append(rows, row)
	}
	p.table(hdr, rows)
}

var boosterAbbrev = map[string]string{
	"Regenerative": "Regen", "Zombie Corps": "ZCorps", "Backwards": "Backw",
	"Moustachio": "Moust", "No Booster": "none",
}

// abbreviate shortens a booster name for a column header.
func abbreviate(s string) string {
	if a, ok := boosterAbbrev[s]; ok {
		return a
	}
	return s
}

// neverMet says that n pairs of bots have no games together, and what
// their what (payoff, score) is taken to be. A gauntlet leaves them so,
// and so does a run stopped before it played them: the words name both
// (they said "gauntlet" of an interrupted round robin).
func neverMet(n int, what string) string {
	pairs := fmt.Sprintf("%d pairs", n)
	if n == 1 {
		pairs = "1 pair"
	}
	return fmt.Sprintf("%s of bots never met (a gauntlet, or a run not played to its end); their %s is taken as even", pairs, what)
}

// gauntletName is the name of a gauntlet run's base bot, as its tables
// show it (its name= alias, if it has one).
func gauntletName(m *results.Manifest) string {
	for _, b := range m.Bots {
		if b.Spec == m.Gauntlet && b.Name != "" {
			return b.Name
		}
	}
	return m.Gauntlet
}
