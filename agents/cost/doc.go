// Package cost measures what a bot's decisions cost on this machine, in
// CPU time, as a user comparing bots at equal time needs to know
// (cutechess and fastchess users read a bot's time per move): the bot
// plays whole games in seat 0 against random bots in the other seats, and
// the CPU time of its decisions with more than one legal action is added
// up, until a number of decisions or a bound on that CPU time is reached.
//
// The clock is the CPU time of the thread the games run on (Linux:
// CLOCK_THREAD_CPUTIME_ID, the measuring goroutine locked to its thread),
// so neither the opponents' time nor other programs sharing the cores
// count; a bot that works on other goroutines or in another process (an
// external program) is not measured fully, and elsewhere than on Linux
// the clock is wall time (Result.Clock says which). A figure varies with
// the position (means over whole games), the machine and, by a few
// percent to a third, its load: it is a measurement, never a promise.
// Measure does not print and allocates only what the games do.
package cost
