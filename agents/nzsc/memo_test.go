package nzsc

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestMemoBoundedConcurrent: many goroutines asking a bounded memo for
// more keys than it keeps, at once, each get the value of the key they
// asked for (run under -race: the eviction races no one).
func TestMemoBoundedConcurrent(t *testing.T) {
	m := processMemo[int, int]{limit: 3}
	var wg sync.WaitGroup
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range 200 {
				k := (g*7 + i*3) % 10
				v, err := m.get(context.Background(), k, func(context.Context) (int, error) { return k * 10, nil })
				if err != nil || v != k*10 {
					t.Errorf("get(%d) = %d, %v; want %d", k, v, err, k*10)
					return
				}
			}
		}()
	}
	wg.Wait()
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.byKey) > m.limit {
		t.Errorf("%d keys kept after every get returned, limit %d", len(m.byKey), m.limit)
	}
}

// TestMemoKeepsKeyInFlight: a key still being computed is not dropped
// for a newer one: a second caller of it waits for the first's value
// rather than computing it again (seconds of CPU and megabytes, twice).
// It was dropped, as the least recently asked, by any new key.
func TestMemoKeepsKeyInFlight(t *testing.T) {
	m := processMemo[int, int]{limit: 1}
	var computed atomic.Int32
	started, release := make(chan struct{}), make(chan struct{})
	slow := func(context.Context) (int, error) {
		if computed.Add(1) == 1 {
			close(started)
		}
		<-release
		return 1, nil
	}
	results := make(chan int, 2)
	go func() {
		v, _ := m.get(context.Background(), 1, slow)
		results <- v
	}()
	<-started
	if v, _ := m.get(context.Background(), 2, func(context.Context) (int, error) { return 2, nil }); v != 2 {
		t.Fatalf("get(2) = %d", v)
	}
	go func() {
		v, _ := m.get(context.Background(), 1, slow)
		results <- v
	}()
	// The second caller of key 1 either waits for the first (right) or
	// computes it again; give it time to do the latter (no assertion on
	// time: a slow machine only makes the test miss the fault).
	for i := 0; i < 100 && computed.Load() < 2; i++ {
		time.Sleep(2 * time.Millisecond)
	}
	close(release)
	for range 2 {
		if v := <-results; v != 1 {
			t.Errorf("get(1) = %d, want 1", v)
		}
	}
	if n := computed.Load(); n != 1 {
		t.Errorf("key 1 computed %d times, want once (its first caller had not finished)", n)
	}
}
