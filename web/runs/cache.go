package runs

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"

	"github.com/nzsclab/nzsc/results"
)

// reportCache keeps the reports the Runs page rendered. Rendering a run's
// report (its dynamics sections above all) takes about 0.3 s of CPU at 5
// bots and 2 s at 20, and the page asks for it at every view of the run.
// A report is a function of the run's manifest and counts alone (the
// handler renders it with fixed options), so an entry is keyed by the
// identity of those two files, the SHA-256 of their bytes (runIdentity):
// any change to either (a job's checkpoint, a resume, a merge, an edit)
// gives another identity and so a new rendering, while a view of an
// unchanged run costs reading and hashing those two files (1.4 MB of
// counts at 20 bots, milliseconds). The most recently viewed reports are
// kept, at most maxReports of them and maxReportBytes in all. Viewers
// asking at once for a report not kept share one rendering (flight),
// instead of each spending those seconds on the same bytes. A
// reportCache is safe for concurrent use.
type reportCache struct {
	mu      sync.Mutex
	entries map[reportKey]*reportEntry
	bytes   int    // the reports' bytes kept
	clock   uint64 // counts lookups, for least-recently-used eviction
	// flight joins the renderings of one report of one identity.
	flight singleflight.Group
	// renders counts the renderings, for the tests.
	renders atomic.Int64
}

// maxReports and maxReportBytes bound the reports kept (a 20-bot
// tournament's page is 3 MB).
const (
	maxReports     = 32
	maxReportBytes = 64 << 20
)

type reportKey struct{ run, format string }

type reportEntry struct {
	id   [sha256.Size]byte
	body []byte
	used uint64
}

// get returns run's report in format: the kept one when the run's
// identity is the one it was rendered from, else render's, kept; callers
// asking for the same report of the same identity while it renders wait
// for that rendering and share its bytes. An error of either is
// returned, never kept. The identity is read before rendering: should the
// run change in between, the report kept is newer than its identity
// says, and the next view renders it again.
func (c *reportCache) get(root *Root, run, format string, render func() ([]byte, error)) ([]byte, error) {
	id, err := root.runIdentity(run)
	if err != nil {
		return render() // its error names the problem as Load does
	}
	k := reportKey{run, format}
	c.mu.Lock()
	c.clock++
	if e, ok := c.entries[k]; ok && e.id == id {
		e.used = c.clock
		c.mu.Unlock()
		return e.body, nil
	}
	c.mu.Unlock()
	// The run's name is a checked file name (no NUL), the format a
	// word: the key names one report of one identity.
	v, err, _ := c.flight.Do(run+"\x00"+format+"\x00"+string(id[:]), func() (any, error) {
		c.renders.Add(1)
		body, err := render()
		if err != nil {
			return nil, err
		}
		c.keep(k, id, body)
		return body, nil
	})
	if err != nil {
		return nil, err
	}
	return v.([]byte), nil
}

// keep keeps body as k's report of identity id, evicting the least
// recently used reports to stay within the bounds.
func (c *reportCache) keep(k reportKey, id [sha256.Size]byte, body []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.entries == nil {
		c.entries = map[reportKey]*reportEntry{}
	}
	c.remove(k) // the run's report of another identity
	if len(body) > maxReportBytes {
		return
	}
	for len(c.entries) >= maxReports || c.bytes+len(body) > maxReportBytes {
		var oldest reportKey
		least := ^uint64(0)
		for k, e := range c.entries {
			if e.used < least {
				oldest, least = k, e.used
			}
		}
		c.remove(oldest)
	}
	c.entries[k] = &reportEntry{id: id, body: body, used: c.clock}
	c.bytes += len(body)
}

// remove drops k's report, if kept; c.mu is held.
func (c *reportCache) remove(k reportKey) {
	if e, ok := c.entries[k]; ok {
		c.bytes -= len(e.body)
		delete(c.entries, k)
	}
}

// runIdentity is the SHA-256 of run name's manifest and counts (each
// length-prefixed), read through os.Root as Load reads them: what its
// report is rendered from.
func (r *Root) runIdentity(name string) ([sha256.Size]byte, error) {
	var id [sha256.Size]byte
	if err := checkName(name); err != nil {
		return id, err
	}
	root, err := r.open()
	if err != nil {
		return id, fmt.Errorf("no run %q", name)
	}
	defer root.Close()
	h := sha256.New()
	for _, f := range []string{results.ManifestFile, results.CountsFile} {
		b, err := readRegular(root, name+"/"+f)
		if err != nil {
			return id, err
		}
		h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(b))))
		h.Write(b)
	}
	h.Sum(id[:0])
	return id, nil
}
