package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/web/playapi"
)

// BenchmarkServeLoad is issue 22's load figure, on loopback only: 2000
// idle sessions (opened, never answered), then 200 sessions playing one
// whole game each at once against the classic computer, then every
// session left to expire. One iteration is the whole scenario (run it
// with -benchtime 1x). It reports the requests per second and the
// latency (p50, p99) of the 200 games' requests, and the server's heap
// (HeapInuse, after a GC) before, with the idle sessions, at its peak
// during the games (sampled every 10 ms) and after expiry.
func BenchmarkServeLoad(b *testing.B) {
	const idle, busy = 2000, 200
	heap := func(gc bool) float64 {
		if gc {
			runtime.GC()
		}
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return float64(m.HeapInuse) / (1 << 20)
	}
	for b.Loop() {
		srv, ts := newServer(b, Config{MaxSessions: idle + busy + 10, Idle: 3 * time.Second})
		client := &http.Client{Transport: pageTransport{&http.Transport{MaxIdleConnsPerHost: busy}}}
		post := func(url string, body, v any) (time.Duration, error) {
			in, _ := json.Marshal(body)
			t0 := time.Now()
			resp, err := client.Post(url, "application/json", bytes.NewReader(in))
			if err != nil {
				return 0, err
			}
			out, _ := io.ReadAll(resp.Body)
			resp.Body.Close()
			d := time.Since(t0)
			if resp.StatusCode != 200 {
				return d, fmt.Errorf("%s: %d %s", url, resp.StatusCode, out)
			}
			return d, json.Unmarshal(out, v)
		}
		before := heap(true)
		for i := range idle {
			var nr playapi.NewReply
			if _, err := post(ts.URL+"/api/play", playapi.NewRequest{Seed: fmt.Sprint(i + 1)}, &nr); err != nil {
				b.Fatal(err)
			}
		}
		withIdle := heap(true)
		var (
			peak    atomic.Uint64
			sampled = make(chan struct{})
			stop    = make(chan struct{})
		)
		go func() {
			defer close(sampled)
			for {
				if h := uint64(heap(false) * (1 << 20)); h > peak.Load() {
					peak.Store(h)
				}
				select {
				case <-stop:
					return
				case <-time.After(10 * time.Millisecond):
				}
			}
		}()
		var (
			mu  sync.Mutex
			lat []time.Duration
			wg  sync.WaitGroup
		)
		start := time.Now()
		for i := range busy {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var mine []time.Duration
				var nr playapi.NewReply
				d, err := post(ts.URL+"/api/play", playapi.NewRequest{Seed: fmt.Sprint(idle + i + 1)}, &nr)
				if err != nil {
					b.Error(err)
					return
				}
				mine = append(mine, d)
				for r := nr.Reply; !r.Over && len(r.Options) > 0; {
					a := r.Options[0]
					if r.Kind == play.AskAgain {
						a = "n"
					}
					r = play.Reply{}
					d, err := post(ts.URL+"/api/play/"+nr.ID, playapi.AnswerRequest{Answer: a}, &r)
					if err != nil {
						b.Error(err)
						return
					}
					mine = append(mine, d)
				}
				mu.Lock()
				lat = append(lat, mine...)
				mu.Unlock()
			}()
		}
		wg.Wait()
		elapsed := time.Since(start)
		close(stop)
		<-sampled
		if srv.sessions.Len() != idle+busy {
			b.Errorf("%d sessions live, want %d", srv.sessions.Len(), idle+busy)
		}
		time.Sleep(3500 * time.Millisecond)
		srv.sessions.Get("") // any use of the store forgets the expired
		client.CloseIdleConnections()
		after := heap(true)
		if n := srv.sessions.Len(); n != 0 {
			b.Errorf("%d sessions live after expiry", n)
		}
		slices.Sort(lat)
		q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))]) / float64(time.Millisecond) }
		b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "req/s")
		b.ReportMetric(q(0.50), "p50-ms")
		b.ReportMetric(q(0.99), "p99-ms")
		b.ReportMetric(before, "heap-before-MB")
		b.ReportMetric(withIdle, "heap-idle2000-MB")
		b.ReportMetric(float64(peak.Load())/(1<<20), "heap-peak-MB")
		b.ReportMetric(after, "heap-expired-MB")
	}
}
