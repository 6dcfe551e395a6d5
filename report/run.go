package report

import (
	"fmt"
	"io"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/results"
)

// This file is the one place that turns a run directory's numbers into
// its report by the kind of run (a tournament, a free-for-all, a match, a
// sequential test): `nzsc report` and the browser's Runs page both call
// it, so they show the same thing.

// MatchOf is a match's summary as its renderers take it, from the run's
// manifest (bots, seed, planned games) and counts; interrupted says the
// run stopped early and top how many loadout pairings to list.
func MatchOf(man *results.Manifest, counts *analysis.Tournament, interrupted bool, top int) *Match {
	sum := analysis.SummarizeMatch(&counts.Pairings[0])
	loadouts.Match(&sum, counts, &counts.Pairings[0])
	return &Match{A: counts.Bots[0], B: counts.Bots[1], Seed: man.Seed, GamesPlanned: man.GamesPerPairing,
		Interrupted: interrupted, Summary: sum, Top: top}
}

// SPRTTest returns a sequential test's settings as a manifest stores
// them, checked.
func SPRTTest(st *results.SPRTState) (analysis.SPRT, error) {
	t := analysis.SPRT{Elo0: st.Elo0, Elo1: st.Elo1, Alpha: st.Alpha, Beta: st.Beta}
	var err error
	if t.Model, err = analysis.ParseEloModel(st.Model); err != nil {
		return t, fmt.Errorf("--model: %v", err)
	}
	return t, t.Check()
}

// SPRTOf is a finished or stopped sequential test's summary and verdict,
// from its run directory.
func SPRTOf(man *results.Manifest, counts *analysis.Tournament) (*SPRT, analysis.Verdict, error) {
	st := man.SPRT
	if st == nil {
		return nil, analysis.Continue, fmt.Errorf("a sequential test without its settings")
	}
	t, err := SPRTTest(st)
	if err != nil {
		return nil, analysis.Continue, err
	}
	verdict := analysis.Continue
	if st.Verdict != "" && len(st.Looks) > 0 {
		verdict = t.Decide(st.Looks[len(st.Looks)-1].LLR)
	}
	return NewSPRT(counts.Bots[0], counts.Bots[1], man.Seed, t, st, verdict, man.Interrupted), verdict, nil
}

// RunText writes a run's text report as the command that played it
// printed it.
func RunText(w io.Writer, man *results.Manifest, counts *analysis.Tournament, opt Options) error {
	switch {
	case man.NumSeats() > 2:
		s, err := analysis.SummarizeFFA(counts)
		if err != nil {
			return err
		}
		return FFAText(w, s, man, opt)
	case man.Kind == results.KindTournament:
		return Text(w, analysis.Summarize(counts), man, opt)
	case man.Kind == results.KindMatch:
		m := MatchOf(man, counts, man.Interrupted, 12)
		m.Width = opt.Width
		return MatchText(w, m)
	case man.Kind == results.KindSPRT:
		o, verdict, err := SPRTOf(man, counts)
		if err != nil {
			return err
		}
		SPRTText(w, o, verdict)
		return nil
	}
	return fmt.Errorf("a %q run, which this version does not know", man.Kind)
}

// RunHTML writes a run's self-contained HTML page.
func RunHTML(w io.Writer, man *results.Manifest, counts *analysis.Tournament) error {
	switch {
	case man.NumSeats() > 2:
		s, err := analysis.SummarizeFFA(counts)
		if err != nil {
			return err
		}
		return FFAHTML(w, s, man)
	case man.Kind == results.KindTournament:
		return HTML(w, analysis.Summarize(counts), man)
	case man.Kind == results.KindMatch:
		return MatchHTML(w, MatchOf(man, counts, man.Interrupted, 12))
	case man.Kind == results.KindSPRT:
		o, verdict, err := SPRTOf(man, counts)
		if err != nil {
			return err
		}
		return SPRTHTML(w, o, verdict)
	}
	return fmt.Errorf("a %q run, which this version does not know", man.Kind)
}
