// Package crash turns a panic into an error that carries its stack, so
// that a command can report it as one line and keep the details in a
// file: a panic is a bug of the program, and its user gets a short
// message and a file to attach to a bug report, not a stack trace.
//
// Recover is deferred at the top of a goroutine (a command, a worker);
// Write saves the details. Nothing here is on a hot path.
package crash
