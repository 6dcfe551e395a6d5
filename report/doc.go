// Package report renders what the nzsc command shows, for people and
// machines: the report that ends every run (Tail: a match's, a
// tournament's, a sequential test's, at any seat count) and every other
// document of the command. It writes plain-text tables (Table, the one
// table style of every nzsc command, fitted to 80 columns or a
// terminal's width), CSV and JSON, and for a tournament one
// self-contained HTML page (HTML, FFAHTML): inline SVG charts of the
// ratings with their intervals, each bot's score spread over its
// opponents, the pairwise score matrix and the loadout win rates, with
// colour bars and values on hover, and every table of the text report as
// a sortable HTML table with its CSV download. The page works offline
// and loads nothing.
//
// A run ends in one call, Tail: chosen by the run's manifest (game,
// seats, kind), it summarises the counts, writes the run directory's
// derived CSV tables and renders the report; every command that ends a
// run and the browser's Runs page call it. A report opens with its
// answer in a sentence or two (answer.go): which bot is strongest and
// how sure that is, and why the meta-game may name another. Everything is computed from
// the counts in a run directory, so a report never replays games. The
// other documents of the nzsc command are rendered here too, each in
// table, CSV and JSON form from its library's result: the NZSC solution
// (SolveRounds, SolveGame, SolveSweep), a bot's exploitability (Exploit;
// one seat's at 3 or 4 players, ExploitN),
// the bots (Bots) and the move points (Points).
// Estimates whose 95% interval does not exclude the even value are
// prefixed with "~", as benchstat marks differences that are not
// significant.
//
// Functions are safe to call from several goroutines on distinct
// writers; they allocate freely (reports are small and rare).
package report
