package game

import (
	"crypto/rand"
	"encoding/binary"
)

// NewSeed picks a master seed for a run given none: 64 bits from the
// operating system's source, so that runs started together differ. The
// caller prints it (FormatSeed) so that the run can be replayed.
func NewSeed() uint64 {
	var b [8]byte
	rand.Read(b[:]) // crypto/rand.Read never fails (Go 1.24+)
	return binary.LittleEndian.Uint64(b[:])
}
