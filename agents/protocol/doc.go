// Package protocol defines the messages of the NZSC bot protocol: the JSON
// lines that nzsc and an external bot program exchange over the program's
// standard input and output (docs/protocol.md is the specification). It
// has the message types, the names used on the wire, and the conversion
// of an engine position into the public view a bot is sent.
//
// The package is used by both ends: agents.Exec (nzsc's side) and Go bots
// such as examples/gobot. Messages are plain values; nothing here is
// shared between goroutines. Filling a message reuses its slices, so a
// caller that keeps one Decide allocates only while the slices grow.
package protocol
