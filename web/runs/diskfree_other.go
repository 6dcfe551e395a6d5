//go:build !(linux || darwin || freebsd)

package runs

// diskSpace cannot tell a file system's free space here: the page starts
// runs without the check (ok false).
func diskSpace(string) (free, size uint64, ok bool) { return 0, 0, false }
