package report

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/internal/numfmt"
)

// Match is a head-to-head match as its renderers show it.
type Match struct {
	// A and B name the bots; Seed is the master seed.
	A, B string
	Seed uint64
	// GamesPlanned is the number of games the match was to play;
	// Interrupted is set when it stopped early.
	GamesPlanned uint64
	Interrupted  bool
	// Summary is the statistics of the games played (A's view).
	Summary analysis.MatchSummary
	// Top is the number of loadout pairings the text shows.
	Top int
	// Width is the width the text fits (Width when 0).
	Width int
	// Counts, when set, are the match's counts, whose game tally (when
	// the game keeps one the report shows: NPZR's) follows the match.
	Counts *analysis.Tournament
	// Openings, when set, are the match's openings and what they did to
	// its intervals.
	Openings *Openings
}

// gameCounts returns the counts of a match whose game's tally the report
// shows, nil for none.
func (m *Match) gameCounts() *analysis.Tournament {
	if m.Counts == nil || len(gameTables(m.Counts)) == 0 {
		return nil
	}
	return m.Counts
}

// matchJSON is the JSON document of a match (docs/formats.md).
type matchJSON struct {
	Format       string `json:"format"`
	BotA         string `json:"bot_a"`
	BotB         string `json:"bot_b"`
	Seed         string `json:"seed"`
	GamesPlanned uint64 `json:"games_planned"`
	Games        uint64 `json:"games"`
	Interrupted  bool   `json:"interrupted"`
	analysis.MatchSummary
	// Picks shadows the summary's maps keyed by loadout name: every key
	// of a document is a field name.
	Picks [2][]pickJSON `json:"picks"`
	// GameStats is the game's own tables (NPZR's), as in the other
	// reports.
	GameStats []gameStatsJSON `json:"game_stats,omitempty"`
	Openings  *Openings       `json:"openings,omitempty"`
}

// matchPicks lists a bot's picks in loadout order.
func matchPicks(m map[string]uint64) []pickJSON {
	out := []pickJSON{}
	for x := range nzsc.NumLoadouts {
		name := nzsc.LoadoutAt(x).String()
		if n, ok := m[name]; ok {
			out = append(out, pickJSON{name, int64(n)})
		}
	}
	for _, k := range slices.Sorted(maps.Keys(m)) {
		if !slices.ContainsFunc(out, func(p pickJSON) bool { return p.Loadout == k }) {
			out = append(out, pickJSON{k, int64(m[k])})
		}
	}
	return out
}

// MatchFormat names the match document's format and version. Version 2
// lists each bot's picks as an array of {loadout, games} (they were an
// object keyed by loadout name).
const MatchFormat = "nzsc-match/2"

// MatchJSON writes the match's JSON document (docs/formats.md).
func MatchJSON(w io.Writer, m *Match) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(matchJSON{
		Format: MatchFormat, BotA: m.A, BotB: m.B,
		Seed: game.FormatSeed(m.Seed), GamesPlanned: m.GamesPlanned, Games: m.Summary.Total.Games,
		Interrupted: m.Interrupted, MatchSummary: m.Summary,
		Picks:     [2][]pickJSON{matchPicks(m.Summary.Picks[0]), matchPicks(m.Summary.Picks[1])},
		GameStats: gameStatsOf(m.gameCounts()), Openings: m.Openings,
	})
}

// MatchCSVHeader is the stable column list of a match's CSV (docs/formats.md).
var MatchCSVHeader = []string{"bot_a", "bot_b", "seed", "row", "a_loadout", "b_loadout",
	"games", "wins", "draws", "losses", "score", "score_lo", "score_hi",
	"elo", "elo_lo", "elo_hi", "elo_err", "los"}

func csvLine(l *analysis.Line) []string {
	u := func(x uint64) string { return strconv.FormatUint(x, 10) }
	return []string{u(l.Games), u(l.Wins), u(l.Draws), u(l.Losses),
		numfmt.CSV(float64(l.Score), 6), numfmt.CSV(float64(l.ScoreLo), 6), numfmt.CSV(float64(l.ScoreHi), 6),
		numfmt.CSV(float64(l.Elo), 2), numfmt.CSV(float64(l.EloLo), 2), numfmt.CSV(float64(l.EloHi), 2), numfmt.CSV(float64(l.EloErr), 2), numfmt.CSV(float64(l.LOS), 6)}
}

// MatchCSV writes the match as CSV rows: the total, each seat, each
// loadout pairing (docs/formats.md).
func MatchCSV(w io.Writer, m *Match) error {
	t := matchTable(m)
	_, err := w.Write(t.CSV())
	return err
}

// matchTable is match.csv, the match's CSV rows.
func matchTable(m *Match) CSVTable {
	t := CSVTable{Name: "match.csv", Header: MatchCSVHeader}
	pre := []string{m.A, m.B, game.FormatSeed(m.Seed)}
	row := func(kind, a, b string, l *analysis.Line) {
		t.Rows = append(t.Rows, append(append(slices.Clone(pre), kind, a, b), csvLine(l)...))
	}
	row("total", "", "", &m.Summary.Total)
	row("seat0", "", "", &m.Summary.Seats[0])
	row("seat1", "", "", &m.Summary.Seats[1])
	for i := range m.Summary.Pairings {
		p := &m.Summary.Pairings[i]
		row("pairing", p.A, p.B, &p.Line)
	}
	return t
}

func fmtScore(l *analysis.Line) string {
	if l.Games == 0 {
		return "-"
	}
	mark := ""
	if !l.Significant() {
		mark = "~"
	}
	return fmt.Sprintf("%s%.1f [%.1f, %.1f]", mark, 100*float64(l.Score), 100*float64(l.ScoreLo), 100*float64(l.ScoreHi))
}

func fmtElo(l *analysis.Line) string {
	e, err := float64(l.Elo), float64(l.EloErr)
	switch {
	case l.Games == 0 || math.IsNaN(e):
		return "-"
	case math.IsInf(e, 1):
		return "+inf" // as "± inf" beside a finite Elo, not Go's "+Inf"
	case math.IsInf(e, -1):
		return "-inf"
	case math.IsInf(err, 0) || math.IsNaN(err):
		return fmt.Sprintf("%+.1f ± inf", e)
	}
	return fmt.Sprintf("%+.1f ± %.1f", e, err)
}

// pairsAlike is the sentence that says why the overall Elo interval is
// not the pairs' own when every pair scored alike (analysis.EloPairs:
// their spread is 0, and a point interval would claim a certainty), or
// "" otherwise.
func pairsAlike(pt [5]uint64) string {
	if !alike([5]int64{int64(pt[0]), int64(pt[1]), int64(pt[2]), int64(pt[3]), int64(pt[4])}) {
		return ""
	}
	return " Every pair scored alike, so the Elo interval is the score's Wilson interval: pairs that do not vary give no interval of their own."
}

func fmtPct(x analysis.Number) string { return fmt.Sprintf("%.1f%%", 100*float64(x)) }

// MatchText writes the match's tables for people, fitting m.Width
// columns (Width when 0).
func MatchText(w io.Writer, m *Match) error {
	s := &m.Summary
	p := &printer{w: w, width: m.Width}
	p.para(fmt.Sprintf("%s (A) vs %s (B): %d games, seed %s", m.A, m.B, s.Total.Games, game.FormatSeed(m.Seed)))
	if a := matchAnswer(m); a != "" {
		p.para(a)
	}
	var rows [][]string
	for i, name := range []string{"all", "seat 0", "seat 1"} {
		l := &s.Total
		if i > 0 {
			l = &s.Seats[i-1]
		}
		rows = append(rows, []string{name, fmt.Sprint(l.Games), fmt.Sprint(l.Wins), fmt.Sprint(l.Draws), fmt.Sprint(l.Losses),
			fmtScore(l), fmtElo(l), fmtPct(l.LOS)})
	}
	p.table([]string{"A", "games", "wins", "draws", "losses", "score % [95% CI]", "Elo ± 95%", "LOS"}, rows)
	pt := s.Pentanomial
	p.para(fmt.Sprintf("Pairs by A's points (0, 1/2, 1, 3/2, 2): [%d, %d, %d, %d, %d].%s ~ marks a score whose interval contains 50%%.",
		pt[0], pt[1], pt[2], pt[3], pt[4], pairsAlike(pt)))
	if o := m.Openings; o != nil {
		p.para(o.Text(int64(pt[0] + pt[1] + pt[2] + pt[3] + pt[4])))
	}
	if s.Faults[0].Total()+s.Faults[1].Total() > 0 {
		p.section("Faults")
		rows = nil
		for i, b := range []string{m.A, m.B} {
			f := &s.Faults[i]
			rows = append(rows, []string{b, fmt.Sprint(f.Forfeits), fmt.Sprint(f.Illegal), kindsText(f.Kinds)})
		}
		p.render(&Table{Header: []string{"bot", "forfeits", "illegal choices", "forfeits by kind"}, Rows: rows, Wrap: true})
	}
	if m.Top > 0 && len(s.Pairings) > 0 {
		n := min(m.Top, len(s.Pairings))
		p.section(fmt.Sprintf("Loadout pairings (%d most frequent of %d)", n, len(s.Pairings)))
		rows = nil
		for _, pr := range s.Pairings[:n] {
			rows = append(rows, []string{pr.A, pr.B, fmt.Sprint(pr.Games), fmt.Sprint(pr.Wins), fmtScore(&pr.Line)})
		}
		p.render(&Table{Header: []string{"A's loadout", "B's loadout", "games", "A wins", "A's score % [95% CI]"}, Rows: rows, Left: 2})
	}
	if gc := m.gameCounts(); gc != nil {
		p.gameStats(gc)
	}
	return p.err
}

// matchFaults is faults.csv, each bot's forfeits and illegal choices in
// a match, its forfeits by kind ("timeout 3, crash 1").
func matchFaults(m *Match) CSVTable {
	t := CSVTable{Name: "faults.csv", Header: []string{"bot", "forfeits", "illegal", "kinds"}}
	for i, b := range []string{m.A, m.B} {
		f := &m.Summary.Faults[i]
		t.Rows = append(t.Rows, []string{b, strconv.FormatUint(uint64(f.Forfeits), 10), strconv.FormatUint(uint64(f.Illegal), 10), kindsText(f.Kinds)})
	}
	return t
}
