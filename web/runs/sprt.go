package runs

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
	"github.com/nzsclab/nzsc/roundrobin"
)

// SPRTRequest is a sequential test's settings (StartRequest.SPRT), as
// nzsc sprt's flags take them: NEW and BASE are the request's Bots, and
// its Games are the test's most games (--max-games).
type SPRTRequest struct {
	// H0: NEW is Elo0 stronger than BASE; H1: Elo1 (more than Elo0).
	Elo0 float64 `json:"elo0"`
	Elo1 float64 `json:"elo1"`
	// Alpha and Beta are the false positive and false negative rates,
	// in (0, 0.5).
	Alpha float64 `json:"alpha"`
	Beta  float64 `json:"beta"`
	// Model is the Elo model of the bounds: "logistic" (when empty) or
	// "normalized".
	Model string `json:"model,omitempty"`
	// Batch is the games between two looks at the LLR (positive, even;
	// 0: roundrobin.DefaultSPRTBatch, nzsc sprt's default).
	Batch int64 `json:"batch,omitempty"`
	// Field, at 3 or 4 players, are the bots of the other seats (--field):
	// one spec for every such seat or one per seat; empty: copies of
	// BASE.
	Field []string `json:"field,omitempty"`
}

// sprtTest is a sequential test a job plays: its settings, read once.
type sprtTest struct {
	st *results.SPRTState
	t  analysis.SPRT
}

// newSPRT checks req's test and makes cfg (game and bots set) its run,
// through the calls nzsc sprt makes (report.SPRTTest reads the
// settings, roundrobin.NewSPRT sets the run up), so that the page
// refuses what the command refuses, for the same reasons.
func newSPRT(cfg *roundrobin.Config, req *StartRequest) (*sprtTest, roundrobin.Start, error) {
	r := req.SPRT
	if r == nil {
		return nil, roundrobin.Start{}, fmt.Errorf("a sequential test needs its settings (sprt: elo0, elo1, alpha, beta, batch)")
	}
	if r.Model = strings.TrimSpace(r.Model); r.Model == "" {
		r.Model = analysis.Logistic.String()
	}
	if r.Batch == 0 {
		r.Batch = roundrobin.DefaultSPRTBatch
	}
	st := &results.SPRTState{Elo0: r.Elo0, Elo1: r.Elo1, Alpha: r.Alpha, Beta: r.Beta, Model: r.Model}
	t, err := report.SPRTTest(st)
	if err != nil {
		return nil, roundrobin.Start{}, fmt.Errorf("sprt: %w", err)
	}
	start, err := roundrobin.NewSPRT(cfg, st, req.Games, r.Batch)
	if err != nil {
		return nil, roundrobin.Start{}, fmt.Errorf("sprt: %w", err)
	}
	return &sprtTest{st: st, t: t}, start, nil
}

// sprtArgs are nzsc sprt's flags of the test, for the run's command line.
func sprtArgs(r *SPRTRequest) []string {
	f := func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }
	args := []string{"--elo0", f(r.Elo0), "--elo1", f(r.Elo1), "--alpha", f(r.Alpha), "--beta", f(r.Beta),
		"--model", r.Model, "--batch", strconv.FormatInt(r.Batch, 10)}
	if len(r.Field) > 0 {
		args = append(args, "--field", strings.Join(r.Field, ";"))
	}
	return args
}

// sprtStatus is the test's state for the job's status: report.NewSPRT's
// document, as nzsc sprt --format json writes it, of the last look only
// (a status is polled; the run directory keeps every look).
func (s *sprtTest) status(rd *roundrobin.RunDir, looks []results.SPRTLook, verdict analysis.Verdict, interrupted, running bool) *report.SPRT {
	last := &results.SPRTState{Field: s.st.Field}
	if n := len(looks); n > 0 {
		last.Looks = looks[n-1:]
	}
	o := report.NewSPRT(rd.Config.Bots[0].Name(), rd.Config.Bots[1].Name(), rd.Manifest.Seed, s.t, last, verdict, interrupted)
	if running && verdict == analysis.Continue {
		o.Verdict = analysis.Continue.String()
	}
	return o
}
