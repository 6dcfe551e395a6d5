package nash_test

import (
	"fmt"
	"strings"

	"github.com/nzsclab/nzsc/analysis/nash"
)

// Jordan's three-player matching pennies: A gains matching B, B
// matching C, C mismatching A. No pure equilibrium; the one mixed
// equilibrium is everyone's fair coin.
func ExampleLogitEquilibrium() {
	g, err := nash.ReadNFG(strings.NewReader(`NFG 1 R "Jordan" { "A" "B" "C" }
{ { "H" "T" } { "H" "T" } { "H" "T" } } ""
{ { "" 1, 1, 0 } { "" 0, 1, 1 } { "" 0, 0, 0 } { "" 1, 0, 1 } }
1 2 3 4 4 3 2 1`))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("pure equilibria:", len(nash.PureEquilibria(g)))
	m, err := nash.LogitEquilibrium(g, 1e-9)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i, s := range m.Strategies {
		fmt.Printf("%s plays H with %.4f\n", g.Players[i], s[0])
	}
	fmt.Println("certified:", m.MaxRegret <= m.Epsilon)
	// Output:
	// pure equilibria: 0
	// A plays H with 0.5000
	// B plays H with 0.5000
	// C plays H with 0.5000
	// certified: true
}
