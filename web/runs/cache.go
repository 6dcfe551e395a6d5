package runs

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/nzsclab/nzsc/internal/crash"
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
// asking at once for a report not kept share one rendering (a flight),
// instead of each spending those seconds on the same bytes; a rendering
// nobody waits for any more (every viewer left or was cut off) is
// stopped, so that a report of many bots far apart (minutes of a
// rating fit) does not go on for no one. A reportCache is safe for
// concurrent use.
type reportCache struct {
	mu      sync.Mutex
	entries map[reportKey]*reportEntry
	bytes   int    // the reports' bytes kept
	clock   uint64 // counts lookups, for least-recently-used eviction
	// flights are the renderings under way, by report and identity.
	flights map[flightKey]*flight
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

// flightKey names one report of one identity.
type flightKey struct {
	reportKey
	id [sha256.Size]byte
}

// flight is one rendering under way and the viewers waiting for it.
type flight struct {
	waiting int           // viewers waiting; c.mu guards it
	stop    chan struct{} // closed when the last viewer leaves
	done    chan struct{} // closed when body and err are set
	body    []byte
	err     error
}

// errNobodyWaits is a rendering stopped because its last viewer left.
var errNobodyWaits = fmt.Errorf("the report's rendering was stopped: nobody waits for it")

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
//
// Leave, when closed (the request's context: its client gone), ends the
// caller's wait at once with an error; render's own stop channel is
// closed when no caller waits any more, and render should then end
// soon (report.End.Done). A panic in render is the callers' error.
func (c *reportCache) get(leave <-chan struct{}, root *Root, run, format string, render func(stop <-chan struct{}) ([]byte, error)) ([]byte, error) {
	id, err := root.runIdentity(run)
	if err != nil {
		return render(leave) // its error names the problem as Load does
	}
	k := reportKey{run, format}
	fk := flightKey{k, id}
	c.mu.Lock()
	c.clock++
	if e, ok := c.entries[k]; ok && e.id == id {
		e.used = c.clock
		c.mu.Unlock()
		return e.body, nil
	}
	f := c.flights[fk]
	if f == nil {
		// The run's name is a checked file name, the format a word: the
		// key names one report of one identity.
		f = &flight{stop: make(chan struct{}), done: make(chan struct{})}
		if c.flights == nil {
			c.flights = map[flightKey]*flight{}
		}
		c.flights[fk] = f
		c.renders.Add(1)
		go c.fly(fk, f, render)
	}
	f.waiting++
	c.mu.Unlock()
	select {
	case <-f.done:
		return f.body, f.err
	case <-leave:
		c.mu.Lock()
		if f.waiting--; f.waiting == 0 && c.flights[fk] == f {
			// The next viewer starts a rendering of its own, rather
			// than join one that is stopping.
			delete(c.flights, fk)
			close(f.stop)
		}
		c.mu.Unlock()
		return nil, errNobodyWaits
	}
}

// fly renders f's report, keeps it when it rendered, and hands it to
// the viewers waiting.
func (c *reportCache) fly(fk flightKey, f *flight, render func(stop <-chan struct{}) ([]byte, error)) {
	body, err := func() (body []byte, err error) {
		defer crash.Recover(&err) // in its own goroutine: a panic would end the server
		return render(f.stop)
	}()
	if err == nil {
		c.keep(fk.reportKey, fk.id, body) // before the flight ends: a viewer finds one or the other
	}
	c.mu.Lock()
	if c.flights[fk] == f {
		delete(c.flights, fk)
	}
	c.mu.Unlock()
	f.body, f.err = body, err
	close(f.done)
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
