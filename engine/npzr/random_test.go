package npzr

import (

	"github.com/nzsclab/nzsc/engine"
)

func seedSource(seed uint64) engine.Wyrand {
	var r engine.Wyrand
	r.Seed(seed, 1)
	return r
}
