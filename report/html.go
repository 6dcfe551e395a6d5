package report

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
)

// grid is a heat map's data: row r is drawn at the top for r = 0.
type grid struct {
	z [][]float64
}

func (g grid) Dims() (c, r int)   { return len(g.z[0]), len(g.z) }
func (g grid) Z(c, r int) float64 { return g.z[len(g.z)-1-r][c] }
func (g grid) X(c int) float64    { return float64(c) }
func (g grid) Y(r int) float64    { return float64(r) }

// labelTicks puts one label at each integer position.
type labelTicks []string

func (l labelTicks) Ticks(min, max float64) []plot.Tick {
	var t []plot.Tick
	for i, s := range l {
		t = append(t, plot.Tick{Value: float64(i), Label: s})
	}
	return t
}

// heatmap draws win rates in [0, 1] on a blue (losing) to red (winning)
// diverging scale centred on 1/2, with the percentage written in each
// cell; cells without games are grey.
func heatmap(title, xlabel, ylabel string, rows, cols []string, cells [][]analysis.Estimate, size vg.Length) ([]byte, error) {
	n, m := len(rows), len(cols)
	z := make([][]float64, n)
	var xys plotter.XYs
	var labels []string
	for r := range n {
		z[r] = make([]float64, m)
		for c := range m {
			e := cells[r][c]
			z[r][c] = e.Score
			if e.Record.Games() == 0 {
				continue
			}
			xys = append(xys, plotter.XY{X: float64(c), Y: float64(n - 1 - r)})
			s := strconv.FormatFloat(100*e.Score, 'f', 0, 64)
			if !e.Significant {
				s = "~" + s
			}
			labels = append(labels, s)
		}
	}
	cmap := moreland.SmoothBlueRed()
	cmap.SetMin(0)
	cmap.SetMax(1)
	h := plotter.NewHeatMap(grid{z}, cmap.Palette(101))
	h.Min, h.Max = 0, 1
	h.NaN = color.Gray{Y: 0xdd}
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.Add(h)
	if len(xys) > 0 {
		l, err := plotter.NewLabels(plotter.XYLabels{XYs: xys, Labels: labels})
		if err != nil {
			return nil, err
		}
		for i := range l.TextStyle {
			l.TextStyle[i].XAlign = text.XCenter
			l.TextStyle[i].YAlign = text.YCenter
			l.TextStyle[i].Font.Size = vg.Points(8)
		}
		p.Add(l)
	}
	ylabels := make([]string, n)
	for r := range rows {
		ylabels[n-1-r] = rows[r]
	}
	p.X.Tick.Marker = labelTicks(cols)
	p.Y.Tick.Marker = labelTicks(ylabels)
	p.X.Tick.Label.Rotation = math.Pi / 4
	p.X.Tick.Label.XAlign = draw.XRight
	p.X.Tick.Label.YAlign = draw.YCenter
	p.X.Padding, p.Y.Padding = 0, 0
	p.X.Min, p.X.Max = -0.5, float64(m)-0.5
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	return png(p, size, size)
}

// ratingPoints are the ratings with their intervals, one per row.
type ratingPoints struct {
	elo, lo, hi []float64
}

func (r ratingPoints) Len() int                        { return len(r.elo) }
func (r ratingPoints) XY(i int) (float64, float64)     { return r.elo[i], float64(i) }
func (r ratingPoints) XError(i int) (float64, float64) { return r.elo[i] - r.lo[i], r.hi[i] - r.elo[i] }

// ratingsPlot draws each bot's Elo with its 95% interval, strongest on
// top.
func ratingsPlot(s *analysis.Summary) ([]byte, error) {
	rk := s.Ranking
	n := len(rk.Order)
	pts := ratingPoints{make([]float64, n), make([]float64, n), make([]float64, n)}
	names := make([]string, n)
	for rank, i := range rk.Order {
		y := n - 1 - rank
		r := rk.Ratings[i]
		pts.elo[y], pts.lo[y], pts.hi[y] = r.Elo, r.Lo, r.Hi
		names[y] = r.Bot
	}
	p := plot.New()
	p.Title.Text = "Bradley–Terry ratings (Elo, 95% interval)"
	p.X.Label.Text = "Elo relative to the average bot"
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Radius = vg.Points(3)
	sc.GlyphStyle.Shape = draw.CircleGlyph{}
	eb, err := plotter.NewXErrorBars(pts)
	if err != nil {
		return nil, err
	}
	eb.LineStyle.Width = vg.Points(1.5)
	p.Add(plotter.NewGrid(), eb, sc)
	p.Y.Tick.Marker = labelTicks(names)
	p.Y.Min, p.Y.Max = -0.5, float64(n)-0.5
	// Leave room for the outermost error bars and keep 0 in view.
	lo, hi := 0.0, 0.0
	for i := range pts.elo {
		if !math.IsInf(pts.lo[i], 0) && !math.IsNaN(pts.lo[i]) {
			lo = math.Min(lo, pts.lo[i])
		}
		if !math.IsInf(pts.hi[i], 0) && !math.IsNaN(pts.hi[i]) {
			hi = math.Max(hi, pts.hi[i])
		}
	}
	pad := 0.08 * (hi - lo)
	p.X.Min, p.X.Max = lo-pad, hi+pad
	return png(p, 7*vg.Inch, vg.Length(1.2+0.35*float64(n))*vg.Inch)
}

func png(p *plot.Plot, w, h vg.Length) ([]byte, error) {
	wt, err := p.WriterTo(w, h, "png")
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if _, err := wt.WriteTo(&b); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Figure is one plot of the HTML page.
type figure struct {
	Title, Caption, Alt string
	Src                 template.URL
}

var page = template.Must(template.New("page").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>{{.Title}}</title>
<style>
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; color: #222; }
h1 { font-size: 1.5em; } h2 { font-size: 1.2em; margin-top: 2em; }
figure { margin: 1em 0; } img { max-width: 100%; border: 1px solid #ddd; }
figcaption { color: #555; font-size: 0.9em; }
pre { font-size: 0.8em; background: #f7f7f7; padding: 1em; overflow-x: auto; }
</style>
</head>
<body>
<h1>{{.Title}}</h1>
<p>{{.Info}}</p>
{{range .Figures}}<h2>{{.Title}}</h2>
<figure><img class="plot" alt="{{.Alt}}" src="{{.Src}}"><figcaption>{{.Caption}}</figcaption></figure>
{{end}}<h2>All tables</h2>
<pre>{{.Text}}</pre>
<p id="plot-status">plots not checked</p>
<script>
// Reports whether every plot decoded, for automated checks.
window.addEventListener("load", function () {
  var imgs = document.querySelectorAll("img.plot"), ok = 0;
  imgs.forEach(function (i) { if (i.complete && i.naturalWidth > 0) ok++; });
  document.getElementById("plot-status").textContent = "plots rendered: " + ok + " of " + imgs.length;
});
</script>
</body>
</html>
`))

// HTML writes one self-contained page (no external files or network):
// the plots as base64 PNGs drawn with gonum/plot, then every text table.
func HTML(w io.Writer, s *analysis.Summary, m *results.Manifest) error {
	var figs []figure
	add := func(title, caption string, b []byte, err error) error {
		if err != nil {
			return fmt.Errorf("plot %q: %w", title, err)
		}
		figs = append(figs, figure{Title: title, Caption: caption, Alt: title,
			Src: template.URL("data:image/png;base64," + base64.StdEncoding.EncodeToString(b))})
		return nil
	}
	if s.Counts.Games() > 0 {
		b, err := ratingsPlot(s)
		if err := add("Ratings", "Bradley–Terry maximum likelihood on the Elo scale, mean zero; bars are 95% intervals from the observed information.", b, err); err != nil {
			return err
		}
		var bots []string
		cells := make([][]analysis.Estimate, len(s.Ranking.Order))
		for r, i := range s.Ranking.Order {
			bots = append(bots, s.Counts.Bots[i])
			for _, j := range s.Ranking.Order {
				cells[r] = append(cells[r], s.Cross.Cells[i][j])
			}
		}
		b, err = heatmap("Cross-table: row's score % against column", "opponent", "bot", bots, bots, cells, vg.Length(3.5+0.6*float64(len(bots)))*vg.Inch)
		if err := add("Cross-table", "Red: the row bot scores more than 50%; blue: less. ~ marks scores whose 95% Wilson interval includes 50%.", b, err); err != nil {
			return err
		}
		lo := s.Pooled.Collapse(analysis.ByLoadout)
		var short []string
		for i := range analysis.NumLoadouts {
			short = append(short, shortLoadout(i))
		}
		b, err = heatmap("Loadout against loadout, all bots: row's win rate %", "opponent loadout", "loadout", lo.Labels, short, lo.Cells, 9*vg.Inch)
		if err := add("Loadout against loadout", "Pooled over every game of every bot, each game counted once from each side. Grey: never met (two players never keep the same character, so same-character cells are always grey).", b, err); err != nil {
			return err
		}
		ch := s.Pooled.Collapse(analysis.ByCharacter)
		b, err = heatmap("Character against character, all bots: row's win rate %", "opponent character", "character", ch.Labels, ch.Labels, ch.Cells, 5*vg.Inch)
		if err := add("Character against character", "The 12×12 table collapsed to characters (two players never keep the same character).", b, err); err != nil {
			return err
		}
		bo := s.Pooled.Collapse(analysis.ByBooster)
		var bshort []string
		for _, l := range bo.Labels {
			bshort = append(bshort, abbreviate(l))
		}
		b, err = heatmap("Booster against booster, all bots: row's win rate %", "opponent booster", "booster", bo.Labels, bshort, bo.Cells, 7*vg.Inch)
		if err := add("Booster against booster", "The 12×12 table collapsed to boosters; No Booster pools the four characters.", b, err); err != nil {
			return err
		}
		for _, i := range s.Ranking.Order {
			bl := s.PerBot[i].Collapse(analysis.ByLoadout)
			name := s.Counts.Bots[i]
			b, err = heatmap("Loadouts of "+name+": its win rate % with row against column", "opponent loadout", name+"'s loadout", bl.Labels, short, bl.Cells, 7*vg.Inch)
			if err := add("Loadouts of "+name, name+"'s games only: rows are its loadout, columns its opponents'. Grey: never played.", b, err); err != nil {
				return err
			}
		}
	}
	var text bytes.Buffer
	if err := Text(&text, s, m, Options{Full: true}); err != nil {
		return err
	}
	info := fmt.Sprintf("%d bots, %d games.", len(s.Counts.Bots), s.Counts.Games())
	if m != nil {
		info = fmt.Sprintf("%d bots, %d of %d games, master seed %d, nzsc %s, started %s.", len(s.Counts.Bots),
			m.GamesDone, m.GamesPlanned, m.Seed, m.Version, m.Started.Format("2006-01-02 15:04 UTC"))
	}
	return page.Execute(w, struct {
		Title, Info, Text string
		Figures           []figure
	}{"NZSC tournament report", info, text.String(), figs})
}
