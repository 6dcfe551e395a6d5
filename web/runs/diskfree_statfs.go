//go:build linux || darwin || freebsd

package runs

import "syscall"

// diskSpace returns the bytes free to this user and the size of the
// file system holding dir; ok is false where it cannot tell.
func diskSpace(dir string) (free, size uint64, ok bool) {
	var st syscall.Statfs_t
	if syscall.Statfs(dir, &st) != nil {
		return 0, 0, false
	}
	return uint64(st.Bavail) * uint64(st.Bsize), uint64(st.Blocks) * uint64(st.Bsize), true
}
