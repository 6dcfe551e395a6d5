package report

import (
	"encoding/csv"
	"fmt"
	"html/template"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// This file renders a run's evolutionary dynamics (analysis/dynamics,
// `nzsc report RUN --dynamics`) as text, CSV, JSON and an HTML page with
// the replicator's trajectory and each ranking's weights with their
// intervals.

// TailReplicates is the number of bootstrap replicates behind the
// dynamics sections of a two-seat tournament's HTML report: fewer than
// `nzsc report --dynamics`'s default (dynamics.DefaultReplicates), so
// that the sections add well under a second of CPU to the page of a
// tournament of the default 5 bots (about 0.3 s; docs/dynamics.md has
// the figures), while still enough for a 95% interval's ends to be
// between the 3rd and 4th replicates from each end.
const TailReplicates = 100

// Dynamics is a run's evolutionary dynamics as the renderers take them.
type Dynamics struct {
	// What says what was analysed: "NZSC, 5 bots, 20000 games".
	What     string
	Seed     uint64
	Analysis *dynamics.Analysis
	Width    int
	// Seats is the run's players a table: above 2 the payoff is the
	// "finished ahead" shares, not the cross-table's score shares.
	Seats int
}

// payoffText names the payoff the analyses read, and fitnessText what a
// bot's fitness is.
func (d *Dynamics) payoffText() string {
	if d.Seats > 2 {
		return "the finished-ahead shares"
	}
	return "the cross-table"
}

// payoffKey is the JSON's name of the payoff: "score" (the cross-table)
// or "ahead" (the finished-ahead shares of tables of three or four).
func (d *Dynamics) payoffKey() string {
	if d.Seats > 2 {
		return "ahead"
	}
	return "score"
}

func (d *Dynamics) matrixText() string {
	if d.Seats > 2 {
		return "the finished-ahead shares"
	}
	return "the score shares"
}

func (d *Dynamics) fitnessText() string {
	if d.Seats > 2 {
		return "its share of finishing ahead of the bot it meets (ties half), as a game of two"
	}
	return "its score share"
}

// DynamicsOf analyses the payoff of a run's counts; opt's seed seeds
// the bootstrap. A two-seat run's payoff is its cross-table (score
// shares); a run of three or four seats a table has no score of one bot
// against one other, and its payoff is the pairwise "finished ahead"
// shares instead (analysis.AheadMatrix: i's wins are the games in which
// i finished ahead of j at a table they shared, draws those they tied):
// see docs/dynamics.md for what that payoff means and what it does not.
func DynamicsOf(man *results.Manifest, counts *analysis.Tournament, opt dynamics.Options) (*Dynamics, error) {
	p, what, seats, err := payoffOf(man, counts)
	if err != nil {
		return nil, err
	}
	an, err := dynamics.Analyze(p, opt)
	if err != nil {
		return nil, err
	}
	return &Dynamics{What: what, Seed: opt.Seed, Analysis: an, Seats: seats}, nil
}

// payoffOf returns the payoff the dynamics read from a run's counts (the
// cross-table, or at three or four seats the finished-ahead shares; see
// DynamicsOf), what it is ("NZSC, 5 bots, 20000 games") and the run's
// seats a table.
func payoffOf(man *results.Manifest, counts *analysis.Tournament) (*dynamics.Payoff, string, int, error) {
	if len(counts.Bots) < 2 {
		return nil, "", 0, fmt.Errorf("dynamics: need at least 2 bots, the run has %d", len(counts.Bots))
	}
	seats := 2
	if man != nil {
		seats = man.NumSeats()
	}
	var bots []string
	var recs [][]analysis.Record
	if seats > 2 {
		ahead, err := analysis.AheadMatrix(counts.FinishingOrders())
		if err != nil {
			return nil, "", 0, err
		}
		bots = counts.Bots
		for i := range ahead {
			recs = append(recs, make([]analysis.Record, len(ahead[i])))
			for j := range ahead[i] {
				recs[i][j] = ahead[i][j].Record
			}
		}
	} else {
		ct := analysis.NewCrossTable(counts)
		bots = ct.Bots
		for i := range ct.Cells {
			recs = append(recs, make([]analysis.Record, len(ct.Cells[i])))
			for j := range ct.Cells[i] {
				recs[i][j] = ct.Cells[i][j].Record
			}
		}
	}
	// A match of a bot against itself names both seats alike: its
	// dynamics name the copies as nzsc match does at 3 or 4 seats.
	bots = agents.CopyNames(bots)
	c := make([][]dynamics.Counts, len(bots))
	for i := range c {
		c[i] = make([]dynamics.Counts, len(bots))
		for j := range c[i] {
			r := recs[i][j]
			c[i][j] = dynamics.Counts{r.Wins, r.Draws, r.Losses}
		}
	}
	p, err := dynamics.FromCounts(bots, c)
	if err != nil {
		return nil, "", 0, err
	}
	what := fmt.Sprintf("%d bots, %d games", len(bots), counts.Games())
	if seats > 2 {
		what = fmt.Sprintf("%d bots, %d players a table, %d games", len(bots), seats, counts.Games())
	}
	if man != nil {
		what = man.GameName() + ", " + what
	}
	return p, what, seats, nil
}

// WriteDynamics writes d in format (json, csv, or the text tables).
func WriteDynamics(w io.Writer, format string, d *Dynamics) error {
	switch format {
	case "json":
		return DynamicsJSON(w, d)
	case "csv":
		return DynamicsCSV(w, d)
	}
	return DynamicsText(w, d)
}

// dynMethod is one of the three rankings with the words that present it.
type dynMethod struct {
	Key, Name, Weight string
	Rank              *dynamics.Ranking
}

func (d *Dynamics) methods() []dynMethod {
	an := d.Analysis
	return []dynMethod{
		{"alpha_rank", "α-Rank", "mass", &an.AlphaRankRank},
		{"moran", "Moran process", "share of time", &an.MoranRank},
		{"replicator", "Replicator dynamics", "final share", &an.ReplicatorRank},
	}
}

// intervalText formats a weight's bootstrap interval: "[0.412, 0.450]".
func intervalText(w dynamics.Weight) string {
	return "[" + weightText(w.Lo) + ", " + weightText(w.Hi) + "]"
}

// rankText formats a rank range: "2" or "1–3".
func rankText(w dynamics.Weight) string {
	if w.RankLo == w.RankHi {
		return strconv.Itoa(w.RankLo)
	}
	return strconv.Itoa(w.RankLo) + "–" + strconv.Itoa(w.RankHi)
}

// inseparableText names the strategies a strategy is not separable from.
func inseparableText(names []string, idx []int) string {
	if len(idx) == 0 {
		return "-"
	}
	var out []string
	for _, j := range idx {
		out = append(out, names[j])
	}
	return strings.Join(out, ", ")
}

// uncertaintyText says where the intervals come from.
func (d *Dynamics) uncertaintyText() string {
	if d.Analysis.Replicates == 0 {
		return "an exact payoff: no sampling error"
	}
	what := "every pair's games drawn again from its own wins, draws and losses"
	if d.Seats > 2 {
		what = "every pair's shared tables drawn again from its own aheads, ties and behinds, each pair on its own although the pairs of one table are not independent (so the intervals are approximate)"
	}
	return fmt.Sprintf("each interval is the 95%% percentile interval of %d bootstrap replicates, %s (seed %#x); \"not separable from\" lists the bots whose order against this one the replicates reverse or tie in more than 2.5%% of them",
		d.Analysis.Replicates, what, d.Seed)
}

// replicatorSentence says where the replicator's population went.
func (d *Dynamics) replicatorSentence() string {
	an := d.Analysis
	r, names := an.Replicator, an.Payoff.Names
	var mix []string
	for _, i := range an.ReplicatorRank.Order {
		if r.Final[i] >= 0.0005 {
			mix = append(mix, names[i]+" "+weightText(r.Final[i]))
		}
	}
	horizon := r.Times[len(r.Times)-1]
	if r.Speed < dynamics.Moving {
		return fmt.Sprintf("From an even mix of the bots, the population comes to rest by time %g at %s.", horizon, strings.Join(mix, ", "))
	}
	return fmt.Sprintf("From an even mix of the bots, the population is still moving at time %g (speed %.2g): it cycles or converges slowly; it stands at %s, and its time average is the column \"average\".",
		horizon, r.Speed, strings.Join(mix, ", "))
}

// DynamicsText writes the dynamics for people: one table per method.
func DynamicsText(w io.Writer, d *Dynamics) error {
	an := d.Analysis
	names := an.Payoff.Names
	p := &printer{w: w, width: d.Width}
	p.para(fmt.Sprintf("Evolutionary dynamics of %s (%s): what a population of these bots evolves to when each bot's fitness is %s. %s.",
		d.payoffText(), d.What, d.fitnessText(), strings.ToUpper(d.uncertaintyText()[:1])+d.uncertaintyText()[1:]))
	if m := an.Payoff.Missing; m > 0 {
		p.para("note: " + neverMet(m, "score"))
	}
	for _, m := range d.methods() {
		switch m.Key {
		case "alpha_rank":
			p.section(fmt.Sprintf("α-Rank (Omidshafiei et al. 2019; α = %g, population m = %d): the share of time evolution spends at each bot when a rare mutant takes over with the Fermi rule; a dominant bot or a cycle's members take the mass.",
				an.AlphaRank.Alpha, an.AlphaRank.M))
		case "moran":
			p.section(fmt.Sprintf("Moran process (population %d, fitness 1 − w + w·score, w = %g, rare mutations): the share of time the population plays each bot.",
				an.Moran.N, an.Moran.W))
		case "replicator":
			p.section("Replicator dynamics (ẋ_i = x_i((Ax)_i − xᵀAx), A " + d.matrixText() + "). " + d.replicatorSentence())
		}
		hdr := []string{"#", "bot", m.Weight, "95%", "rank", "not separable from"}
		if m.Key == "replicator" {
			hdr = []string{"#", "bot", m.Weight, "95%", "average", "rank", "not separable from"}
		}
		var rows [][]string
		for r, i := range m.Rank.Order {
			wt := m.Rank.Weights[i]
			row := []string{strconv.Itoa(r + 1), names[i], weightText(wt.Point), intervalText(wt)}
			if m.Key == "replicator" {
				row = append(row, weightText(an.Replicator.Average[i]))
			}
			rows = append(rows, append(row, rankText(wt), inseparableText(names, m.Rank.Inseparable[i])))
		}
		p.renderFitted(&Table{Header: hdr, Rows: rows, Left: 2, Wrap: true})
		if m.Key == "moran" {
			p.para(fmt.Sprintf("\nFixation probability of one mutant (column) in a population of %d of the row bot, times %d (1 is neutral drift; more, selection favours the mutant):",
				an.Moran.N-1, an.Moran.N))
			order := an.MoranRank.Order
			fh := []string{"resident"}
			for _, j := range order {
				fh = append(fh, names[j])
			}
			var fr [][]string
			for _, i := range order {
				row := []string{names[i]}
				for _, j := range order {
					if i == j {
						row = append(row, "-")
						continue
					}
					row = append(row, strconv.FormatFloat(an.Moran.Fixation[i][j]*float64(an.Moran.N), 'f', 2, 64))
				}
				fr = append(fr, row)
			}
			p.render(&Table{Header: fh, Rows: fr})
		}
	}
	return p.err
}

// DynamicsCSV writes one row per method and bot, then the replicator's
// trajectory (a "# trajectory" block: time, then one share per bot).
func DynamicsCSV(w io.Writer, d *Dynamics) error {
	an := d.Analysis
	names := an.Payoff.Names
	cw := csv.NewWriter(w)
	cw.Write([]string{"method", "bot", "weight", "lo95", "hi95", "rank_lo", "rank_hi", "not_separable_from"})
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }
	for _, m := range d.methods() {
		for _, i := range m.Rank.Order {
			wt := m.Rank.Weights[i]
			var ins []string
			for _, j := range m.Rank.Inseparable[i] {
				ins = append(ins, names[j])
			}
			cw.Write([]string{m.Key, names[i], g(wt.Point), g(wt.Lo), g(wt.Hi), strconv.Itoa(wt.RankLo), strconv.Itoa(wt.RankHi), strings.Join(ins, ";")})
		}
	}
	cw.Flush()
	if _, err := io.WriteString(w, "\n# trajectory\n"); err != nil {
		return err
	}
	cw.Write(append([]string{"time"}, names...))
	r := an.Replicator
	for s, x := range r.Path {
		row := []string{g(r.Times[s])}
		for _, v := range x {
			row = append(row, g(v))
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// DynamicsFormat names the JSON document's format and version.
const DynamicsFormat = "nzsc-dynamics/1"

type dynWeightJSON struct {
	Bot         string   `json:"bot"`
	Weight      num      `json:"weight"`
	Lo95        num      `json:"lo95"`
	Hi95        num      `json:"hi95"`
	RankLo      int      `json:"rank_lo"`
	RankHi      int      `json:"rank_hi"`
	Inseparable []string `json:"not_separable_from"`
}

func dynWeights(names []string, rk *dynamics.Ranking) []dynWeightJSON {
	var out []dynWeightJSON
	for _, i := range rk.Order {
		wt := rk.Weights[i]
		ins := []string{}
		for _, j := range rk.Inseparable[i] {
			ins = append(ins, names[j])
		}
		out = append(out, dynWeightJSON{names[i], num(wt.Point), num(wt.Lo), num(wt.Hi), wt.RankLo, wt.RankHi, ins})
	}
	return out
}

func nums(x []float64) []num {
	out := make([]num, len(x))
	for i, v := range x {
		out[i] = num(v)
	}
	return out
}

func numMatrix(x [][]float64) [][]num {
	var out [][]num
	for _, r := range x {
		out = append(out, nums(r))
	}
	return out
}

// DynamicsJSON writes the whole analysis: settings, the three rankings
// with their intervals, the fixation matrices and the trajectory.
func DynamicsJSON(w io.Writer, d *Dynamics) error {
	an := d.Analysis
	names := an.Payoff.Names
	type rep struct {
		Horizon num             `json:"horizon"`
		Speed   num             `json:"speed"`
		Resting bool            `json:"at_rest"`
		Weights []dynWeightJSON `json:"final"`
		Average []num           `json:"average"`
		Times   []num           `json:"times"`
		Path    [][]num         `json:"path"`
	}
	type moran struct {
		N        int             `json:"population"`
		W        num             `json:"selection"`
		Weights  []dynWeightJSON `json:"stationary"`
		Fixation [][]num         `json:"fixation"`
	}
	type alpha struct {
		Alpha    num             `json:"alpha"`
		M        int             `json:"population"`
		Weights  []dynWeightJSON `json:"stationary"`
		Fixation [][]num         `json:"fixation"`
	}
	r := an.Replicator
	doc := struct {
		Format     string   `json:"format"`
		What       string   `json:"what"`
		Bots       []string `json:"bots"`
		Payoff     string   `json:"payoff"`
		Score      [][]num  `json:"score"`
		Missing    int      `json:"missing_pairs"`
		Replicates int      `json:"bootstrap_replicates"`
		Seed       string   `json:"seed"`
		Replicator rep      `json:"replicator"`
		Moran      moran    `json:"moran"`
		AlphaRank  alpha    `json:"alpha_rank"`
	}{
		Format: DynamicsFormat, What: d.What, Bots: names, Payoff: d.payoffKey(), Score: numMatrix(an.Payoff.Score), Missing: an.Payoff.Missing,
		Replicates: an.Replicates, Seed: game.FormatSeed(d.Seed),
		Replicator: rep{num(r.Times[len(r.Times)-1]), num(r.Speed), r.Speed < dynamics.Moving, dynWeights(names, &an.ReplicatorRank),
			nums(r.Average), nums(r.Times), numMatrix(r.Path)},
		Moran:     moran{an.Moran.N, num(an.Moran.W), dynWeights(names, &an.MoranRank), numMatrix(an.Moran.Fixation)},
		AlphaRank: alpha{num(an.AlphaRank.Alpha), an.AlphaRank.M, dynWeights(names, &an.AlphaRankRank), numMatrix(an.AlphaRank.Fixation)},
	}
	return WriteJSON(w, doc)
}

// DynamicsHTML writes the dynamics as one self-contained page: the
// replicator's trajectory, and each method's weights with their
// intervals as a chart and a sortable table.
func DynamicsHTML(w io.Writer, d *Dynamics) error {
	an := d.Analysis
	pg := &hpage{Title: "Evolutionary dynamics", Legend: "Grey rows are not separable from some other bot: the data cannot tell their order. Hover over a line or a dot for its values; click a table's column header to sort by it.",
		Info: []string{d.What + ".", strings.ToUpper(d.uncertaintyText()[:1]) + d.uncertaintyText()[1:] + "."}}
	if m := an.Payoff.Missing; m > 0 {
		pg.Warnings = append(pg.Warnings, neverMet(m, "score")+".")
	}
	secs, err := dynamicsSections(d)
	if err != nil {
		return err
	}
	pg.Sections = secs
	return renderPage(w, pg)
}

// dynamicsSections are the page's sections, one per method, ready to be
// added to another page (a tournament's) as they are.
func dynamicsSections(d *Dynamics) ([]*hsection, error) {
	an := d.Analysis
	names := an.Payoff.Names
	var buf strings.Builder
	if err := DynamicsCSV(&buf, d); err != nil {
		return nil, err
	}
	dl := dataCSV("dynamics.csv", []byte(buf.String()))
	var secs []*hsection
	for _, m := range d.methods() {
		sec := &hsection{ID: m.Key, Title: m.Name, Downloads: []hlink{dl}}
		switch m.Key {
		case "alpha_rank":
			sec.Intro = fmt.Sprintf("The share of time evolution spends at each bot (α = %g, population m = %d) when a rare mutant takes over by the Fermi rule (Omidshafiei et al. 2019).", an.AlphaRank.Alpha, an.AlphaRank.M)
		case "moran":
			sec.Intro = fmt.Sprintf("The share of time a Moran population of %d (fitness 1 − w + w·score, w = %g) plays each bot when mutations are rare.", an.Moran.N, an.Moran.W)
		case "replicator":
			sec.Intro = d.replicatorSentence()
			sec.Charts = append(sec.Charts, template.HTML(trajectorySVG("c-replicator", "Replicator dynamics: each bot's share of the population", names, an.Replicator.Times, an.Replicator.Path)))
		}
		var rows []intervalRow
		tb := &htable{ID: "t-" + m.Key, Head: heads(true, "#", "bot", m.Weight, "95% low", "95% high", "rank", "not separable from")}
		tb.Head[1].Num, tb.Head[6].Num = false, false
		for r, i := range m.Rank.Order {
			wt := m.Rank.Weights[i]
			ins := inseparableText(names, m.Rank.Inseparable[i])
			rows = append(rows, intervalRow{Label: names[i], X: wt.Point, Lo: wt.Lo, Hi: wt.Hi, Significant: len(m.Rank.Inseparable[i]) == 0,
				Tip: fmt.Sprintf("%s: %s %s, 95%% interval %s, rank %s; not separable from %s", names[i], m.Weight, weightText(wt.Point), intervalText(wt), rankText(wt), ins)})
			tb.Rows = append(tb.Rows, []hcell{countCell(int64(r + 1)), textCell(names[i]), numCell(weightText(wt.Point), wt.Point),
				numCell(weightText(wt.Lo), wt.Lo), numCell(weightText(wt.Hi), wt.Hi), numCell(rankText(wt), float64(wt.RankLo)), textCell(ins)})
		}
		sec.Charts = append(sec.Charts, template.HTML(intervalSVG("c-"+m.Key+"-w", m.Name+": "+m.Weight+" (95% interval)", "bot", m.Weight, 1/float64(len(names)), rows)))
		sec.Tables = append(sec.Tables, tb)
		secs = append(secs, sec)
	}
	return secs, nil
}

// lineColours are the trajectory's line colours (Tableau 10), reused in
// order past ten bots.
var lineColours = []string{"#4e79a7", "#f28e2b", "#e15759", "#76b7b2", "#59a14f", "#edc948", "#b07aa1", "#ff9da7", "#9c755f", "#bab0ac"}

// trajectorySVG draws each strategy's share over time as a line. Time
// runs on a log(1 + t) axis: most of the change happens early, and a
// slow approach or a cycle shows later.
func trajectorySVG(id, title string, names []string, times []float64, path [][]float64) string {
	gx, gy, gw, gh := 56.0, 46.0, 460.0, 240.0
	legendW := 0.0
	for _, n := range names {
		legendW = math.Max(legendW, svgTextWidth(n))
	}
	w, h := gx+gw+30+legendW+24, gy+gh+52
	tmax := times[len(times)-1]
	sx := func(t float64) float64 { return gx + gw*math.Log1p(t)/math.Log1p(tmax) }
	sy := func(v float64) float64 { return gy + gh*(1-v) }
	var b strings.Builder
	svgOpen(&b, id, title, w, h)
	for k := 0; k <= 4; k++ {
		v := float64(k) / 4
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e4e4e4"/><text x="%s" y="%s" text-anchor="end" dominant-baseline="central">%s</text>`,
			f1(gx), f1(sy(v)), f1(gx+gw), f1(sy(v)), f1(gx-6), f1(sy(v)), strconv.FormatFloat(v, 'f', 2, 64))
	}
	for _, t := range append([]float64{0}, logTicks(tmax)...) {
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="#e4e4e4"/><text x="%s" y="%s" text-anchor="middle">%s</text>`,
			f1(sx(t)), f1(gy), f1(sx(t)), f1(gy+gh), f1(sx(t)), f1(gy+gh+16), strconv.FormatFloat(t, 'g', -1, 64))
	}
	fmt.Fprintf(&b, `<text class="axt" x="%s" y="%s" text-anchor="middle">time (log scale; payoff units)</text>`, f1(gx+gw/2), f1(gy+gh+38))
	yTitle(&b, gx+24, gy-10, "share")
	for i, n := range names {
		col := lineColours[i%len(lineColours)]
		var pts []string
		for s, x := range path {
			pts = append(pts, f1(sx(times[s]))+","+f1(sy(x[i])))
		}
		last := path[len(path)-1][i]
		fmt.Fprintf(&b, `<g class="hv"><title>%s: share %s at the start, %s at time %g</title><polyline points="%s" fill="none" stroke="%s" stroke-width="2.2"/></g>`,
			esc(n), weightText(path[0][i]), weightText(last), tmax, strings.Join(pts, " "), col)
		ly := gy + 8 + 18*float64(i)
		fmt.Fprintf(&b, `<line x1="%s" y1="%s" x2="%s" y2="%s" stroke="%s" stroke-width="3"/><text x="%s" y="%s" dominant-baseline="central">%s</text>`,
			f1(gx+gw+18), f1(ly), f1(gx+gw+36), f1(ly), col, f1(gx+gw+42), f1(ly), esc(n))
	}
	b.WriteString(`</svg>`)
	return b.String()
}

// logTicks returns 1, 10, 100, ... up to tmax, and tmax.
func logTicks(tmax float64) []float64 {
	var out []float64
	for t := 1.0; t < tmax*0.7; t *= 10 {
		out = append(out, t)
	}
	return append(out, tmax)
}

// renderFitted writes t with its last column wrapped when that fits the
// width, and folded into blocks of columns when even the narrowest
// wrapped column would not (long bot names).
func (p *printer) renderFitted(t *Table) {
	width := p.width
	if width <= 0 {
		width = Width
	}
	var b strings.Builder
	t.Write(&b, width)
	for _, l := range strings.Split(b.String(), "\n") {
		if textWidth(l) > width {
			t.Wrap = false
			break
		}
	}
	p.render(t)
}
