package report

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/results"
)

// SPRTLook is one look at the log-likelihood ratio.
type SPRTLook struct {
	Games uint64  `json:"games"`
	LLR   float64 `json:"llr"`
}

// SPRT is a sequential test's result document (docs/results-format.md).
type SPRT struct {
	Format string `json:"format"`
	New    string `json:"new"`
	Base   string `json:"base"`
	// Seats and Field, in a test at three or four seats, are the table's
	// size and the bots of its other seats; a game is then won when New
	// finished ahead of Base, drawn when they shared a place.
	Seats       int             `json:"seats,omitempty"`
	Field       []string        `json:"field,omitempty"`
	Seed        string          `json:"seed"`
	Elo0        float64         `json:"elo0"`
	Elo1        float64         `json:"elo1"`
	Alpha       float64         `json:"alpha"`
	Beta        float64         `json:"beta"`
	Model       string          `json:"model"`
	Games       uint64          `json:"games"`
	Wins        uint64          `json:"wins"`
	Draws       uint64          `json:"draws"`
	Losses      uint64          `json:"losses"`
	Pentanomial [5]int64        `json:"pentanomial"`
	LLR         float64         `json:"llr"`
	Lower       float64         `json:"lower_bound"`
	Upper       float64         `json:"upper_bound"`
	Verdict     string          `json:"verdict"`
	Elo         analysis.Number `json:"elo"`
	EloLo       analysis.Number `json:"elo_lo95"`
	EloHi       analysis.Number `json:"elo_hi95"`
	LOS         analysis.Number `json:"los"`
	// NElo is the normalized Elo (the scale of a normalized test's
	// bounds) with its 95% interval, as fastchess's nElo.
	NElo        analysis.Number `json:"nelo"`
	NEloLo      analysis.Number `json:"nelo_lo95"`
	NEloHi      analysis.Number `json:"nelo_hi95"`
	Looks       []SPRTLook      `json:"looks"`
	Interrupted bool            `json:"interrupted"`
	// Openings, in a test with openings, are its openings and how much
	// they narrowed the Elo interval, from the counts' per-opening
	// tallies (every finished chunk: in an older test, deciding at batch
	// ends, a batch after its last look included, which its verdict
	// does not count yet).
	Openings *Openings `json:"openings,omitempty"`
}

// SPRTText writes the test's result for people, wrapped to Width
// columns.
func SPRTText(w io.Writer, o *SPRT, v analysis.Verdict) {
	p := &printer{w: w}
	p.para(o.verdictLine(v))
	if o.Seats > 2 {
		p.para(o.fieldLine())
	}
	p.para(fmt.Sprintf("W %d D %d L %d, pentanomial %v", o.Wins, o.Draws, o.Losses, o.Pentanomial))
	if o.measured() {
		from := "from the pair scores"
		if alike(o.Pentanomial) {
			from = "every pair scored alike: the games' Wilson interval"
		}
		nelo := ""
		if o.Model == analysis.Normalized.String() && !math.IsNaN(float64(o.NElo)) {
			// The scale of the test's bounds, which the logistic Elo is
			// not.
			nelo = fmt.Sprintf(", normalized Elo %s [%s, %s]", signed(float64(o.NElo), 1), signed(float64(o.NEloLo), 1), signed(float64(o.NEloHi), 1))
		}
		p.para(fmt.Sprintf("Elo %s [%s, %s]%s (95%%, %s; not corrected for early stopping), LOS %.1f%%",
			signed(float64(o.Elo), 1), signed(float64(o.EloLo), 1), signed(float64(o.EloHi), 1), nelo, from, 100*float64(o.LOS)))
	} else {
		p.para("Elo not measured yet: no game pair played")
	}
	if o.Openings != nil {
		p.para(o.Openings.Text(0))
	}
}

// alike reports whether every pair scored alike (one bin of the
// pentanomial), whose Elo interval is then the games' Wilson interval
// (analysis.EloPairs).
func alike(penta [5]int64) bool {
	bins := 0
	for _, n := range penta {
		if n > 0 {
			bins++
		}
	}
	return bins == 1
}

// verdictLine is the test's verdict and where it was reached, one
// sentence (SPRTText wraps it, the HTML page shows it whole).
func (o *SPRT) verdictLine(v analysis.Verdict) string {
	var head string
	switch v {
	case analysis.AcceptH1:
		head = fmt.Sprintf("H1 accepted: %s is at least %g Elo (%s) stronger than %s", o.New, o.Elo1, o.Model, o.Base)
	case analysis.AcceptH0:
		head = fmt.Sprintf("H0 accepted: %s is not %g Elo (%s) stronger than %s", o.New, o.Elo1, o.Model, o.Base)
	default:
		head = fmt.Sprintf("no verdict (%s)", o.Verdict)
	}
	return head + fmt.Sprintf(" after %d games (LLR %.3f, bounds [%.3f, %.3f])", o.Games, o.LLR, o.Lower, o.Upper)
}

// measured reports whether the test has an Elo estimate: before its
// first pair the estimate is NaN, which reads as a number it is not.
func (o *SPRT) measured() bool { return o.Games > 0 && !math.IsNaN(float64(o.Elo)) }

// fieldLine says, at three or four seats, who held the other seats and
// what a game's score is.
func (o *SPRT) fieldLine() string {
	return fmt.Sprintf("At %d seats, %s: a game is won when %s finished ahead of %s, drawn when they shared a place.",
		o.Seats, FieldText(o.Field), o.New, o.Base)
}

// FieldText says which bots sat in the other seats of a test at three or
// four seats.
func FieldText(field []string) string {
	if len(field) == 1 {
		return field[0] + " in the other seat"
	}
	return strings.Join(field, " and ") + " in the other seats"
}

// NewSPRT builds a test's result document from its settings and looks:
// the result is the last look's. (A run's report reads its saved counts
// too, ReadTo: a test deciding after every pair and stopped between two
// looks read more than its last look.)
func NewSPRT(newBot, base string, seed uint64, t analysis.SPRT, st *results.SPRTState, verdict analysis.Verdict, interrupted bool) *SPRT {
	lower, upper := t.Bounds()
	out := &SPRT{Format: "nzsc-sprt/1", New: newBot, Base: base,
		Seed: game.FormatSeed(seed), Elo0: t.Elo0, Elo1: t.Elo1, Alpha: t.Alpha, Beta: t.Beta,
		Model: t.Model.String(), Lower: lower, Upper: upper, Interrupted: interrupted, Looks: []SPRTLook{}}
	if len(st.Field) > 0 {
		out.Seats, out.Field = len(st.Field)+2, slices.Clone(st.Field)
	}
	if n := len(st.Looks); n > 0 {
		last := st.Looks[n-1]
		out.LLR, out.Games, out.Pentanomial = last.LLR, last.Games, last.Pentanomial
		out.Wins, out.Draws, out.Losses = last.WDL[0], last.WDL[1], last.WDL[2]
	}
	for _, l := range st.Looks {
		out.Looks = append(out.Looks, SPRTLook{Games: l.Games, LLR: l.LLR})
	}
	switch {
	case verdict != analysis.Continue:
		out.Verdict = verdict.String()
	case interrupted:
		out.Verdict = "interrupted"
	default:
		out.Verdict = "inconclusive at --max-games"
	}
	out.estimate()
	return out
}

// estimate sets the Elo estimate from the pentanomial counts.
func (o *SPRT) estimate() {
	est := analysis.EloFromPentanomial(o.Pentanomial)
	o.Elo, o.EloLo, o.EloHi, o.LOS = analysis.Number(est.Elo), analysis.Number(est.Lo), analysis.Number(est.Hi), analysis.Number(est.LOS)
	o.NElo, o.NEloLo, o.NEloHi = analysis.Number(est.NElo), analysis.Number(est.NEloLo), analysis.Number(est.NEloHi)
}

// ReadTo makes o, NewSPRT's document of st, the result at counts, the
// run's saved counts, when the test read more of them than its last
// look: a test of st.EveryPair reads every pair, in order, and saves
// every pair it read when stopped (Ctrl-C), but records a look only at
// a batch's end and where it decides. Stopped between two looks, its
// result is then the pairs it read: their counts, their LLR, and a last
// point in Looks (not in the run directory's manifest, so a resumed
// test's looks are an uninterrupted test's). An older test decides at
// batch ends only, so the games after its last look are no part of it
// yet (kept for --resume): its result stays its last look's.
func (o *SPRT) ReadTo(t analysis.SPRT, st *results.SPRTState, counts *analysis.Tournament) {
	if !st.EveryPair || counts == nil || len(counts.Pairings) == 0 && len(counts.Tables) == 0 {
		return
	}
	games, penta, wdl := analysis.SPRTCounts(counts)
	if games <= o.Games {
		return
	}
	o.Games, o.Pentanomial, o.LLR = games, penta, t.LLR(penta)
	o.Wins, o.Draws, o.Losses = uint64(wdl.Wins), uint64(wdl.Draws), uint64(wdl.Losses)
	o.Looks = append(o.Looks, SPRTLook{Games: games, LLR: o.LLR})
	o.estimate()
}

// SPRTProgress writes a sequential test's progress for people as it
// goes: its heading, wrapped to width columns, and the looks taken
// before a resume; it returns the writer of each new look's line.
func SPRTProgress(w io.Writer, width int, newBot, base string, t analysis.SPRT, st *results.SPRTState) func(results.SPRTLook) {
	lower, upper := t.Bounds()
	fmt.Fprintln(w, WrapText(fmt.Sprintf("SPRT %s vs %s: H0 elo=%g, H1 elo=%g (%s), alpha=%g, beta=%g; LLR bounds [%.3f, %.3f]",
		newBot, base, t.Elo0, t.Elo1, t.Model, t.Alpha, t.Beta, lower, upper), width))
	for _, l := range st.Looks {
		fmt.Fprintf(w, "%9d games  LLR %7.3f  (before --resume)\n", l.Games, l.LLR)
	}
	return func(l results.SPRTLook) {
		fmt.Fprintf(w, "%9d games  LLR %7.3f  W %d D %d L %d\n", l.Games, l.LLR, l.WDL[0], l.WDL[1], l.WDL[2])
	}
}
