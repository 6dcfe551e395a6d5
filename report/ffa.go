package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/internal/numfmt"
	"github.com/nzsclab/nzsc/results"
)

// FFAText writes a free-for-all run for people: the Plackett–Luce
// ranking with average places and win shares, who finished ahead of whom,
// and the seats' places.
func FFAText(w io.Writer, s *analysis.FFASummary, m *results.Manifest, opt Options) error {
	p := &printer{w: w, width: opt.Width}
	what := fmt.Sprintf("%d bots", len(s.Counts.Bots))
	if m.Gauntlet != "" {
		// Every table seats the base bot, as the two-player header says.
		what = fmt.Sprintf("gauntlet, %s at every table with %d others of %d bots", gauntletName(m), s.Seats-1, len(s.Counts.Bots)-1)
	}
	p.para(fmt.Sprintf("%s, %d players a table: %s, %d games, seed %s", m.GameName(), s.Seats, what, s.Games, game.FormatSeed(m.Seed)))
	if !m.Complete {
		p.para("INCOMPLETE: the run stopped early; resume it with --resume")
	}
	if s.Games == 0 {
		p.f("\nno games played\n")
		return p.err
	}

	if o := openingsOf(m, s.Counts); o != nil {
		p.para(o.Text(0))
	}
	if a := strongest(s.Ranking); a != "" && s.Games > 0 {
		p.f("\n")
		p.para(a)
	}
	p.section("Ranking (Plackett–Luce on finishing orders, Elo scale, 95% intervals; ~ not significantly different from the average bot)")
	var rows [][]string
	for r, i := range s.Ranking.Order {
		rt, pl := s.Ranking.Ratings[i], s.Placings[i]
		rows = append(rows, []string{fmt.Sprint(r + 1), rt.Bot, ffaEloText(rt), placeText(pl), winShareText(pl),
			fmt.Sprint(pl.Games), seatNashText(s, i)})
	}
	p.render(&Table{Header: []string{"#", "bot", "Elo", "mean place", "win share", "games", "Nash"}, Rows: rows, Left: 2})
	p.para("Nash: meta-game weight (below).")
	if !s.Ranking.Connected {
		p.f("(some bots never finished ahead of others: one virtual draw was added between every pair that met)\n")
	}
	// Bots in ranking order, as the ranking above and the HTML page's
	// matrix have them: the strongest's row first.
	p.section("Finished ahead of (row ahead of column, ties half, %; bots by rank)")
	hdr := []string{"bot"}
	for _, j := range s.Ranking.Order {
		hdr = append(hdr, abbreviate(s.Counts.Bots[j]))
	}
	rows = nil
	for _, i := range s.Ranking.Order {
		row := []string{s.Counts.Bots[i]}
		for _, j := range s.Ranking.Order {
			if i == j || s.Ahead[i][j].Record.Games() == 0 {
				row = append(row, "-")
				continue
			}
			row = append(row, pct(s.Ahead[i][j]))
		}
		rows = append(rows, row)
	}
	p.table(hdr, rows)
	seatMetagameText(p, s)
	p.section("Places by seat (all bots pooled, %)")
	hdr = []string{"seat"}
	for k := range s.Seats {
		hdr = append(hdr, "place "+strconv.Itoa(k+1))
	}
	rows = nil
	for seat := range s.Seats {
		var n int64
		for _, c := range s.SeatPlaces[seat][:s.Seats] {
			n += c
		}
		row := []string{strconv.Itoa(seat)}
		for _, c := range s.SeatPlaces[seat][:s.Seats] {
			row = append(row, share(c, n))
		}
		rows = append(rows, row)
	}
	p.table(hdr, rows)
	p.f("\n")
	// A game forfeited at 3 or more seats has no winner either (the
	// others share first place, game.Forfeit): the turn cap is the rest.
	var forfeited int64
	for _, f := range s.Faults {
		forfeited += f.Forfeits
	}
	steps := float64(s.Turns) / float64(max(s.Games, 1))
	if forfeited == 0 {
		p.para(fmt.Sprintf("Games nobody won (turn cap): %d of %d; %.1f steps a game on average.", s.Undecided, s.Games, steps))
	} else {
		p.para(fmt.Sprintf("Games nobody won: %d of %d (%d forfeited, the others sharing first place; %d at the turn cap); %.1f steps a game on average.",
			s.Undecided, s.Games, forfeited, s.Undecided-forfeited, steps))
	}
	// Faults, only when some bot has any: a two-player run's table.
	if forfeited+illegalSum(s.Faults) > 0 {
		p.faults(s.Counts.Bots, s.Ranking.Order, s.Faults)
	}
	p.gameStats(s.Counts)
	return p.err
}

// faultKinds returns f's forfeits by kind, named, or nil when it has none.
func faultKinds(f analysis.BotFaults) map[string]int64 {
	if f.Forfeits == 0 {
		return nil
	}
	out := map[string]int64{}
	for k, n := range f.Kinds {
		if n > 0 {
			out[analysis.FaultKinds[k]] = n
		}
	}
	return out
}

// kindsText writes forfeits by kind as faults.csv's kinds column does
// ("crash 1, timeout 3": by name).
func kindsText[N int64 | uint64](kinds map[string]N) string {
	out := make([]string, 0, len(kinds))
	for _, k := range slices.Sorted(maps.Keys(kinds)) {
		out = append(out, fmt.Sprintf("%s %d", k, kinds[k]))
	}
	return strings.Join(out, ", ")
}

// illegalSum sums the bots' penalized actions.
func illegalSum(fs []analysis.BotFaults) (n int64) {
	for _, f := range fs {
		n += f.Illegal
	}
	return n
}

// FFAJSON writes a free-for-all run as JSON (docs/results-format.md).
func FFAJSON(w io.Writer, s *analysis.FFASummary, m *results.Manifest) error {
	type bot struct {
		Bot       string          `json:"bot"`
		Elo       analysis.Number `json:"elo"`
		EloLo     analysis.Number `json:"elo_lo"`
		EloHi     analysis.Number `json:"elo_hi"`
		MeanPlace analysis.Number `json:"mean_place"`
		PlaceLo   analysis.Number `json:"mean_place_lo"`
		PlaceHi   analysis.Number `json:"mean_place_hi"`
		WinShare  analysis.Number `json:"win_share"`
		WinLo     analysis.Number `json:"win_share_lo"`
		WinHi     analysis.Number `json:"win_share_hi"`
		Games     int64           `json:"games"`
		Forfeits  int64           `json:"forfeits"`
		// Kinds splits Forfeits by the fault's kind, as a two-player
		// report's forfeit_kinds; absent when the bot forfeited nothing.
		Kinds   map[string]int64 `json:"forfeit_kinds,omitempty"`
		Illegal int64            `json:"illegal"`
	}
	doc := struct {
		Format string `json:"format"`
		Game   string `json:"game"`
		Seats  int    `json:"seats"`
		Seed   string `json:"seed"`
		Games  int64  `json:"games"`
		// Planned and Complete say, as the text's INCOMPLETE line and a
		// two-player run's manifest do, whether the run played them all.
		Planned   uint64                                                `json:"games_planned"`
		Complete  bool                                                  `json:"complete"`
		Undecided int64                                                 `json:"undecided"`
		Ranking   []bot                                                 `json:"ranking"`
		Ahead     [][]analysis.Number                                   `json:"ahead"`
		Seat      [analysis.MaxTableSeats][analysis.MaxTableSeats]int64 `json:"seat_places"`
		GameStats []gameStatsJSON                                       `json:"game_stats,omitempty"`
		Openings  *Openings                                             `json:"openings,omitempty"`
		Metagame  *seatMetaJSON                                         `json:"metagame,omitempty"`
	}{Format: "nzsc-ffa-report/1", Game: m.GameName(), Seats: s.Seats, Seed: game.FormatSeed(m.Seed),
		Games: s.Games, Planned: m.GamesPlanned, Complete: m.Complete, Undecided: s.Undecided, Seat: s.SeatPlaces, GameStats: gameStatsDoc(s.Counts), Openings: openingsOf(m, s.Counts),
		Metagame: seatMetagameJSON(s)}
	for _, i := range s.Ranking.Order {
		rt, pl := s.Ranking.Ratings[i], s.Placings[i]
		doc.Ranking = append(doc.Ranking, bot{Bot: rt.Bot, Elo: analysis.Number(rt.Elo), EloLo: analysis.Number(rt.Lo),
			EloHi: analysis.Number(rt.Hi), MeanPlace: analysis.Number(pl.MeanPlace), PlaceLo: analysis.Number(pl.PlaceLo),
			PlaceHi: analysis.Number(pl.PlaceHi), WinShare: analysis.Number(pl.WinShare), WinLo: analysis.Number(pl.WinLo),
			WinHi: analysis.Number(pl.WinHi), Games: pl.Games, Forfeits: s.Faults[i].Forfeits, Kinds: faultKinds(s.Faults[i]), Illegal: s.Faults[i].Illegal})
	}
	for i := range s.Ahead {
		row := make([]analysis.Number, len(s.Ahead[i]))
		for j, e := range s.Ahead[i] {
			row[j] = analysis.Number(e.Score)
		}
		doc.Ahead = append(doc.Ahead, row)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(doc)
}

// ffaRatings is ratings.csv of a free-for-all run: the ranking, one row
// per bot, with its meta-game weight last as a two-player run's.
func ffaRatings(s *analysis.FFASummary) CSVTable {
	tab := CSVTable{Name: "ratings.csv", Header: []string{"rank", "bot", "elo", "elo_lo", "elo_hi", "mean_place", "win_share", "win_share_lo", "win_share_hi", "games", "metagame_weight"}}
	f := func(x float64) string { return numfmt.CSV(x, 6) }
	for r, i := range s.Ranking.Order {
		rt, pl := s.Ranking.Ratings[i], s.Placings[i]
		tab.Rows = append(tab.Rows, []string{strconv.Itoa(r + 1), rt.Bot, f(rt.Elo), f(rt.Lo), f(rt.Hi),
			f(pl.MeanPlace), f(pl.WinShare), f(pl.WinLo), f(pl.WinHi), strconv.FormatInt(pl.Games, 10), seatWeightCSV(s, i)})
	}
	return tab
}

// FFATables returns the CSV tables of a free-for-all run (tables of
// three or more seats), every table of its report: ratings.csv (the
// ranking), places.csv (each bot's finishing places and faults),
// ahead.csv (who finished ahead of whom), seats.csv (the places of each
// seat), metagame.csv (the meta-game) and the game's own tables
// (game-*.csv).
func FFATables(s *analysis.FFASummary) ([]CSVTable, error) {
	bots := s.Counts.Bots
	places, err := analysis.PlaceCounts(s.Counts.FinishingOrders())
	if err != nil {
		return nil, err
	}
	c := func(n int64) string { return strconv.FormatInt(n, 10) }
	pt := CSVTable{Name: "places.csv", Header: []string{"bot", "games"}}
	st := CSVTable{Name: "seats.csv", Header: []string{"seat", "games"}}
	for k := range s.Seats {
		pt.Header = append(pt.Header, "place"+strconv.Itoa(k+1))
		st.Header = append(st.Header, "place"+strconv.Itoa(k+1))
	}
	pt.Header = append(pt.Header, "forfeits", "illegal", "kinds")
	for _, i := range s.Ranking.Order {
		var n int64
		for _, x := range places[i][:s.Seats] {
			n += x
		}
		row := []string{bots[i], c(n)}
		for _, x := range places[i][:s.Seats] {
			row = append(row, c(x))
		}
		pt.Rows = append(pt.Rows, append(row, c(s.Faults[i].Forfeits), c(s.Faults[i].Illegal), kindsText(faultKinds(s.Faults[i]))))
	}
	for seat := range s.Seats {
		var n int64
		for _, x := range s.SeatPlaces[seat][:s.Seats] {
			n += x
		}
		row := []string{strconv.Itoa(seat), c(n)}
		for _, x := range s.SeatPlaces[seat][:s.Seats] {
			row = append(row, c(x))
		}
		st.Rows = append(st.Rows, row)
	}
	// Ahead: wins are games the bot finished ahead, losses behind,
	// draws shared places.
	at := CSVTable{Name: "ahead.csv", Header: append([]string{"bot", "opponent"}, estimateHeader...)}
	for _, i := range s.Ranking.Order {
		for _, j := range s.Ranking.Order {
			if e := s.Ahead[i][j]; i != j && e.Record.Games() > 0 {
				at.Rows = append(at.Rows, append([]string{bots[i], bots[j]}, estimateCols(e)...))
			}
		}
	}
	return append([]CSVTable{ffaRatings(s), pt, at, st, seatMetagameCSV(s)}, gameCSVTables(s.Counts)...), nil
}
