//go:build unix

package agents

import (
	"fmt"
	"os"
	"syscall"
)

// noFollow makes opening a log fail on a symbolic link.
const noFollow = syscall.O_NOFOLLOW

// checkPrivateDir refuses a directory that another user could write to
// or replace: not a directory (a link, say), owned by another user, or
// writable by its group or others.
func checkPrivateDir(dir string) error {
	fi, err := os.Lstat(dir)
	if err != nil {
		return err
	}
	if !fi.IsDir() {
		return fmt.Errorf("%s is not a directory", dir)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if ok && int(st.Uid) != os.Geteuid() {
		return fmt.Errorf("%s is owned by user %d, not by this user (%d)", dir, st.Uid, os.Geteuid())
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("%s is writable by other users (mode %v)", dir, fi.Mode().Perm())
	}
	return nil
}
