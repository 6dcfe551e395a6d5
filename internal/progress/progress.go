package progress

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// Bar is a progress line for a job of Total units.
type Bar struct {
	w     io.Writer
	total uint64
	unit  string
	start time.Time
	// now is the clock; tests replace it.
	now func() time.Time
}

// New returns a bar for total units named unit (such as "games"),
// starting its clock now.
func New(w io.Writer, total uint64, unit string) *Bar {
	return &Bar{w: w, total: total, unit: unit, start: time.Now(), now: time.Now}
}

const barWidth = 24

// Line returns the bar's text for done units, without control
// characters. The rate is the mean since the start; the time left
// assumes it holds.
func (b *Bar) Line(done uint64) string {
	done = min(done, b.total)
	frac := 1.0
	if b.total > 0 {
		frac = float64(done) / float64(b.total)
	}
	fill := int(frac * barWidth)
	bar := strings.Repeat("=", fill)
	if fill < barWidth {
		bar += ">" + strings.Repeat(" ", barWidth-fill-1)
	}
	elapsed := b.now().Sub(b.start).Seconds()
	rate := 0.0
	if elapsed > 0 {
		rate = float64(done) / elapsed
	}
	eta := "ETA --"
	if rate > 0 {
		eta = "ETA " + Duration(time.Duration(float64(b.total-done)/rate*float64(time.Second)))
	}
	return fmt.Sprintf("[%s] %3.0f%%  %s/%s %s  %s %s/s  %s",
		bar, 100*frac, Count(float64(done)), Count(float64(b.total)), b.unit, Count(rate), b.unit, eta)
}

// Draw redraws the bar in place: carriage return, the line, and an
// erase to the end of the line (ANSI), so a shorter line leaves no debris.
func (b *Bar) Draw(done uint64) {
	fmt.Fprintf(b.w, "\r%s\x1b[K", b.Line(done))
}

// Clear erases the bar's line, leaving the cursor at its start, so that
// what is printed next starts on a clean line.
func (b *Bar) Clear() {
	fmt.Fprint(b.w, "\r\x1b[K")
}

// Start draws the bar every interval from done() on its own goroutine
// until the returned stop function is called; stop draws it a last time,
// clears it and waits for the goroutine.
func Start(w io.Writer, total uint64, unit string, interval time.Duration, done func() uint64) (stop func()) {
	b := New(w, total, unit)
	quit := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-quit:
				b.Clear()
				return
			case <-t.C:
				b.Draw(done())
			}
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			close(quit)
			wg.Wait()
		})
	}
}

// Count formats a count compactly: 950, 12.3k, 4.56M, 7.89G.
func Count(x float64) string {
	switch {
	case x >= 1e9:
		return fmt.Sprintf("%.3gG", x/1e9)
	case x >= 1e6:
		return fmt.Sprintf("%.3gM", x/1e6)
	case x >= 1e4:
		return fmt.Sprintf("%.3gk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}

// Duration formats a time left to the second: 42s, 3m05s, 2h07m.
func Duration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 60:
		return fmt.Sprintf("%ds", s)
	case s < 3600:
		return fmt.Sprintf("%dm%02ds", s/60, s%60)
	}
	return fmt.Sprintf("%dh%02dm", s/3600, s%3600/60)
}
