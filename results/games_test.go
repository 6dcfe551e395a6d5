package results

// The tests read run directories of every game: a program that loads
// run directories registers the games it knows (cmd/nzsc imports
// engine/games), since storage knows none.
import _ "github.com/nzsclab/nzsc/engine/games"
