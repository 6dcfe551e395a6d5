package main

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/pflag"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/analysis/dynamics"
	"github.com/nzsclab/nzsc/internal/inputfile"
	"github.com/nzsclab/nzsc/report"
	"github.com/nzsclab/nzsc/results"
)

func init() {
	register(&command{
		name:    "report",
		args:    "RUN_DIR",
		summary: "re-render a run directory (tournament, match or sprt) from its counts, without replaying games: its tables, --format csv|json, --html for a page with plots, --dynamics for evolutionary dynamics, --moran-run for one simulated Moran run",
		example: "nzsc report runs/20261121-120000-0x7 --html report.html\n  nzsc report runs/20261121-120000-0x7 --format csv",
		flags: func(fs *pflag.FlagSet) {
			addFormatFlag(fs, "", "table", "csv", "json")
			fs.Bool("full", false, "table format, two-player NZSC: also print every loadout and booster matrix and per-bot tables")
			fs.String("html", "", "also write a self-contained HTML report with plots to this `FILE` (a report page already there is replaced; any other file is refused)")
			addDynamicsFlags(fs)
		},
		run: runReport,
	})
}

func runReport(e *env, fs *pflag.FlagSet, args []string) error {
	if len(args) != 1 {
		return usagef("report: want one run directory, got %d arguments%s", len(args), newestRun("runs"))
	}
	format, err := formatOf("report", fs, "table", "csv", "json")
	if err != nil {
		return err
	}
	full, err := fullOf("report", fs, format)
	if err != nil {
		return err
	}
	if err := checkDynamicsFlags(fs); err != nil {
		return err
	}
	if path, _ := fs.GetString("html"); path != "" {
		// Before the work: a page that could not be written is known now.
		if err := checkHTMLPath(path); err != nil {
			return err
		}
	}
	dir, man, counts, err := results.Load(args[0])
	if err != nil {
		return usagef("report: %v", err)
	}
	if full {
		if err := onlyNZSC2Tables("report", "--full", man.GameName(), man.NumSeats(), man.Kind, results.KindTournament); err != nil {
			return err
		}
	}
	dyn, _ := fs.GetBool("dynamics")
	if (dyn || fs.Changed("moran-run")) && counts.Games() == 0 {
		// A run stopped before its first chunk: the analyses of no game
		// printed every bot at 1/n, [0.333, 0.333], as if they had tied.
		what := map[bool]string{true: "--dynamics", false: "--moran-run"}[dyn]
		return usagef("report: %s: %s has no game played yet (resume it with 'nzsc %s --resume %s')", what, args[0], man.Kind, args[0])
	}
	if dyn {
		return reportDynamics(e, fs, format, man, &counts.Tournament)
	}
	if fs.Changed("moran-run") {
		return reportMoranRun(e, fs, format, man, &counts.Tournament)
	}
	// Ctrl-C stops a free-for-all's meta-game bootstrap and a two-player
	// page's dynamics (seconds of CPU for many bots) as it stops
	// --dynamics'.
	end := report.End{Manifest: man, Counts: &counts.Tournament, Options: report.Options{Full: full, Width: e.width, Top: report.DefaultTop}, Done: e.ctx.Done()}
	// The CSV tables are derived files: rewritten so that they match
	// this program's analysis of the counts, unless a player holds the
	// run (it writes them itself when it ends; a report of a run being
	// played is a look at its progress, not a rewrite under it).
	end.Format = format
	if unlock, err := dir.Lock(); err != nil {
		fmt.Fprintf(e.stderr, "note: tables not rewritten: %v\n", err)
	} else {
		defer unlock()
		end.Dir = dir
		if err := dir.Unguarded(); err != nil {
			fmt.Fprintf(e.stderr, "note: %v\n", err)
		}
	}
	// With --html, the page comes from the report's own summary (one
	// meta-game bootstrap, not two), and is written before the report
	// is printed, which waits in memory.
	path, _ := fs.GetString("html")
	var page, text bytes.Buffer
	out := *e
	if path != "" {
		end.Page, out.stdout = &page, &text
	}
	if err := endRun(&out, end); errors.Is(err, analysis.ErrStopped) {
		return reportStopped(err)
	} else if err != nil {
		return usagef("report: %s: %v", args[0], err)
	}
	if path != "" {
		if err := writeHTML(path, func(w io.Writer) error { _, err := w.Write(page.Bytes()); return err }); err != nil {
			return err
		}
		if _, err := e.stdout.Write(text.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// errReportStopped is a report stopped by Ctrl-C in its meta-game's
// bootstrap: not bad input (exit 1), the same words as --dynamics'.
var errReportStopped = errors.New("report interrupted: the meta-game's bootstrap did not finish; nothing was written")

// errDynamicsStopped is a report stopped by Ctrl-C in its dynamics'
// bootstrap (--dynamics, or a two-player run's --html page).
var errDynamicsStopped = errors.New("report interrupted: the bootstrap did not finish; nothing was written")

// reportStopped is the one-line error of a report whose tail stopped
// (err wraps analysis.ErrStopped): which bootstrap did not finish.
func reportStopped(err error) error {
	switch {
	case errors.Is(err, dynamics.ErrStopped):
		return errDynamicsStopped
	case errors.Is(err, analysis.ErrFitStopped):
		return errFitStopped
	}
	return errReportStopped
}

// errFitStopped is a report of a two-player tournament stopped by
// Ctrl-C in its ratings' fit.
var errFitStopped = errors.New("report interrupted: the ratings' fit did not finish; nothing was written")

// endRun ends a run with its one tail (report.Tail): the report on
// stdout, the derived tables in its run directory. Tables that could not
// be written are a note (a read-only archive still gets its report).
func endRun(e *env, end report.End) error {
	err := report.Tail(e.stdout, end)
	if te := (*report.TablesError)(nil); errors.As(err, &te) {
		fmt.Fprintf(e.stderr, "note: %v\n", te)
		return nil
	}
	return err
}

// endSaved ends a run just played (interrupted: stopped by Ctrl-C or
// a limit before its last game) or merged, whose counts are saved when
// end.Dir is set. Ctrl-C during its tail (a free-for-all's meta-game
// bootstrap, seconds of CPU for many bots) then stops it at once, the
// report and derived tables unwritten: 'nzsc report DIR' writes them
// from the saved counts. After an interrupted run the tail is not
// stopped (the Ctrl-C that stopped the run would stop it too, and the
// partial report is what the user waits for), nor without a run
// directory (nothing was saved; a second Ctrl-C stops at once).
func endSaved(e *env, cmd string, end report.End, interrupted bool) error {
	if end.Dir != nil && !interrupted {
		end.Done = e.ctx.Done()
	}
	err := endRun(e, end)
	if errors.Is(err, analysis.ErrStopped) {
		return fmt.Errorf("%s interrupted: the counts are saved in %s, but the report was not written; 'nzsc report %s' writes it", cmd, end.Dir.Path, end.Dir.Path)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", cmd, err)
	}
	return nil
}

// writeHTML renders a page into memory, then writes it to path (so that a
// failed render leaves no half page).
func writeHTML(path string, render func(io.Writer) error) error {
	if err := checkHTMLPath(path); err != nil {
		return err
	}
	var b bytes.Buffer
	if err := render(&b); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	// Never through a link, never over a run's own files.
	if err := results.WriteOutput(path, b.Bytes()); err != nil {
		return usagef("report: --html: %v", err)
	}
	return nil
}

// checkHTMLPath refuses an --html path that may not be written: one
// results.CheckOutput refuses, or an existing file that holds something
// other than a page of nzsc's report (report.IsPage). So the page
// rendered again replaces its earlier self, and a mistyped name (--html
// README.md, --html ~/.bashrc) destroys nothing.
func checkHTMLPath(path string) error {
	if err := results.CheckOutput(path); err != nil {
		return usagef("report: --html: %v", err)
	}
	f, err := inputfile.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return usagef("report: --html: %v", err)
	}
	defer f.Close()
	head := make([]byte, 1024)
	n, err := io.ReadFull(f, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return usagef("report: --html: %v", err)
	}
	if n > 0 && !report.IsPage(head[:n]) {
		return usagef("report: --html: %s already exists and is not a page of nzsc's report; it is not written over (name another file, or remove it)", path)
	}
	return nil
}

// newestRun names the newest whole run under dir (tournament's default
// --out), for the error of a report without one: "; the newest of 3
// runs in runs/: runs/20261127-131500-0x7", the one whose manifest was
// written last; "" when there is none. A shard's directory
// (results.Manifest.IsShard) is no run to report: it holds a share of
// the games, so it is left out, and when only shards are there the
// suggestion is to merge them. A directory whose manifest does not read
// (results.Dir.ReadManifest) is left out too: the report would refuse it.
func newestRun(dir string) string {
	entries, _ := os.ReadDir(dir)
	newest, n, shards := "", 0, 0
	var at time.Time
	for _, en := range entries {
		path := filepath.Join(dir, en.Name())
		st, err := os.Stat(filepath.Join(path, results.ManifestFile))
		if !en.IsDir() || err != nil {
			continue
		}
		m, err := (&results.Dir{Path: path}).ReadManifest()
		switch {
		case err != nil:
			continue
		case m.IsShard():
			shards++
			continue
		}
		if n++; newest == "" || st.ModTime().After(at) {
			newest, at = path, st.ModTime()
		}
	}
	switch {
	case n == 0 && shards == 1:
		return fmt.Sprintf("; %s/ holds a shard and no whole run: merge a run's shards first (nzsc merge --out DIR SHARD_DIR...)", dir)
	case n == 0 && shards > 0:
		return fmt.Sprintf("; %s/ holds %d shards and no whole run: merge a run's shards first (nzsc merge --out DIR SHARD_DIR...)", dir, shards)
	case n == 0:
		return ""
	case n == 1:
		return fmt.Sprintf("; the one run in %s/: %s", dir, newest)
	}
	return fmt.Sprintf("; the newest of %d runs in %s/: %s", n, dir, newest)
}
