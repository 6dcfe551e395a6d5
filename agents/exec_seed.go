package agents

import (
	"crypto/hmac"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"sync"
)

// seedKey is the secret that keys the seeds sent to external bots: 32
// bytes from the operating system, drawn once per process, kept in
// memory only (never in a record, a manifest, a log or a bot's
// environment).
var seedKey = sync.OnceValue(func() []byte {
	k := make([]byte, 32)
	crand.Read(k) // crypto/rand.Read never fails (Go 1.24+)
	return k
})

// botSeed returns the seed an external bot gets for a game, from draw,
// the first number of its seat's source (SeatSource: the game's seed and
// the seat). The draw was once sent as it was (cut to 53 bits), from
// which a bot could work back to the game's seed and so, in NPZR, to the
// deck and its opponent's hand. Now it goes through HMAC-SHA256 under
// the process's secret (seedKey) first: the bot gets 53 bits that it
// cannot trace to the game's seed without the secret, the same for the
// same game and seat within one process (any worker, any instance), and
// other bits in another process (docs/protocol.md says what that means
// for reproducing a bot's games). Built-in bots never see this seed:
// they draw from their seat's source as before.
func botSeed(draw uint64) uint64 {
	m := hmac.New(sha256.New, seedKey())
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], draw)
	m.Write(b[:])
	return binary.LittleEndian.Uint64(m.Sum(nil)) >> 11
}
