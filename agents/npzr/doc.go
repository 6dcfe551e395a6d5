// Package npzr holds the bots of Ninja Pirate Zombie Robot, registered
// with package agents for game "npzr": random, greedy (a documented
// rule-based player), pimc (perfect-information Monte Carlo over sampled
// hidden cards), ismcts (single-observer information-set Monte Carlo
// tree search) and turn (whole turns searched as one decision, deals
// weighted by the opponent's last turn, or with evidence=all by every
// turn of its kept). Import it for its registrations.
//
// Every bot sees only its seat's observation (*npzr.Observation of
// package engine/npzr) and its legal actions; the search bots deal the
// cards they cannot see with Observation.Determinize. Each bot is
// deterministic given the random source NewGame hands it, unless a search
// bot is given a time budget (ms). A bot instance belongs to one
// goroutine; search bots reuse their buffers and trees between decisions.
package npzr
