package report

import (
	"bytes"
	"fmt"
	"html"
	"math/rand/v2"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/engine/nzsc"
	"github.com/nzsclab/nzsc/results"
)

func renderHTML(t *testing.T, s *analysis.Summary, m *results.Manifest) string {
	t.Helper()
	var b bytes.Buffer
	if err := HTML(&b, s, m); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// ffaFixture is a synthetic free-for-all of four bots at tables of
// three: at each table the bots finish in index order most of the time.
func ffaFixture() *analysis.Tournament {
	t := &analysis.Tournament{Bots: []string{"alpha", "beta", "gamma", "delta"}}
	rng := rand.New(rand.NewPCG(4, 2))
	for _, bots := range [][]int{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}} {
		tc := analysis.TableCounts{Bots: bots}
		for _, pl := range [][]int{{1, 2, 3}, {1, 3, 2}, {2, 1, 3}, {2, 3, 1}, {3, 1, 2}, {3, 2, 1}, {1, 1, 3}} {
			n := 3 + rng.Int64N(10)
			if pl[0] == 1 {
				n += 12
			}
			tc.Finishes[analysis.FinishKey(pl)] += n
			for seat := range 3 {
				tc.SeatPlaces[seat][pl[(seat+int(n))%3]-1] += n
			}
			tc.Turns += 9 * n
		}
		t.Tables = append(t.Tables, tc)
	}
	return t
}

// TestHTMLSelfContained: the page refers to nothing outside itself,
// draws its charts as SVG with hover text, has a viewport and no test
// line, and its CSV downloads are the run directory's files.
func TestHTMLSelfContained(t *testing.T) {
	tt := fixture([]string{"nash", "greedy", "random"}, nil)
	s := analysis.Summarize(tt)
	page := renderHTML(t, s, fixtureManifest(tt))
	for _, bad := range []string{"<img", "plots rendered", "<pre>", "data:image/png"} {
		if strings.Contains(page, bad) {
			t.Errorf("page contains %q", bad)
		}
	}
	checkNoExternal(t, page)
	if !strings.Contains(page, `<meta name="viewport" content="width=device-width, initial-scale=1">`) {
		t.Error("no viewport meta")
	}
	// Charts: ratings, spread, cross-table, characters, loadouts,
	// boosters, one per bot, and the dynamics' four (the replicator's
	// trajectory and each method's weights).
	if n := strings.Count(page, `<svg id="c-`); n != 6+3+4 {
		t.Errorf("%d charts, want 13", n)
	}
	for _, id := range []string{`id="alpha_rank"`, `id="moran"`, `id="replicator"`, `id="c-replicator"`} {
		if !strings.Contains(page, id) {
			t.Errorf("no dynamics section or chart %s", id)
		}
	}
	// Every heat-map cell has a hover text with the value, its interval
	// and its games, or says it had none.
	cells := regexp.MustCompile(`<g class="hv cell" data-games="(\d+)"><title>([^<]*)</title>`).FindAllStringSubmatch(page, -1)
	if len(cells) < 9+16+144+81 {
		t.Fatalf("%d heat-map cells with a title, want at least %d", len(cells), 9+16+144+81)
	}
	tipRe := regexp.MustCompile(`: (score|win rate) \d+\.\d% \(95% interval \d+\.\d–\d+\.\d%\), (\d+) games`)
	for _, c := range cells {
		title := html.UnescapeString(c[2])
		if c[1] == "0" {
			if !strings.HasSuffix(title, ": no games") {
				t.Errorf("cell without games says %q", title)
			}
			continue
		}
		m := tipRe.FindStringSubmatch(title)
		if m == nil || m[2] != c[1] {
			t.Errorf("cell of %s games says %q", c[1], title)
		}
	}
	// The downloads are the run directory's CSV files, each embedded once.
	want := map[string]string{}
	for _, tb := range TournamentTables(s) {
		want[tb.Name] = string(tb.CSV())
	}
	// but for the dynamics' table, which the page computes (with
	// TailReplicates) and the run directory does not keep.
	d, err := DynamicsOf(fixtureManifest(tt), tt, dynamics.Options{Replicates: TailReplicates, Seed: fixtureManifest(tt).Seed})
	if err != nil {
		t.Fatal(err)
	}
	var dyn strings.Builder
	if err := DynamicsCSV(&dyn, d); err != nil {
		t.Fatal(err)
	}
	want["dynamics.csv"] = dyn.String()
	links := regexp.MustCompile(`<a class="csv" id="dl-([^"]+)" download="([^"]+)" data-name="[^"]+" href="data:text/csv;charset=utf-8,([^"]*)"`).FindAllStringSubmatch(page, -1)
	got := map[string]bool{}
	for _, l := range links {
		body, err := url.PathUnescape(html.UnescapeString(l[3]))
		if err != nil {
			t.Fatalf("%s: %v", l[2], err)
		}
		if got[l[2]] {
			t.Errorf("%s embedded twice", l[2])
		}
		got[l[2]] = true
		if body != want[l[2]] {
			t.Errorf("download %s differs from the run directory's file", l[2])
		}
	}
	for _, name := range []string{"ratings.csv", "crosstable.csv", "loadouts.csv", "picks.csv", "pairings.csv", "metagame.csv"} {
		if !got[name] {
			t.Errorf("no embedded download of %s", name)
		}
	}
}

// checkNoExternal fails when the page loads or links anything but
// itself: every src and href is a fragment or a data: URL.
func checkNoExternal(t *testing.T, page string) {
	t.Helper()
	for _, m := range regexp.MustCompile(`(?i)\b(src|href)\s*=\s*"([^"]*)"`).FindAllStringSubmatch(page, -1) {
		if u := m[2]; !strings.HasPrefix(u, "#") && !strings.HasPrefix(u, "data:") {
			t.Errorf("page refers to something outside itself: %s=%q", m[1], u)
		}
	}
	if regexp.MustCompile(`(?i)https?://`).MatchString(page) {
		t.Errorf("page holds a URL: %q", regexp.MustCompile(`(?i)https?://\S*`).FindString(page))
	}
}

// htmlTables returns each table of the page by id: its body cells' texts.
func htmlTables(page string) map[string][][]string {
	out := map[string][][]string{}
	tag := regexp.MustCompile(`<[^>]*>`)
	for _, m := range regexp.MustCompile(`(?s)<table id="([^"]+)".*?<tbody>(.*?)</tbody>`).FindAllStringSubmatch(page, -1) {
		var rows [][]string
		for _, tr := range regexp.MustCompile(`(?s)<tr>(.*?)</tr>`).FindAllStringSubmatch(m[2], -1) {
			var row []string
			for _, td := range regexp.MustCompile(`(?s)<td[^>]*>(.*?)</td>`).FindAllStringSubmatch(tr[1], -1) {
				row = append(row, html.UnescapeString(tag.ReplaceAllString(td[1], "")))
			}
			rows = append(rows, row)
		}
		out[m[1]] = rows
	}
	return out
}

// numberTokens returns the whitespace-separated fields holding a digit,
// sorted: the numbers of a table whatever its layout.
func numberTokens(cells []string) []string {
	var out []string
	for _, c := range cells {
		for _, f := range strings.Fields(c) {
			if strings.ContainsAny(f, "0123456789") {
				out = append(out, f)
			}
		}
	}
	slices.Sort(out)
	return out
}

// textSections splits a text report into its tables' body rows, keyed by
// the first line of their section's title. It reads any layout of the
// one table style: a header line over a rule of dashes, rows with at
// least two spaces between columns, blocks of a folded table one under
// the other (each with its header and rule); a section's title is the
// line after a blank one that is not a header, and prose (single
// spaces) ends a table.
func textSections(text string) map[string][]string {
	out := map[string][]string{}
	lines := strings.Split(text, "\n")
	isRule := func(k int) bool {
		l := strings.TrimSpace(lines[k])
		return len(l) >= 3 && strings.Trim(l, "-") == ""
	}
	title := ""
	for k := 0; k < len(lines); k++ {
		l := lines[k]
		if strings.TrimSpace(l) == "" {
			continue
		}
		if k+1 < len(lines) && isRule(k+1) { // a header, then its rows
			k += 2
			for ; k < len(lines) && strings.Contains(strings.TrimSpace(lines[k]), "  "); k++ {
				out[title] = append(out[title], lines[k])
			}
			k--
			continue
		}
		if k == 0 || strings.TrimSpace(lines[k-1]) == "" {
			title = l
		}
	}
	return out
}

// compareTables checks that each HTML table holds exactly the numbers of
// the text report's table with the title prefix given. A prefix ending
// in "?" names a table the text may show as prose instead (it is then
// not compared).
func compareTables(t *testing.T, text, page string, pairs [][2]string) {
	t.Helper()
	secs := textSections(text)
	tables := htmlTables(page)
	for _, p := range pairs {
		prefix, optional := strings.CutSuffix(p[0], "?")
		var rows []string
		found := false
		for title, r := range secs {
			if strings.HasPrefix(title, prefix) {
				rows, found = r, true
			}
		}
		if !found {
			if optional {
				t.Logf("text report shows %q as no table: not compared", prefix)
			} else {
				t.Errorf("text report has no table %q", prefix)
			}
			continue
		}
		tb, ok := tables[p[1]]
		if !ok {
			t.Errorf("HTML has no table %s", p[1])
			continue
		}
		var cells []string
		for _, r := range tb {
			cells = append(cells, r...)
		}
		want, got := numberTokens(rows), numberTokens(cells)
		if len(want) == 0 {
			t.Errorf("text table %q has no numbers", p[0])
		}
		if !slices.Equal(got, want) {
			t.Errorf("table %s: numbers differ from the text's %q:\n html %v\n text %v", p[1], p[0], got, want)
		}
	}
}

// TestHTMLNumbersMatchText: every table of the full text report is in
// the page with the same numbers.
func TestHTMLNumbersMatchText(t *testing.T) {
	tt := fixture([]string{"nash", "greedy", "random", "mcts"}, map[[2]int]bool{{0, 3}: true})
	s := analysis.Summarize(tt)
	m := fixtureManifest(tt)
	var text bytes.Buffer
	if err := Text(&text, s, m, Options{Full: true}); err != nil {
		t.Fatal(err)
	}
	page := renderHTML(t, s, m)
	pairs := [][2]string{
		{"Ranking:", "t-ranking"}, {"Cross-table:", "t-cross"}, {"Characters, all bots", "t-characters"},
		{"Loadouts, all bots", "t-loadouts"}, {"Boosters, all bots", "t-boosters"}, {"Loadout picks", "t-picks"},
		{"Loadouts per bot", "t-bot-loadouts"}, {"Loadout against loadout", "t-loadout-matrix"},
		{"Booster against booster", "t-booster-matrix"}, {"Meta-game?", "t-metagame"},
	}
	for k, i := range s.Ranking.Order {
		pairs = append(pairs, [2]string{"Characters for " + tt.Bots[i] + ":", fmt.Sprintf("t-bot-chars-%d", k+1)})
	}
	compareTables(t, text.String(), page, pairs)
}

// TestHTMLNames: one name per loadout and booster on the page, the full
// one; the text report's abbreviations never appear.
func TestHTMLNames(t *testing.T) {
	tt := fixture([]string{"nash", "greedy"}, nil)
	page := renderHTML(t, analysis.Summarize(tt), fixtureManifest(tt))
	for i := range nzsc.NumLoadouts {
		short := shortLoadout(i)
		if strings.Contains(page, ">"+short+"<") || strings.Contains(page, "> "+short) || strings.Contains(page, html.EscapeString(short)+"</") {
			t.Errorf("abbreviation %q on the page", short)
		}
		full := html.EscapeString(nzsc.LoadoutAt(i).String())
		if !strings.Contains(page, ">"+full+"</text>") {
			t.Errorf("loadout %q is not a chart label", full)
		}
	}
	for _, a := range boosterAbbrev {
		if strings.Contains(page, ">"+a+"<") {
			t.Errorf("booster abbreviation %q on the page", a)
		}
	}
	if !strings.Contains(page, ">No Booster</text>") {
		t.Error("No Booster is not a chart label")
	}
}

// TestHTMLPerBotCollapsed: a bot's map shows only the loadouts it played
// and the opponents' loadouts it met.
func TestHTMLPerBotCollapsed(t *testing.T) {
	st := nzsc.NewStats(2)
	tt := &analysis.Tournament{Bots: []string{"narrow", "wide"}, Game: st}
	p := analysis.Pairing{A: 0, B: 1}
	// narrow plays loadouts 0 and 4 only; wide answers with 1, 5 or 9.
	for _, x := range []int{0, 4} {
		for _, y := range []int{1, 5, 9} {
			if err := st.AddRecord(0, 1, x, y, nzsc.WDL{20, 2, 18}); err != nil {
				t.Fatal(err)
			}
			p.Seat[0] = p.Seat[0].Add(analysis.Record{Wins: 20, Draws: 2, Losses: 18})
		}
	}
	tt.Pairings = append(tt.Pairings, p)
	s := analysis.Summarize(tt)
	page := renderHTML(t, s, fixtureManifest(tt))
	rank := slices.Index(s.Ranking.Order, 0) + 1
	svg := regexp.MustCompile(fmt.Sprintf(`(?s)<svg id="c-bot-%d".*?</svg>`, rank)).FindString(page)
	if svg == "" {
		t.Fatal("no map for bot narrow")
	}
	if n := strings.Count(svg, `class="hv cell"`); n != 2*3 {
		t.Errorf("narrow's map has %d cells, want 2×3", n)
	}
	for _, l := range []int{0, 4, 1, 5, 9} {
		if !strings.Contains(svg, ">"+html.EscapeString(nzsc.LoadoutAt(l).String())+"</text>") {
			t.Errorf("narrow's map lacks %s", nzsc.LoadoutAt(l))
		}
	}
	if strings.Contains(svg, "Clown/No Booster") {
		t.Error("narrow's map shows a loadout nobody played")
	}
}

// TestHTMLOtherGames: a two-player game other than NZSC gets no NZSC
// sections, and a free-for-all gets its own page with the numbers of its
// text report.
func TestHTMLOtherGames(t *testing.T) {
	tt := &analysis.Tournament{Bots: []string{"pimc", "random"}, Pairings: []analysis.Pairing{
		{A: 0, B: 1, Seat: [2]analysis.Record{{Wins: 9, Losses: 1}, {Wins: 8, Draws: 1, Losses: 1}}, Pentanomial: [5]int64{0, 1, 1, 2, 6}}}}
	tt.Game = stubStats{}
	m := fixtureManifest(tt)
	m.Game = "npzr"
	page := renderHTML(t, analysis.Summarize(tt), m)
	// The game's own tables, with the numbers of the text report.
	var text bytes.Buffer
	if err := Text(&text, analysis.Summarize(tt), m, Options{}); err != nil {
		t.Fatal(err)
	}
	compareTables(t, text.String(), page, [][2]string{{"Stub: what the stub counts", "t-game-1"}, {"Ranking:", "t-ranking"}, {"Cross-table:", "t-cross"}})
	if !strings.Contains(page, `title="50.0% (95% interval`) {
		t.Error("a game statistic's share has no interval on hover")
	}
	for _, id := range []string{`id="characters"`, `id="loadouts"`, `id="boosters"`, `id="picks"`, `id="per-bot"`, "Ninja", "loadouts.csv"} {
		if strings.Contains(page, id) {
			t.Errorf("NPZR page contains %s", id)
		}
	}
	for _, id := range []string{`id="t-ranking"`, `id="t-cross"`, `id="t-pairs"`, `id="c-spread"`} {
		if !strings.Contains(page, id) {
			t.Errorf("NPZR page lacks %s", id)
		}
	}
	checkNoExternal(t, page)
	// NZSC games that all ended before loadouts were settled: no empty
	// NZSC sections either.
	m.Game = ""
	if page := renderHTML(t, analysis.Summarize(tt), m); strings.Contains(page, `id="loadouts"`) || !strings.Contains(page, `id="t-pairs"`) {
		t.Error("NZSC run without settled loadouts: empty loadout sections, or no pairings")
	}

	ft := ffaFixture()
	fs, err := analysis.SummarizeFFA(ft, nil)
	if err != nil {
		t.Fatal(err)
	}
	fm := &results.Manifest{Kind: "tournament", Seats: 3, Seed: 9, GamesPerPairing: 6, GamesDone: uint64(ft.Games()), GamesPlanned: uint64(ft.Games()), Complete: true}
	var b bytes.Buffer
	text.Reset()
	if err := FFAHTML(&b, fs, fm); err != nil {
		t.Fatal(err)
	}
	if err := FFAText(&text, fs, fm, Options{}); err != nil {
		t.Fatal(err)
	}
	fpage := b.String()
	checkNoExternal(t, fpage)
	compareTables(t, text.String(), fpage, [][2]string{{"Ranking (Plackett", "t-ranking"}, {"Finished ahead of", "t-ahead"}, {"Places by seat", "t-seats"}})
	// The place distribution, by hand from the fixture's counts.
	places, err := analysis.PlaceCounts(ft.FinishingOrders())
	if err != nil {
		t.Fatal(err)
	}
	var alpha [3]int64
	for _, tc := range ft.Tables {
		for k, c := range tc.Finishes {
			if c == 0 || tc.Bots[0] != 0 {
				continue
			}
			alpha[k&3] += c // alpha is always the table's first bot: its place-1 in the low bits
		}
	}
	if [3]int64(places[0][:3]) != alpha {
		t.Errorf("alpha's places %v, want %v", places[0][:3], alpha)
	}
	rows := htmlTables(fpage)["t-places"]
	var got []string
	for _, r := range rows {
		if r[0] == "alpha" {
			got = r[1:]
		}
	}
	n := alpha[0] + alpha[1] + alpha[2]
	want := []string{share(alpha[0], n), share(alpha[1], n), share(alpha[2], n), count(n)}
	if !slices.Equal(got, want) {
		t.Errorf("alpha's places row %v, want %v", got, want)
	}
	if !strings.Contains(fpage, `<svg id="c-places"`) || !strings.Contains(fpage, `<svg id="c-ahead"`) {
		t.Error("FFA page lacks its charts")
	}
}

// matchFixture is the match of the fixture's first pairing, with a few
// games that ended before loadouts were settled.
func matchFixture() *Match {
	tt := fixture([]string{"nash", "greedy"}, nil)
	p := tt.Pairings[0]
	sum := analysis.SummarizeMatch(&p)
	loadouts.Match(&sum, tt, &p)
	return &Match{A: "nash", B: "greedy", Seed: 3, GamesPlanned: uint64(p.Games()), Summary: sum, Top: 12}
}

// sprtFixture is a finished sequential test of three looks.
func sprtFixture() (*SPRT, analysis.Verdict) {
	t := analysis.SPRT{Elo0: 0, Elo1: 10, Alpha: 0.05, Beta: 0.05}
	st := &results.SPRTState{Looks: []results.SPRTLook{
		{Games: 100, LLR: 0.8, Pentanomial: [5]int64{5, 3, 20, 7, 15}, WDL: [3]uint64{45, 10, 45}},
		{Games: 200, LLR: 1.9, Pentanomial: [5]int64{9, 6, 40, 14, 31}, WDL: [3]uint64{95, 20, 85}},
		{Games: 300, LLR: 3.1, Pentanomial: [5]int64{12, 9, 60, 22, 47}, WDL: [3]uint64{145, 30, 125}},
	}}
	v := t.Decide(3.1)
	return NewSPRT("new", "base", 5, t, st, v, false), v
}

// TestHTMLMatchAndSPRT: the pages of a match and of a sequential test
// show the numbers of their text reports.
func TestHTMLMatchAndSPRT(t *testing.T) {
	m := matchFixture()
	var b, text bytes.Buffer
	if err := MatchHTML(&b, m); err != nil {
		t.Fatal(err)
	}
	if err := MatchText(&text, m); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	checkNoExternal(t, page)
	tables := htmlTables(page)
	// Every cell of the result table, and of the pairings the text shows
	// (its most frequent), is in the text as printed.
	if len(tables["t-result"]) != 3 {
		t.Errorf("result table has %d rows, want 3", len(tables["t-result"]))
	}
	for _, id := range []string{"t-result", "t-pentanomial"} {
		for _, row := range tables[id] {
			for _, c := range row[1:] {
				if !strings.Contains(text.String(), c) {
					t.Errorf("%s: cell %q is not in the text report", id, c)
				}
			}
		}
	}
	prs := tables["t-pairings"]
	if len(prs) != len(m.Summary.Pairings) {
		t.Errorf("%d loadout pairings, want all %d", len(prs), len(m.Summary.Pairings))
	}
	// The text shows each of its pairings on one line: its loadouts
	// ("none" for unsettled), games, wins and score as here.
	for _, row := range prs[:m.Top] {
		a, b := row[0], row[1]
		if a == unsettledLabel {
			a, b = "none", "none"
		}
		found := false
		for _, l := range strings.Split(text.String(), "\n") {
			if strings.Contains(l, a) && strings.Contains(l, b) && strings.Contains(l, " "+row[2]+" ") &&
				strings.Contains(l, " "+row[3]+" ") && strings.Contains(l, row[6]) {
				found = true
			}
		}
		if !found {
			t.Errorf("pairing %v: games %s, wins %s, score %s not on one line of the text report", row[:2], row[2], row[3], row[6])
		}
	}
	if strings.Contains(page, ">none<") {
		t.Error(`match page names unsettled games "none"`)
	}
	if !strings.Contains(page, `<svg id="c-pairings"`) {
		t.Error("match page lacks the loadout pairing map")
	}

	o, v := sprtFixture()
	b.Reset()
	text.Reset()
	if err := SPRTHTML(&b, o, v); err != nil {
		t.Fatal(err)
	}
	SPRTText(&text, o, v)
	page = b.String()
	checkNoExternal(t, page)
	first, _, _ := strings.Cut(text.String(), "\n")
	if !strings.Contains(page, html.EscapeString(first)) {
		t.Errorf("SPRT page lacks the verdict %q", first)
	}
	row := htmlTables(page)["t-sprt"]
	if len(row) != 1 {
		t.Fatalf("SPRT table: %v", row)
	}
	for _, c := range row[0][:7] {
		if !strings.Contains(text.String(), c) {
			t.Errorf("SPRT cell %q not in the text %q", c, text.String())
		}
	}
	if n := len(htmlTables(page)["t-looks"]); n != 3 {
		t.Errorf("%d looks, want 3", n)
	}
}

// TestHTMLEscapes: bot names are text, never markup, in charts, tables
// and hover texts; a run without games still renders.
func TestHTMLEscapes(t *testing.T) {
	evil := `<b id="x">&"bot"</b>`
	tt := fixture([]string{evil, "random"}, nil)
	page := renderHTML(t, analysis.Summarize(tt), fixtureManifest(tt))
	if strings.Contains(page, `<b id="x">`) || strings.Contains(page, `<b id=&quot;x&quot;>`) {
		t.Error("a bot name reached the page as markup")
	}
	if !strings.Contains(page, "&lt;b id=&#34;x&#34;&gt;&amp;&#34;bot&#34;&lt;/b&gt;") && !strings.Contains(page, "&lt;b id=&quot;x&quot;&gt;&amp;&quot;bot&quot;&lt;/b&gt;") {
		t.Error("the bot's name is not on the page as escaped text")
	}
	empty := &analysis.Tournament{Bots: []string{"a", "b"}, Pairings: []analysis.Pairing{{A: 0, B: 1}}}
	if page := renderHTML(t, analysis.Summarize(empty), nil); !strings.Contains(page, "No games played.") {
		t.Error("an empty run's page does not say so")
	}
}

// TestNiceTicks: round steps, about the number asked for, never so few
// that the axis says nothing (an NPZR ratings axis from -999 to +250 had
// ticks at -500 and 0 only).
func TestNiceTicks(t *testing.T) {
	for i, c := range []struct {
		lo, hi float64
		n      int
		want   string
	}{
		{0, 100, 5, "[0 20 40 60 80 100]"},
		{-120, 80, 6, "[-100 -50 0 50]"},
		{-999, 250, 6, "[-800 -600 -400 -200 0 200]"},
		{0, 2000, 5, "[0 500 1000 1500 2000]"},
		{3, 3, 5, "[3]"},
	} {
		if got := fmt.Sprint(niceTicks(c.lo, c.hi, c.n)); got != c.want {
			t.Errorf("case %d: niceTicks(%v, %v, %d) = %s, want %s", i, c.lo, c.hi, c.n, got, c.want)
		}
	}
}
