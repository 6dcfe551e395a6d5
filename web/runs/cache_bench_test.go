package runs

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"testing"

	"github.com/nzsclab/nzsc/agents"
	"github.com/nzsclab/nzsc/engine/game"
	"github.com/nzsclab/nzsc/roundrobin"
)

// BenchmarkReportView is a view of a finished tournament's report page
// on the Runs page, rendered at every view (uncached: the cache emptied
// before each) and from the cache; 5 and 20 bots (uniform random bots
// under 20 names, 20 games per pairing).
func BenchmarkReportView(b *testing.B) {
	for _, n := range []int{5, 20} {
		dir := filepath.Join(b.TempDir(), "runs")
		g, err := game.Build("nzsc", 2, nil)
		if err != nil {
			b.Fatal(err)
		}
		cfg := &roundrobin.Config{Game: g, Gauntlet: -1, PairsPerPairing: 10, ChunkPairs: 10, Seed: 1}
		for i := range n {
			bot, err := agents.Parse(fmt.Sprintf("random:name=r%d", i))
			if err != nil {
				b.Fatal(err)
			}
			cfg.Bots = append(cfg.Bots, bot)
		}
		rd, err := roundrobin.Create(cfg, roundrobin.NewRun{Out: filepath.Join(dir, "run"), Kind: "tournament"})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := rd.Play(context.Background(), roundrobin.RunOptions{Workers: 1}); err != nil {
			b.Fatal(err)
		}
		h := New(Options{Dir: dir})
		srv := httptest.NewServer(h)
		for _, cached := range []bool{false, true} {
			b.Run(fmt.Sprintf("bots=%d/cached=%v", n, cached), func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					if !cached {
						h.reports.mu.Lock()
						clear(h.reports.entries)
						h.reports.mu.Unlock()
					}
					resp, err := http.Get(srv.URL + "/api/runs/run/report.html")
					if err != nil {
						b.Fatal(err)
					}
					n, _ := io.Copy(io.Discard, resp.Body)
					resp.Body.Close()
					if resp.StatusCode != 200 || n == 0 {
						b.Fatalf("status %d, %d bytes", resp.StatusCode, n)
					}
				}
			})
		}
		srv.Close()
	}
}
