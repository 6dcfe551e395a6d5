package report

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// FFAHTML writes one self-contained page for a free-for-all run (tables
// of three or more seats): the Plackett–Luce ranking with intervals, each
// bot's finishing-place distribution, who finished ahead of whom and the
// seats' places, with the numbers of FFAText.
func FFAHTML(w io.Writer, s *analysis.FFASummary, m *results.Manifest) error {
	t := s.Counts
	pg := &hpage{Title: "Free-for-all report", Legend: legend}
	if m != nil {
		pg.Title = fmt.Sprintf("%s free-for-all report", m.GameName())
	}
	pg.Info, pg.Warnings = runInfo(t, m, s.Seats)
	if o := openingsOf(m, t); o != nil && t.Games() > 0 {
		pg.Info = append(pg.Info, o.Text(0))
	}
	if s.Games == 0 {
		pg.Warnings = append(pg.Warnings, "No games played.")
		return renderPage(w, pg)
	}
	if a := strongest(s.Ranking); a != "" {
		pg.Answer = []string{a}
	}
	tables, err := FFATables(s)
	if err != nil {
		return err
	}
	csv := map[string]hlink{}
	for _, t := range tables {
		csv[t.Name] = dataCSV(t.Name, t.CSV())
	}
	dl := []hlink{csv["ratings.csv"]}
	rk := s.Ranking

	sec := &hsection{ID: "ranking", Title: "Ranking", Downloads: dl,
		Intro: "Plackett–Luce ratings fitted to the finishing orders, on the Elo scale relative to the average bot, with 95% intervals; the average place (1 is first) and the share of games won (a shared first place split), with their 95% intervals."}
	tb := &htable{ID: "t-ranking", Head: heads(true, "#", "bot", "Elo", "mean place", "win share", "games", "Nash")}
	tb.Head[1].Num = false
	var irows []intervalRow
	for r, i := range rk.Order {
		rt, pl := rk.Ratings[i], s.Placings[i]
		irows = append(irows, intervalRow{Label: rt.Bot, X: rt.Elo, Lo: rt.Lo, Hi: rt.Hi, Significant: rt.Significant,
			Tip: fmt.Sprintf("%s: Elo %+.1f, 95%% interval %+.1f to %+.1f; mean place %.3f; %d games", rt.Bot, rt.Elo, rt.Lo, rt.Hi, pl.MeanPlace, pl.Games)})
		tb.Rows = append(tb.Rows, []hcell{countCell(int64(r + 1)), textCell(rt.Bot), numCell(ffaEloText(rt), rt.Elo),
			numCell(placeText(pl), pl.MeanPlace), numCell(winShareText(pl), pl.WinShare), countCell(pl.Games), seatNashCell(s, i)})
	}
	if !rk.Connected {
		tb.Note = "Some bots never finished ahead of others: one virtual draw was added between every pair that met."
	}
	sec.Charts = append(sec.Charts, template.HTML(intervalSVG("c-ratings", "Plackett–Luce ratings (Elo, 95% interval)", "bot", "Elo relative to the average bot", 0, irows)))
	sec.Tables = append(sec.Tables, tb)
	pg.Sections = append(pg.Sections, sec, seatMetagameSection(s, csv["metagame.csv"]))

	// Finishing places per bot.
	places, err := analysis.PlaceCounts(t.FinishingOrders())
	if err != nil {
		return err
	}
	seats := s.Seats
	pl := &hsection{ID: "places", Title: "Finishing places", Downloads: []hlink{csv["places.csv"]},
		Intro: "Each bot's distribution of finishing places, % of its games (a shared place counts at that place for each bot sharing it)."}
	h := []string{"bot"}
	for k := range seats {
		h = append(h, "place "+strconv.Itoa(k+1))
	}
	pt := &htable{ID: "t-places", Head: heads(true, append(h, "games")...)}
	var labels []string
	var counts [][analysis.MaxTableSeats]int64
	for _, i := range rk.Order {
		labels = append(labels, t.Bots[i])
		counts = append(counts, places[i])
		var n int64
		for _, c := range places[i][:seats] {
			n += c
		}
		row := []hcell{textCell(t.Bots[i])}
		for _, c := range places[i][:seats] {
			row = append(row, shareCell(c, n))
		}
		pt.Rows = append(pt.Rows, append(row, countCell(n)))
	}
	pl.Charts = append(pl.Charts, template.HTML(placesSVG("c-places", "Finishing places, % of each bot's games", labels, counts, seats)))
	pl.Tables = append(pl.Tables, pt)
	pg.Sections = append(pg.Sections, pl)

	// Finished ahead of.
	ah := &hsection{ID: "ahead", Title: "Finished ahead of", Downloads: []hlink{csv["ahead.csv"]},
		Intro: "How often the row bot finished ahead of the column bot when they shared a table (ties count half), with its Wilson 95% interval; bots in ranking order."}
	var names []string
	cells := make([][]analysis.Estimate, len(rk.Order))
	for r, i := range rk.Order {
		names = append(names, t.Bots[i])
		for _, j := range rk.Order {
			cells[r] = append(cells[r], s.Ahead[i][j])
		}
	}
	hm := &heatmap{ID: "c-ahead", Title: "Row finished ahead of column, %", XTitle: "opponent", YTitle: "bot", Rows: names, Cols: names, Cells: cells,
		Value: "ahead", Self: true, Pair: func(r, c int) string { return names[r] + " ahead of " + names[c] }}
	ah.Charts = append(ah.Charts, template.HTML(hm.svg()))
	at := &htable{ID: "t-ahead", Head: heads(true, append([]string{"bot"}, names...)...)}
	for _, i := range rk.Order {
		row := []hcell{textCell(t.Bots[i])}
		for _, j := range rk.Order {
			if i == j || s.Ahead[i][j].Record.Games() == 0 {
				row = append(row, numCell("-", math.NaN()))
				continue
			}
			row = append(row, estCell(s.Ahead[i][j]))
		}
		at.Rows = append(at.Rows, row)
	}
	ah.Tables = append(ah.Tables, at)
	pg.Sections = append(pg.Sections, ah)

	// Places by seat.
	st := &hsection{ID: "seats", Title: "Places by seat", Downloads: []hlink{csv["seats.csv"]},
		Intro: fmt.Sprintf("All bots pooled, %% of the games: a seat's advantage shows here. Games nobody won (turn cap): %d of %d; %.1f steps a game on average.",
			s.Undecided, s.Games, float64(s.Turns)/float64(max(s.Games, 1)))}
	h = []string{"seat"}
	for k := range seats {
		h = append(h, "place "+strconv.Itoa(k+1))
	}
	sp := &htable{ID: "t-seats", Head: heads(true, h...)}
	for seat := range seats {
		var n int64
		for _, c := range s.SeatPlaces[seat][:seats] {
			n += c
		}
		row := []hcell{countCell(int64(seat))}
		for _, c := range s.SeatPlaces[seat][:seats] {
			row = append(row, shareCell(c, n))
		}
		sp.Rows = append(sp.Rows, row)
	}
	st.Tables = append(st.Tables, sp)
	pg.Sections = append(pg.Sections, st)

	if slices.ContainsFunc(s.Faults, func(f analysis.BotFaults) bool { return f.Forfeits+f.Illegal > 0 }) {
		pg.Sections = append(pg.Sections, faultsSection(t.Bots, rk.Order, s.Faults, csv["places.csv"]))
	}
	if gs := gameStatsSection(t); gs != nil {
		pg.Sections = append(pg.Sections, gs)
	}
	return renderPage(w, pg)
}
