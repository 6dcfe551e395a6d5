//go:build race

package main

// raceSlowdown scales the time bounds of tests that measure how fast a
// command reacts: the race detector slows CPU-bound code (the solver
// most) several times, and the promise is about the ordinary build.
const raceSlowdown = 4
