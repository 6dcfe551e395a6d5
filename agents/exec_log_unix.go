//go:build unix

package agents

import (
	"fmt"
	"io/fs"
	"os"
	"syscall"
)

// noFollow makes opening a log fail on a symbolic link.
const noFollow = syscall.O_NOFOLLOW

// checkOwner refuses a directory owned by another user or writable by
// its group or others: they could replace the logs in it.
func checkOwner(dir string, fi fs.FileInfo) error {
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("%s is owned by user %d, not by this user (%d)", dir, st.Uid, os.Geteuid())
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s is writable by other users (mode %v)", dir, fi.Mode().Perm())
	}
	return nil
}
