// Package report renders a tournament's analysis for people and
// machines: plain-text tables (tablewriter), CSV and JSON, and one
// self-contained HTML page whose plots (gonum/plot PNGs, embedded as
// base64) show the loadout-against-loadout win rates, the cross-table and
// the ratings with their error bars.
//
// Everything is computed from an analysis.Summary, itself computed from
// the counts in a run directory, so a report never replays games.
// Estimates whose 95% interval does not exclude the even value are
// prefixed with "~", as benchstat marks differences that are not
// significant.
//
// Functions are safe to call from several goroutines on distinct
// writers; they allocate freely (reports are small and rare).
package report
