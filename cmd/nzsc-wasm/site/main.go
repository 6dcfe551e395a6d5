// Command site writes the static Play page (HTML, CSS, script) into the
// directory given, for `make web`, which adds nzsc.wasm and wasm_exec.js.
package main

import (
	"fmt"
	"os"

	"github.com/nzsclab/nzsc/web"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: site DIR")
		os.Exit(2)
	}
	if err := web.WriteStatic(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "site:", err)
		os.Exit(1)
	}
}
