package report

import (
	"errors"
	"fmt"
	"html/template"
	"io"
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// The HTML report is one page with no external file: charts are inline
// SVG (html_svg.go), tables are HTML tables sorted by a small inline
// script, and each table's CSV download is a data: URL of the run
// directory's file of the same name. Names are the full names everywhere
// (loadouts "Zombie/Regenerative", boosters "No Booster"): the text
// report's abbreviations exist only to fit a terminal.

// hcell is one table cell: its text, its sort key (a number; empty
// sorts last) and an optional hover text.
type hcell struct {
	Text, Key, Title string
	Num              bool
}

func textCell(s string) hcell { return hcell{Text: s} }

func numCell(s string, v float64) hcell {
	c := hcell{Text: s, Num: true}
	if !math.IsNaN(v) && !math.IsInf(v, 0) {
		c.Key = strconv.FormatFloat(v, 'g', -1, 64)
	}
	return c
}

func countCell(n int64) hcell { return numCell(count(n), float64(n)) }

// estCell shows an estimate as the text report does (pct), sorted by
// its score, with the interval and games on hover.
func estCell(e analysis.Estimate) hcell {
	c := numCell(pct(e), e.Score)
	if e.Record.Games() > 0 {
		c.Title = pctTip(e)
	}
	return c
}

// shareCell shows n of total as a percentage (share).
func shareCell(n, total int64) hcell {
	v := math.NaN()
	if total > 0 {
		v = float64(n) / float64(total)
	}
	return numCell(share(n, total), v)
}

// hlink is a download link.
type hlink struct {
	Name string
	Href template.URL
	// ID is set on the link that embeds the file (the first).
	ID string
}

// htable is a sortable HTML table.
type htable struct {
	ID      string
	Caption string
	Head    []hhead
	Rows    [][]hcell
	// Collapsed puts the table in a closed <details> (it repeats a chart).
	Collapsed bool
	Note      string
}

// hhead is a column header; long names may break after "/".
type hhead struct {
	HTML template.HTML
	Num  bool
}

func heads(num bool, names ...string) []hhead {
	out := make([]hhead, len(names))
	for i, n := range names {
		out[i] = hhead{HTML: template.HTML(strings.ReplaceAll(template.HTMLEscapeString(n), "/", "/<wbr>")), Num: num && i > 0}
	}
	return out
}

// hsection is a titled part of the page.
type hsection struct {
	ID, Title string
	Intro     string
	Charts    []template.HTML
	Tables    []*htable
	Downloads []hlink
	Subs      []*hsection
}

type hpage struct {
	Title    string
	Info     []string
	Warnings []string
	// Answer is the run's first answer (answer.go), under its title.
	Answer   []string
	Sections []*hsection
	Legend   string
}

// csvLinks returns the run directory's CSV tables as data: URLs by file
// name.
func csvLinks(s *analysis.Summary) map[string]hlink {
	out := map[string]hlink{}
	for _, t := range TournamentTables(s) {
		out[t.Name] = dataCSV(t.Name, t.CSV())
	}
	return out
}

func dataCSV(name string, csv []byte) hlink {
	return hlink{Name: name, Href: template.URL("data:text/csv;charset=utf-8," + url.PathEscape(string(csv)))}
}

// runInfo is the page's first lines: what was played, and warnings.
func runInfo(s *analysis.Tournament, m *results.Manifest, seats int) (info, warn []string) {
	if m == nil {
		return []string{fmt.Sprintf("%d bots, %d games.", len(s.Bots), s.Games())}, nil
	}
	mode := "Round robin"
	if m.Gauntlet != "" {
		mode = "Gauntlet of " + m.Gauntlet
	}
	per := "pairing"
	if seats > 2 {
		per = "table"
	}
	info = append(info, fmt.Sprintf("%s of %s, %d players a game: %d bots, %d of %d games (%d per %s).",
		mode, m.GameName(), seats, len(s.Bots), m.GamesDone, m.GamesPlanned, m.GamesPerPairing, per))
	line := fmt.Sprintf("Master seed %#x", m.Seed)
	if m.Version != "" {
		line += ", nzsc " + m.Version
	}
	if !m.Started.IsZero() {
		line += ", started " + m.Started.UTC().Format("2006-01-02 15:04 UTC")
	}
	info = append(info, line+".")
	if m.IsShard() {
		warn = append(warn, fmt.Sprintf("Shard %d/%d: this directory holds only its share of the games.", m.Shard.Index, m.Shard.Count))
	}
	if !m.Complete {
		warn = append(warn, "Incomplete: the run stopped early; resume it with --resume.")
	}
	return info, warn
}

// HTML writes one self-contained page (no external file or network, one
// file that works offline) for a two-player tournament: SVG charts with
// colour bars and hover values, and every table of the text report as a
// sortable HTML table with the same numbers and a CSV download.
func HTML(w io.Writer, s *analysis.Summary, m *results.Manifest) error {
	return tournamentHTML(w, s, m, nil)
}

// tournamentHTML is HTML whose dynamics' bootstrap stops when done is
// closed (End.Done): it then returns an error wrapping both
// analysis.ErrStopped (Tail's word for a stopped summary) and
// dynamics.ErrStopped, having written nothing.
func tournamentHTML(w io.Writer, s *analysis.Summary, m *results.Manifest, done <-chan struct{}) error {
	t := s.Counts
	pg := &hpage{Title: "Tournament report", Legend: legend}
	if m != nil {
		pg.Title = m.GameName() + " tournament report"
	}
	pg.Info, pg.Warnings = runInfo(t, m, 2)
	if o := openingsOf(m, t); o != nil && t.Games() > 0 {
		pg.Info = append(pg.Info, o.Text(0))
	}
	if t.Games() == 0 {
		pg.Warnings = append(pg.Warnings, "No games played.")
		return renderPage(w, pg)
	}
	pg.Answer = answer(s, m)
	csv := csvLinks(s)
	rk := s.Ranking

	// Ranking.
	sec := &hsection{ID: "ranking", Title: "Ranking",
		Intro:     "Bradley–Terry maximum likelihood on the Elo scale, relative to the average bot, with 95% intervals from the observed information. Score % is against every opponent.",
		Downloads: []hlink{csv["ratings.csv"]}}
	var irows []intervalRow
	tb := &htable{ID: "t-ranking", Head: heads(true, "#", "bot", "Elo", "95%", "score %", "games", "Nash weight")}
	tb.Head[1].Num = false
	for rank, i := range rk.Order {
		r := rk.Ratings[i]
		irows = append(irows, intervalRow{Label: r.Bot, X: r.Elo, Lo: r.Lo, Hi: r.Hi, Significant: r.Significant,
			Tip: fmt.Sprintf("%s: Elo %+.1f, 95%% interval %+.1f to %+.1f, %d games", r.Bot, r.Elo, r.Lo, r.Hi, r.Games)})
		meta := numCell("-", math.NaN())
		if !metaLeft(s.Metagame, i) {
			meta = numCell(weightText(s.Metagame.Weight[i]), s.Metagame.Weight[i])
		}
		tb.Rows = append(tb.Rows, []hcell{countCell(int64(rank + 1)), textCell(r.Bot), numCell(eloText(r), r.Elo),
			numCell(eloHalf(r), analysis.Z95*r.SE), estCell(s.Cross.Field[i]), countCell(r.Games), meta})
	}
	if !rk.Connected {
		tb.Note = "The win graph is not strongly connected (" + components(t.Bots, rk) +
			"): some bot never scored against another group, so maximum likelihood ratings do not exist; one virtual draw per pairing was added."
	}
	sec.Charts = append(sec.Charts, template.HTML(intervalSVG("c-ratings", "Bradley–Terry ratings (Elo, 95% interval)", "bot", "Elo relative to the average bot", 0, irows)))
	sec.Tables = append(sec.Tables, tb)
	pg.Sections = append(pg.Sections, sec)

	// NZSC's own sections, unless no game settled its loadouts (a game
	// without loadouts, or runs cut short while picking).
	ls := loadouts.Summarize(t)
	settled := int64(0)
	if ls != nil {
		_, settled = ls.PooledPicks()
	}
	pg.Sections = append(pg.Sections, spreadSection(s, csv["crosstable.csv"]), crossSection(s, csv["crosstable.csv"]),
		pairingsSection(s, csv["pairings.csv"], ls != nil))
	if s.AnyFaults() {
		pg.Sections = append(pg.Sections, faultsSection(s.Counts.Bots, s.Ranking.Order, s.Faults, csv["pairings.csv"]))
	}
	if settled > 0 {
		pg.Sections = append(pg.Sections, nzscSections(s, ls, csv)...)
	}
	if gs := gameStatsSection(t); gs != nil {
		pg.Sections = append(pg.Sections, gs)
	}
	pg.Sections = append(pg.Sections, metagameSection(s, csv["metagame.csv"]))
	if len(t.Bots) >= 2 {
		// The dynamics, as `nzsc report --dynamics` gives them, with
		// fewer replicates (TailReplicates) to keep the tail cheap.
		var seed uint64
		if m != nil {
			seed = m.Seed
		}
		d, err := DynamicsOf(m, t, dynamics.Options{Replicates: TailReplicates, Seed: seed, Done: done})
		if errors.Is(err, dynamics.ErrStopped) {
			return fmt.Errorf("%w: %w", analysis.ErrStopped, err)
		}
		if err != nil {
			return err
		}
		secs, err := dynamicsSections(d)
		if err != nil {
			return err
		}
		pg.Sections = append(pg.Sections, secs...)
	}
	return renderPage(w, pg)
}

const legend = "~ marks an estimate whose 95% interval includes the even value (50% or Elo 0): not significant. Hover over (or tap) a chart's cell, dot or bar for its value, 95% interval and games; click a table's column header to sort by it."

// spreadSection is Axelrod's view of a round robin: how each bot's
// score varies over its opponents.
func spreadSection(s *analysis.Summary, dl hlink) *hsection {
	t, ct := s.Counts, s.Cross
	sec := &hsection{ID: "spread", Title: "Score spread over opponents",
		Intro:     "Each bot's score against each opponent it met: a box of the quartiles with the median, whiskers to the lowest and highest, a dot per opponent and a diamond for the score against the whole field. Two bots with the same overall score may beat everyone a little, or crush some and lose to others.",
		Downloads: []hlink{dl}}
	tb := &htable{ID: "t-spread", Head: heads(true, "bot", "opponents", "lowest %", "lower quartile %", "median %", "upper quartile %", "highest %", "field %")}
	var rows []spreadRow
	p1 := func(x float64) hcell { return numCell(pctPlain(x), x) }
	for _, i := range s.Ranking.Order {
		sp := ct.Spread(i)
		row := spreadRow{Label: t.Bots[i], Spread: sp, Field: ct.Field[i].Score,
			FieldTip: t.Bots[i] + " against the field: score " + pctTip(ct.Field[i]),
			BoxTip: fmt.Sprintf("%s over %d opponents: lowest %s%%, quartiles %s%%, %s%%, %s%%, highest %s%%", t.Bots[i], sp.Opponents,
				pctPlain(sp.Min), pctPlain(sp.Q1), pctPlain(sp.Median), pctPlain(sp.Q3), pctPlain(sp.Max))}
		for _, j := range s.Ranking.Order {
			if e := ct.Cells[i][j]; j != i && e.Record.Games() > 0 {
				row.Points = append(row.Points, spreadPoint{Score: e.Score, Few: e.Record.Games() < fewGames,
					Tip: t.Bots[i] + " against " + t.Bots[j] + ": score " + pctTip(e)})
			}
		}
		rows = append(rows, row)
		tb.Rows = append(tb.Rows, []hcell{textCell(t.Bots[i]), countCell(int64(sp.Opponents)), p1(sp.Min), p1(sp.Q1), p1(sp.Median), p1(sp.Q3), p1(sp.Max), estCell(ct.Field[i])})
	}
	sec.Charts = append(sec.Charts, template.HTML(spreadSVG("c-spread", "Each bot's score against each opponent", rows)))
	sec.Tables = append(sec.Tables, tb)
	return sec
}

// crossSection is the pairwise score matrix (the cross-table).
func crossSection(s *analysis.Summary, dl hlink) *hsection {
	t, rk := s.Counts, s.Ranking
	sec := &hsection{ID: "cross", Title: "Pairwise score matrix (cross-table)",
		Intro:     "Row bot's score % against the column bot (wins plus half the draws, per game), with its Wilson 95% interval; bots in ranking order.",
		Downloads: []hlink{dl}}
	var names []string
	cells := make([][]analysis.Estimate, len(rk.Order))
	for r, i := range rk.Order {
		names = append(names, t.Bots[i])
		for _, j := range rk.Order {
			cells[r] = append(cells[r], s.Cross.Cells[i][j])
		}
	}
	hm := &heatmap{ID: "c-cross", Title: "Row's score % against column", XTitle: "opponent", YTitle: "bot", Rows: names, Cols: names, Cells: cells, Value: "score", Self: true}
	sec.Charts = append(sec.Charts, template.HTML(hm.svg()))
	tb := &htable{ID: "t-cross", Head: heads(true, append([]string{"bot"}, names...)...)}
	for r, i := range rk.Order {
		row := []hcell{textCell(strconv.Itoa(r+1) + " " + t.Bots[i])}
		for _, j := range rk.Order {
			if i == j {
				row = append(row, numCell("", math.NaN()))
				continue
			}
			row = append(row, estCell(s.Cross.Cells[i][j]))
		}
		tb.Rows = append(tb.Rows, row)
	}
	sec.Tables = append(sec.Tables, tb)
	return sec
}

// pairingsSection lists every pair of bots that met, from the first
// bot's side; unsettled (NZSC's games that ended before loadouts were
// settled) only for NZSC.
func pairingsSection(s *analysis.Summary, dl hlink, unsettled bool) *hsection {
	t := s.Counts
	sec := &hsection{ID: "pairs", Title: "Pairings",
		Intro:     "Every pair of bots that met, from bot A's side: its score overall and in each seat, and the seat-swapped game pairs by A's points (0, ½, 1, 1½, 2), the pentanomial counts behind paired Elo intervals.",
		Downloads: []hlink{dl}}
	h := []string{"A", "B", "games", "wins", "draws", "losses", "score %", "seat 0 score %", "seat 1 score %", "pairs 0", "pairs ½", "pairs 1", "pairs 1½", "pairs 2", "turns/game"}
	if unsettled {
		h = slices.Insert(h, len(h)-1, "unsettled")
	}
	tb := &htable{ID: "t-pairs", Head: heads(true, h...)}
	tb.Head[1].Num = false
	for k := range t.Pairings {
		p := &t.Pairings[k]
		r := p.Total()
		row := []hcell{textCell(t.Bots[p.A]), textCell(t.Bots[p.B]), countCell(r.Games()), countCell(r.Wins), countCell(r.Draws), countCell(r.Losses),
			estCell(analysis.EstimateOf(r)), estCell(analysis.EstimateOf(p.Seat[0])), estCell(analysis.EstimateOf(p.Seat[1]))}
		for _, n := range p.Pentanomial {
			row = append(row, countCell(n))
		}
		turns := math.NaN()
		if r.Games() > 0 {
			turns = float64(p.Turns) / float64(r.Games())
		}
		tt := "-"
		if !math.IsNaN(turns) {
			tt = strconv.FormatFloat(turns, 'f', 1, 64)
		}
		if unsettled {
			row = append(row, countCell(loadouts.Unsettled(t, p).Games()))
		}
		row = append(row, numCell(tt, turns))
		tb.Rows = append(tb.Rows, row)
	}
	sec.Tables = append(sec.Tables, tb)
	return sec
}

// faultsSection is the page's table of the bots' faults, in order, for
// every game and table size.
func faultsSection(bots []string, order []int, fs []analysis.BotFaults, dl hlink) *hsection {
	sec := &hsection{ID: "faults", Title: "Faults",
		Intro:     "Games forfeited per bot (by kind) and turns in which its answer was penalized.",
		Downloads: []hlink{dl}}
	h := append(append([]string{"bot", "forfeits"}, analysis.FaultKinds[:]...), "illegal")
	tb := &htable{ID: "t-faults", Head: heads(true, h...)}
	for _, i := range order {
		f := fs[i]
		row := []hcell{textCell(bots[i]), countCell(f.Forfeits)}
		for _, n := range f.Kinds {
			row = append(row, countCell(n))
		}
		tb.Rows = append(tb.Rows, append(row, countCell(f.Illegal)))
	}
	sec.Tables = append(sec.Tables, tb)
	return sec
}

func metagameSection(s *analysis.Summary, dl hlink) *hsection {
	t := s.Counts
	sec := &hsection{ID: "metagame", Title: "Meta-game", Downloads: []hlink{dl},
		Intro: "Nash equilibrium over the bots: the mix of bots that no single bot beats, from the linear program on the cross-table."}
	mg := s.Metagame
	if mg == nil {
		sec.Intro += fmt.Sprintf(" Not solved: %v.", s.MetaError)
		return sec
	}
	tb := &htable{ID: "t-metagame", Head: heads(true, "bot", "weight")}
	for _, i := range s.Ranking.Order {
		if mg.Weight[i] > 5e-7 {
			tb.Rows = append(tb.Rows, []hcell{textCell(t.Bots[i]), numCell(weightText(mg.Weight[i]), mg.Weight[i])})
		}
	}
	tb.Note = fmt.Sprintf("Bots not listed have weight 0. Certificate: the mix scores at least %+.2e against every bot, the opponent's mix concedes at most %+.2e (%s simplex).",
		mg.Lower, mg.Upper, mg.Method)
	if left := leftOutSentence(t.Bots, mg.Unplayed); left != "" {
		tb.Note += " " + left
	}
	if mg.Missing > 0 {
		tb.Note += " " + neverMet(mg.Missing, "payoff") + "."
	}
	sec.Tables = append(sec.Tables, tb)
	return sec
}

// played returns the rows and the columns of wr with games.
func played(wr *loadouts.WinRates) (rows, cols []int) {
	n := len(wr.Labels)
	for r := range n {
		if wr.Overall[r].Record.Games() > 0 {
			rows = append(rows, r)
		}
	}
	for c := range n {
		for r := range n {
			if wr.Cells[r][c].Record.Games() > 0 {
				cols = append(cols, c)
				break
			}
		}
	}
	return rows, cols
}

// winRateMap draws wr's rows and columns that have games.
func winRateMap(id, title, xt, yt string, wr *loadouts.WinRates) string {
	rows, cols := played(wr)
	hm := &heatmap{ID: id, Title: title, XTitle: xt, YTitle: yt, Value: "win rate", Cells: make([][]analysis.Estimate, len(rows))}
	for _, c := range cols {
		hm.Cols = append(hm.Cols, wr.Labels[c])
	}
	for k, r := range rows {
		hm.Rows = append(hm.Rows, wr.Labels[r])
		for _, c := range cols {
			hm.Cells[k] = append(hm.Cells[k], wr.Cells[r][c])
		}
	}
	if len(rows) == 0 {
		return ""
	}
	return hm.svg()
}

// matrixTable is the text report's matrix: every row against every
// column, against all, and optionally the games.
func matrixTable(id string, wr *loadouts.WinRates, games, collapsed bool) *htable {
	h := append(append([]string{""}, wr.Labels...), "all")
	if games {
		h = append(h, "games")
	}
	tb := &htable{ID: id, Head: heads(true, h...), Collapsed: collapsed}
	for r, l := range wr.Labels {
		row := []hcell{textCell(l)}
		for c := range wr.Labels {
			row = append(row, estCell(wr.Cells[r][c]))
		}
		row = append(row, estCell(wr.Overall[r]))
		if games {
			row = append(row, countCell(wr.Overall[r].Record.Games()))
		}
		tb.Rows = append(tb.Rows, row)
	}
	return tb
}

// overallTable is the text report's "against every opponent" table, one
// row per label (in canonical order: sort by clicking).
func overallTable(id string, wr *loadouts.WinRates, picks func(r int) hcell) *htable {
	h := []string{wr.Level.String(), "win %", "wins", "draws", "losses", "games"}
	if picks != nil {
		h = append(h, "picked %")
	}
	tb := &htable{ID: id, Head: heads(true, h...)}
	for r, l := range wr.Labels {
		e := wr.Overall[r]
		row := []hcell{textCell(l), estCell(e), countCell(e.Record.Wins), countCell(e.Record.Draws), countCell(e.Record.Losses), countCell(e.Record.Games())}
		if picks != nil {
			row = append(row, picks(r))
		}
		tb.Rows = append(tb.Rows, row)
	}
	return tb
}

// nzscSections are two-player NZSC's own: characters, loadouts,
// boosters, picks and each bot's loadouts.
func nzscSections(s *analysis.Summary, ls *loadouts.Summary, csv map[string]hlink) []*hsection {
	t, rk := s.Counts, s.Ranking
	dl := []hlink{csv["loadouts.csv"]}
	ch := ls.Pooled.Collapse(loadouts.ByCharacter)
	chars := &hsection{ID: "characters", Title: "Characters", Downloads: dl,
		Intro:  "All bots pooled, each game counted once from each side: the row character's win rate % against the column character.",
		Charts: []template.HTML{template.HTML(winRateMap("c-characters", "Character against character: row's win rate %", "opponent's character", "character", ch))},
		Tables: []*htable{matrixTable("t-characters", ch, true, false)}}

	pooledPicks, totalPicks := ls.PooledPicks()
	lo := ls.Pooled.Collapse(loadouts.ByLoadout)
	loads := &hsection{ID: "loadouts", Title: "Loadouts", Downloads: dl,
		Intro: "All bots pooled: each loadout's win rate against every opponent loadout, and how often it was picked. Loadouts that never met leave hatched cells (in two-player NZSC both players cannot keep the same character)."}
	loads.Tables = append(loads.Tables, overallTable("t-loadouts", lo, func(r int) hcell { return shareCell(pooledPicks[r], totalPicks) }))
	loads.Charts = append(loads.Charts, template.HTML(winRateMap("c-loadouts", "Loadout against loadout: row's win rate %", "opponent's loadout", "loadout", lo)))
	loads.Tables = append(loads.Tables, matrixTable("t-loadout-matrix", lo, false, true))
	loads.Tables[1].Caption = "Loadout against loadout, the numbers"

	bo := ls.Pooled.Collapse(loadouts.ByBooster)
	boost := &hsection{ID: "boosters", Title: "Boosters", Downloads: dl,
		Intro: "All bots pooled; No Booster pools the four characters' No Booster loadouts."}
	boost.Tables = append(boost.Tables, overallTable("t-boosters", bo, nil))
	boost.Charts = append(boost.Charts, template.HTML(winRateMap("c-boosters", "Booster against booster: row's win rate %", "opponent's booster", "booster", bo)))
	boost.Tables = append(boost.Tables, matrixTable("t-booster-matrix", bo, false, true))
	boost.Tables[1].Caption = "Booster against booster, the numbers"

	labels := loadouts.ByLoadout.Labels()
	picks := &hsection{ID: "picks", Title: "Loadouts per bot", Downloads: []hlink{csv["picks.csv"], csv["loadouts.csv"]},
		Intro: "How often each bot picked each loadout (% of its games; unsettled: games that ended before loadouts were settled), and its win rate % with each loadout against every opponent loadout."}
	pt := &htable{ID: "t-picks", Caption: "Picks, % of the bot's games", Head: heads(true, append(append([]string{"bot"}, labels...), "unsettled")...)}
	wt := &htable{ID: "t-bot-loadouts", Caption: "Win rate % with each loadout", Head: heads(true, append([]string{"bot"}, labels...)...)}
	for _, i := range rk.Order {
		total := ls.Unsettled[i]
		for _, n := range ls.Picks[i] {
			total += n
		}
		row := []hcell{textCell(t.Bots[i])}
		for _, n := range ls.Picks[i] {
			row = append(row, shareCell(n, total))
		}
		pt.Rows = append(pt.Rows, append(row, shareCell(ls.Unsettled[i], total)))
		row = []hcell{textCell(t.Bots[i])}
		for _, e := range ls.PerBot[i].Collapse(loadouts.ByLoadout).Overall {
			row = append(row, estCell(e))
		}
		wt.Rows = append(wt.Rows, row)
	}
	picks.Tables = append(picks.Tables, pt, wt)

	perBot := &hsection{ID: "per-bot", Title: "Each bot's loadouts", Downloads: dl,
		Intro: "Each bot's games only: rows are the loadouts it played, columns its opponents' loadouts (only those that occurred)."}
	for k, i := range rk.Order {
		name := t.Bots[i]
		sub := &hsection{ID: "bot-" + strconv.Itoa(k+1), Title: name}
		if m := winRateMap("c-bot-"+strconv.Itoa(k+1), name+": its win rate % with row against column", "opponent's loadout", name+"'s loadout", ls.PerBot[i].Collapse(loadouts.ByLoadout)); m != "" {
			sub.Charts = append(sub.Charts, template.HTML(m))
		} else {
			sub.Intro = "No game reached settled loadouts."
		}
		ct := matrixTable("t-bot-chars-"+strconv.Itoa(k+1), ls.PerBot[i].Collapse(loadouts.ByCharacter), true, true)
		ct.Caption = "Characters for " + name + ": its win rate % with row against column"
		sub.Tables = append(sub.Tables, ct)
		perBot.Subs = append(perBot.Subs, sub)
	}
	return []*hsection{chars, loads, boost, picks, perBot}
}

// gameStatsSection is the game's own analysis (game.Stats), its cells
// formatted as in the text report (cellText), each table in its own
// subsection; nil when the game keeps none.
func gameStatsSection(t *analysis.Tournament) *hsection {
	if t == nil {
		return nil
	}
	tables := gameTables(t)
	if len(tables) == 0 {
		return nil
	}
	files := gameCSVTables(t)
	sec := &hsection{ID: "game", Title: "The game's own statistics",
		Intro: "Counted by the game over every game that ended normally (forfeits excluded); shares with their Wilson 95% interval."}
	for k, tb := range tables {
		ht := &htable{ID: "t-game-" + strconv.Itoa(k+1), Head: heads(true, tb.Columns...)}
		for _, r := range tb.Rows {
			row := make([]hcell, len(r))
			for j, c := range r {
				row[j] = statsCell(c)
			}
			ht.Rows = append(ht.Rows, row)
		}
		sub := &hsection{ID: "game-" + strconv.Itoa(k+1), Title: tb.Title, Intro: tb.Note, Tables: []*htable{ht},
			Downloads: []hlink{dataCSV(files[k].Name, files[k].CSV())}}
		if c := gameChart("c-game-"+strconv.Itoa(k+1), tb); c != "" {
			sub.Charts = []template.HTML{template.HTML(c)}
		}
		sec.Subs = append(sec.Subs, sub)
	}
	return sec
}

// statsCell is a game statistic's cell: its text as cellText writes it,
// sorted by its value, with a share's interval on hover.
func statsCell(c game.Cell) hcell {
	txt := cellText(c)
	switch c.Kind {
	case game.CellCount:
		return numCell(txt, c.Value)
	case game.CellMean:
		return numCell(txt, c.Value/c.Of)
	case game.CellShare:
		e := shareEstimate(c)
		h := numCell(txt, e.value)
		if !math.IsNaN(e.value) {
			h.Title = fmt.Sprintf("%.1f%% (95%% interval %.1f–%.1f%%) of %s", 100*e.value, 100*e.lo, 100*e.hi, strconv.FormatFloat(c.Of, 'f', -1, 64))
		}
		return h
	}
	return textCell(txt)
}

// gameChart draws a game's table where a chart reads better than its
// numbers, by the table's shape (the game says nothing about charts):
// shares that split each row (a row's shares add up to 1: the scoring
// order, the character combinations) as one stacked bar per row; one
// share per row (a character's or loadout's win share, the score by wild
// cards) as an interval plot against the pooled share. It returns "" for
// other tables.
func gameChart(id string, tb game.StatsTable) string {
	if len(tb.Rows) < 2 || len(tb.Columns) < 2 {
		return ""
	}
	var shareCols []int
	for j := range tb.Columns {
		for _, r := range tb.Rows {
			if j < len(r) && r[j].Kind == game.CellShare {
				shareCols = append(shareCols, j)
				break
			}
		}
	}
	label := func(r []game.Cell) string {
		if len(r) > 0 && r[0].Kind == game.CellText {
			return r[0].Text
		}
		return ""
	}
	for _, r := range tb.Rows {
		if label(r) == "" {
			return ""
		}
	}
	switch {
	case len(shareCols) >= 2:
		var labels []string
		var bars [][]barPart
		for _, r := range tb.Rows {
			var sum float64
			var parts []barPart
			for k, j := range shareCols {
				if j >= len(r) || r[j].Kind != game.CellShare {
					continue
				}
				e := shareEstimate(r[j])
				if math.IsNaN(e.value) {
					continue
				}
				sum += e.value
				parts = append(parts, barPart{Share: e.value, Fill: shareColours[k%len(shareColours)], Label: tb.Columns[j], LabelFill: "#fff",
					Tip: fmt.Sprintf("%s, %s: %.1f%% (95%% interval %.1f–%.1f%%) of %s", label(r), tb.Columns[j], 100*e.value, 100*e.lo, 100*e.hi,
						strconv.FormatFloat(r[j].Of, 'f', -1, 64))})
			}
			if len(parts) > 0 && math.Abs(sum-1) > 1e-6 {
				return "" // shares of different things
			}
			labels, bars = append(labels, label(r)), append(bars, parts)
		}
		var legend []legendItem
		for k, j := range shareCols {
			legend = append(legend, legendItem{shareColours[k%len(shareColours)], tb.Columns[j]})
		}
		return stackedBarsSVG(id, tb.Title+", % of each row", tb.Columns[0], "%", labels, bars, 8+svgTextWidth("Samurai"),
			func(k int) string { return strconv.Itoa(25 * k) }, legend)
	case len(shareCols) == 1 && splits(tb.Rows, shareCols[0]):
		// The rows split one whole (games by their number of
		// reshuffles): one stacked bar.
		j := shareCols[0]
		var parts []barPart
		var legend []legendItem
		for k, r := range tb.Rows {
			e := shareEstimate(r[j])
			fill := shareColours[k%len(shareColours)]
			parts = append(parts, barPart{Share: e.value, Fill: fill, Label: label(r), LabelFill: "#fff",
				Tip: fmt.Sprintf("%s %s: %.1f%% (95%% interval %.1f–%.1f%%) of %s", tb.Columns[0], label(r), 100*e.value, 100*e.lo, 100*e.hi,
					strconv.FormatFloat(r[j].Of, 'f', -1, 64))})
			legend = append(legend, legendItem{fill, label(r)})
		}
		return stackedBarsSVG(id, tb.Title+": "+tb.Columns[j]+" %", "", "% by "+tb.Columns[0], []string{tb.Columns[j]}, [][]barPart{parts}, 24,
			func(k int) string { return strconv.Itoa(25 * k) }, legend)
	case len(shareCols) == 1:
		j := shareCols[0]
		var rows []intervalRow
		var v, of float64
		for _, r := range tb.Rows {
			if j >= len(r) || r[j].Kind != game.CellShare || r[j].Of <= 0 {
				continue
			}
			e := shareEstimate(r[j])
			v, of = v+r[j].Value, of+r[j].Of
			rows = append(rows, intervalRow{Label: label(r), X: 100 * e.value, Lo: 100 * e.lo, Hi: 100 * e.hi, Significant: true,
				Tip: fmt.Sprintf("%s: %s %.1f%% (95%% interval %.1f–%.1f%%) of %s", label(r), tb.Columns[j], 100*e.value, 100*e.lo, 100*e.hi,
					strconv.FormatFloat(r[j].Of, 'f', -1, 64))})
		}
		if len(rows) < 2 || of == 0 {
			return ""
		}
		return intervalSVG(id, tb.Title+": "+tb.Columns[j]+" % (95% interval)", tb.Columns[0], tb.Columns[j]+" %; the line: every row pooled", 100*v/of, rows)
	}
	return ""
}

// splits reports whether column j of rows holds shares of one whole:
// each of the same number, adding up to it.
func splits(rows [][]game.Cell, j int) bool {
	var sum float64
	for _, r := range rows {
		if j >= len(r) || r[j].Kind != game.CellShare || r[j].Of <= 0 || r[j].Of != rows[0][j].Of {
			return false
		}
		sum += r[j].Value
	}
	return sum == rows[0][j].Of
}

// shareColours tell apart the parts of a row split into shares.
var shareColours = []string{"#3b4a6b", "#1a7f37", "#d1495b", "#b8860b", "#8e44ad", "#555555"}
