package report

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/loadouts"
	"github.com/nzsclab/nzsc/results"
)

// This file is the end of every run, the one place that turns a run's
// counts into its report: Tail summarises the counts as the run's kind
// reads them (chosen by the manifest: its game, seats and kind), writes
// the derived tables into the run directory and renders text, CSV, JSON
// or HTML. Every command that ends a run (tournament, match, sprt,
// report, merge) and the browser's Runs page call it and nothing else,
// so a run reads the same however it was played, resumed, sharded and
// merged, or re-rendered.

// DefaultTop is the number of loadout pairings a match's text lists
// when the command that played it was not told (nzsc report, the Runs
// page).
const DefaultTop = 12

// End is a run's end as Tail takes it.
type End struct {
	// Dir, when set, is the run directory that receives the derived
	// tables; nil for a run that keeps none.
	Dir *results.Dir
	// Manifest and Counts are the run's (results.Load, or a run just
	// played).
	Manifest *results.Manifest
	Counts   *analysis.Tournament
	// Format is what Tail writes: "json", "csv", "html", "" nothing,
	// anything else the text report.
	Format string
	Options
	// Done, when closed (a context's Done: Ctrl-C), stops the summary's
	// bootstrap of a free-for-all's meta-game, a two-player
	// tournament's Bradley–Terry fit and a two-player page's dynamics
	// (α-Rank, Moran, replicator), seconds to minutes of CPU: Tail
	// then returns an error wrapping analysis.ErrStopped, having written
	// nothing. A run's own tail leaves it nil: after an interrupted run
	// the partial report is what the user waits for.
	Done <-chan struct{}
	// Page, when set, also receives the run's HTML page, rendered from
	// the same summary before anything else is written: a command that
	// writes a report and a page summarises the counts once (a
	// free-for-all's meta-game bootstrap is seconds of CPU).
	Page io.Writer
}

// TablesError is a run's report that was rendered, but whose derived
// tables could not be written into its run directory (a read-only
// archive): the command decides whether that fails it.
type TablesError struct{ Err error }

func (e *TablesError) Error() string { return "CSV tables not rewritten: " + e.Err.Error() }
func (e *TablesError) Unwrap() error { return e.Err }

// Tail is the one end of every run: it summarises e's counts, writes
// the derived tables into e.Dir (removing derived tables the run does
// not have, left by an older program) and writes the report in e.Format
// to w. A failure to write the tables is a *TablesError, returned after
// the report is rendered.
func Tail(w io.Writer, e End) error {
	r, err := summarize(e.Manifest, e.Counts, e.Options, e.Done)
	if err != nil {
		return err
	}
	if e.Page != nil {
		if err := r.Render(e.Page, "html"); err != nil {
			return err
		}
	}
	var tablesErr error
	if e.Dir != nil {
		if err := r.WriteTables(e.Dir); err != nil {
			tablesErr = &TablesError{err}
		}
	}
	if e.Format != "" {
		if err := r.Render(w, e.Format); err != nil {
			return err
		}
	}
	return tablesErr
}

// runReport is a run's counts summarised as its kind reads them: a
// two-player tournament's ratings, cross-table and (NZSC) loadouts; the
// Plackett–Luce ranking of tables of three or four; a match's one
// pairing; a sequential test's looks and verdict.
type runReport struct {
	Manifest *results.Manifest
	Counts   *analysis.Tournament
	opt      Options
	// done stops the rendering's own bootstrap, a two-player page's
	// dynamics (End.Done).
	done <-chan struct{}
	// Exactly one of these is set.
	tournament *analysis.Summary
	ffa        *analysis.FFASummary
	match      *Match
	sprt       *SPRT
	verdict    analysis.Verdict
}

// summarize summarises a run's counts by its manifest's game, seats
// and kind; opt is kept for rendering; done stops it (End.Done).
func summarize(man *results.Manifest, counts *analysis.Tournament, opt Options, done <-chan struct{}) (*runReport, error) {
	r := &runReport{Manifest: man, Counts: counts, opt: opt, done: done}
	switch {
	case man.NumSeats() > 2 && man.Kind != results.KindSPRT:
		s, err := analysis.SummarizeFFA(counts, done)
		if err != nil {
			return nil, err
		}
		r.ffa = s
	case man.Kind == results.KindTournament:
		s, err := analysis.SummarizeUntil(counts, done)
		if err != nil {
			return nil, err
		}
		r.tournament = s
	case man.Kind == results.KindMatch:
		r.match = matchOf(man, counts, man.Interrupted, opt.Top)
		r.match.Width = opt.Width
	case man.Kind == results.KindSPRT:
		o, verdict, err := sprtOf(man, counts)
		if err != nil {
			return nil, err
		}
		r.sprt, r.verdict = o, verdict
	default:
		return nil, fmt.Errorf("a %q run, which this version does not know", man.Kind)
	}
	return r, nil
}

// derivedFiles are the names of the tables any kind of run writes into
// its run directory, but for the game's own (game-*.csv): a run's tail
// removes those its kind does not write (a merge by an older program
// wrote a two-player tournament's tables into a free-for-all's
// directory).
var derivedFiles = []string{"ratings.csv", "crosstable.csv", "loadouts.csv", "picks.csv", "pairings.csv", "metagame.csv",
	"places.csv", "ahead.csv", "seats.csv", "match.csv", "faults.csv", "looks.csv"}

// derived reports whether a run directory's file is a derived table.
func derived(name string) bool {
	return slices.Contains(derivedFiles, name) || strings.HasPrefix(name, "game-") && strings.HasSuffix(name, ".csv")
}

// Tables returns the run's derived tables, the CSV files of its run
// directory (docs/results-format.md): every table of its report.
func (r *runReport) Tables() ([]CSVTable, error) {
	switch {
	case r.tournament != nil:
		return append(TournamentTables(r.tournament), gameCSVTables(r.Counts)...), nil
	case r.ffa != nil:
		return FFATables(r.ffa)
	case r.match != nil:
		return append([]CSVTable{matchTable(r.match), matchFaults(r.match)}, gameCSVTables(r.Counts)...), nil
	}
	return []CSVTable{sprtLooks(r.sprt)}, nil
}

// WriteTables writes the run's derived tables into dir and removes the
// derived tables it does not write. Its error is one line: the first
// failure, and the names of the other files that failed (a full disk
// fails every table alike, and said so once a table, a line each).
func (r *runReport) WriteTables(dir *results.Dir) error {
	tables, err := r.Tables()
	if err != nil {
		return err
	}
	var first error
	var others []string
	fail := func(name string, err error) {
		switch {
		case err == nil:
		case first == nil:
			first = err
		default:
			others = append(others, name)
		}
	}
	for _, t := range tables {
		fail(t.Name, dir.WriteFile(t.Name, t.CSV()))
	}
	files, err := dir.Files()
	if err != nil {
		fail("the directory's listing", err)
	}
	for _, name := range files {
		if derived(name) && !slices.ContainsFunc(tables, func(t CSVTable) bool { return t.Name == name }) {
			fail(name, dir.Remove(name))
		}
	}
	if len(others) > 0 {
		return fmt.Errorf("%w (and %s too)", first, strings.Join(others, ", "))
	}
	return first
}

// Render writes the run's report in format: "json", "csv", "html", or
// anything else the text report.
func (r *runReport) Render(w io.Writer, format string) error {
	if format == "csv" && (r.tournament != nil || r.ffa != nil) {
		// Every table of the run directory, for every game and table
		// size (a match's CSV is its own rows, MatchCSV).
		tables, err := r.Tables()
		if err != nil {
			return err
		}
		return CSV(w, tables)
	}
	switch {
	case r.tournament != nil:
		s, m := r.tournament, r.Manifest
		switch format {
		case "json":
			return JSON(w, s, m)
		case "html":
			return tournamentHTML(w, s, m, r.done)
		}
		return Text(w, s, m, r.opt)
	case r.ffa != nil:
		s, m := r.ffa, r.Manifest
		switch format {
		case "json":
			return FFAJSON(w, s, m)
		case "html":
			return FFAHTML(w, s, m)
		}
		return FFAText(w, s, m, r.opt)
	case r.match != nil:
		switch format {
		case "json":
			return MatchJSON(w, r.match)
		case "csv":
			return MatchCSV(w, r.match)
		case "html":
			return MatchHTML(w, r.match)
		}
		return MatchText(w, r.match)
	}
	switch format {
	case "json":
		return WriteJSON(w, r.sprt)
	case "html":
		return SPRTHTML(w, r.sprt, r.verdict)
	}
	if format == "csv" {
		// Its one table, looks.csv, as a match's is its rows.
		t := sprtLooks(r.sprt)
		_, err := w.Write(t.CSV())
		return err
	}
	SPRTText(w, r.sprt, r.verdict)
	return nil
}

// matchOf is a match's summary as its renderers take it, from the run's
// manifest (bots, seed, planned games) and counts; interrupted says the
// run stopped early and top how many loadout pairings to list.
func matchOf(man *results.Manifest, counts *analysis.Tournament, interrupted bool, top int) *Match {
	sum := analysis.SummarizeMatch(&counts.Pairings[0])
	loadouts.Match(&sum, counts, &counts.Pairings[0])
	return &Match{A: counts.Bots[0], B: counts.Bots[1], Seed: man.Seed, GamesPlanned: man.GamesPerPairing,
		Interrupted: interrupted, Summary: sum, Top: top, Counts: counts, Openings: openingsOf(man, counts)}
}

// SPRTTest returns a sequential test's settings as a manifest stores
// them, checked (results.SPRTState.Test).
func SPRTTest(st *results.SPRTState) (analysis.SPRT, error) { return st.Test() }

// sprtOf is a finished or stopped sequential test's summary and verdict,
// from its run directory.
func sprtOf(man *results.Manifest, counts *analysis.Tournament) (*SPRT, analysis.Verdict, error) {
	st := man.SPRT
	if st == nil {
		return nil, analysis.Continue, fmt.Errorf("a sequential test without its settings")
	}
	t, err := SPRTTest(st)
	if err != nil {
		return nil, analysis.Continue, err
	}
	verdict := t.Final(st.Last())
	o := NewSPRT(counts.Bots[0], counts.Bots[1], man.Seed, t, st, verdict, man.Interrupted || !man.Complete) // killed: neither
	o.ReadTo(t, st, counts)
	o.Openings = openingsOf(man, counts)
	return o, verdict, nil
}
