//go:build unix

package results

import "syscall"

// syscallNoFollow makes an open fail on a symbolic link, so that a path the
// program writes cannot be redirected to another file.
const syscallNoFollow = syscall.O_NOFOLLOW

// syscallNonBlock makes an open of a FIFO fail or return at once rather
// than wait for the other end.
const syscallNonBlock = syscall.O_NONBLOCK
