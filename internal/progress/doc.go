// Package progress draws a one-line progress bar with rate and time left
// on a terminal (stderr in nzsc): "[=====>    ]  42%  8.4M/20M games
// 3.1M games/s  ETA 4s".
//
// Whether to draw at all (only when stderr is a terminal and the user did
// not ask for quiet output) is the caller's decision; this package only
// draws. A Bar is not safe for concurrent use: Start runs it on one
// goroutine of its own, polling a counter that workers update without
// locks. Drawing allocates a little per redraw (a few times a second),
// never per game.
package progress
