package solve

import (
	"context"
	"testing"
	"time"
)

func TestSolveAll(t *testing.T) {
	if testing.Short() {
		t.Skip("full solve")
	}
	start := time.Now()
	s, err := Solve(context.Background(), 0, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("value %.3g gap %.3g in %v char V %v", s.Value(), s.Gap, time.Since(start), s.Characters.V)
}
