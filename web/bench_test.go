package web

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nzsclab/nzsc/play"
	"github.com/nzsclab/nzsc/web/playapi"
)

// BenchmarkServePlay is the load benchmark, on loopback only: many
// concurrent sessions (8 per CPU), each playing whole games against the
// classic computer through the HTTP API (a new session, the first option
// every turn, then "n"). One iteration is one whole game. It reports the
// requests per second, the latency of a request (p50, p99) and the CPU
// time per request (client and server together: the figure other work on
// a shared machine does not change).
func BenchmarkServePlay(b *testing.B) { benchServe(b, playapi.NewRequest{}) }

// BenchmarkServePlayNPZR is BenchmarkServePlay for NPZR against greedy:
// whole games, the first legal action every time.
func BenchmarkServePlayNPZR(b *testing.B) { benchServe(b, playapi.NewRequest{Game: "npzr"}) }

// BenchmarkServePlay3 is BenchmarkServePlay for NZSC at 3 players against
// two classic bots.
func BenchmarkServePlay3(b *testing.B) { benchServe(b, playapi.NewRequest{Players: 3}) }

// benchReply is what the benchmark's client reads of a reply: the
// question and its options (a browser draws the rest; decoding the
// board into maps here would charge the server's two cores with the
// client's work).
type benchReply struct {
	Kind    string   `json:"kind"`
	Options []string `json:"options"`
	Over    bool     `json:"over"`
}

func benchServe(b *testing.B, req playapi.NewRequest) {
	_, ts := newServer(b, Config{MaxSessions: 10000})
	client := &http.Client{Transport: pageTransport{&http.Transport{MaxIdleConnsPerHost: 256}}}
	var (
		mu    sync.Mutex
		lat   []time.Duration
		seeds atomic.Uint64
	)
	post := func(url string, body any, v any, mine *[]time.Duration) {
		in, _ := json.Marshal(body)
		t0 := time.Now()
		resp, err := client.Post(url, "application/json", bytes.NewReader(in))
		if err != nil {
			b.Error(err)
			return
		}
		out, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		*mine = append(*mine, time.Since(t0))
		if resp.StatusCode != 200 {
			b.Errorf("%s: %d %s", url, resp.StatusCode, out)
			return
		}
		if err := json.Unmarshal(out, v); err != nil {
			b.Error(err)
		}
	}
	b.ReportAllocs()
	b.SetParallelism(8)
	start, cpu0 := time.Now(), cpuTime()
	b.RunParallel(func(pb *testing.PB) {
		var mine []time.Duration
		for pb.Next() {
			var nr struct {
				ID    string     `json:"id"`
				Reply benchReply `json:"reply"`
			}
			req := req
			req.Seed = fmt.Sprint(seeds.Add(1))
			post(ts.URL+"/api/play", req, &nr, &mine)
			r := nr.Reply
			for !r.Over && len(r.Options) > 0 && !b.Failed() {
				a := r.Options[0]
				if r.Kind == play.AskAgain {
					a = "n"
				}
				r = benchReply{}
				post(ts.URL+"/api/play/"+nr.ID, playapi.AnswerRequest{Answer: a}, &r, &mine)
			}
		}
		mu.Lock()
		lat = append(lat, mine...)
		mu.Unlock()
	})
	elapsed, cpu := time.Since(start), cpuTime()-cpu0
	if len(lat) == 0 {
		return
	}
	slices.Sort(lat)
	q := func(p float64) float64 { return float64(lat[int(p*float64(len(lat)-1))]) / float64(time.Millisecond) }
	b.ReportMetric(float64(len(lat))/elapsed.Seconds(), "req/s")
	b.ReportMetric(q(0.50), "p50-ms")
	b.ReportMetric(q(0.99), "p99-ms")
	b.ReportMetric(float64(len(lat))/float64(b.N), "req/game")
	if cpu > 0 {
		// Client and server together, on the same cores.
		b.ReportMetric(float64(cpu)/float64(time.Microsecond)/float64(len(lat)), "cpu-µs/req")
	}
}
