package main

import (
	"fmt"
	"os"
	"time"

	"github.com/nzsclab/nzsc/analysis"
	"github.com/nzsclab/nzsc/results"
	_ "github.com/nzsclab/nzsc/engine/games"
)

func main() {
	_, _, counts, err := results.Load(os.Args[1])
	if err != nil {
		panic(err)
	}
	t0 := time.Now()
	mg, err := analysis.NewSeatMetagame(&counts.Tournament, 100, 1, nil)
	fmt.Println(time.Since(t0), err)
	if mg != nil {
		fmt.Printf("%v\n%.4f\n%.4f\n%.4f\nscore %.4f\nregret %.3g hi %.3g unmeasured %.3f\n", mg.Bots, mg.Weight, mg.Lo, mg.Hi, mg.Score, mg.Regret, mg.RegretHi, mg.Unmeasured)
	}
}
