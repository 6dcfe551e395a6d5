package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// Options select what Text prints.
type Options struct {
	// Full adds every matrix: the 12×12 loadout table and the 9×9
	// booster table pooled, and each bot's win rate per loadout.
	Full bool
}

// pct formats a score as a percentage with the half-width of its 95%
// interval: "71.2±0.3", prefixed "~" when not significant, "-" without
// games.
func pct(e analysis.Estimate) string {
	if e.Record.Games() == 0 {
		return "-"
	}
	half := 100 * math.Max(e.Hi-e.Score, e.Score-e.Lo)
	prec := 1
	if half < 0.1 {
		prec = 2
	}
	s := strconv.FormatFloat(100*e.Score, 'f', prec, 64) + "±" + strconv.FormatFloat(half, 'f', prec, 64)
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
// "Z/ZCo", "C/-" (No Booster).
func shortLoadout(i int) string {
	l := analysis.LoadoutAt(i)
	b := "-"
	if i%3 != 2 {
		b = strings.ReplaceAll(l.Booster.String(), " ", "")[:3]
	}
	return l.Character.String()[:1] + "/" + b
}

// Text writes the report of a tournament: run information (when m is
// not nil), ranking, cross-table, loadout tables and the meta-game.
func Text(w io.Writer, s *analysis.Summary, m *results.Manifest, opt Options) error {
	p := &printer{w: w}
	t := s.Counts
	if m != nil {
		mode := "round robin"
		if m.Gauntlet != "" {
			mode = "gauntlet of " + m.Gauntlet
		}
		p.f("%s: %d bots, %d pairings, %d of %d games (%d per pairing), seed %d\n",
			mode, len(t.Bots), len(t.Pairings), m.GamesDone, m.GamesPlanned, m.GamesPerPairing, m.Seed)
		if m.Shard != nil {
			p.f("shard %d/%d: this directory holds only its share of the games\n", m.Shard.Index, m.Shard.Count)
		}
		if !m.Complete {
			p.f("INCOMPLETE: the run stopped early; resume it with --resume\n")
		}
	}
	if t.Games() == 0 {
		p.f("\nno games played\n")
		return p.err
	}

	// Ranking.
	rk := s.Ranking
	p.section("Ranking: Bradley–Terry Elo relative to the average bot, 95% interval")
	rows := [][]string{}
	for rank, i := range rk.Order {
		r := rk.Ratings[i]
		meta := "-"
		if s.Metagame != nil {
			meta = weightText(s.Metagame.Weight[i])
		}
		rows = append(rows, []string{strconv.Itoa(rank+1) + " " + r.Bot, eloText(r), eloHalf(r),
			pct(s.Cross.Field[i]), strconv.FormatInt(r.Games, 10), meta})
	}
	p.table([]string{"bot", "Elo", "95%", "score %", "games", "Nash weight"}, rows)
	if !rk.Connected {
		p.f("note: the win graph is not strongly connected (%s): some bot never scored against another group,\n"+
			"so maximum likelihood ratings do not exist; one virtual draw per pairing was added.\n", components(t.Bots, rk))
	}

	// Cross-table, columns numbered by the bots' rank.
	p.section("Cross-table: row's score % against column, 95% interval")
	hdr := []string{"bot"}
	for rank := range rk.Order {
		hdr = append(hdr, strconv.Itoa(rank+1))
	}
	rows = nil
	for rank, i := range rk.Order {
		row := []string{strconv.Itoa(rank+1) + " " + t.Bots[i]}
		for _, j := range rk.Order {
			if i == j {
				row = append(row, "")
				continue
			}
			row = append(row, pct(s.Cross.Cells[i][j]))
		}
		rows = append(rows, row)
	}
	p.table(hdr, rows)

	// Faults, only when some bot has any (as match does).
	if s.AnyFaults() {
		p.section("Faults per bot: games forfeited (by kind) and turns penalized for an illegal answer")
		hdr := []string{"bot", "forfeits"}
		hdr = append(hdr, analysis.FaultKinds[:]...)
		hdr = append(hdr, "penalized")
		rows := [][]string{}
		for _, i := range rk.Order {
			f := s.Faults[i]
			row := []string{t.Bots[i], strconv.FormatInt(f.Forfeits, 10)}
			for _, n := range f.Kinds {
				row = append(row, strconv.FormatInt(n, 10))
			}
			rows = append(rows, append(row, strconv.FormatInt(f.Illegal, 10)))
		}
		p.table(hdr, rows)
	}

	if m == nil || m.GameName() == "nzsc" {
		p.nzscTables(s, opt)
	}
	p.gameStats(s.Counts)
	metagame(p, s)
	return p.err
}

// nzscTables writes two-player NZSC's own tables: characters, loadouts,
// boosters and picks.
func (p *printer) nzscTables(s *analysis.Summary, opt Options) {
	t, rk := s.Counts, s.Ranking
	var hdr []string
	var rows [][]string
	// Characters, pooled.
	ch := s.Pooled.Collapse(analysis.ByCharacter)
	p.section("Characters, all bots pooled: row's win rate % against column")
	p.matrix(ch, true)

	// Loadouts and boosters against the field, pooled.
	p.section("Loadouts, all bots pooled: win rate % against every opponent loadout")
	pooledPicks, totalPicks := s.PooledPicks()
	lo := s.Pooled.Collapse(analysis.ByLoadout)
	p.overall(lo, func(r int) string { return share(pooledPicks[r], totalPicks) })
	bo := s.Pooled.Collapse(analysis.ByBooster)
	p.section("Boosters, all bots pooled: win rate % against every opponent booster")
	p.overall(bo, nil)

	// Picks per bot.
	p.section("Loadout picks per bot: % of the bot's games")
	hdr = []string{"bot"}
	for x := range analysis.NumLoadouts {
		hdr = append(hdr, shortLoadout(x))
	}
	hdr = append(hdr, "none")
	rows = nil
	for _, i := range rk.Order {
		var total int64 = s.Unsettled[i]
		for _, n := range s.Picks[i] {
			total += n
		}
		row := []string{t.Bots[i]}
		for _, n := range s.Picks[i] {
			row = append(row, share(n, total))
		}
		rows = append(rows, append(row, share(s.Unsettled[i], total)))
	}
	p.table(hdr, rows)

	// Win rate per loadout per bot (Full) or each bot's best loadout.
	if opt.Full {
		p.section("Loadouts per bot: the bot's win rate % with each loadout, against every opponent loadout")
		hdr = []string{"bot"}
		for x := range analysis.NumLoadouts {
			hdr = append(hdr, shortLoadout(x))
		}
		rows = nil
		for _, i := range rk.Order {
			row := []string{t.Bots[i]}
			for _, e := range s.PerBot[i].Collapse(analysis.ByLoadout).Overall {
				row = append(row, pct(e))
			}
			rows = append(rows, row)
		}
		p.table(hdr, rows)
		p.section("Loadout against loadout, all bots pooled: row's win rate %")
		p.matrix(lo, false)
		p.section("Booster against booster, all bots pooled: row's win rate %")
		p.matrix(bo, false)
		for _, i := range rk.Order {
			p.section("Characters for " + t.Bots[i] + ": its win rate % with row against column")
			p.matrix(s.PerBot[i].Collapse(analysis.ByCharacter), true)
		}
	}

}

// metagame writes the meta-game section and the closing legend.
func metagame(p *printer, s *analysis.Summary) {
	t, rk := s.Counts, s.Ranking
	var rows [][]string
	// Meta-game.
	p.section("Meta-game: Nash equilibrium over the bots (LP on the cross-table)")
	if s.Metagame == nil {
		p.f("not solved: %v\n", s.MetaError)
	} else {
		mg := s.Metagame
		rows = nil
		for _, i := range rk.Order {
			if mg.Weight[i] > 5e-7 {
				rows = append(rows, []string{t.Bots[i], weightText(mg.Weight[i])})
			}
		}
		p.table([]string{"bot", "weight"}, rows)
		p.f("certificate: the mix scores at least %+.2e against every bot, the opponent's mix concedes at most %+.2e (%s simplex)\n",
			mg.Lower, mg.Upper, mg.Method)
		if mg.Missing > 0 {
			p.f("note: %d pairs of bots never met (gauntlet); their payoff is taken as even\n", mg.Missing)
		}
	}
	p.f("\n~ marks an estimate whose 95%% interval includes the even value (50%% or Elo 0): not significant.\n")
}

type printer struct {
	w   io.Writer
	err error
}

func (p *printer) f(format string, a ...any) {
	if p.err == nil {
		_, p.err = fmt.Fprintf(p.w, format, a...)
	}
}

func (p *printer) section(title string) { p.f("\n%s\n", title) }

func (p *printer) table(header []string, rows [][]string) {
	if p.err == nil {
		p.err = renderTable(p.w, header, rows)
	}
}

// matrix prints a win-rate table with an "all" column (and the game
// counts when games is set).
func (p *printer) matrix(wr *analysis.WinRates, games bool) {
	hdr := append([]string{""}, wr.Labels...)
	if wr.Level != analysis.ByCharacter {
		hdr = []string{""}
		for i, l := range wr.Labels {
			if wr.Level == analysis.ByLoadout {
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
func (p *printer) overall(wr *analysis.WinRates, extra func(r int) string) {
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
