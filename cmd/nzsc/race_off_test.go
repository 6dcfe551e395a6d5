//go:build !race

package main

// raceSlowdown: 1 in the ordinary build (race_on_test.go says why).
const raceSlowdown = 1
