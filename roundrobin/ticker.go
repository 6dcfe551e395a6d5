package roundrobin

import "time"

// progressEvery is how often the shared progress count is refreshed.
const progressEvery = 100 * time.Millisecond

func newTicker() *time.Ticker { return time.NewTicker(progressEvery) }
